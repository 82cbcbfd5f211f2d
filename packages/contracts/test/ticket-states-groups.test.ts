import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  crudAccess,
  deleteMovePath,
  ROUTE_PERMISSIONS,
  TICKET_STATE_COLORS,
  taskGroupContract,
  taskGroupSaveSchema,
  taskStateContract,
  taskStateSaveSchema,
  toFieldErrors,
} from '../src/index.js';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof toFieldErrors>[0] }) =>
  result.success ? [] : toFieldErrors(result.error!, 'zh').map((e) => `${e.field}: ${e.message}`);

describe('ticket state save', () => {
  const state = { name: '待回访', code: 'CALLBACK', status: 'PROCESSING' };

  it('takes each of the 18 presets (any letter case) and the first when none is given', () => {
    expect(taskStateSaveSchema.parse(state).color).toBe(TICKET_STATE_COLORS[0]);
    for (const color of TICKET_STATE_COLORS) {
      expect(taskStateSaveSchema.parse({ ...state, color }).color).toBe(color);
      expect(taskStateSaveSchema.parse({ ...state, color: color.toUpperCase() }).color).toBe(color);
    }
  });

  it('refuses every other colour at `color` (property)', () => {
    const presets = new Set<string>(TICKET_STATE_COLORS);
    const hex = fc
      .array(fc.constantFrom(...'0123456789abcdef'), { minLength: 6, maxLength: 6 })
      .map((digits) => `#${digits.join('')}`);
    fc.assert(
      fc.property(fc.oneof(hex, fc.string({ minLength: 1 })), (color) => {
        fc.pre(!presets.has(color.toLowerCase()));
        expect(errorsOf(taskStateSaveSchema.safeParse({ ...state, color }))).toEqual(['color: 请从预设颜色中选择']);
      }),
    );
  });

  it('needs name ≤ 30, code ≤ 20 of letters, digits, _ and -, and a status group of dict-ticket-status', () => {
    expect(errorsOf(taskStateSaveSchema.safeParse({ ...state, name: '名'.repeat(31) }))).toEqual([
      'name: 不能超过 30 个字符',
    ]);
    expect(errorsOf(taskStateSaveSchema.safeParse({ ...state, code: 'C'.repeat(21) }))).toEqual([
      'code: 不能超过 20 个字符',
    ]);
    expect(errorsOf(taskStateSaveSchema.safeParse({ ...state, code: 'a b' }))).toEqual([
      'code: 状态编码只能包含字母、数字和 _ -',
    ]);
    expect(errorsOf(taskStateSaveSchema.safeParse({ name: '', code: '' }))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^name: /),
        expect.stringMatching(/^code: /),
        expect.stringMatching(/^status: /),
      ]),
    );
  });
});

describe('ticket group save', () => {
  const group = { name: '售后一组', staffIds: ['1'] };

  it('fills capacity 20, routeType LOAD and agentTicket true when absent', () => {
    expect(taskGroupSaveSchema.parse(group)).toMatchObject({ capacity: 20, routeType: 'LOAD', agentTicket: true });
  });

  it('takes every whole capacity from 0 to 1000 and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), (capacity) => {
        expect(taskGroupSaveSchema.parse({ ...group, capacity }).capacity).toBe(capacity);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: -1 }),
          fc.integer({ min: 1001 }),
          fc.double({ noNaN: true }).filter((x) => !Number.isInteger(x)),
        ),
        (capacity) => {
          expect(errorsOf(taskGroupSaveSchema.safeParse({ ...group, capacity }))).toEqual([
            'capacity: 容量须为 0 到 1000 的整数',
          ]);
        },
      ),
    );
    expect(errorsOf(taskGroupSaveSchema.safeParse({ ...group, capacity: null }))).toEqual(['capacity: 此项为必填项']);
  });

  it('asks for processors with 请设置处理人', () => {
    expect(errorsOf(taskGroupSaveSchema.safeParse({ name: '组', staffIds: [] }))).toEqual(['staffIds: 请设置处理人']);
    expect(errorsOf(taskGroupSaveSchema.safeParse({ name: '组' }))).toEqual(['staffIds: 请设置处理人']);
  });
});

describe('their calls', () => {
  it('gate remove (ticket-state.edit) apart from restore and empty (field.delete), as the spec’s key index says', () => {
    const table = ROUTE_PERMISSIONS as Record<string, string>;
    expect(table['/v3/feed/task-state/remove']).toBe('ticket-state.edit');
    expect(table['/v3/feed/task-state/restore']).toBe('field.delete');
    expect(table['/v3/feed/task-state/empty']).toBe('field.delete');
    expect(table['/v3/feed/task-state/delete']).toBeUndefined();
    expect(table['/v3/feed/task-group/delete']).toBe('ticket-group.edit');
    expect(table['/v3/feed/task-group/restore']).toBe('csGroup.delete');
    expect(table['/v3/feed/task-group/empty']).toBe('csGroup.delete');
    expect(table['/v3/feed/task-group/status']).toBe('ticket-group.edit');
    expect(Object.keys(crudAccess(taskStateContract))).toHaveLength(8);
  });

  it('send each move of the trash to its own call', () => {
    expect(deleteMovePath(taskStateContract, 'TRASH')).toBe('/v3/feed/task-state/remove');
    expect(deleteMovePath(taskStateContract, 'NONE')).toBe('/v3/feed/task-state/restore');
    expect(deleteMovePath(taskGroupContract, 'BUFFER')).toBe('/v3/feed/task-group/empty');
  });
});

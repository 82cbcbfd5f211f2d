import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptFieldValues, type TicketFieldSpec, ticketFieldProblems, ticketNumber } from '../src/index.js';

const field = (
  fieldId: string,
  type: TicketFieldSpec['type'],
  extra: Partial<TicketFieldSpec> = {},
): TicketFieldSpec => ({
  fieldId,
  label: fieldId,
  required: false,
  type,
  options: [],
  ...extra,
});
const tree = [
  { label: '华东', value: 'EAST', children: [{ label: '上海', value: 'SH' }] },
  { label: '华北', value: 'NORTH' },
];
const flat = [
  { label: '物流', value: 'SHIP' },
  { label: '质量', value: 'QUALITY' },
];

describe('a ticket’s field values against its kind’s fields', () => {
  const problemOf = (spec: TicketFieldSpec, value: unknown) =>
    ticketFieldProblems([spec], { [spec.fieldId]: value }).map((p) => p.message);

  it('accepts each type’s own values and refuses the others', () => {
    const cases: [TicketFieldSpec, unknown, unknown][] = [
      [field('a', 'INPUT'), '文本', 5],
      [field('b', 'PHONE'), '+86 138-0013-8000', 'call me'],
      [field('c', 'TEXTAREA'), '多行\n文本', ['x']],
      [field('d', 'INTEGER'), 12, 1.5],
      [field('e', 'NUMBER'), 1.5, '1.5'],
      [field('f', 'DATE'), '2026-02-28', '2026-02-30'],
      [field('g', 'DATETIME'), '2026-02-28 10:30', '2026-02-28'],
      [field('h', 'RADIO', { options: flat }), 'SHIP', 'PRICE'],
      [field('i', 'LIST_SINGLE', { options: flat }), 'QUALITY', ['QUALITY']],
      [field('j', 'CHECKBOX', { options: flat }), ['SHIP', 'QUALITY'], 'SHIP'],
      [field('k', 'LIST_MULTI', { options: flat }), ['SHIP'], ['SHIP', 'SHIP']],
      [field('l', 'TREE_SINGLE', { options: tree }), 'SH', 'SZ'],
      [field('m', 'TREE_MULTI', { options: tree }), ['SH', 'NORTH'], ['SH', 'SZ']],
    ];
    for (const [spec, good, bad] of cases) {
      expect(problemOf(spec, good), spec.type).toEqual([]);
      expect(problemOf(spec, bad).length, spec.type).toBe(1);
    }
    expect(problemOf(field('h', 'RADIO', { options: flat }), 'PRICE')).toEqual(['ticket.field.option']);
    expect(problemOf(field('b', 'PHONE'), '1')).toEqual(['ticket.field.phone']);
  });

  it('requires the required ones (blank text and an empty choice are empty) and refuses fields the kind lacks', () => {
    const specs = [field('1', 'INPUT', { required: true }), field('2', 'CHECKBOX', { required: true, options: flat })];
    expect(ticketFieldProblems(specs, { '1': '  ', '2': [], '9': 'x' })).toEqual([
      { fieldId: '1', message: 'ticket.field.required' },
      { fieldId: '2', message: 'ticket.field.required' },
      { fieldId: '9', message: 'ticket.field.unknown', values: { id: '9' } },
    ]);
  });

  it('keeps only filled values of the kind’s fields, text trimmed', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('1', '2', '3'), fc.oneof(fc.string(), fc.constant(null))), (values) => {
        const kept = keptFieldValues([field('1', 'INPUT'), field('2', 'TEXTAREA')], values);
        for (const [id, value] of Object.entries(kept)) {
          expect(['1', '2']).toContain(id);
          expect(value).toBe((values[id] as string).trim());
          expect(value).not.toBe('');
        }
      }),
    );
  });

  it('numbers tickets by prefix and a six-digit sequence, TK without a prefix', () => {
    expect(ticketNumber('TS', 123)).toBe('TS000123');
    expect(ticketNumber(null, 7)).toBe('TK000007');
    expect(ticketNumber(' ', 1234567)).toBe('TK1234567');
  });
});

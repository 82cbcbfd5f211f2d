import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMove,
  type FlowNode,
  flowProblems,
  initialState,
  movesFrom,
  NODE_DEFAULTS,
  type NodeHandlerType,
  nodeBetween,
  nodeDeadlines,
  type TicketFlow,
  takesHandlers,
  taskKindNodeSaveSchema,
  taskKindSaveSchema,
  taskKindStatesBodySchema,
  toFieldErrors,
  withStates,
} from '../src/index.js';

const HANDLER_TYPES: readonly NodeHandlerType[] = ['CREATOR', 'LAST', 'GROUP', 'STAFF'];

function flowNode(more: Partial<FlowNode> & Pick<FlowNode, 'stateFrom' | 'stateTo'>): FlowNode {
  return {
    id: `${more.stateFrom}-${more.stateTo}`,
    name: '节点',
    handlerType: 'CREATOR',
    handlerIds: [],
    ...NODE_DEFAULTS,
    ...more,
  };
}

/** A demo-like flow: 待处理 → 处理中 → 已解决 → 已关闭, and back from 处理中 to 待处理. */
const COMPLAINT: TicketFlow = {
  states: ['PENDING', 'PROCESSING', 'RESOLVED', 'CLOSED'],
  nodes: [
    flowNode({ stateFrom: 'PENDING', stateTo: 'PROCESSING', handlerType: 'GROUP', handlerIds: ['7'] }),
    flowNode({ stateFrom: 'PROCESSING', stateTo: 'RESOLVED' }),
    flowNode({ stateFrom: 'RESOLVED', stateTo: 'CLOSED', handlerType: 'LAST' }),
    flowNode({ stateFrom: 'PROCESSING', stateTo: 'PENDING', handlerType: 'LAST' }),
  ],
};

/** Codes from a small alphabet (so that repeats, blanks and unknown states happen often), and random nodes on them. */
const code = fc.constantFrom('A', 'B', 'C', 'D', 'E', '', ' ');
const node = fc.record({
  id: fc.string({ minLength: 1, maxLength: 3 }),
  name: fc.constant('节点'),
  stateFrom: code,
  stateTo: code,
  handlerType: fc.constantFrom(...HANDLER_TYPES),
  handlerIds: fc.array(fc.constantFrom('1', '2', '3'), { maxLength: 2 }),
  alarmMinutes: fc.nat(10_000),
  timeoutMinutes: fc.nat(10_000),
});
const anyFlow: fc.Arbitrary<TicketFlow> = fc.record({
  states: fc.array(code, { maxLength: 6 }),
  nodes: fc.array(node, { maxLength: 8 }),
});

/** A sound flow: distinct non-blank states, each node on a distinct cell of them, handlers as its type wants. */
const soundFlow: fc.Arbitrary<TicketFlow> = fc
  .uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { maxLength: 5 })
  .chain((states) => {
    const cells = states.flatMap((from) => states.filter((to) => to !== from).map((to) => [from, to] as const));
    return fc.record({
      states: fc.constant(states),
      nodes:
        cells.length === 0
          ? fc.constant([])
          : fc.subarray(cells).chain((chosen) =>
              fc.tuple(
                ...chosen.map(([stateFrom, stateTo]) =>
                  fc.constantFrom(...HANDLER_TYPES).map((handlerType) =>
                    flowNode({
                      stateFrom,
                      stateTo,
                      handlerType,
                      handlerIds: takesHandlers(handlerType) ? ['1'] : [],
                    }),
                  ),
                ),
              ),
            ),
    });
  });

/** The rules of a sound flow, written out plainly (the reference flowProblems is checked against). */
function isSound(flow: TicketFlow): boolean {
  const states = flow.states;
  if (states.some((s) => s.trim() === '')) return false;
  if (new Set(states).size !== states.length) return false;
  const cells = flow.nodes.map((n) => `${n.stateFrom}>${n.stateTo}`);
  if (new Set(cells).size !== cells.length) return false;
  return flow.nodes.every(
    (n) =>
      states.includes(n.stateFrom) &&
      states.includes(n.stateTo) &&
      n.stateFrom !== n.stateTo &&
      (n.handlerType === 'GROUP' || n.handlerType === 'STAFF') === n.handlerIds.length > 0,
  );
}

describe('flowProblems: the one check of a kind’s flow', () => {
  it('finds nothing wrong with a sound flow, and names each problem where it is', () => {
    expect(flowProblems(COMPLAINT)).toEqual([]);
    expect(
      flowProblems({
        states: ['PENDING', '', 'PENDING'],
        nodes: [
          flowNode({ stateFrom: 'PENDING', stateTo: 'PENDING' }),
          flowNode({ stateFrom: 'PENDING', stateTo: 'CLOSED', handlerType: 'GROUP' }),
          flowNode({ stateFrom: 'PENDING', stateTo: 'CLOSED', handlerIds: ['1'] }),
        ],
      }),
    ).toEqual([
      { path: 'states[1]', message: 'ticketFlow.stateEmpty' },
      { path: 'states[2]', message: 'ticketFlow.stateDuplicate', values: { state: 'PENDING' } },
      { path: 'nodes[0].stateTo', message: 'ticketFlow.nodeSameState' },
      { path: 'nodes[1].stateTo', message: 'ticketFlow.nodeStateUnknown', values: { state: 'CLOSED' } },
      { path: 'nodes[1].handlerIds', message: 'ticketFlow.nodeHandlersRequired' },
      { path: 'nodes[2].stateTo', message: 'ticketFlow.nodeStateUnknown', values: { state: 'CLOSED' } },
      { path: 'nodes[2].stateTo', message: 'ticketFlow.nodeDuplicatePair', values: { from: 'PENDING', to: 'CLOSED' } },
      { path: 'nodes[2].handlerIds', message: 'ticketFlow.nodeHandlersNotAllowed' },
    ]);
  });

  it('answers no problem exactly for the sound flows (property)', () => {
    fc.assert(
      fc.property(anyFlow, (flow) => (flowProblems(flow).length === 0) === isSound(flow)),
      { numRuns: 2000 },
    );
    fc.assert(fc.property(soundFlow, (flow) => flowProblems(flow).length === 0));
  });
});

describe('moves along the flow', () => {
  it('starts a ticket in the first state; a kind without states has none', () => {
    expect(initialState(COMPLAINT)).toBe('PENDING');
    expect(initialState({ states: [], nodes: [] })).toBeNull();
  });

  it('allows a move exactly where a node sits on the cell, and says why not otherwise', () => {
    expect(checkMove(COMPLAINT, 'PENDING', 'PROCESSING')).toEqual({ ok: true, node: COMPLAINT.nodes[0] });
    expect(checkMove(COMPLAINT, 'PENDING', 'CLOSED')).toEqual({ ok: false, refusal: 'ticketFlow.moveNotAllowed' });
    expect(checkMove(COMPLAINT, 'CLOSED', 'PENDING')).toEqual({ ok: false, refusal: 'ticketFlow.moveNotAllowed' });
    expect(checkMove(COMPLAINT, 'PENDING', 'PENDING')).toEqual({ ok: false, refusal: 'ticketFlow.moveSameState' });
    expect(checkMove(COMPLAINT, 'PENDING', 'GONE')).toEqual({ ok: false, refusal: 'ticketFlow.moveUnknownState' });
    expect(movesFrom(COMPLAINT, 'PROCESSING').map((n) => n.stateTo)).toEqual(['PENDING', 'RESOLVED']);
    expect(nodeBetween(COMPLAINT, 'RESOLVED', 'RESOLVED')).toBeNull();
  });

  it('checkMove is ok ⇔ a node sits on (from, to) of a sound flow, and answers that node (property)', () => {
    fc.assert(
      fc.property(soundFlow, code, code, (flow, from, to) => {
        const onCell = flow.nodes.find((n) => n.stateFrom === from && n.stateTo === to);
        const move = checkMove(flow, from, to);
        expect(move.ok).toBe(onCell !== undefined);
        if (move.ok) expect(move.node).toBe(onCell);
        // the matrix's diagonal never holds a node
        if (from === to) expect(move.ok).toBe(false);
      }),
    );
  });

  it('movesFrom lists the nodes leaving a state, in the order of the flow’s states (property)', () => {
    fc.assert(
      fc.property(soundFlow, code, (flow, from) => {
        const moves = movesFrom(flow, from);
        expect(moves.every((n) => n.stateFrom === from)).toBe(true);
        expect(new Set(moves)).toEqual(new Set(flow.nodes.filter((n) => n.stateFrom === from)));
        const order = moves.map((n) => flow.states.indexOf(n.stateTo));
        expect(order).toEqual([...order].sort((a, b) => a - b));
      }),
    );
  });

  it('a ticket walked by any requested moves only ever takes a node of its current state (property)', () => {
    fc.assert(
      fc.property(soundFlow, fc.array(code, { maxLength: 30 }), (flow, requested) => {
        let at = initialState(flow);
        for (const to of requested) {
          if (at === null) break;
          const move = checkMove(flow, at, to);
          if (!move.ok) continue;
          expect(flow.nodes).toContain(move.node);
          expect([move.node.stateFrom, move.node.stateTo]).toEqual([at, to]);
          at = to;
        }
        if (at !== null) expect(flow.states).toContain(at);
      }),
    );
  });
});

describe('withStates: saving the ordered list of states', () => {
  it('keeps the nodes between kept states and drops those on a removed one', () => {
    const next = withStates(COMPLAINT, ['PENDING', 'RESOLVED', 'PROCESSING']);
    expect(next.states).toEqual(['PENDING', 'RESOLVED', 'PROCESSING']);
    expect(next.nodes.map((n) => `${n.stateFrom}>${n.stateTo}`)).toEqual([
      'PENDING>PROCESSING',
      'PROCESSING>RESOLVED',
      'PROCESSING>PENDING',
    ]);
  });

  it('never leaves a node on a removed state, and keeps every node whose two states stay (property)', () => {
    fc.assert(
      fc.property(anyFlow, fc.array(code, { maxLength: 6 }), (flow, chosen) => {
        const states: readonly string[] = chosen;
        const next = withStates(flow, states);
        expect(next.states).toEqual(states);
        for (const n of next.nodes) expect(states.includes(n.stateFrom) && states.includes(n.stateTo)).toBe(true);
        const kept = flow.nodes.filter((n) => states.includes(n.stateFrom) && states.includes(n.stateTo));
        expect(next.nodes).toEqual(kept);
      }),
    );
  });

  it('a reorder of a sound flow stays sound (property)', () => {
    fc.assert(
      fc.property(
        soundFlow.chain((flow) => fc.tuple(fc.constant(flow), fc.shuffledSubarray([...flow.states]))),
        ([flow, states]) => {
          expect(flowProblems(withStates(flow, states))).toEqual([]);
        },
      ),
    );
  });
});

describe('nodeDeadlines', () => {
  it('raises the alarm and times out the node’s minutes after the ticket entered the state', () => {
    const entered = new Date('2026-11-20T08:00:00Z');
    expect(nodeDeadlines(NODE_DEFAULTS, entered)).toEqual({
      alarmAt: new Date('2026-11-20T08:10:00Z'),
      timeoutAt: new Date('2026-11-20T20:00:00Z'),
    });
    expect(nodeDeadlines({ alarmMinutes: 0, timeoutMinutes: 0 }, entered)).toEqual({
      alarmAt: entered,
      timeoutAt: entered,
    });
  });

  it('is exactly minutes × 60 000 ms later, so a shorter alarm comes first (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(525_600),
        fc.nat(525_600),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (alarmMinutes, timeoutMinutes, entered) => {
          const { alarmAt, timeoutAt } = nodeDeadlines({ alarmMinutes, timeoutMinutes }, entered);
          expect(alarmAt.getTime() - entered.getTime()).toBe(alarmMinutes * 60_000);
          expect(timeoutAt.getTime() - entered.getTime()).toBe(timeoutMinutes * 60_000);
          expect(alarmAt <= timeoutAt).toBe(alarmMinutes <= timeoutMinutes);
        },
      ),
    );
  });
});

describe('ticket kind bodies', () => {
  const problems = (result: { success: boolean; error?: unknown }) =>
    result.success ? [] : toFieldErrors(result.error as never, 'zh').map((e) => `${e.field}: ${e.message}`);

  it('requires name (≤ 30) and code (≤ 20); taskCode ≤ 10; the switch 1 or 0, fileRequired read as its other name', () => {
    expect(problems(taskKindSaveSchema.safeParse({ name: '投诉处理' }))).toEqual(['code: 此项为必填项']);
    expect(
      problems(taskKindSaveSchema.safeParse({ name: '名'.repeat(31), code: 'C'.repeat(21), taskCode: 'T'.repeat(11) })),
    ).toEqual(['name: 不能超过 30 个字符', 'code: 不能超过 20 个字符', 'taskCode: 不能超过 10 个字符']);
    expect(taskKindSaveSchema.parse({ name: '投诉', code: 'C' })).toMatchObject({ attachmentRequired: 0, fields: [] });
    expect(taskKindSaveSchema.parse({ name: '投诉', code: 'C', fileRequired: 1 })).toMatchObject({
      attachmentRequired: 1,
    });
    expect(taskKindSaveSchema.parse({ name: '投诉', code: 'C', fileRequired: 1 })).not.toHaveProperty('fileRequired');
    expect(problems(taskKindSaveSchema.safeParse({ name: '投诉', code: 'C', attachmentRequired: true }))).toEqual([
      'attachmentRequired: 附件开关只能是 1 或 0',
    ]);
  });

  it('keeps a field chosen twice once, where it first appears', () => {
    const parsed = taskKindSaveSchema.parse({
      name: '投诉',
      code: 'C',
      fields: [{ fieldId: '2', required: true }, { fieldId: '1' }, { fieldId: '2', label: '又一次' }],
    });
    expect(parsed.fields).toEqual([
      { fieldId: '2', required: true, search: false },
      { fieldId: '1', required: false, search: false },
    ]);
  });

  it('gives a node alarm 10 and timeout 720 minutes by default, whole and ≥ 0; name ≤ 30; a handler type', () => {
    const body = {
      kindId: '1',
      name: '受理',
      handlerType: 'GROUP',
      stateFrom: 'A',
      stateTo: 'B',
      handlerIds: ['3', '3'],
    };
    expect(taskKindNodeSaveSchema.parse(body)).toMatchObject({
      alarmMinutes: 10,
      timeoutMinutes: 720,
      handlerIds: ['3'],
    });
    expect(taskKindNodeSaveSchema.parse({ ...body, alarmMinutes: 0, timeoutMinutes: 0 })).toMatchObject({
      alarmMinutes: 0,
      timeoutMinutes: 0,
    });
    expect(
      problems(
        taskKindNodeSaveSchema.safeParse({
          ...body,
          name: '节'.repeat(31),
          handlerType: undefined,
          alarmMinutes: -1,
          timeoutMinutes: 2.5,
        }),
      ),
    ).toEqual([
      'name: 不能超过 30 个字符',
      'handlerType: 此项为必填项',
      'alarmMinutes: 不能小于 0',
      'timeoutMinutes: 必须是整数',
    ]);
    expect(problems(taskKindNodeSaveSchema.safeParse({ ...body, stateFrom: ' ' }))).toEqual(['stateFrom: 请选择状态']);
  });

  it('reads the states with no stateCodes and saves the list with them', () => {
    expect(taskKindStatesBodySchema.parse({ id: '4' })).toEqual({ id: '4' });
    expect(taskKindStatesBodySchema.parse({ id: '4', stateCodes: [' A', 'B '] }).stateCodes).toEqual(['A', 'B']);
  });
});

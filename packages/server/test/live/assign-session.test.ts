/**
 * pickAgent: the desk's choice of agent within a skill group (issue 20). Properties over any group of agents: never
 * an agent at his ceiling, never one who is not ONLINE (BUSY, BREAK, TRAINING, MEETING, OFFLINE), nobody only when
 * nobody can take a session, IDLE_RATE a least-loaded agent, LAST_RECEIVER the customer's last agent when he can.
 */
import { AgentStatus, DeskAssign } from '@qcdesk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Candidate, canTake, pickAgent, withOverflow } from '../../src/live/assign-session.js';

const statuses = AgentStatus.values;
const rules = DeskAssign.values;

const agentsArb = fc
  .array(
    fc.record({
      status: fc.constantFrom(...statuses),
      capacity: fc.integer({ min: 1, max: 6 }),
      receptions: fc.integer({ min: 0, max: 8 }),
      todayReceptions: fc.integer({ min: 0, max: 30 }),
      lastAssignTime: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
    }),
    { maxLength: 12 },
  )
  .map((rows) => rows.map((row, i): Candidate => ({ agentId: i + 1, ...row })));

const contextArb = fc.record({
  secondAssign: fc.option(fc.constantFrom(...rules), { nil: null }),
  lastReceiverId: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
  excludeAgentId: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
});

describe('pickAgent', () => {
  it('picks only an ONLINE agent below his ceiling (never the excluded one), and someone whenever anyone can', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rules), agentsArb, contextArb, (rule, agents, context) => {
        const picked = pickAgent(rule, agents, context);
        const free = agents.filter((a) => canTake(a) && a.agentId !== context.excludeAgentId);
        if (free.length === 0) expect(picked).toBeNull();
        else {
          expect(picked).not.toBeNull();
          expect(picked!.status).toBe('ONLINE');
          expect(picked!.receptions).toBeLessThan(picked!.capacity);
          expect(picked!.agentId).not.toBe(context.excludeAgentId);
        }
      }),
    );
  });

  it('IDLE_RATE picks an agent with the lowest receptions / capacity of those free', () => {
    fc.assert(
      fc.property(agentsArb, (agents) => {
        const picked = pickAgent('IDLE_RATE', agents);
        if (picked === null) return;
        const lowest = Math.min(...agents.filter(canTake).map((a) => a.receptions / a.capacity));
        expect(picked.receptions / picked.capacity).toBe(lowest);
      }),
    );
  });

  it('FEWEST_RECEPTIONS picks an agent who took the fewest sessions today', () => {
    fc.assert(
      fc.property(agentsArb, (agents) => {
        const picked = pickAgent('FEWEST_RECEPTIONS', agents);
        if (picked === null) return;
        expect(picked.todayReceptions).toBe(Math.min(...agents.filter(canTake).map((a) => a.todayReceptions)));
      }),
    );
  });

  it('ROUND_ROBIN picks the agent idle longest (never assigned first)', () => {
    fc.assert(
      fc.property(agentsArb, (agents) => {
        const picked = pickAgent('ROUND_ROBIN', agents);
        if (picked === null) return;
        const free = agents.filter(canTake);
        if (free.some((a) => a.lastAssignTime === null)) expect(picked.lastAssignTime).toBeNull();
        else expect(picked.lastAssignTime).toBe(Math.min(...free.map((a) => a.lastAssignTime!)));
      }),
    );
  });

  it('LAST_RECEIVER gives the customer his last agent when that agent can take him, else follows the second rule', () => {
    fc.assert(
      fc.property(agentsArb, contextArb, (agents, context) => {
        const picked = pickAgent('LAST_RECEIVER', agents, context);
        const last = agents.find((a) => a.agentId === context.lastReceiverId);
        if (last !== undefined && canTake(last) && last.agentId !== context.excludeAgentId) expect(picked).toBe(last);
        else {
          const second =
            context.secondAssign === null || context.secondAssign === 'LAST_RECEIVER'
              ? 'IDLE_RATE'
              : context.secondAssign;
          const others = agents.filter((a) => a.agentId !== context.excludeAgentId);
          expect(picked).toEqual(pickAgent(second, others));
        }
      }),
    );
  });

  it('hands sessions out in turn under ROUND_ROBIN and evenly under IDLE_RATE', () => {
    const group = (n: number): Candidate[] =>
      Array.from({ length: n }, (_, i) => ({
        agentId: i + 1,
        status: 'ONLINE',
        capacity: 3,
        receptions: 0,
        todayReceptions: 0,
        lastAssignTime: null,
      }));
    for (const rule of ['ROUND_ROBIN', 'IDLE_RATE'] as const) {
      let agents = group(3);
      const order: number[] = [];
      for (let time = 1; time <= 9; time++) {
        const picked = pickAgent(rule, agents)!;
        order.push(picked.agentId);
        agents = agents.map((a) =>
          a.agentId === picked.agentId ? { ...a, receptions: a.receptions + 1, lastAssignTime: time } : a,
        );
      }
      expect(order, rule).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3]);
      // everyone at the ceiling: nobody
      expect(pickAgent(rule, agents)).toBeNull();
    }
  });
});

describe('withOverflow', () => {
  it('adds each group’s overflow group after the chosen ones, each once, unknown groups left out', () => {
    const groups = new Map([
      [1, { groupId: 1, overloadGroupId: 3 }],
      [2, { groupId: 2, overloadGroupId: 1 }],
      [3, { groupId: 3, overloadGroupId: null }],
    ]);
    expect(withOverflow([1], groups)).toEqual([1, 3]);
    expect(withOverflow([2, 1], groups)).toEqual([2, 1, 3]);
    expect(withOverflow([9, 3], groups)).toEqual([3]);
  });
});

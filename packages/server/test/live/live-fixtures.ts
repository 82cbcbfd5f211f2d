import { csGroupConfigInputSchema, type DeskAssign, type FeedAnswer } from '@qcdesk/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/connect.js';
import {
  agentLive,
  chatMessages,
  chatSessions,
  csAgents,
  csGroups,
  csLines,
  csNavs,
  liveEvents,
  liveQueue,
} from '../../src/db/schema/index.js';
import type { Caller } from '../helpers/accounts.js';

/** 2024-05-01 10:00:00 in the console's time zone (Asia/Shanghai). */
export const MAY_1_10AM = Date.UTC(2024, 4, 1, 2, 0, 0);
export const SECOND = 1000;
export const MINUTE = 60_000;

export interface GroupSpec {
  readonly name: string;
  /** indexes into the desk's agents */
  readonly agents: readonly number[];
  readonly firstAssign?: DeskAssign;
  readonly secondAssign?: DeskAssign;
  /** index of another group of the spec to overflow into */
  readonly overload?: number;
}

export interface TestDesk {
  readonly agentIds: number[];
  readonly groupIds: number[];
  /** a line whose GROUP navigation routes to every group of the spec, in order */
  readonly lineId: number;
}

/**
 * A desk written straight into the tables (the console's own screens are tested elsewhere): agents with their
 * ceilings, ONLINE skill groups with their receivers and rules, and a line whose GROUP navigation routes to `routed`
 * (default every group).
 */
export async function makeDesk(
  db: Database,
  organizationId: number,
  spec: { agents: readonly { capacity: number; nick?: string }[]; groups: readonly GroupSpec[]; routed?: number[] },
): Promise<TestDesk> {
  const agentIds: number[] = [];
  for (const [i, agent] of spec.agents.entries()) {
    const [row] = await db
      .insert(csAgents)
      .values({ organizationId, nick: agent.nick ?? `坐席${i + 1}`, name: `Agent ${i + 1}`, capacity: agent.capacity })
      .returning({ id: csAgents.id });
    agentIds.push(row!.id);
  }
  const groupIds: number[] = [];
  for (const group of spec.groups) {
    const [row] = await db
      .insert(csGroups)
      .values({
        organizationId,
        name: group.name,
        type: 'ONLINE',
        agentIds: group.agents.map((i) => agentIds[i]!),
        config: csGroupConfigInputSchema.parse({ firstAssign: group.firstAssign, secondAssign: group.secondAssign }),
      })
      .returning({ id: csGroups.id });
    groupIds.push(row!.id);
  }
  for (const [i, group] of spec.groups.entries())
    if (group.overload !== undefined)
      await db
        .update(csGroups)
        .set({
          config: csGroupConfigInputSchema.parse({
            firstAssign: group.firstAssign,
            secondAssign: group.secondAssign,
            overloadGroupId: String(groupIds[group.overload]),
          }),
        })
        .where(and(eq(csGroups.organizationId, organizationId), eq(csGroups.id, groupIds[i]!)));
  const routed = (spec.routed ?? spec.groups.map((_, i) => i)).map((i) => groupIds[i]!);
  const [nav] = await db
    .insert(csNavs)
    .values({
      organizationId,
      name: '分流',
      type: 'ONLINE',
      kind: 'GROUP',
      onlineConfig: {
        routes: [{ id: 'route-1', name: '咨询', groups: routed.map((id) => ({ groupId: String(id), weight: 1 })) }],
      },
    })
    .returning({ id: csNavs.id });
  const [line] = await db
    .insert(csLines)
    .values({
      organizationId,
      name: '在线客服',
      navs: [{ navKind: 'GROUP', navId: String(nav!.id), timeId: null }],
    })
    .returning({ id: csLines.id });
  return { agentIds, groupIds, lineId: line!.id };
}

/** Sends a batch; the call itself must succeed. */
export async function send(caller: Caller, events: readonly unknown[], lang?: 'en'): Promise<FeedAnswer> {
  const res = await caller.post('/v3/feed/live/events', { events }, lang === undefined ? {} : { lang });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedAnswer;
}

let counter = 0;
/** A unique event id for a test. */
export const nextId = (prefix = 'e') => `${prefix}-${++counter}`;

/** Event builders: `at` in minutes after 10:00 on May 1st unless given in ms. */
export const ev = {
  open: (sessionId: string, lineId: number, at: number, extra: Record<string, unknown> = {}) => ({
    type: 'SESSION_OPENED',
    eventId: nextId('open'),
    at,
    sessionId,
    lineId: String(lineId),
    customerId: `c-${sessionId}`,
    customerNick: `访客 ${sessionId}`,
    trackClient: 'WEB',
    ...extra,
  }),
  say: (sessionId: string, senderRole: 'CUSTOMER' | 'AGENT', text: string, at: number, extra = {}) => ({
    type: 'MESSAGE',
    eventId: nextId('msg'),
    at,
    sessionId,
    messageId: nextId(`${sessionId}-m`),
    senderRole,
    content: text,
    ...extra,
  }),
  close: (sessionId: string, at: number, way: 'AGENT' | 'CUSTOMER' | 'SYSTEM' = 'CUSTOMER') => ({
    type: 'SESSION_CLOSED',
    eventId: nextId('close'),
    at,
    sessionId,
    way,
  }),
  status: (agentId: number, status: string, at: number, mode?: string) => ({
    type: 'AGENT_STATUS',
    eventId: nextId('status'),
    at,
    agentId: String(agentId),
    status,
    ...(mode === undefined ? {} : { mode }),
  }),
  transfer: (sessionId: string, target: { groupId?: number; agentId?: number }, at: number, remark = '转接') => ({
    type: 'SESSION_TRANSFERRED',
    eventId: nextId('transfer'),
    at,
    sessionId,
    ...(target.groupId === undefined ? {} : { groupId: String(target.groupId) }),
    ...(target.agentId === undefined ? {} : { agentId: String(target.agentId) }),
    remark,
  }),
};

/** Everything the feed writes, counted: what must not change when a batch is sent again. */
export async function feedTables(db: Database, organizationId: number) {
  const count = async (table: typeof chatSessions | typeof chatMessages | typeof liveEvents | typeof liveQueue) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.organizationId, organizationId)))[0]!
      .n;
  return {
    sessions: await count(chatSessions),
    messages: await count(chatMessages),
    events: await count(liveEvents),
    queue: await count(liveQueue),
    agents: await db
      .select()
      .from(agentLive)
      .where(eq(agentLive.organizationId, organizationId))
      .orderBy(asc(agentLive.agentId)),
  };
}

/** The session's row. */
export async function sessionRow(db: Database, organizationId: number, sessionId: string) {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.organizationId, organizationId), eq(chatSessions.sessionId, sessionId)));
  return row!;
}

/** Who serves each session now (null: nobody), by session id. */
export async function servedBy(db: Database, organizationId: number): Promise<Record<string, number | null>> {
  const rows = await db
    .select({ sessionId: chatSessions.sessionId, agentId: chatSessions.agentId })
    .from(chatSessions)
    .where(and(eq(chatSessions.organizationId, organizationId), eq(chatSessions.status, 'ACTIVE')));
  return Object.fromEntries(rows.map((r) => [r.sessionId, r.agentId]));
}

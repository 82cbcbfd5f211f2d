import type { TicketFieldSpec } from '@qcdesk/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { aiResults, tickets, users } from '../db/schema/index.js';
import { kindFieldSpecs, loadKindFlow } from '../tickets/kind-flow.js';
import { createTicket, MANAGE_KEY, moveTicket, type TicketActor } from '../tickets/ticket-service.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';
import { findDemoSpaces } from './demo-spaces.js';
import { findDemoTicketGroups } from './demo-ticket-groups.js';
// the sessions step inspects the demo sessions, the kinds' step gives the demo kinds their flows: both run first
import '../tasks/demo-seeder.js';
import './demo-ticket-kinds.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The demo's tickets, opened by the inspector from the lowest-scoring AI results and worked through the demo flows by
 * whoever the nodes route them to: one closed (待处理 → 处理中 → 已解决 → 已关闭), one in progress, one 退换货 refunded,
 * and one still waiting in 待处理 since yesterday, long past its timeout. A kind whose flow the kinds' step did not
 * give (no states) is skipped with a line in the log.
 */
export async function seedDemoTickets({ db, organizationId, users: people, log }: DemoSeedContext): Promise<void> {
  const { kinds } = await findDemoSpaces(db, organizationId);
  const groups = await findDemoTicketGroups(db, organizationId);
  const complaint = await usableKind(db, organizationId, kinds.get('COMPLAINT'), log);
  const back = await usableKind(db, organizationId, kinds.get('RETURN'), log);
  if (complaint === null && back === null) return;
  const results = await db
    .select({
      id: aiResults.id,
      sessionId: aiResults.sessionId,
      aiScore: aiResults.aiScore,
      agentName: aiResults.agentName,
    })
    .from(aiResults)
    .where(and(eq(aiResults.organizationId, organizationId), eq(aiResults.deleted, 'NONE')))
    .orderBy(asc(aiResults.aiScore), asc(aiResults.id))
    .limit(4);
  const inspector = await actorOf(db, organizationId, people.inspector);
  const now = Date.now();
  let made = 0;
  /** opens a ticket of `kind` from the `i`-th lowest result at `at`, routed in 售后一组 or kept by the inspector */
  const open = async (kind: UsableKind, i: number, at: number, routed: boolean) => {
    const result = results[i];
    const title = result
      ? `会话 ${result.sessionId} 质检 ${Math.round(result.aiScore)} 分：${kind.name}跟进`
      : `${kind.name}跟进 ${i + 1}`;
    made++;
    return createTicket(
      db,
      inspector,
      {
        kindId: String(kind.id),
        title,
        content: result ? `坐席 ${result.agentName ?? '--'} 的会话智能质检得分偏低，请核实并联系客户。` : null,
        fieldValues: demoValues(kind.fields, i),
        attachments: [],
        groupId: routed ? String(groups.afterSales) : null,
        aiResultId: result ? String(result.id) : null,
      },
      new Date(at),
    );
  };
  /** moves a ticket as its current handler (or the supervisor, who may move any, when it waits in a group) */
  const step = async (ticketId: number, stateTo: string, at: number, remark?: string) => {
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    const actor = await actorOf(db, organizationId, row!.handlerId ?? people.supervisor);
    await moveTicket(db, actor, { id: String(ticketId), version: row!.version, stateTo, remark }, new Date(at));
  };
  if (complaint !== null) {
    // closed: routed into 售后一组, resolved, confirmed by the inspector who opened it, closed
    const closed = await open(complaint, 0, now - 3 * 24 * HOUR, false);
    await tryMoves(log, complaint, async () => {
      await step(closed, 'PROCESSING', now - 3 * 24 * HOUR + 20 * MINUTE, '转售后处理');
      await step(closed, 'RESOLVED', now - 2 * 24 * HOUR, '已致电客户并致歉，补发优惠券');
      await step(closed, 'CLOSED', now - 2 * 24 * HOUR + 2 * HOUR, '客户确认满意');
    });
    // in progress
    const working = await open(complaint, 1, now - 5 * HOUR, false);
    await tryMoves(log, complaint, () => step(working, 'PROCESSING', now - 4 * HOUR, '已受理'));
    // overdue: waiting in 待处理 since yesterday, past its alarm and its timeout
    await open(complaint, 2, now - 26 * HOUR, true);
  }
  if (back !== null) {
    const refunded = await open(back, 3, now - 2 * 24 * HOUR, true);
    await tryMoves(log, back, async () => {
      await step(refunded, 'PROCESSING', now - 2 * 24 * HOUR + 30 * MINUTE);
      await step(refunded, 'REFUNDED', now - 24 * HOUR, '已退款 128 元');
    });
  }
  log(`演示工单 demo tickets: ${made} 张，来自 ${results.length} 条低分质检结果 from low-scoring AI results`);
}

interface UsableKind {
  readonly id: number;
  readonly name: string;
  readonly states: readonly string[];
  readonly fields: readonly TicketFieldSpec[];
}

/** The demo kind with its flow, or null (logged) when it has none to open tickets in. */
async function usableKind(
  db: Queryable,
  organizationId: number,
  kindId: number | undefined,
  log: (line: string) => void,
): Promise<UsableKind | null> {
  const loaded = kindId === undefined ? null : await loadKindFlow(db, organizationId, kindId);
  if (loaded === null || loaded.flow.states.length === 0 || loaded.kind.status !== 'ACTIVE') {
    log(
      `演示工单：工单模版 ${kindId ?? '-'} 没有状态流，跳过 / demo tickets: kind ${kindId ?? '-'} has no flow, skipped`,
    );
    return null;
  }
  return {
    id: loaded.kind.id,
    name: loaded.kind.name,
    states: loaded.flow.states,
    fields: await kindFieldSpecs(db, organizationId, loaded.kind),
  };
}

/** Moves along a demo flow the kinds' step may have trimmed: a move it lacks ends the walk there (logged). */
async function tryMoves(log: (line: string) => void, kind: UsableKind, walk: () => Promise<void>): Promise<void> {
  try {
    await walk();
  } catch (error) {
    log(`演示工单：${kind.name} 的状态流少了一步，停在当前状态 / demo ticket stops early: ${String(error)}`);
  }
}

/** Someone of the organisation acting on tickets (the supervisor's manage key lets him move waiting ones). */
async function actorOf(db: Queryable, organizationId: number, userId: number): Promise<TicketActor> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), inArray(users.id, [userId])));
  return {
    userId,
    name: row?.name ?? String(userId),
    organizationId,
    permissions: new Set(['ticket.view', 'ticket.edit', MANAGE_KEY]),
    agentId: null,
  };
}

/** Values for a demo ticket's fields by their type: every field filled, so required ones are met. */
function demoValues(fields: readonly TicketFieldSpec[], i: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const first = field.options[0]?.value;
    switch (field.type) {
      case 'PHONE':
        values[field.fieldId] = `1380013${String(8000 + i).padStart(4, '0')}`;
        break;
      case 'DATE':
        values[field.fieldId] = new Date(Date.now() + (i + 1) * 24 * HOUR).toISOString().slice(0, 10);
        break;
      case 'INTEGER':
      case 'NUMBER':
        values[field.fieldId] = i + 1;
        break;
      case 'CHECKBOX':
      case 'LIST_MULTI':
      case 'TREE_MULTI':
        if (first !== undefined) values[field.fieldId] = [first];
        break;
      case 'RADIO':
      case 'LIST_SINGLE':
      case 'TREE_SINGLE':
        if (first !== undefined) values[field.fieldId] = first;
        break;
      default:
        values[field.fieldId] = ['客户反映坐席回复敷衍，要求主管回电', '商品到货破损，客户要求退货退款'][i % 2];
    }
  }
  return values;
}

demoSeeders.push({ step: 'tickets', atomic: true, seed: seedDemoTickets });

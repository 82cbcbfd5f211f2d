import { flowProblems, type NodeHandlerType, type TicketFlow } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { customFields, taskGroups, taskKindNodes, taskKinds, taskStates } from '../db/schema/index.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';
import { findDemoSpaces } from './demo-spaces.js';
// the summaries step makes the custom fields the kinds attach: its module loads (and so its step runs) first
import './demo-summaries.js';
// and the ticket groups and the organisation's own states come from this step, which runs before this one too
import { DEMO_TICKET_GROUPS, DEMO_TICKET_STATES } from './demo-ticket-groups.js';

const CALLBACK = DEMO_TICKET_STATES[0].code;
const REFUNDED = DEMO_TICKET_STATES[1].code;
const AFTER_SALES = DEMO_TICKET_GROUPS.afterSales.name;
const CALLBACK_GROUP = DEMO_TICKET_GROUPS.callback.name;

/** A node of a demo flow: handlers by the demo group's name (GROUP) or the demo people (STAFF). */
interface DemoNode {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly handlerType: NodeHandlerType;
  /** GROUP: ticket groups by name; STAFF: demo people */
  readonly handlers?: readonly string[];
  readonly alarmMinutes?: number;
  readonly timeoutMinutes?: number;
}

/** A demo kind's flow and fields (by the demo custom fields' codes). */
interface DemoFlow {
  readonly kindCode: string;
  /** state codes in order; those the organisation lacks (the ticket-groups step's own states) are left out */
  readonly states: readonly string[];
  readonly nodes: readonly DemoNode[];
  readonly fields: readonly { code: string; label?: string; required?: boolean; search?: boolean }[];
}

/**
 * The demo kinds' flows (tickets spec "State flow view"): 投诉处理 goes 待处理 → 处理中 (routed to 售后一组) → 已解决
 * (back to whoever opened it, to confirm) → 已关闭, may go back from 处理中 to 待处理, and may wait for a call back
 * (待回访, the organisation's own state, with 回访组) before closing; 退换货 goes 待处理 → 处理中 → 已退款 (the
 * organisation's own state, handled by the supervisor) → 已关闭. State codes the organisation lacks are skipped with
 * their nodes.
 */
export const DEMO_FLOWS: readonly DemoFlow[] = [
  {
    kindCode: 'COMPLAINT',
    states: ['PENDING', 'PROCESSING', CALLBACK, 'RESOLVED', 'CLOSED'],
    nodes: [
      { name: '受理投诉', from: 'PENDING', to: 'PROCESSING', handlerType: 'GROUP', handlers: [AFTER_SALES] },
      { name: '处理完成', from: 'PROCESSING', to: 'RESOLVED', handlerType: 'CREATOR', timeoutMinutes: 1440 },
      { name: '退回待处理', from: 'PROCESSING', to: 'PENDING', handlerType: 'LAST' },
      { name: '转回访', from: 'PROCESSING', to: CALLBACK, handlerType: 'GROUP', handlers: [CALLBACK_GROUP] },
      { name: '回访结束', from: CALLBACK, to: 'CLOSED', handlerType: 'LAST', alarmMinutes: 30 },
      { name: '确认关闭', from: 'RESOLVED', to: 'CLOSED', handlerType: 'LAST', alarmMinutes: 60 },
    ],
    fields: [
      { code: 'description', label: '投诉内容', required: true },
      { code: 'phone', label: '联系电话', search: true },
    ],
  },
  {
    kindCode: 'RETURN',
    states: ['PENDING', 'PROCESSING', REFUNDED, 'CLOSED'],
    nodes: [
      { name: '受理退换', from: 'PENDING', to: 'PROCESSING', handlerType: 'GROUP', handlers: [AFTER_SALES] },
      { name: '完成退款', from: 'PROCESSING', to: REFUNDED, handlerType: 'STAFF', handlers: ['supervisor'] },
      { name: '退回待处理', from: 'PROCESSING', to: 'PENDING', handlerType: 'LAST' },
      { name: '关闭工单', from: REFUNDED, to: 'CLOSED', handlerType: 'LAST', timeoutMinutes: 2880 },
    ],
    fields: [
      { code: 'phone', label: '联系电话', required: true, search: true },
      { code: 'callBackDate', label: '上门取件日期' },
    ],
  },
];

/**
 * The demo kinds get their fields, ordered states and nodes. The kinds are ACTIVE (the spaces step switched them on),
 * and an active kind refuses edits through the API, so the rows are written here directly; each flow is checked with
 * the contracts' flowProblems first, so the demo holds only what the console would accept. The ticket groups and own
 * states come from the step before (ticket groups and states); a group it did not make falls back to the supervisor.
 */
export async function seedDemoTicketKinds({ db, organizationId, users, log }: DemoSeedContext): Promise<void> {
  const { kinds } = await findDemoSpaces(db, organizationId);
  const codes = [...new Set(DEMO_FLOWS.flatMap((flow) => flow.states))];
  const known = new Set(
    (
      await db
        .select({ code: taskStates.code })
        .from(taskStates)
        .where(
          and(
            eq(taskStates.organizationId, organizationId),
            inArray(taskStates.code, codes),
            eq(taskStates.deleted, 'NONE'),
          ),
        )
    ).map((row) => row.code),
  );
  const groups = new Map(
    (
      await db
        .select({ id: taskGroups.id, name: taskGroups.name })
        .from(taskGroups)
        .where(and(eq(taskGroups.organizationId, organizationId), eq(taskGroups.deleted, 'NONE')))
    ).map((row) => [row.name, row.id]),
  );
  const fieldCodes = [...new Set(DEMO_FLOWS.flatMap((flow) => flow.fields.map((f) => f.code)))];
  const fields = new Map(
    (
      await db
        .select({ id: customFields.id, code: customFields.code, name: customFields.name })
        .from(customFields)
        .where(
          and(
            eq(customFields.organizationId, organizationId),
            inArray(customFields.code, fieldCodes),
            eq(customFields.deleted, 'NONE'),
          ),
        )
    ).map((row) => [row.code, row]),
  );
  const people: Record<string, number> = { admin: users.admin, supervisor: users.supervisor };

  for (const demo of DEMO_FLOWS) {
    const kindId = kinds.get(demo.kindCode);
    if (kindId === undefined) continue;
    const states = demo.states.filter((code) => known.has(code));
    const nodes = demo.nodes
      .filter((node) => states.includes(node.from) && states.includes(node.to))
      .map((node) => {
        const handlerIds =
          node.handlerType === 'GROUP'
            ? (node.handlers ?? []).flatMap((name) => groups.get(name) ?? [])
            : node.handlerType === 'STAFF'
              ? (node.handlers ?? []).flatMap((who) => people[who] ?? [])
              : [];
        // a group the groups step did not make: the supervisor handles the move instead
        const fallback = node.handlerType === 'GROUP' && handlerIds.length === 0;
        return {
          organizationId,
          kindId,
          name: node.name,
          handlerType: fallback ? ('STAFF' as const) : node.handlerType,
          handlerIds: fallback ? [users.supervisor] : handlerIds,
          stateFrom: node.from,
          stateTo: node.to,
          alarmMinutes: node.alarmMinutes ?? 10,
          timeoutMinutes: node.timeoutMinutes ?? 720,
          creatorId: users.admin,
        };
      });
    const flow: TicketFlow = {
      states,
      nodes: nodes.map((node) => ({ ...node, id: node.name, handlerIds: node.handlerIds.map(String) })),
    };
    const problems = flowProblems(flow);
    if (problems.length > 0)
      throw new Error(`demo seed: the flow of ${demo.kindCode} is not sound: ${problems[0]!.message}`);
    await db
      .update(taskKinds)
      .set({
        stateCodes: states,
        fields: demo.fields.flatMap((f) => {
          const field = fields.get(f.code);
          if (field === undefined) return [];
          return [
            {
              fieldId: field.id,
              label: f.label ?? field.name,
              required: f.required ?? false,
              search: f.search ?? false,
            },
          ];
        }),
      })
      .where(eq(taskKinds.id, kindId));
    if (nodes.length > 0) await db.insert(taskKindNodes).values(nodes);
    log(`演示工单模版 demo ticket kind ${demo.kindCode}: ${states.length} 个状态 states, ${nodes.length} 个节点 nodes`);
  }
}

demoSeeders.push({ step: 'ticket-kinds', atomic: true, seed: seedDemoTicketKinds });

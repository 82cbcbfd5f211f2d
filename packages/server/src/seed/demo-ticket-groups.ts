import type { TicketRouteType, TicketStateColor, TicketStatusGroup } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { taskGroups, taskStates } from '../db/schema/index.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/** The demo organisation's own ticket states, beside the five system ones (the kinds' flows use them). */
export const DEMO_TICKET_STATES = [
  { name: '待回访', code: 'CALLBACK', statusGroup: 'PROCESSING', color: '#13c2c2' },
  { name: '已退款', code: 'REFUNDED', statusGroup: 'RESOLVED', color: '#fa8c16' },
] as const satisfies readonly { name: string; code: string; statusGroup: TicketStatusGroup; color: TicketStateColor }[];

/** The demo's ticket groups: after-sales handled by load, follow-up calls in turn. */
export const DEMO_TICKET_GROUPS = {
  afterSales: { name: '售后一组', code: 'AFTER_SALES', routeType: 'LOAD', capacity: 20, intro: '售后投诉与退换货' },
  callback: { name: '回访组', code: 'CALLBACK', routeType: 'ROTATE', capacity: 30, intro: '处理完毕后的客户回访' },
} as const satisfies Record<
  string,
  { name: string; code: string; routeType: TicketRouteType; capacity: number; intro: string }
>;

/**
 * The demo's ticket states and groups (made by the administrator): 售后一组 of the administrator, the supervisor and
 * the agent, 回访组 of the supervisor and the inspector.
 */
export async function seedDemoTicketGroups({ db, organizationId, users }: DemoSeedContext): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  await db.insert(taskStates).values(DEMO_TICKET_STATES.map((state) => ({ ...audit, ...state, system: false })));
  await db.insert(taskGroups).values([
    { ...audit, ...DEMO_TICKET_GROUPS.afterSales, staffIds: [users.admin, users.supervisor, users.agent.userId] },
    { ...audit, ...DEMO_TICKET_GROUPS.callback, staffIds: [users.supervisor, users.inspector] },
  ]);
}

/** The demo ticket groups' keys, found by name (for the steps that route kinds' nodes and tickets to them). */
export interface DemoTicketGroupKeys {
  readonly afterSales: number;
  readonly callback: number;
}

/**
 * The demo ticket groups of the organisation; throws when this step has not run. A step that uses them (or the demo
 * states) imports this module, which puts this step before it (seeders run in the order their modules load).
 */
export async function findDemoTicketGroups(db: Queryable, organizationId: number): Promise<DemoTicketGroupKeys> {
  const names = Object.values(DEMO_TICKET_GROUPS).map((group) => group.name);
  const rows = await db
    .select({ id: taskGroups.id, name: taskGroups.name })
    .from(taskGroups)
    .where(
      and(
        eq(taskGroups.organizationId, organizationId),
        inArray(taskGroups.name, names),
        eq(taskGroups.deleted, 'NONE'),
      ),
    );
  const key = (name: string) => {
    const row = rows.find((group) => group.name === name);
    if (row === undefined)
      throw new Error(`demo seed: ticket group ${name} of organisation ${organizationId} is missing`);
    return row.id;
  };
  return { afterSales: key(DEMO_TICKET_GROUPS.afterSales.name), callback: key(DEMO_TICKET_GROUPS.callback.name) };
}

demoSeeders.push({ step: 'ticket-groups-states', atomic: true, seed: seedDemoTicketGroups });

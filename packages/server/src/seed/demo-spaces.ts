import type { ActiveStatus, SpaceType } from '@qcdesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../crud/entity-table.js';
import { spaces, taskKinds } from '../db/schema/index.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/** The demo's ticket kinds: two switched on, the follow-up one still shielded (being set up). */
export const DEMO_TASK_KINDS = [
  { name: '投诉处理', code: 'COMPLAINT', taskCode: 'TS', status: 'ACTIVE' },
  { name: '退换货', code: 'RETURN', taskCode: 'TH', status: 'ACTIVE' },
  { name: '咨询回访', code: 'FOLLOWUP', taskCode: 'HF', status: 'INACTIVE' },
] as const satisfies readonly { name: string; code: string; taskCode: string; status: ActiveStatus }[];

/** The demo's spaces: a ticket space with the three kinds in order, a quick-reply space, a knowledge base. */
export const DEMO_SPACES = {
  ticket: { name: '售后工单', type: 'TICKET', intro: '售后问题的投诉、退换货与回访工单' },
  quick: { name: '常用快捷回复', type: 'CS_QUICK', intro: '坐席常用的快捷回复语' },
  knowledge: { name: '商品知识库', type: 'CS_KB', intro: '机器人回答商品问题所用的知识库' },
} as const satisfies Record<string, { name: string; type: SpaceType; intro: string }>;

/** The demo kinds, then the spaces pointing at them (made by the organisation's administrator). */
export async function seedDemoSpaces({
  db,
  organizationId,
  users,
}: Pick<DemoSeedContext, 'db' | 'organizationId'> & { readonly users: { readonly admin: number } }): Promise<void> {
  const audit = {
    organizationId,
    creatorId: users.admin,
    creatorName: '系统管理员',
    modifierId: users.admin,
    modifierName: '系统管理员',
  };
  const kinds = await db
    .insert(taskKinds)
    .values(DEMO_TASK_KINDS.map((kind) => ({ ...audit, ...kind })))
    .returning({ id: taskKinds.id, code: taskKinds.code });
  // the ticket space lists them in the order above
  const kindIds = DEMO_TASK_KINDS.map((kind) => kinds.find((k) => k.code === kind.code)!.id);
  await db.insert(spaces).values([
    { ...audit, ...DEMO_SPACES.ticket, kindIds },
    { ...audit, ...DEMO_SPACES.quick },
    { ...audit, ...DEMO_SPACES.knowledge },
  ]);
}

/** The demo spaces' keys, found by name (for the steps that bind lines and chatbots to them). */
export interface DemoSpaceKeys {
  readonly ticket: number;
  readonly quick: number;
  readonly knowledge: number;
  /** the demo kinds' keys by code (COMPLAINT, RETURN, FOLLOWUP) */
  readonly kinds: ReadonlyMap<string, number>;
}

/**
 * The demo spaces and kinds of the organisation by name; throws when the spaces step has not run. A step that uses
 * them imports this module, which puts the spaces step before it (seeders run in the order their modules load).
 */
export async function findDemoSpaces(db: Queryable, organizationId: number): Promise<DemoSpaceKeys> {
  const names = Object.values(DEMO_SPACES).map((space) => space.name);
  const spaceRows = await db
    .select({ id: spaces.id, name: spaces.name })
    .from(spaces)
    .where(and(eq(spaces.organizationId, organizationId), inArray(spaces.name, names), eq(spaces.deleted, 'NONE')));
  const kindRows = await db
    .select({ id: taskKinds.id, code: taskKinds.code })
    .from(taskKinds)
    .where(
      and(
        eq(taskKinds.organizationId, organizationId),
        inArray(
          taskKinds.code,
          DEMO_TASK_KINDS.map((kind) => kind.code),
        ),
        eq(taskKinds.deleted, 'NONE'),
      ),
    );
  const key = (name: string) => {
    const row = spaceRows.find((space) => space.name === name);
    if (row === undefined) throw new Error(`demo seed: space ${name} of organisation ${organizationId} is missing`);
    return row.id;
  };
  return {
    ticket: key(DEMO_SPACES.ticket.name),
    quick: key(DEMO_SPACES.quick.name),
    knowledge: key(DEMO_SPACES.knowledge.name),
    kinds: new Map(kindRows.map((kind) => [kind.code!, kind.id])),
  };
}

demoSeeders.push({ step: 'spaces', atomic: true, seed: seedDemoSpaces });

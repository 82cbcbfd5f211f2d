import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../crud/entity-table.js';
import { csLines } from '../../db/schema/index.js';

/** A live service line as the records a line binds show it ("bound lines", "used lines"). */
export interface BoundLine {
  readonly lineId: string;
  readonly lineName: string;
}

/**
 * What a line can bind by key: a chatbot (as the customer self-service or the agent-assist bot), a satisfaction
 * config, a service summary, a navigation (in its navs list, where the jsonb keeps ids as the wire's strings).
 */
export type LineBinding = 'chatbot' | 'scoreConfig' | 'summaryConfig' | 'nav';

type LineRow = {
  id: number;
  name: string;
  customerChatbotId: number | null;
  agentChatbotId: number | null;
  scoreConfigId: number | null;
  summaryConfigId: number | null;
  navs: readonly { navId: string }[] | null;
};

const BINDINGS: Record<
  LineBinding,
  { readonly where: (keys: number[]) => SQL; readonly keysOf: (line: LineRow) => (number | null)[] }
> = {
  chatbot: {
    where: (keys) => or(inArray(csLines.customerChatbotId, keys), inArray(csLines.agentChatbotId, keys))!,
    keysOf: (line) => [line.customerChatbotId, line.agentChatbotId],
  },
  scoreConfig: { where: (keys) => inArray(csLines.scoreConfigId, keys), keysOf: (line) => [line.scoreConfigId] },
  summaryConfig: { where: (keys) => inArray(csLines.summaryConfigId, keys), keysOf: (line) => [line.summaryConfigId] },
  nav: {
    where: (keys) =>
      or(...keys.map((key) => sql`${csLines.navs} @> ${JSON.stringify([{ navId: String(key) }])}::jsonb`))!,
    keysOf: (line) => (line.navs ?? []).map((nav) => Number(nav.navId)),
  },
};

/**
 * The live lines of the organisation that bind each of `keys` the way `binding` names, by key, in line order, in one
 * query: what a bot, config, summary or navigation record lists, and what keeps it out of the trash.
 */
export async function linesBinding(
  db: Queryable,
  organizationId: number,
  binding: LineBinding,
  keys: readonly number[],
): Promise<Map<number, BoundLine[]>> {
  const byKey = new Map<number, BoundLine[]>();
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return byKey;
  const { where, keysOf } = BINDINGS[binding];
  const lines = await db
    .select({
      id: csLines.id,
      name: csLines.name,
      customerChatbotId: csLines.customerChatbotId,
      agentChatbotId: csLines.agentChatbotId,
      scoreConfigId: csLines.scoreConfigId,
      summaryConfigId: csLines.summaryConfigId,
      // only a navigation lookup reads the navs list
      navs: binding === 'nav' ? csLines.navs : sql<null>`null`,
    })
    .from(csLines)
    .where(and(eq(csLines.organizationId, organizationId), eq(csLines.deleted, 'NONE'), where(wanted)))
    .orderBy(asc(csLines.id));
  for (const line of lines)
    for (const key of new Set(keysOf(line)))
      if (key !== null && wanted.includes(key))
        byKey.set(key, [...(byKey.get(key) ?? []), { lineId: String(line.id), lineName: line.name }]);
  return byKey;
}

import { manualResultFilterSchema, parseScoreSort, QuickDate } from '@qcdesk/contracts';
import { and, arrayContains, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import { aiResults, manualResults } from '../../db/schema/qc-results.js';
import { chatSessions } from '../../db/schema/sessions.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { timeFilter } from '../../http/time-filter.js';

/** The manual result list's body: the contracts' filters plus `quickDate` on the `timeby` basis (absent: no range). */
export const manualResultListSchema = manualResultFilterSchema.safeExtend({
  quickDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), QuickDate.schema.optional()),
});
export type ManualResultList = z.infer<typeof manualResultListSchema>;

const TIME_COLUMNS = {
  createTime: manualResults.sessionBeginTime,
  closeTime: manualResults.closeTime,
  resultTime: manualResults.resultTime,
  modifyTime: manualResults.modifyTime,
} as const;

/** An id filter that cannot name a row matches nothing (rather than being ignored). */
const key = (id: string) => dbId(id) ?? 0;

function sessionHas(condition: SQL): SQL {
  return sql`exists (select 1 from ${chatSessions} where ${chatSessions.id} = ${manualResults.sessionRef} and ${condition})`;
}
const like = (text: string) => `%${escapeLike(text)}%`;

/**
 * Every filter but the status radio, which the counts are taken across; `manualStatusWhere` adds it. An agent sees
 * only his own results.
 */
export function manualResultBaseWhere(f: ManualResultList, auth: RequestAuth, timeZone: string, now = new Date()): SQL {
  const parts: (SQL | undefined)[] = [
    eq(manualResults.organizationId, auth.organizationId),
    eq(manualResults.deleted, f.deleted),
  ];
  if (auth.agentId !== null) parts.push(eq(manualResults.agentId, auth.agentId));
  if (f.id) parts.push(eq(manualResults.id, key(f.id)));
  if (f.customerId) parts.push(eq(manualResults.customerId, f.customerId));
  if (f.customerNick) parts.push(sql`${manualResults.customerNick} ilike ${like(f.customerNick)}`);
  if (f.customerPhone) parts.push(sessionHas(sql`${chatSessions.customerPhone} ilike ${like(f.customerPhone)}`));
  if (f.agentId) parts.push(eq(manualResults.agentId, key(f.agentId)));
  if (f.groupId) parts.push(arrayContains(manualResults.groupIds, [key(f.groupId)]));
  if (f.sessionId) parts.push(eq(manualResults.sessionId, f.sessionId));
  if (f.schemeId) parts.push(eq(manualResults.schemeId, key(f.schemeId)));
  // sensitive words are found by the AI inspection of the same session
  if (f.censorBanId)
    parts.push(
      sql`exists (select 1 from ${aiResults} where ${aiResults.sessionRef} = ${manualResults.sessionRef} and ${aiResults.censorBanIds} @> ${sql`array[${key(f.censorBanId)}]::bigint[]`})`,
    );
  if (f.scores && f.scores.length > 0) parts.push(inArray(manualResults.satisfaction, f.scores));
  if (f.agentWords) parts.push(sessionHas(sql`${chatSessions.agentText} ilike ${like(f.agentWords)}`));
  if (f.customerWords) parts.push(sessionHas(sql`${chatSessions.customerText} ilike ${like(f.customerWords)}`));
  if (f.trackClient) parts.push(eq(manualResults.trackClient, f.trackClient));
  if (f.pass !== undefined) parts.push(eq(manualResults.pass, f.pass));
  if (f.resolved !== undefined) parts.push(eq(manualResults.resolved, f.resolved));
  if (f.beginScore !== undefined) parts.push(gte(manualResults.manualScore, f.beginScore));
  if (f.endScore !== undefined) parts.push(lte(manualResults.manualScore, f.endScore));
  parts.push(...timeFilter(TIME_COLUMNS[f.timeby], f, timeZone, now));
  return and(...parts)!;
}

/** The status radio: ALL (or none) keeps every status. */
export function manualStatusWhere(f: Pick<ManualResultList, 'manualStatus'>): SQL | undefined {
  return f.manualStatus === undefined || f.manualStatus === 'ALL'
    ? undefined
    : eq(manualResults.manualStatus, f.manualStatus);
}

export function manualResultWhere(f: ManualResultList, auth: RequestAuth, timeZone: string, now = new Date()): SQL {
  return and(manualResultBaseWhere(f, auth, timeZone, now), manualStatusWhere(f))!;
}

/** The radio counts under the other filters (see manualResultCountsSchema). */
export const manualCountColumns = {
  allCheckedNum: sql<number>`count(*)::int`,
  readyCheckedNum: sql<number>`(count(*) filter (where ${manualResults.manualStatus} = 'READY_CHECKED'))::int`,
  checkedNum: sql<number>`(count(*) filter (where ${manualResults.manualStatus} = 'CHECKED'))::int`,
  rejectNum: sql<number>`(count(*) filter (where ${manualResults.manualStatus} = 'UNCHECKED'))::int`,
};

/** The session's AI score, for sorting by ai_score. */
const aiScoreOf = sql`(select ${aiResults.aiScore} from ${aiResults} where ${aiResults.sessionRef} = ${manualResults.sessionRef} and ${aiResults.deleted} = 'NONE' order by ${aiResults.modifyTime} desc limit 1)`;

/** `scoreSorts` first ('manual_score desc', 'ai_score asc'), then newest session first. */
export function manualResultOrder(f: Pick<ManualResultList, 'scoreSorts'>): SQL[] {
  const order: SQL[] = [];
  for (const sort of f.scoreSorts ?? []) {
    const { key: sortKey, direction } = parseScoreSort(sort);
    const column = sortKey === 'manual_score' ? sql`${manualResults.manualScore}` : aiScoreOf;
    order.push(direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  }
  order.push(desc(manualResults.sessionBeginTime), asc(manualResults.id));
  return order;
}

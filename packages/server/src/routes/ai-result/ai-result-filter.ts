import { type AiResultFilter, aiResultFilterSchema, parseScoreSort, QuickDate } from '@qcdesk/contracts';
import { and, arrayContains, asc, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '../../crud/ids.js';
import { escapeLike } from '../../crud/keyword.js';
import { aiResults, manualResults } from '../../db/schema/qc-results.js';
import { chatSessions } from '../../db/schema/sessions.js';
import { quickDateRange } from '../../http/quick-date.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { parseTime } from '../../http/time-zone.js';

/**
 * The AI result list's body: the contracts' filters plus `quickDate` (YESTERDAY, TODAY, DAY7, DAY30, ALL), which
 * the server turns into a range on the `timeby` basis in the console's time zone (absent: no range).
 */
export const aiResultListSchema = aiResultFilterSchema.safeExtend({
  quickDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), QuickDate.schema.optional()),
});
export type AiResultList = z.infer<typeof aiResultListSchema>;

const TIME_COLUMNS = {
  createTime: aiResults.sessionBeginTime,
  closeTime: aiResults.closeTime,
  modifyTime: aiResults.modifyTime,
} as const;

/** An id filter that cannot name a row matches nothing (rather than being ignored). */
const key = (id: string) => dbId(id) ?? 0;

function words(column: typeof chatSessions.agentText | typeof chatSessions.customerText, text: string): SQL {
  return sql`exists (select 1 from ${chatSessions} where ${chatSessions.id} = ${aiResults.sessionRef} and ${column} ilike ${`%${escapeLike(text)}%`})`;
}

export function aiResultWhere(f: AiResultList, auth: RequestAuth, timeZone: string, now = new Date()): SQL {
  const parts: (SQL | undefined)[] = [
    eq(aiResults.organizationId, auth.organizationId),
    eq(aiResults.deleted, f.deleted),
  ];
  // an agent sees only his own results
  if (auth.agentId !== null) parts.push(eq(aiResults.agentId, auth.agentId));
  if (f.id) parts.push(eq(aiResults.id, key(f.id)));
  if (f.agentId) parts.push(eq(aiResults.agentId, key(f.agentId)));
  if (f.groupId) parts.push(arrayContains(aiResults.groupIds, [key(f.groupId)]));
  if (f.sessionId) parts.push(eq(aiResults.sessionId, f.sessionId));
  if (f.schemeId) parts.push(eq(aiResults.schemeId, key(f.schemeId)));
  if (f.lineId) parts.push(eq(aiResults.lineId, key(f.lineId)));
  // a hit rule: its id among rule_ids (numbers, as result_rules stores them), through the GIN index
  if (f.ruleId) parts.push(sql`${aiResults.ruleIds} @> ${JSON.stringify([key(f.ruleId)])}::jsonb`);
  if (f.aiStatus) parts.push(eq(aiResults.aiStatus, f.aiStatus));
  if (f.censorBanId) parts.push(arrayContains(aiResults.censorBanIds, [key(f.censorBanId)]));
  if (f.scores && f.scores.length > 0) parts.push(inArray(aiResults.satisfaction, f.scores));
  if (f.agentWords) parts.push(words(chatSessions.agentText, f.agentWords));
  if (f.customerWords) parts.push(words(chatSessions.customerText, f.customerWords));
  if (f.trackClient) parts.push(eq(aiResults.trackClient, f.trackClient));
  if (f.beginAiScore !== undefined) parts.push(gte(aiResults.aiScore, f.beginAiScore));
  if (f.endAiScore !== undefined) parts.push(lte(aiResults.aiScore, f.endAiScore));
  if (f.beginReviewScore !== undefined) parts.push(gte(aiResults.reviewScore, f.beginReviewScore));
  if (f.endReviewScore !== undefined) parts.push(lte(aiResults.reviewScore, f.endReviewScore));
  if (f.isComplaint !== undefined) parts.push(eq(aiResults.isComplaint, f.isComplaint));
  if (f.isReview !== undefined) parts.push(eq(aiResults.isReview, f.isReview));
  if (f.isVeto !== undefined) parts.push(eq(aiResults.isVeto, f.isVeto));
  if (f.resolved !== undefined) parts.push(eq(aiResults.resolved, f.resolved));
  const time = TIME_COLUMNS[f.timeby];
  const from = parseTime(f.timeFrom, timeZone);
  const to = parseTime(f.timeTo, timeZone);
  if (from !== null) parts.push(gte(time, from));
  // 'YYYY-MM-DD HH:mm:ss' names a whole second (a date alone, a whole day): the end includes all of it
  if (to !== null) parts.push(lt(time, new Date(to.getTime() + wholeUnit(f.timeTo!))));
  if (f.quickDate !== undefined) {
    const range = quickDateRange(f.quickDate, now, timeZone);
    if (range !== null) parts.push(gte(time, range.from), lt(time, range.to));
  }
  return and(...parts)!;
}

function wholeUnit(text: string): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) return 86_400_000;
  return /[.]\d/.test(text) ? 1 : 1000;
}

/** The session's manual score, for sorting by manual_score. */
const manualScoreOf = sql`(select ${manualResults.manualScore} from ${manualResults} where ${manualResults.sessionRef} = ${aiResults.sessionRef} and ${manualResults.deleted} = 'NONE' order by ${manualResults.resultTime} desc nulls last limit 1)`;

/** `scoreSorts` first ('ai_score asc', 'manual_score desc'), then newest session first. */
export function aiResultOrder(f: Pick<AiResultFilter, 'scoreSorts'>): SQL[] {
  const order: SQL[] = [];
  for (const sort of f.scoreSorts ?? []) {
    const { key: sortKey, direction } = parseScoreSort(sort);
    const column = sortKey === 'ai_score' ? sql`${aiResults.aiScore}` : manualScoreOf;
    order.push(direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  }
  order.push(desc(aiResults.sessionBeginTime), asc(aiResults.id));
  return order;
}

import { complaintFilterSchema, QuickDate } from '@qcdesk/contracts';
import { and, arrayContains, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '../../crud/ids.js';
import { complaints } from '../../db/schema/qc-results.js';
import type { RequestAuth } from '../../http/request-auth.js';
import { timeFilter } from '../../http/time-filter.js';

/** The complaint list's body: the contracts' filters plus `quickDate` on the `timeby` basis (absent: no range). */
export const complaintListSchema = complaintFilterSchema.safeExtend({
  quickDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), QuickDate.schema.optional()),
});
export type ComplaintList = z.infer<typeof complaintListSchema>;

const TIME_COLUMNS = {
  createTime: complaints.createTime,
  startTime: complaints.startTime,
  modifyTime: complaints.modifyTime,
} as const;

const key = (id: string) => dbId(id) ?? 0;

/** Every filter but the status radio, which the counts are taken across. An agent sees only his own complaints. */
export function complaintBaseWhere(f: ComplaintList, auth: RequestAuth, timeZone: string, now = new Date()): SQL {
  const parts: (SQL | undefined)[] = [
    eq(complaints.organizationId, auth.organizationId),
    eq(complaints.deleted, 'NONE'),
  ];
  if (auth.agentId !== null) parts.push(eq(complaints.agentId, auth.agentId));
  if (f.sessionId) parts.push(eq(complaints.sessionId, f.sessionId));
  if (f.resultId) parts.push(eq(complaints.resultId, key(f.resultId)));
  if (f.agentId) parts.push(eq(complaints.agentId, key(f.agentId)));
  if (f.groupId) parts.push(arrayContains(complaints.groupIds, [key(f.groupId)]));
  if (f.type) parts.push(eq(complaints.type, f.type));
  parts.push(...timeFilter(TIME_COLUMNS[f.timeby], f, timeZone, now));
  return and(...parts)!;
}

export function complaintStatusWhere(f: Pick<ComplaintList, 'status'>): SQL | undefined {
  return f.status === undefined || f.status === 'ALL' ? undefined : eq(complaints.status, f.status);
}

/** The radio counts: all, pending (readyCheckedNum), reviewed ACTIVE (checkedNum), rejected INACTIVE (rejectNum). */
export const complaintCountColumns = {
  allCheckedNum: sql<number>`count(*)::int`,
  readyCheckedNum: sql<number>`(count(*) filter (where ${complaints.status} = 'PENDING'))::int`,
  checkedNum: sql<number>`(count(*) filter (where ${complaints.status} = 'ACTIVE'))::int`,
  rejectNum: sql<number>`(count(*) filter (where ${complaints.status} = 'INACTIVE'))::int`,
};

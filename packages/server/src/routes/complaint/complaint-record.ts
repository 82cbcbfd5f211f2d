import type { EntityName } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import type { complaints } from '../../db/schema/qc-results.js';
import { formatTime } from '../../http/time-zone.js';

export type ComplaintRow = typeof complaints.$inferSelect;
export const COMPLAINT: EntityName = { zh: '申诉', en: 'complaint' };

/** A complaint as the list and details answer it (qc-area §3 "Complaint"). */
export function complaintRecord(row: ComplaintRow, timeZone: string) {
  return {
    id: String(row.id),
    type: row.type,
    sessionId: row.sessionId,
    chatId: row.chatId,
    resultId: String(row.resultId),
    schemeId: wireId(row.schemeId),
    agentId: wireId(row.agentId),
    name: row.agentName,
    groups: row.groups.map((g) => ({ groupId: String(g.groupId), groupName: g.groupName })),
    status: row.status,
    reason: row.reason,
    commonReason: row.commonReason,
    complaintRules: row.complaintRules,
    attachment: row.attachment,
    commonAttachment: row.commonAttachment,
    complaintFiles: row.complaintFiles,
    note: row.note,
    reviewerId: wireId(row.reviewerId),
    reviewerName: row.reviewerName,
    reviewTime: formatTime(row.reviewTime, timeZone),
    startTime: formatTime(row.startTime, timeZone),
    duration: row.duration,
    deleted: row.deleted,
    version: row.version,
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    createTime: formatTime(row.createTime, timeZone),
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
export type ComplaintRecord = ReturnType<typeof complaintRecord>;

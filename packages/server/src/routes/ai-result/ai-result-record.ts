import type { ComplaintInResult } from '@qcdesk/contracts';
import type { EntityName } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import type { aiResults, manualResults } from '../../db/schema/qc-results.js';
import { formatTime } from '../../http/time-zone.js';

export type AiResultRow = typeof aiResults.$inferSelect;
export type ManualRow = Pick<
  typeof manualResults.$inferSelect,
  'sessionRef' | 'manualScore' | 'manualAngles' | 'style' | 'pass' | 'manualStatus'
>;
export const AI_RESULT: EntityName = { zh: '智能质检结果', en: 'AI result' };

/**
 * An AI result as the list and detail answer it (qc-area §3 "AI result"). `createTime` is the session start, the
 * lists' time basis; the manual columns come from the session's manual result, when there is one.
 */
export function aiResultRecord(
  row: AiResultRow,
  manual: ManualRow | undefined,
  complaints: readonly ComplaintInResult[],
  timeZone: string,
) {
  const resultRules = row.resultRules.map((r) => ({
    ...r,
    ruleId: String(r.ruleId),
  }));
  return {
    id: String(row.id),
    sessionId: row.sessionId,
    chatId: row.chatId,
    agentId: wireId(row.agentId),
    name: row.agentName,
    nick: row.agentNick,
    customerId: row.customerId,
    customerNick: row.customerNick,
    schemeId: String(row.schemeId),
    schemeName: row.schemeName,
    taskId: wireId(row.taskId),
    aiScore: row.aiScore,
    aiStatus: row.aiStatus,
    isVeto: row.isVeto,
    comments: row.comments,
    isReview: row.isReview,
    reviewScore: row.reviewScore,
    isComplaint: row.isComplaint,
    duration: row.duration,
    trackClient: row.trackClient,
    satisfaction: row.satisfaction,
    resolved: row.resolved,
    censorBanIds: row.censorBanIds.map(String),
    modelId: row.modelId,
    modelFallback: row.modelFallback,
    rules: resultRules,
    resultRules,
    manualScore: manual?.manualScore ?? null,
    manualStyle: manual?.style ?? null,
    manualPass: manual?.pass ?? null,
    manualRules: (manual?.manualAngles ?? []).flatMap((a) =>
      a.manualRules.map((r) => ({ ...r, angleId: String(r.angleId), ruleId: String(r.ruleId) })),
    ),
    complaints,
    complaint: complaints[complaints.length - 1] ?? null,
    groups: row.groups.map((g) => ({ groupId: String(g.groupId), groupName: g.groupName })),
    sessionBeginTime: formatTime(row.sessionBeginTime, timeZone),
    createTime: formatTime(row.sessionBeginTime, timeZone),
    closeTime: formatTime(row.closeTime, timeZone),
    resultTime: formatTime(row.createTime, timeZone),
    deleted: row.deleted,
    version: row.version,
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
export type AiResultRecord = ReturnType<typeof aiResultRecord>;

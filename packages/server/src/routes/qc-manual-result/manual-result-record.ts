import type { ComplaintInResult } from '@qcdesk/contracts';
import type { EntityName } from '../../crud/entity-table.js';
import { wireId } from '../../crud/ids.js';
import type { aiResults, manualResults } from '../../db/schema/qc-results.js';
import { formatTime } from '../../http/time-zone.js';

export type ManualResultRow = typeof manualResults.$inferSelect;
export type AiOfSession = Pick<typeof aiResults.$inferSelect, 'sessionRef' | 'aiScore' | 'resultRules'>;
export const MANUAL_RESULT: EntityName = { zh: '人工质检结果', en: 'manual result' };

/**
 * A manual result as the list and detail answer it (qc-area §3 "Manual result"). `createTime` is the session start
 * (the lists' time basis), `resultTime` when it was assessed; the AI columns come from the session's AI result.
 */
export function manualResultRecord(
  row: ManualResultRow,
  ai: AiOfSession | undefined,
  complaints: readonly ComplaintInResult[],
  timeZone: string,
) {
  const manualAngles = row.manualAngles.map((a) => ({
    angleId: String(a.angleId),
    angleName: a.angleName,
    angleScore: a.angleScore,
    manualRules: a.manualRules.map((r) => ({ ...r, angleId: String(r.angleId), ruleId: String(r.ruleId) })),
  }));
  const manualRules = manualAngles.flatMap((a) => a.manualRules);
  return {
    id: String(row.id),
    sessionId: row.sessionId,
    chatId: row.chatId,
    sessionDataId: String(row.sessionRef),
    schemeId: String(row.schemeId),
    schemeName: row.schemeName,
    taskId: wireId(row.taskId),
    style: row.style,
    manualStatus: row.manualStatus,
    manualScore: row.manualScore,
    pass: row.pass,
    score: row.manualScore,
    name: row.agentName,
    nick: row.agentNick,
    agentId: wireId(row.agentId),
    customerId: row.customerId,
    customerNick: row.customerNick,
    aiScore: ai?.aiScore ?? null,
    aiRules: (ai?.resultRules ?? []).map((r) => ({
      ruleId: String(r.ruleId),
      ruleName: r.ruleName,
      scoreNum: r.scoreNum,
    })),
    manualAngles,
    manualRules,
    rules: manualRules.map((r) => ({ ruleId: r.ruleId, ruleName: r.ruleName })),
    appraisals: row.appraisals,
    vetoList: row.vetoList,
    groups: row.groups.map((g) => ({ groupId: String(g.groupId), groupName: g.groupName })),
    duration: row.duration,
    reviewScore: row.reviewScore,
    isReview: row.isReview,
    isComplaint: row.isComplaint,
    trackClient: row.trackClient,
    satisfaction: row.satisfaction,
    resolved: row.resolved,
    comments: row.comments,
    complaints,
    complaint: complaints[complaints.length - 1] ?? null,
    sessionBeginTime: formatTime(row.sessionBeginTime, timeZone),
    createTime: formatTime(row.sessionBeginTime, timeZone),
    closeTime: formatTime(row.closeTime, timeZone),
    resultTime: formatTime(row.resultTime, timeZone),
    deleted: row.deleted,
    version: row.version,
    creatorId: wireId(row.creatorId),
    creatorName: row.creatorName,
    modifierId: wireId(row.modifierId),
    modifierName: row.modifierName,
    modifyTime: formatTime(row.modifyTime, timeZone),
  };
}
export type ManualResultRecord = ReturnType<typeof manualResultRecord>;

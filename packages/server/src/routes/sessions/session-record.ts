import { wireId } from '../../crud/ids.js';
import type { chatMessages, chatSessions } from '../../db/schema/sessions.js';
import { formatTime } from '../../http/time-zone.js';

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** The embedded session panel (spec "Session detail") plus the list columns of a session. */
export function sessionRecord(row: SessionRow, timeZone: string) {
  return {
    sessionId: row.sessionId,
    chatId: row.chatId,
    source: row.source,
    status: row.status,
    lineId: wireId(row.lineId),
    lineName: row.lineName,
    agentId: wireId(row.agentId),
    name: row.agentName,
    nick: row.agentNick,
    customerId: row.customerId,
    customerNick: row.customerNick,
    customerPhone: row.customerPhone,
    groups: row.groups.map((g) => ({ groupId: String(g.groupId), groupName: g.groupName })),
    trackClient: row.trackClient,
    closeWay: row.closeWay,
    closeReason: row.closeReason,
    mode: row.mode,
    summary: row.summary,
    scoreProgress: row.scoreProgress,
    scoreWay: row.scoreWay,
    scoringTime: formatTime(row.scoringTime, timeZone),
    scoredTime: formatTime(row.scoredTime, timeZone),
    scoreResult:
      row.scoreResult === null
        ? null
        : {
            id: row.scoreResult.id === null || row.scoreResult.id === undefined ? null : String(row.scoreResult.id),
            resolved: row.scoreResult.resolved ?? null,
            score: row.scoreResult.score ?? null,
            note: row.scoreResult.note ?? null,
          },
    satisfaction: row.satisfaction,
    resolved: row.resolved,
    createTime: formatTime(row.beginTime, timeZone),
    sessionBeginTime: formatTime(row.beginTime, timeZone),
    closeTime: formatTime(row.closeTime, timeZone),
    duration: row.duration,
    messageCount: row.messageCount,
    humanQuality: row.humanQuality,
  };
}
export type SessionRecord = ReturnType<typeof sessionRecord>;

/** A chat message as the transcript views read it; `content` stays the stored JSON string. */
export function messageRecord(row: MessageRow, timeZone: string) {
  return {
    messageId: row.messageId,
    chatId: row.chatId,
    sessionId: row.sessionId,
    sendTime: formatTime(new Date(row.sendTime), timeZone)!,
    senderRole: row.senderRole,
    senderNick: row.senderNick,
    senderAvatar: row.senderAvatar,
    content: row.content,
    censorOperation: row.censorOperation,
    censorWords: row.censorWords,
    maskedContent: row.maskedContent,
  };
}
export type MessageRecord = ReturnType<typeof messageRecord>;

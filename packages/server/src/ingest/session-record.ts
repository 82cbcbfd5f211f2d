import { createHash } from 'node:crypto';
import { type CensorOperation, sessionImportSchema } from '@qcdesk/contracts';
import { messageText } from '@qcdesk/engine';
import type { z } from 'zod';

/** One session as a desk hands it to ingestion: the contracts' schema (also what /docs shows). */
export const sessionRecordSchema = sessionImportSchema;
export type SessionRecordInput = z.input<typeof sessionRecordSchema>;
type ParsedRecord = z.infer<typeof sessionRecordSchema>;

/** A session ready to be written: columns of chat_sessions and its messages in order. */
export interface NormalizedSession {
  readonly session: {
    sessionId: string;
    chatId: string;
    source: string | null;
    status: string;
    lineId: number | null;
    lineName: string | null;
    agentId: number | null;
    agentName: string | null;
    agentNick: string | null;
    customerId: string | null;
    customerNick: string | null;
    customerPhone: string | null;
    groups: { groupId: number; groupName: string }[];
    groupIds: number[];
    trackClient: string | null;
    closeWay: string | null;
    closeReason: string | null;
    mode: string | null;
    summary: boolean;
    summaryDetail: unknown;
    scoreProgress: number;
    scoreWay: string | null;
    scoringTime: Date | null;
    scoredTime: Date | null;
    scoreResult: ParsedRecord['scoreResult'] | null;
    satisfaction: number | null;
    resolved: boolean | null;
    beginTime: Date;
    closeTime: Date | null;
    duration: number;
    messageCount: number;
    agentText: string;
    customerText: string;
    humanQuality: unknown;
    contentHash: string;
  };
  readonly messages: {
    seq: number;
    messageId: string;
    chatId: string;
    sessionId: string;
    senderRole: string;
    senderNick: string | null;
    senderAvatar: string | null;
    sendTime: number;
    content: string;
    censorOperation: CensorOperation | null;
    censorWords: string[] | null;
  }[];
}

/** Derives what the lists need (times, duration, each side's text) and a content hash for idempotent re-imports. */
export function normalizeSession(record: ParsedRecord): NormalizedSession {
  const chatId = record.chatId ?? record.sessionId;
  const messages = record.messages.map((m, seq) => ({
    seq,
    messageId: m.messageId ?? `${record.sessionId}-${seq + 1}`,
    chatId,
    sessionId: record.sessionId,
    senderRole: m.senderRole.toUpperCase(),
    senderNick: m.senderNick ?? null,
    senderAvatar: m.senderAvatar ?? null,
    sendTime: m.sendTime,
    content: m.content,
    censorOperation: m.censorOperation ?? null,
    censorWords: m.censorWords ?? null,
  }));
  const times = messages.map((m) => m.sendTime);
  const first = times.length > 0 ? Math.min(...times) : null;
  const last = times.length > 0 ? Math.max(...times) : null;
  const beginTime = record.beginTime ?? (first !== null ? new Date(first) : new Date());
  const closeTime = record.closeTime ?? (record.status === 'CLOSED' && last !== null ? new Date(last) : null);
  const agentText: string[] = [];
  const customerText: string[] = [];
  for (const m of messages) {
    const text = messageText(m.content);
    if (text === null) continue;
    if (m.senderRole === 'AGENT') agentText.push(text);
    else if (m.senderRole === 'CUSTOMER') customerText.push(text);
  }
  const score = record.scoreResult?.score;
  const session = {
    sessionId: record.sessionId,
    chatId,
    source: record.source ?? null,
    status: record.status,
    lineId: record.lineId ?? null,
    lineName: record.lineName ?? null,
    agentId: record.agentId ?? null,
    agentName: record.agentName ?? null,
    agentNick: record.agentNick ?? null,
    customerId: record.customerId ?? null,
    customerNick: record.customerNick ?? null,
    customerPhone: record.customerPhone ?? null,
    groups: record.groups,
    groupIds: record.groups.map((g) => g.groupId),
    trackClient: record.trackClient ?? null,
    closeWay: record.closeWay ?? null,
    closeReason: record.closeReason ?? null,
    mode: record.mode ?? null,
    // a summary object is the summary itself (and says one was filled); `summaryDetail` is the older spelling
    summary: typeof record.summary === 'object' ? true : record.summary,
    summaryDetail: (typeof record.summary === 'object' ? record.summary : record.summaryDetail) ?? null,
    scoreProgress: record.scoreProgress,
    scoreWay: record.scoreWay ?? null,
    scoringTime: record.scoringTime ?? null,
    scoredTime: record.scoredTime ?? null,
    scoreResult: record.scoreResult ?? null,
    satisfaction: typeof score === 'number' && score >= 1 && score <= 5 ? score : null,
    resolved: record.scoreResult?.resolved ?? null,
    beginTime,
    closeTime,
    duration: closeTime === null ? 0 : Math.max(0, Math.round((closeTime.getTime() - beginTime.getTime()) / 1000)),
    messageCount: messages.length,
    agentText: agentText.join('\n'),
    customerText: customerText.join('\n'),
    humanQuality: record.humanQuality ?? null,
    contentHash: '',
  };
  session.contentHash = createHash('sha256')
    .update(JSON.stringify({ session: { ...session, contentHash: undefined }, messages }))
    .digest('base64url');
  return { session, messages };
}

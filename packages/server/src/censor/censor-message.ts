import type { CensorOperation, CensorSpan } from '@qcdesk/contracts';
import { messageText } from '@qcdesk/engine';
import type { censorLogs } from '../db/schema/censor-log.js';
import { maskContent } from './mask-content.js';
import type { OrgScanner } from './org-scanner.js';

/** A message as ingest and rescan hand it over: what the scan reads, and what its log rows copy. */
export interface MessageToCensor {
  readonly messageId: string;
  readonly chatId: string;
  readonly sessionId: string;
  readonly senderRole: string;
  readonly senderNick: string | null;
  readonly senderAvatar: string | null;
  /** epoch milliseconds */
  readonly sendTime: number;
  readonly content: string;
}

/** Where the message was said: its session's line and, for an agent's message, the agent (library scopes). */
export interface MessagePlace {
  readonly lineId: number | null;
  readonly lineName: string | null;
  readonly agentId: number | null;
}

/** What one library found in a message: a row of the log. */
export interface LibraryHit {
  readonly censorBanId: number;
  readonly censorBanName: string;
  readonly censorWords: string[];
  readonly censorSpans: CensorSpan[];
  readonly censorOperation: CensorOperation;
}

/** The message's censor columns, and the log rows of a message with a match (none without). */
export interface CensoredMessage {
  readonly censorOperation: CensorOperation | null;
  readonly censorWords: string[] | null;
  readonly maskedContent: string | null;
  /** the original text the spans point into */
  readonly text: string;
  readonly hits: readonly LibraryHit[];
}

const NOTHING: CensoredMessage = { censorOperation: null, censorWords: null, maskedContent: null, text: '', hits: [] };

/**
 * Scans one message with the organisation's libraries: the strongest operation (ABORT over FUZZY over REPORT, as the
 * engine decides), every word found (each once), under FUZZY the content as the customer side sees it, and one hit
 * per library that matched, with its words and spans in the original text.
 */
export function censorMessage(org: OrgScanner, message: MessageToCensor, place: MessagePlace): CensoredMessage {
  const text = messageText(message.content);
  if (text === null || text === '') return NOTHING;
  const role = message.senderRole.toUpperCase();
  const result = org.scanner.scan(text, { role, staffId: role === 'AGENT' ? place.agentId : null });
  if (result.operation === null) return NOTHING;
  const byLibrary = new Map<string, { operation: CensorOperation; words: Set<string>; spans: CensorSpan[] }>();
  const words = new Set<string>();
  for (const match of result.matches) {
    const key = String(match.banId);
    let hit = byLibrary.get(key);
    if (hit === undefined) {
      hit = { operation: match.operation, words: new Set(), spans: [] };
      byLibrary.set(key, hit);
    }
    hit.words.add(match.word);
    hit.spans.push({ start: match.start, end: match.end, word: match.word });
    words.add(match.word);
  }
  const hits: LibraryHit[] = [...byLibrary].map(([id, hit]) => ({
    censorBanId: Number(id),
    censorBanName: org.names.get(id) ?? id,
    censorWords: [...hit.words],
    censorSpans: hit.spans.sort((a, b) => a.start - b.start || a.end - b.end),
    censorOperation: hit.operation,
  }));
  return {
    censorOperation: result.operation,
    censorWords: [...words],
    maskedContent: result.operation === 'FUZZY' ? maskContent(message.content, result.masked) : null,
    text,
    hits,
  };
}

/** The log rows of a censored message, once the message has its row id. */
export function logRows(
  organizationId: number,
  messageRef: number,
  message: MessageToCensor,
  place: MessagePlace,
  censored: CensoredMessage,
): (typeof censorLogs.$inferInsert)[] {
  return censored.hits.map((hit) => ({
    organizationId,
    messageRef,
    ...hit,
    lineId: place.lineId,
    lineName: place.lineName,
    sessionId: message.sessionId,
    chatId: message.chatId,
    messageId: message.messageId,
    text: censored.text,
    senderNick: message.senderNick,
    senderRole: message.senderRole,
    senderAvatar: message.senderAvatar,
    sendTime: new Date(message.sendTime),
  }));
}

import { readSession } from '../transcript/read-session.js';
import type { CensorOperation, CensorScanner } from './types.js';

/** One message with matches, in the shape of the CLI's output and the pool's `censor` field. */
export interface CensoredMessage {
  /** index of the message in the session */
  readonly message: number;
  readonly operation: CensorOperation | null;
  readonly words: readonly { banId: string | number; word: string; start: number; end: number }[];
  readonly masked: string;
}

export interface CensoredSession {
  readonly sessionId: string;
  /** only the messages with a match */
  readonly messages: readonly CensoredMessage[];
}

/**
 * Scans every text message of a session (either accepted message shape). An agent's staff and branch ids come from
 * the message (`staffId`, `branchId`) or else from the session. Throws SessionInputError on a malformed session.
 */
export function censorSession(scanner: CensorScanner, input: unknown): CensoredSession {
  const transcript = readSession(input);
  const raw = input as { staffId?: unknown; branchId?: unknown; messages: Record<string, unknown>[] };
  const messages: CensoredMessage[] = [];
  for (const sentence of transcript.sentences) {
    if (sentence.text === null || sentence.text === '') continue;
    const m = raw.messages[sentence.index]!;
    const result = scanner.scan(sentence.text, {
      role: sentence.role,
      staffId: id(m.staffId) ?? id(raw.staffId),
      branchId: id(m.branchId) ?? id(raw.branchId),
    });
    if (result.count === 0) continue;
    messages.push({
      message: sentence.index,
      operation: result.operation,
      words: result.matches.map(({ banId, word, start, end }) => ({ banId, word, start, end })),
      masked: result.masked,
    });
  }
  return { sessionId: transcript.sessionId, messages };
}

function id(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

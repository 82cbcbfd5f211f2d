import { recordsOfLinesFile } from '../../ingest/read-lines-file.js';

/** One turn of a dialogue to replay: who speaks, what (the content as stored), and how long after the turn before. */
export interface DialogueTurn {
  readonly role: 'CUSTOMER' | 'AGENT';
  readonly content: string;
  /** milliseconds after the previous turn (for the first: after the customer arrived) */
  readonly gapMs: number;
}

export interface Dialogue {
  readonly id: string;
  readonly turns: readonly DialogueTurn[];
}

/** Gaps between turns as a person types: never under 2 s, never over 90 s, 15 s where the file gives no times. */
const MIN_GAP = 2_000;
const MAX_GAP = 90_000;
const DEFAULT_GAP = 15_000;

/**
 * The dialogues of a JSON Lines file of sessions in the import format (`{sessionId, messages: [{senderRole, content,
 * sendTime}]}`, plain or `.gz`; the shipped STC-3 file is one): each session's customer and agent messages with the
 * gaps between them. Lines that are not sessions, and sessions without a message of either side, are skipped.
 */
export async function readDialogues(file: string, limit = Number.POSITIVE_INFINITY): Promise<Dialogue[]> {
  const out: Dialogue[] = [];
  for await (const record of recordsOfLinesFile(file)) {
    if (out.length >= limit) break;
    if (!record.ok) continue;
    const dialogue = dialogueOf(record.value, `line-${record.line}`);
    if (dialogue !== null) out.push(dialogue);
  }
  return out;
}

/** A session record as a dialogue, or null when it has nothing to replay. */
export function dialogueOf(value: unknown, fallbackId: string): Dialogue | null {
  const session = value as { sessionId?: unknown; messages?: unknown } | null;
  if (session === null || typeof session !== 'object' || !Array.isArray(session.messages)) return null;
  const turns: DialogueTurn[] = [];
  let previous: number | null = null;
  for (const m of session.messages as { senderRole?: unknown; content?: unknown; sendTime?: unknown }[]) {
    const role = typeof m?.senderRole === 'string' ? m.senderRole.toUpperCase() : '';
    if ((role !== 'CUSTOMER' && role !== 'AGENT') || m.content === undefined || m.content === null) continue;
    const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
    if (content === '') continue;
    const sent = typeof m.sendTime === 'number' ? m.sendTime : Number.NaN;
    const gap =
      previous === null ? 3_000 : Number.isFinite(sent) ? clamp(sent - previous, MIN_GAP, MAX_GAP) : DEFAULT_GAP;
    if (Number.isFinite(sent)) previous = sent;
    else previous ??= 0;
    turns.push({ role, content, gapMs: gap });
  }
  if (!turns.some((t) => t.role === 'CUSTOMER') || !turns.some((t) => t.role === 'AGENT')) return null;
  const id =
    typeof session.sessionId === 'string' || typeof session.sessionId === 'number'
      ? String(session.sessionId)
      : fallbackId;
  return { id, turns };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

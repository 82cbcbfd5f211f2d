/**
 * One session of a corpus as the run tracks it (its place, its human judgements) apart from what the worker reads,
 * and the reading of an uploaded line into one. The main thread parses each line once to check it and pick out the
 * judgements; the worker gets the line's text, which crosses the boundary as one string instead of an object graph.
 */
import type { JsonLine } from './jsonl-lines';

/** The human judgements a session may carry: the STC-3 annotators' {A, S, E} (-2…2) and a manual score (0…100). */
export interface HumanJudgement {
  readonly A?: number;
  readonly S?: number;
  readonly E?: number;
  readonly manual?: number;
}

/** Which judgement the agreement chart compares the AI score with; `mean` is the mean of A, S and E. */
export type JudgementKind = 'A' | 'S' | 'E' | 'mean' | 'manual';
export const JUDGEMENT_KINDS: readonly JudgementKind[] = ['mean', 'A', 'S', 'E', 'manual'];

export interface CorpusSession {
  /** position among the corpus's sessions, from 0 */
  readonly index: number;
  readonly sessionId: string;
  /** the line of an uploaded file; null for the server's sessions */
  readonly lineNumber: number | null;
  readonly judgement: HumanJudgement | null;
  /** what the worker reads: the line's JSON text (uploads) or the session itself (server) */
  readonly payload: string | object;
  /** the share of the source read through this session (0…1), for progress */
  readonly progressAt: number;
}

/** A line or session that could not be inspected, by line number (uploads) or session id. */
export interface CorpusProblem {
  readonly lineNumber: number | null;
  readonly sessionId: string | null;
  readonly zh: string;
  readonly en: string;
}

export type LineOutcome = { ok: true; session: CorpusSession } | { ok: false; problem: CorpusProblem };

/** Reads one uploaded line: a JSON object with a `messages` array; its id is `sessionId` (else `line-N`). */
export function parseSessionLine(line: JsonLine, index: number, totalBytes: number): LineOutcome {
  const problem = (zh: string, en: string, sessionId: string | null = null): LineOutcome => ({
    ok: false,
    problem: { lineNumber: line.lineNumber, sessionId, zh, en },
  });
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return problem(`不是有效的 JSON（${reason}）`, `not valid JSON (${reason})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return problem('应为一个会话对象', 'expected a session object');
  }
  const record = value as Record<string, unknown>;
  const id = record.sessionId;
  const sessionId = typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  if (!Array.isArray(record.messages))
    return problem('缺少 messages 数组', 'messages (an array) is missing', sessionId);
  return {
    ok: true,
    session: {
      index,
      sessionId: sessionId ?? `line-${line.lineNumber}`,
      lineNumber: line.lineNumber,
      judgement: judgementOf(record),
      // a session without an id gets the one shown, so results and samples name it the same way
      payload: sessionId === null ? JSON.stringify({ ...record, sessionId: `line-${line.lineNumber}` }) : line.text,
      progressAt: totalBytes > 0 ? Math.min(1, line.endByte / totalBytes) : 1,
    },
  };
}

/** `humanQuality: {A, S, E}` and `manualScore`, where they are numbers; null when there is none. */
export function judgementOf(record: Record<string, unknown>): HumanJudgement | null {
  const quality = record.humanQuality;
  const out: { A?: number; S?: number; E?: number; manual?: number } = {};
  if (quality !== null && typeof quality === 'object') {
    for (const key of ['A', 'S', 'E'] as const) {
      const v = (quality as Record<string, unknown>)[key];
      if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
    }
  }
  if (typeof record.manualScore === 'number' && Number.isFinite(record.manualScore)) out.manual = record.manualScore;
  return Object.keys(out).length === 0 ? null : out;
}

/** The judgement of one kind, or null when the session has none of it. */
export function judgementValue(judgement: HumanJudgement | null, kind: JudgementKind): number | null {
  if (judgement === null) return null;
  if (kind === 'manual') return judgement.manual ?? null;
  if (kind !== 'mean') return judgement[kind] ?? null;
  const parts = [judgement.A, judgement.S, judgement.E].filter((v): v is number => v !== undefined);
  return parts.length === 0 ? null : parts.reduce((a, b) => a + b, 0) / parts.length;
}

import type { OperatorType } from '../rule/types.js';

/**
 * One piece of evidence: what the console highlights and the replay tester shows.
 * `message` is the 0-based message index; `[start, end)` is a span of that message's original text.
 */
export interface Evidence {
  readonly message: number;
  readonly start: number;
  readonly end: number;
  /** the original text of the span */
  readonly text: string;
  readonly operator: OperatorType;
  /** position of the operator within its condition */
  readonly operatorIndex: number;
  /** keyword operators: the keyword as the rule wrote it */
  readonly keyword?: string;
  /** REGULAR_EXPRESSION: the pattern */
  readonly pattern?: string;
  /** SIMILAR_MATCH: the phrase it resembles; ADVANCED_REPEAT_DETECT: the text it repeats */
  readonly phrase?: string;
  /** SIMILAR_MATCH: percentage 0–100; ADVANCED_REPEAT_DETECT: fraction 0–1 */
  readonly similarity?: number;
  /** ADVANCED_REPEAT_DETECT: the message this one repeats */
  readonly repeatOf?: number;
  /** model operators: the label and its confidence */
  readonly label?: string;
  readonly confidence?: number;
}

/** Orders evidence by message, then span, then operator, and drops exact duplicates. */
export function sortEvidence(evidence: readonly Evidence[]): Evidence[] {
  const sorted = [...evidence].sort(
    (a, b) => a.message - b.message || a.start - b.start || a.end - b.end || a.operatorIndex - b.operatorIndex,
  );
  const out: Evidence[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (
      last !== undefined &&
      last.message === e.message &&
      last.start === e.start &&
      last.end === e.end &&
      last.operatorIndex === e.operatorIndex &&
      last.keyword === e.keyword &&
      last.repeatOf === e.repeatOf &&
      last.label === e.label
    ) {
      continue;
    }
    out.push(e);
  }
  return out;
}

/** The distinct messages that carry evidence, in transcript order. */
export function evidenceMessages(evidence: readonly Evidence[]): number[] {
  return [...new Set(evidence.map((e) => e.message))].sort((a, b) => a - b);
}

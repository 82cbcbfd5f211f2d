import type { AnchorLocation, Role } from '../rule/types.js';
import type { Sentence } from '../transcript/types.js';

/** A check range after compilation (ENGINE-SEMANTICS "Check range"). */
export interface CompiledCheckRange {
  readonly role: Role | null;
  /** 1-based, negative counts from the far end; null: from the first */
  readonly from: number | null;
  /** null: to the end */
  readonly to: number | null;
  /** false when no range was given or `rangeSelect` is ALL */
  readonly useRange: boolean;
  readonly anchor: CompiledAnchor | null;
}

export interface CompiledAnchor {
  /** index of the anchor condition in the rule's condition list (always earlier) */
  readonly condition: number;
  readonly cid: string;
  readonly location: AnchorLocation;
  /** -1 any one time, 0 every time, 1 the `nth` time */
  readonly hitTime: -1 | 0 | 1;
  readonly nth: number;
}

/** The messages a condition looks at, in transcript order. */
export interface Selection {
  readonly indices: readonly number[];
  /** 1 for a selected message, by message index */
  readonly mask: Uint8Array;
  /** at least one selected message has text: without one, no condition can hit */
  readonly hasText: boolean;
}

const ASCENDING = 1;
const DESCENDING = -1;

/**
 * Selects messages in the order anchor region → role → range. `anchorAt` is the message index of the
 * chosen anchor hit, or null for a condition without an anchor.
 */
export function selectSentences(
  sentences: readonly Sentence[],
  range: CompiledCheckRange,
  anchorAt: number | null,
  role: Role | null,
): Selection {
  const n = sentences.length;
  const mask = new Uint8Array(n);
  const indices: number[] = [];
  if (anchorAt === null || range.anchor === null) {
    pickRegion(sentences, range, role, 0, ASCENDING, n, mask, indices);
  } else {
    const location = range.anchor.location;
    // Positions count outward from the anchor: the region before it is walked backwards.
    if (location === 'BEFORE' || location === 'AROUND') {
      pickRegion(sentences, range, role, anchorAt - 1, DESCENDING, anchorAt, mask, indices);
      indices.reverse();
    }
    if (location === 'AFTER' || location === 'AROUND') {
      pickRegion(sentences, range, role, anchorAt + 1, ASCENDING, n - anchorAt - 1, mask, indices);
    }
  }
  let hasText = false;
  for (let k = 0; k < indices.length; k++) {
    if (sentences[indices[k]!]!.text !== null) {
      hasText = true;
      break;
    }
  }
  return { indices, mask, hasText };
}

/**
 * Appends to `out` (in walking order) and marks in `mask` the messages of one region that have the role and
 * fall in the range: the region is `length` messages from `start`, walked in `step` direction; positions are
 * 1-based in that order among the messages with the role, negative ones from its far end.
 */
function pickRegion(
  sentences: readonly Sentence[],
  range: CompiledCheckRange,
  role: Role | null,
  start: number,
  step: number,
  length: number,
  mask: Uint8Array,
  out: number[],
): void {
  let count = length;
  if (role !== null) {
    count = 0;
    for (let k = 0, i = start; k < length; k++, i += step) if (sentences[i]!.role === role) count++;
  }
  let from = 1;
  let to = count;
  if (range.useRange) {
    if (range.from !== null) from = Math.max(1, range.from > 0 ? range.from : count + range.from + 1);
    if (range.to !== null) to = Math.min(count, range.to > 0 ? range.to : count + range.to + 1);
  }
  if (from > to) return;
  let position = 0;
  for (let k = 0, i = start; k < length; k++, i += step) {
    if (role !== null && sentences[i]!.role !== role) continue;
    position++;
    if (position < from) continue;
    if (position > to) break;
    mask[i] = 1;
    out.push(i);
  }
}

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
  const picked: number[] = [];
  const region = (order: number[]) =>
    pickRange(
      order.filter((i) => role === null || sentences[i]!.role === role),
      range,
    );
  if (anchorAt === null || range.anchor === null) {
    picked.push(...region(sentences.map((_, i) => i)));
  } else {
    const location = range.anchor.location;
    if (location === 'BEFORE' || location === 'AROUND') {
      const before: number[] = [];
      for (let i = anchorAt - 1; i >= 0; i--) before.push(i);
      picked.push(...region(before));
    }
    if (location === 'AFTER' || location === 'AROUND') {
      const after: number[] = [];
      for (let i = anchorAt + 1; i < sentences.length; i++) after.push(i);
      picked.push(...region(after));
    }
  }
  picked.sort((a, b) => a - b);
  const mask = new Uint8Array(sentences.length);
  let hasText = false;
  for (const i of picked) {
    mask[i] = 1;
    if (sentences[i]!.text !== null) hasText = true;
  }
  return { indices: picked, mask, hasText };
}

/** Positions count from the start of `order` (outward from the anchor); negative ones from its far end. */
function pickRange(order: number[], range: CompiledCheckRange): number[] {
  if (!range.useRange) return order;
  const n = order.length;
  const resolve = (p: number) => (p > 0 ? p : n + p + 1);
  const from = Math.max(1, range.from === null ? 1 : resolve(range.from));
  const to = Math.min(n, range.to === null ? n : resolve(range.to));
  return from > to ? [] : order.slice(from - 1, to);
}

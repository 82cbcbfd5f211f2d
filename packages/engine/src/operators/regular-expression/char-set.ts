/**
 * Sets of Unicode code points as sorted, disjoint, non-adjacent inclusive ranges
 * `[lo0, hi0, lo1, hi1, …]`. Used by the backtracking analysis (do two positions
 * overlap?) and by the RE2 translation (explicit ranges for `\s`, `\W`, binary properties).
 */
export type CharSet = readonly number[];

const MAX_CODE_POINT = 0x10ffff;
export const EMPTY_SET: CharSet = [];
export const ANY_CHAR: CharSet = [0, MAX_CODE_POINT];

/** Sorts and merges arbitrary `[lo, hi]` pairs into a canonical set. */
export function setFromRanges(pairs: ReadonlyArray<readonly [number, number]>): CharSet {
  const sorted = pairs.filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of sorted) {
    const last = out.length - 1;
    if (last > 0 && lo <= (out[last] ?? -2) + 1) {
      out[last] = Math.max(out[last] ?? hi, hi);
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

export function setOf(...codePoints: number[]): CharSet {
  return setFromRanges(codePoints.map((cp) => [cp, cp] as const));
}

export function toPairs(set: CharSet): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i + 1 < set.length; i += 2) pairs.push([set[i] ?? 0, set[i + 1] ?? 0]);
  return pairs;
}

export function union(...sets: CharSet[]): CharSet {
  return setFromRanges(sets.flatMap(toPairs));
}

export function complement(set: CharSet): CharSet {
  const out: number[] = [];
  let next = 0;
  for (const [lo, hi] of toPairs(set)) {
    if (lo > next) out.push(next, lo - 1);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const aLo = a[i] ?? 0;
    const aHi = a[i + 1] ?? 0;
    const bLo = b[j] ?? 0;
    const bHi = b[j + 1] ?? 0;
    if (aHi < bLo) i += 2;
    else if (bHi < aLo) j += 2;
    else return true;
  }
  return false;
}

export function contains(set: CharSet, cp: number): boolean {
  let lo = 0;
  let hi = set.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < (set[mid * 2] ?? 0)) hi = mid - 1;
    else if (cp > (set[mid * 2 + 1] ?? 0)) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Number of code points in the set. */
export function setSize(set: CharSet): number {
  let n = 0;
  for (const [lo, hi] of toPairs(set)) n += hi - lo + 1;
  return n;
}

/** The code points of a small set (callers check `setSize` first). */
export function members(set: CharSet): number[] {
  const out: number[] = [];
  for (const [lo, hi] of toPairs(set)) for (let cp = lo; cp <= hi; cp++) out.push(cp);
  return out;
}

// ---------------------------------------------------------------------------
// Case folding, for the analysis only: two positions that differ only by case
// overlap when the regex is case-insensitive. An approximation of Unicode simple
// case folding built from the runtime's single-code-point case mappings.

interface CaseTable {
  /** sorted code points that have at least one case variant */
  readonly cased: number[];
  readonly orbit: Map<number, number[]>;
}

let caseTable: CaseTable | null = null;

// Case mappings exist only below U+20000 (BMP, Deseret, Osage, Adlam, …).
const LAST_CASED_CODE_POINT = 0x1ffff;

function singleCodePoint(s: string): number | null {
  const cp = s.codePointAt(0);
  return cp !== undefined && String.fromCodePoint(cp).length === s.length ? cp : null;
}

function buildCaseTable(): CaseTable {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(x, root);
    return root;
  };
  const join = (a: number, b: number): void => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (let cp = 0; cp <= LAST_CASED_CODE_POINT; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    for (const mapped of [ch.toLowerCase(), ch.toUpperCase()]) {
      const other = singleCodePoint(mapped);
      if (other !== null && other !== cp) join(cp, other);
    }
  }
  const orbits = new Map<number, number[]>();
  for (const cp of parent.keys()) {
    const root = find(cp);
    const list = orbits.get(root) ?? [];
    list.push(cp);
    orbits.set(root, list);
  }
  const orbit = new Map<number, number[]>();
  for (const list of orbits.values()) for (const cp of list) orbit.set(cp, list);
  return { cased: [...orbit.keys()].sort((a, b) => a - b), orbit };
}

/** The set plus every case variant of its members. */
export function caseClose(set: CharSet): CharSet {
  caseTable ??= buildCaseTable();
  const table = caseTable;
  // small sets (single characters, short classes): look their members up directly
  const candidates = setSize(set) <= table.cased.length ? members(set) : table.cased.filter((cp) => contains(set, cp));
  const extra: Array<[number, number]> = [];
  for (const cp of candidates) for (const variant of table.orbit.get(cp) ?? []) extra.push([variant, variant]);
  return extra.length === 0 ? set : union(set, setFromRanges(extra));
}

/** One representative of the character's case variants (itself when it has none). */
export function caseCanonical(cp: number): number {
  caseTable ??= buildCaseTable();
  return Math.min(cp, ...(caseTable.orbit.get(cp) ?? []));
}

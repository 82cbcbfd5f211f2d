import { foldText } from '../text/fold.js';
import type { Transcript } from '../transcript/types.js';
import { quantile } from './statistics.js';

export type PhraseRole = 'AGENT' | 'CUSTOMER';

/**
 * Per session, the distinct character n-grams (2–4 by default) of each role's messages after the engine's own
 * folding (width and case), as ids into one vocabulary. Only n-grams made entirely of non-ASCII letters (Han and
 * the like) are kept: punctuation, digits and spaces break them, and ASCII words are left out because a keyword
 * rule matches ASCII only as a whole word, which a character n-gram is not.
 */
export interface NgramIndex {
  readonly phrases: readonly { readonly role: PhraseRole; readonly phrase: string }[];
  /** the sessions' ids, in order */
  readonly sessionIds: readonly string[];
  /** per session, its sorted distinct n-gram ids */
  readonly sessions: readonly Int32Array[];
}

let letterTable: Uint8Array | undefined;
function isPhraseChar(code: number): boolean {
  if (letterTable === undefined) {
    letterTable = new Uint8Array(0x10000);
    const letter = /\p{L}/u;
    for (let c = 0x80; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (letter.test(String.fromCharCode(c))) letterTable[c] = 1;
    }
  }
  return letterTable[code] === 1;
}

export function ngramIndex(transcripts: readonly Transcript[], minN = 2, maxN = 4): NgramIndex {
  const ids = new Map<string, number>();
  const phrases: { role: PhraseRole; phrase: string }[] = [];
  const sessions = transcripts.map((transcript) => {
    const seen = new Set<number>();
    for (const sentence of transcript.sentences) {
      if (sentence.text === null || (sentence.role !== 'AGENT' && sentence.role !== 'CUSTOMER')) continue;
      const role = sentence.role;
      const text = foldText(sentence.text);
      let runStart = 0;
      for (let i = 0; i <= text.length; i++) {
        if (i < text.length && isPhraseChar(text.charCodeAt(i))) continue;
        // a run of phrase characters [runStart, i)
        for (let start = runStart; start < i; start++) {
          for (let len = minN; len <= maxN && start + len <= i; len++) {
            const key = `${role === 'AGENT' ? 'A' : 'C'}${text.slice(start, start + len)}`;
            let id = ids.get(key);
            if (id === undefined) {
              id = phrases.length;
              ids.set(key, id);
              phrases.push({ role, phrase: key.slice(1) });
            }
            seen.add(id);
          }
        }
        runStart = i + 1;
      }
    }
    return Int32Array.from(seen).sort();
  });
  return { phrases, sessionIds: transcripts.map((t) => t.sessionId), sessions };
}

export interface PhraseEvidence {
  readonly role: PhraseRole;
  readonly phrase: string;
  /** the weighted log-odds z-score: positive when the phrase marks low-judged sessions, negative high-judged */
  readonly z: number;
  /** log-odds ratio (low vs high) with the prior */
  readonly delta: number;
  /** sessions with the phrase among the low-judged, the high-judged, and all sessions considered */
  readonly low: number;
  readonly high: number;
  readonly total: number;
  /** sizes of the low and high groups */
  readonly lowSessions: number;
  readonly highSessions: number;
  /** the ids of the sessions counted in `low` and `high`, in the sessions' order */
  readonly lowSessionIds: readonly string[];
  readonly highSessionIds: readonly string[];
}

export interface SuggestOptions {
  /** how many phrases (default 20) */
  readonly count?: number;
  /** a phrase must occur in at least this many of the sessions considered (default max(10, 1 % of them)) */
  readonly minSessions?: number;
  /** prior strength: α_w = prior × the phrase's count over all sessions considered (default 0.5) */
  readonly prior?: number;
  /** the roles whose phrases may be suggested (default both) */
  readonly roles?: readonly PhraseRole[];
}

/**
 * Phrases that separate low- from high-judged sessions: weighted log-odds with an informative Dirichlet prior
 * (Monroe, Colaresi & Quinn 2008, "Fightin' Words", §3.5). Low = labels at or below the lower quartile of the
 * sessions considered, high = at or above the upper quartile. A phrase counts once per session (document
 * frequency: one long session does not outvote many). With y the counts, n the group totals and α the prior,
 * δ = log((y_low+α)/(n_low+α₀−y_low−α)) − log((y_high+α)/(n_high+α₀−y_high−α)), var ≈ 1/(y_low+α) + 1/(y_high+α),
 * z = δ/√var. The top phrases by |z| are kept, skipping one that contains (or is contained in) a phrase already
 * kept for the same role and direction, or that occurs in exactly as many sessions of each group (a piece of the
 * same longer phrase), so `谢谢` and `谢谢您` do not both take a place.
 */
export function suggestPhrases(
  index: NgramIndex,
  labels: ArrayLike<number>,
  subset: ArrayLike<number>,
  options: SuggestOptions = {},
): PhraseEvidence[] {
  const values = Array.from(subset, (s) => labels[s]!);
  const lowCut = quantile(values, 0.25);
  const highCut = quantile(values, 0.75);
  const vocabulary = index.phrases.length;
  const all = new Float64Array(vocabulary);
  const low = new Float64Array(vocabulary);
  const high = new Float64Array(vocabulary);
  let lowSessions = 0;
  let highSessions = 0;
  for (let i = 0; i < subset.length; i++) {
    const s = subset[i]!;
    const label = labels[s]!;
    const isLow = label <= lowCut;
    const isHigh = label >= highCut && !isLow;
    if (isLow) lowSessions++;
    if (isHigh) highSessions++;
    for (const id of index.sessions[s]!) {
      all[id]!++;
      if (isLow) low[id]!++;
      else if (isHigh) high[id]!++;
    }
  }
  const minSessions = options.minSessions ?? Math.max(10, Math.round(subset.length * 0.01));
  const prior = options.prior ?? 0.5;
  let nLow = 0;
  let nHigh = 0;
  let nAll = 0;
  for (let w = 0; w < vocabulary; w++) {
    nLow += low[w]!;
    nHigh += high[w]!;
    nAll += all[w]!;
  }
  const alpha0 = prior * nAll;
  type Scored = Omit<PhraseEvidence, 'lowSessionIds' | 'highSessionIds'> & { readonly w: number };
  const scored: Scored[] = [];
  const roles = new Set(options.roles ?? ['AGENT', 'CUSTOMER']);
  for (let w = 0; w < vocabulary; w++) {
    if (all[w]! < minSessions || !roles.has(index.phrases[w]!.role)) continue;
    const a = prior * all[w]!;
    const yl = low[w]!;
    const yh = high[w]!;
    const delta = Math.log((yl + a) / (nLow + alpha0 - yl - a)) - Math.log((yh + a) / (nHigh + alpha0 - yh - a));
    const z = delta / Math.sqrt(1 / (yl + a) + 1 / (yh + a));
    const { role, phrase } = index.phrases[w]!;
    scored.push({ role, phrase, z, delta, low: yl, high: yh, total: all[w]!, lowSessions, highSessions, w });
  }
  scored.sort((x, y) => Math.abs(y.z) - Math.abs(x.z) || (x.phrase < y.phrase ? -1 : 1));
  const count = options.count ?? 20;
  const kept: Scored[] = [];
  for (const candidate of scored) {
    if (kept.length >= count) break;
    const overlaps = kept.some(
      (k) =>
        k.role === candidate.role &&
        Math.sign(k.z) === Math.sign(candidate.z) &&
        (k.phrase.includes(candidate.phrase) ||
          candidate.phrase.includes(k.phrase) ||
          // pieces of one longer phrase (锤子科技客服 → 锤子, 子科技客, 技客服) occur in the same sessions
          (k.low === candidate.low && k.high === candidate.high && k.total === candidate.total)),
    );
    if (!overlaps) kept.push(candidate);
  }
  // The sessions behind the kept phrases' counts: only for the few kept, so the pass over the vocabulary stays lean.
  const named = kept.map(() => ({ low: [] as string[], high: [] as string[] }));
  for (let i = 0; i < subset.length; i++) {
    const s = subset[i]!;
    const label = labels[s]!;
    const isLow = label <= lowCut;
    const isHigh = label >= highCut && !isLow;
    if (!isLow && !isHigh) continue;
    const ids = index.sessions[s]!;
    kept.forEach((k, j) => {
      if (!containsSorted(ids, k.w)) return;
      (isLow ? named[j]!.low : named[j]!.high).push(index.sessionIds[s]!);
    });
  }
  return kept.map(({ w: _w, ...k }, j) => ({ ...k, lowSessionIds: named[j]!.low, highSessionIds: named[j]!.high }));
}

function containsSorted(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid]!;
    if (x === value) return true;
    if (x < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

export interface SuggestionRuleOptions {
  /** prefix of the rule ids (default `calib`) */
  readonly idPrefix?: string;
  /**
   * How a phrase of high-judged sessions becomes a rule. `MISSING` (default): a ONCE deduction when the phrase
   * does not occur (lambda ANY_ONE_NOT_MET, as the demo's "greeting missing" rule). `ADD`: a bonus when it occurs —
   * which can only offset deductions in its angle, never lift an angle above its full score, so it separates
   * fewer sessions (on STC-3 it fits worse; see the README's Calibration section).
   */
  readonly positive?: 'ADD' | 'MISSING';
}

/**
 * Keyword rules for suggested phrases: HIT_ANY_KEYWORDS with the phrase on its role; a phrase of low-judged
 * sessions deducts (SUB, per message that has it), one of high-judged sessions deducts once when missing (or adds:
 * see `positive`).
 * Scores start at 0 (no effect) for the fit to choose.
 */
export function suggestionRules(
  phrases: readonly PhraseEvidence[],
  options: SuggestionRuleOptions = {},
): SuggestedRule[] {
  const prefix = options.idPrefix ?? 'calib';
  return phrases.map((p, i) => {
    const negative = p.z > 0;
    const missing = !negative && options.positive !== 'ADD';
    const who = p.role === 'AGENT' ? '客服' : '客户';
    const name = negative
      ? `${who}说「${p.phrase}」`
      : missing
        ? `${who}未说「${p.phrase}」`
        : `${who}说「${p.phrase}」（加分）`;
    return {
      id: `${prefix}-${i + 1}-${p.role === 'AGENT' ? 'agent' : 'customer'}`,
      name: `建议 suggested: ${name}`,
      conditionConfig: {
        conditions: [
          {
            cid: 'a',
            operators: [{ type: 'HIT_ANY_KEYWORDS', param: { keywords: [p.phrase] } }],
            checkRange: { role: p.role },
          },
        ],
        lambda: missing ? 'ANY_ONE_NOT_MET' : 'ALL',
        ruleScore: { enable: true, ruleScoreType: negative ? 'SUB' : missing ? 'ONCE' : 'ADD', scoreNum: 0 },
        level: 'MINOR',
        autoReview: false,
      },
    };
  });
}

/** A suggested rule, in the console's stored rule shape (what `compileRule` reads). */
export interface SuggestedRule {
  readonly id: string;
  readonly name: string;
  readonly conditionConfig: {
    readonly conditions: readonly {
      readonly cid: string;
      readonly operators: readonly {
        readonly type: 'HIT_ANY_KEYWORDS';
        readonly param: { readonly keywords: readonly string[] };
      }[];
      readonly checkRange: { readonly role: PhraseRole };
    }[];
    readonly lambda: 'ALL' | 'ANY_ONE_NOT_MET';
    readonly ruleScore: {
      readonly enable: true;
      readonly ruleScoreType: 'SUB' | 'ADD' | 'ONCE';
      readonly scoreNum: number;
    };
    readonly level: string;
    readonly autoReview: boolean;
  };
}

import { type HitMatrix, linkUnit, type ScoringModel } from './scoring-model.js';
import { averageRanks } from './statistics.js';

export interface FitOptions {
  /** let the fit drop (or keep) each veto rule and fit its links' scores; default false: veto rules untouched */
  readonly fitVeto?: boolean;
  /** passes over all scores (default 6; it stops earlier when a pass changes nothing) */
  readonly rounds?: number;
  /** the scores tried for each rule (default 0–10, then coarser up to 100), capped at the angle's full score */
  readonly candidates?: readonly number[];
}

export interface FitResult {
  /** per link of the model, its integer score (links that are not fitted keep theirs) */
  readonly scores: readonly number[];
  /** the veto rules kept (indices into the hit matrix's rules) */
  readonly veto: readonly number[];
  /** which links were free to change */
  readonly fitted: readonly boolean[];
  /** Spearman's correlation on the sessions fitted, before and after */
  readonly before: number;
  readonly after: number;
}

export const DEFAULT_CANDIDATES: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100,
];

/**
 * Chooses each rule's integer score to maximise Spearman's correlation between AI scores and labels on the given
 * sessions, by coordinate ascent: one link at a time, try every candidate score (and ±1, ±2 around the current one)
 * with the others fixed, keep the best if it is strictly better; repeat until a pass changes nothing.
 *
 * Stays inside the scoring model by construction: score types, angles and their full scores are never changed;
 * scores are integers in [0, the angle's full score] (more cannot change an angle clamped to [0, full]); disabled
 * links, links in angles worth 0 and (unless `fitVeto`) veto rules and their links keep their settings.
 * The rank objective is flat almost everywhere, so this is a local search: it starts from the scheme's scores and
 * only moves uphill, and the figure to trust is the out-of-fold one (see `crossValidate`).
 */
export function fitScores(
  model: ScoringModel,
  hits: HitMatrix,
  labels: ArrayLike<number>,
  subset: ArrayLike<number>,
  options: FitOptions = {},
): FitResult {
  const n = subset.length;
  const objective = rankObjective(
    Array.from(subset, (s) => labels[s]!),
    maxTotal(model),
  );
  const vetoSet = new Set(model.veto);
  const fitted = model.links.map(
    (link) =>
      link.scoring &&
      model.angles[link.angleIndex]!.score > 0 &&
      (options.fitVeto === true || !vetoSet.has(link.ruleIndex)),
  );
  const scores = model.links.map((l) => l.scoreNum);
  // Sparse per link: the sessions (positions in subset) it touches and its unit effect there.
  const touched = model.links.map((link) => {
    const counts = hits.hitCounts[link.ruleIndex]!;
    const at: number[] = [];
    const unit: number[] = [];
    for (let i = 0; i < n; i++) {
      const u = linkUnit(link.type, counts[subset[i]!]!);
      if (u !== 0) {
        at.push(i);
        unit.push(u);
      }
    }
    return { at: Int32Array.from(at), unit: Int32Array.from(unit) };
  });
  const raw = model.angles.map((angle) => new Float64Array(n).fill(angle.score));
  model.links.forEach((link, l) => {
    if (!link.scoring) return;
    const { at, unit } = touched[l]!;
    for (let k = 0; k < at.length; k++) raw[link.angleIndex]![at[k]!]! += scores[l]! * unit[k]!;
  });
  const clamp = (a: number, v: number) => Math.min(model.angles[a]!.score, Math.max(0, v));
  const total = new Float64Array(n);
  model.angles.forEach((_, a) => {
    for (let i = 0; i < n; i++) total[i]! += clamp(a, raw[a]![i]!);
  });
  const vetoHits = model.veto.map((rule) => {
    const counts = hits.hitCounts[rule]!;
    return Int32Array.from({ length: n }, (_, i) => (counts[subset[i]!]! > 0 ? 1 : 0));
  });
  const vetoOn = model.veto.map(() => true);
  const vetoed = new Int32Array(n);
  for (const v of vetoHits) for (let i = 0; i < n; i++) vetoed[i]! += v[i]!;

  const scratch = new Float64Array(n);
  const score = (values: Float64Array) => {
    for (let i = 0; i < n; i++) scratch[i] = vetoed[i]! > 0 ? 0 : values[i]!;
    return objective(scratch);
  };
  const before = score(total);
  let best = before;
  const trial = new Float64Array(n);
  const candidates = options.candidates ?? DEFAULT_CANDIDATES;
  const rounds = options.rounds ?? 6;
  for (let round = 0; round < rounds; round++) {
    let changed = false;
    model.links.forEach((link, l) => {
      if (!fitted[l]) return;
      const a = link.angleIndex;
      const full = model.angles[a]!.score;
      const { at, unit } = touched[l]!;
      if (at.length === 0) return;
      const current = scores[l]!;
      const tries = new Set<number>();
      for (const c of candidates) if (c <= full) tries.add(c);
      for (const d of [-2, -1, 1, 2]) if (current + d >= 0 && current + d <= full) tries.add(current + d);
      tries.delete(current);
      let bestValue = current;
      for (const value of tries) {
        trial.set(total);
        for (let k = 0; k < at.length; k++) {
          const i = at[k]!;
          const r = raw[a]![i]!;
          trial[i]! += clamp(a, r + (value - current) * unit[k]!) - clamp(a, r);
        }
        const got = score(trial);
        if (got > best + 1e-12) {
          best = got;
          bestValue = value;
        }
      }
      if (bestValue !== current) {
        for (let k = 0; k < at.length; k++) {
          const i = at[k]!;
          const r = raw[a]![i]!;
          const next = r + (bestValue - current) * unit[k]!;
          total[i]! += clamp(a, next) - clamp(a, r);
          raw[a]![i] = next;
        }
        scores[l] = bestValue;
        changed = true;
      }
    });
    if (options.fitVeto === true) {
      vetoHits.forEach((v, j) => {
        const sign = vetoOn[j] ? -1 : 1;
        for (let i = 0; i < n; i++) vetoed[i]! += sign * v[i]!;
        const got = score(total);
        if (got > best + 1e-12) {
          best = got;
          vetoOn[j] = !vetoOn[j];
          changed = true;
        } else {
          for (let i = 0; i < n; i++) vetoed[i]! -= sign * v[i]!;
        }
      });
    }
    if (!changed) break;
  }
  return {
    scores,
    veto: model.veto.filter((_, j) => vetoOn[j]),
    fitted,
    before: finite(before),
    after: finite(best),
  };
}

function finite(x: number): number {
  return x < -1 ? Number.NaN : x;
}

function maxTotal(model: ScoringModel): number {
  return model.angles.reduce((sum, a) => sum + a.score, 0);
}

/**
 * Spearman's correlation of candidate AI scores with fixed labels, fast: the labels' ranks are computed once, and
 * AI scores, whole numbers from 0 to the scheme's total, are ranked by counting (average ranks for ties). A
 * constant score (no correlation defined) scores −2, below any real value, so the search moves away from it.
 */
function rankObjective(labels: readonly number[], top: number): (values: Float64Array) => number {
  const n = labels.length;
  const labelRanks = averageRanks(labels);
  const centre = (n + 1) / 2;
  const centred = labelRanks.map((r) => r - centre);
  let sll = 0;
  for (const c of centred) sll += c * c;
  const integral = Number.isInteger(top) && top >= 0 && top <= 100_000;
  const counts = new Float64Array(integral ? top + 2 : 0);
  return (values) => {
    let ranks: Float64Array;
    if (integral && values.every((v) => Number.isInteger(v) && v >= 0 && v <= top)) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[values[i]!]!++;
      // counts[v] becomes the average rank of value v
      let below = 0;
      for (let v = 0; v <= top; v++) {
        const c = counts[v]!;
        counts[v] = below + (c + 1) / 2;
        below += c;
      }
      ranks = new Float64Array(n);
      for (let i = 0; i < n; i++) ranks[i] = counts[values[i]!]!;
    } else {
      ranks = averageRanks(values);
    }
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i++) {
      const d = ranks[i]! - centre;
      sxy += d * centred[i]!;
      sxx += d * d;
    }
    if (sxx === 0 || sll === 0) return -2;
    return sxy / Math.sqrt(sxx * sll);
  };
}

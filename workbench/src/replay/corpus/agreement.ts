/** How the AI score agrees with a human judgement over the judged sessions: the pairs, Spearman's ρ, a chart sample. */

import { spearman } from '@qcdesk/engine';
import { type JudgementKind, judgementValue } from './corpus-session';
import type { CorpusReport } from './corpus-tally';

export interface AgreementPoint {
  readonly aiScore: number;
  readonly judgement: number;
}

export interface Agreement {
  readonly kind: JudgementKind;
  /** sessions carrying this judgement */
  readonly pairs: number;
  /** Spearman's rank correlation over every pair; null with fewer than two or a constant side */
  readonly rho: number | null;
  /** at most `maxPoints` pairs spread evenly over the corpus, for the scatter chart */
  readonly points: readonly AgreementPoint[];
}

export function agreementOf(report: CorpusReport, kind: JudgementKind, maxPoints = 600): Agreement {
  const xs: number[] = [];
  const ys: number[] = [];
  const { aiScores, judgements } = report.judged;
  judgements.forEach((judgement, i) => {
    const value = judgementValue(judgement, kind);
    if (value === null) return;
    xs.push(aiScores[i]!);
    ys.push(value);
  });
  // every k-th pair: a scatter of tens of thousands of dots costs the page more than it tells the reader
  const step = Math.max(1, Math.ceil(xs.length / maxPoints));
  const points: AgreementPoint[] = [];
  for (let i = 0; i < xs.length; i += step) points.push({ aiScore: xs[i]!, judgement: ys[i]! });
  return { kind, pairs: xs.length, rho: rankCorrelation(xs, ys), points };
}

/** Spearman's ρ as the panel shows it (the engine's, as calibration computes it): null when it is undefined. */
export function rankCorrelation(xs: readonly number[], ys: readonly number[]): number | null {
  const rho = spearman(xs, ys);
  return Number.isNaN(rho) ? null : Math.max(-1, Math.min(1, rho));
}

/** The judgement kinds some session carries, in the order the picker lists them. */
export function judgementKindsPresent(report: CorpusReport, kinds: readonly JudgementKind[]): JudgementKind[] {
  return kinds.filter((kind) => report.judged.judgements.some((j) => judgementValue(j, kind) !== null));
}

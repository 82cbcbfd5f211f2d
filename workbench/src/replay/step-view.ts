/**
 * What one step of a replay shows, derived from the engine's replay: the evidence to mark in the transcript, the
 * rules whose outcome changed at this step, and the score lines over all steps. Pure functions of the engine's data.
 */
import type { ReplayResult, ReplayStep } from '@qcdesk/engine';
import type { TranscriptHighlight } from '../ui/transcript/highlight-spans';

/** Evidence of every condition that holds at this step (of one rule when `ruleId` is given), labelled `rule · cid`. */
export function highlightsAt(step: ReplayStep, ruleId: string | null = null): TranscriptHighlight[] {
  const out: TranscriptHighlight[] = [];
  for (const rule of step.rules) {
    if (ruleId !== null && rule.ruleId !== ruleId) continue;
    for (const condition of rule.conditions) {
      for (const e of condition.evidence) {
        out.push({ message: e.message, start: e.start, end: e.end, label: `${rule.ruleName} · ${condition.cid}` });
      }
    }
  }
  return out;
}

export type RuleChange = 'hit' | 'unhit';

/**
 * Rules whose outcome differs from the step before (the first step compares with an empty session, where nothing
 * hit): 'hit' when the rule starts to hit, 'unhit' when it stops (an ANY_ONE_NOT_MET or EXCLUDE rule can).
 */
export function ruleChangesAt(replay: ReplayResult, step: number): Map<string, RuleChange> {
  const changes = new Map<string, RuleChange>();
  const now = replay.steps[step];
  if (now === undefined) return changes;
  const before = new Map((replay.steps[step - 1]?.rules ?? []).map((r) => [r.ruleId, r.hit]));
  for (const rule of now.rules) {
    const was = before.get(rule.ruleId) ?? false;
    if (rule.hit !== was) changes.set(rule.ruleId, rule.hit ? 'hit' : 'unhit');
  }
  return changes;
}

/** One point of the score chart: the message number and a value per series key. */
export type ScorePoint = { message: number } & Record<string, number>;

export interface ScoreSeries {
  /** the key in each point */
  key: string;
  label: string;
  /** the AI score (as opposed to an angle) */
  total: boolean;
}

/**
 * The AI score and each angle's result per step. With a single angle (a rule scored alone) the angle line would
 * repeat the total, so only the total is drawn. Null when the replay has no scores (rules without a scheme).
 */
export function scoreLines(
  replay: ReplayResult,
  totalLabel: string,
): { points: ScorePoint[]; series: ScoreSeries[] } | null {
  const first = replay.steps[0];
  if (first === undefined || first.aiScore === null) return null;
  const angles = first.angles.length > 1 ? first.angles : [];
  const series: ScoreSeries[] = [
    { key: 'total', label: totalLabel, total: true },
    ...angles.map((a, i) => ({ key: `angle${i}`, label: a.angleName, total: false })),
  ];
  const points = replay.steps.map((step) => {
    const point: ScorePoint = { message: step.seen, total: step.aiScore ?? 0 };
    angles.forEach((_, i) => {
      point[`angle${i}`] = step.angles[i]?.result ?? 0;
    });
    return point;
  });
  return { points, series };
}

import { SATISFACTION_MAX, SATISFACTION_MIN } from './chat.js';
import { type DictValue, defineDictionary } from './dictionary.js';

/**
 * The satisfaction levels a customer rates with (online-service-config §3.8), best first. Each is a score of the QC
 * area's 1..5 scale (SATISFACTION_MIN..MAX), so a rating stored by a survey reads the same in the QC filters.
 */
export const SatisfactionLevel = defineDictionary('dict-satisfaction-level', {
  VERY_SATISFIED: { zh: '非常满意', en: 'Very satisfied' },
  SATISFIED: { zh: '满意', en: 'Satisfied' },
  AVERAGE: { zh: '一般', en: 'Average' },
  DISSATISFIED: { zh: '不满意', en: 'Dissatisfied' },
  VERY_DISSATISFIED: { zh: '非常不满意', en: 'Very dissatisfied' },
});
export type SatisfactionLevel = DictValue<typeof SatisfactionLevel>;

/** The score of each level (spec §3.8: VERY_SATISFIED 5 … VERY_DISSATISFIED 1). */
export const SATISFACTION_LEVEL_SCORES: Readonly<Record<SatisfactionLevel, number>> = {
  VERY_SATISFIED: 5,
  SATISFIED: 4,
  AVERAGE: 3,
  DISSATISFIED: 2,
  VERY_DISSATISFIED: 1,
};

/** The five scores, 5 down to 1: the order a survey shows its levels in and a config keeps its tags and replies. */
export const SATISFACTION_SCORES: readonly number[] = SatisfactionLevel.values.map((l) => SATISFACTION_LEVEL_SCORES[l]);

/** The level of a score of 1..5; any other value has none. */
export function satisfactionLevelOf(score: unknown): SatisfactionLevel | null {
  if (typeof score !== 'number' || score < SATISFACTION_MIN || score > SATISFACTION_MAX) return null;
  return SatisfactionLevel.values.find((level) => SATISFACTION_LEVEL_SCORES[level] === score) ?? null;
}

/** How a survey shows the levels (spec §3.8 style; STAR by default, §9). */
export const ScoreStyle = defineDictionary('dict-score-style', {
  STAR: { zh: '星级', en: 'Stars' },
  EMOJI: { zh: '表情', en: 'Emoji faces' },
});
export type ScoreStyle = DictValue<typeof ScoreStyle>;
export const DEFAULT_SCORE_STYLE: ScoreStyle = 'STAR';

/** A satisfaction config's channel: the spec shows ONLINE only (default, read-only, §3.8). */
export const ScoreConfigType = defineDictionary('dict-score-config-type', {
  ONLINE: { zh: '在线', en: 'Online' },
});
export type ScoreConfigType = DictValue<typeof ScoreConfigType>;

/** How long a survey invitation stays open (spec §5, §9: 1, 3 or 7 days, default 3), as the select offers it. */
export const ScoreValidDays = defineDictionary('dict-score-valid-days', {
  '1': { zh: '1 天', en: '1 day' },
  '3': { zh: '3 天', en: '3 days' },
  '7': { zh: '7 天', en: '7 days' },
});
export const SCORE_VALID_DAYS: readonly number[] = ScoreValidDays.values.map(Number);
export const DEFAULT_SCORE_VALID_DAYS = 3;

/** Whether agents see the ratings of their sessions (agentVisible; the labels are ours), for tags and selects. */
export const AgentVisibility = defineDictionary('dict-score-agent-visible', {
  VISIBLE: { zh: '坐席可见', en: 'Visible to agents' },
  HIDDEN: { zh: '坐席不可见', en: 'Hidden from agents' },
});
export type AgentVisibility = DictValue<typeof AgentVisibility>;
export const agentVisibilityOf = (agentVisible: boolean | null | undefined): AgentVisibility =>
  agentVisible ? 'VISIBLE' : 'HIDDEN';

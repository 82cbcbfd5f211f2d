/**
 * The pure half of the satisfaction config screen: a record to the values it edits, the values to the save body, where
 * a problem of the body belongs, and which threshold choices stay open. The component only calls these.
 */
import {
  DEFAULT_SCORE_VALID_DAYS,
  SATISFACTION_SCORES,
  type ScoreConfig,
  type ScoreOnlineConfig,
} from '@qcdesk/contracts';

export interface ScoreValues {
  name: string;
  /** as the select holds it: '1', '3' or '7' */
  validDays: string;
  agentVisible: boolean;
  /** tags and replies one entry per level, 5 → 1 */
  survey: ScoreOnlineConfig;
}

/** A record's values; a level the record lacks gets no tags and an empty reply (the save then asks for it). */
export function scoreValuesOf(config: ScoreConfig): ScoreValues {
  const survey = config.onlineConfig;
  return {
    name: config.name,
    validDays: String(config.validDays ?? DEFAULT_SCORE_VALID_DAYS),
    agentVisible: config.agentVisible,
    survey: {
      ...survey,
      tags: SATISFACTION_SCORES.map((score) => ({
        score,
        tags: [...(survey.tags.find((t) => t.score === score)?.tags ?? [])],
      })),
      replies: SATISFACTION_SCORES.map((score) => ({
        score,
        reply: survey.replies.find((r) => r.score === score)?.reply ?? '',
      })),
    },
  };
}

/** The save body: the whole config with the version read (the contract checks it before it is sent). */
export function scoreBodyOf(values: ScoreValues, config: ScoreConfig): Record<string, unknown> {
  return {
    id: config.id,
    version: config.version,
    name: values.name,
    type: config.type,
    validDays: Number(values.validDays),
    agentVisible: values.agentVisible,
    onlineConfig: values.survey,
  };
}

/**
 * The form key a problem path of the body names, or null for the banner: `onlineConfig.replies[1].reply` → `reply.4`
 * (the body lists the levels 5 → 1), `onlineConfig.tags[4].tags[0]` → `tag.1.0`, `onlineConfig.positiveScore` →
 * `positiveScore`.
 */
export function scoreFieldOf(path: string): string | null {
  const reply = /^onlineConfig\.replies\[(\d)\]\.reply$/.exec(path);
  if (reply) return `reply.${SATISFACTION_SCORES[Number(reply[1])]}`;
  const tag = /^onlineConfig\.tags\[(\d)\]\.tags\[(\d+)\]$/.exec(path);
  if (tag) return `tag.${SATISFACTION_SCORES[Number(tag[1])]}.${tag[2]}`;
  const key = path.replace(/^onlineConfig\./, '');
  return ['name', 'validDays', 'replies', 'positiveScore', 'negativeScore', 'handSend', 'userInitiatedSend'].includes(
    key,
  )
    ? key
    : null;
}

/**
 * The choices of a threshold (spec §4: the positive threshold stays above the negative one; options that would break
 * it are disabled): for the positive one every score not above the negative one is disabled, for the negative one
 * every score not below the positive one.
 */
export function thresholdChoices(
  which: 'positive' | 'negative',
  other: number,
  label: (score: number) => string,
): { value: string; label: string; disabled: boolean }[] {
  return SATISFACTION_SCORES.map((score) => ({
    value: String(score),
    label: label(score),
    disabled: which === 'positive' ? score <= other : score >= other,
  }));
}

/**
 * A change of one switch and what follows from it (spec §4): switching feedback or resolved off clears
 * feedbackRequired. The send switches are coupled by which of them may change (`sendSwitchOpen`), not here.
 */
export function withSwitch(survey: ScoreOnlineConfig, key: keyof ScoreOnlineConfig, on: boolean): ScoreOnlineConfig {
  const next = { ...survey, [key]: on };
  if (!next.feedback || !next.resolved) next.feedbackRequired = false;
  return next;
}

/**
 * Whether a send switch may be changed: only while the other one is on (spec §4 "ticking auto-send enables the
 * manual-send option and vice versa"), so one of the two always stays on.
 */
export function sendSwitchOpen(survey: ScoreOnlineConfig, key: 'autoSend' | 'handSend'): boolean {
  return key === 'autoSend' ? survey.handSend : survey.autoSend;
}

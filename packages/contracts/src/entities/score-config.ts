import { z } from 'zod';
import { SATISFACTION_MAX, SATISFACTION_MIN } from '../enums/chat.js';
import { ActiveStatus, Deleted } from '../enums/common.js';
import {
  DEFAULT_SCORE_STYLE,
  DEFAULT_SCORE_VALID_DAYS,
  SATISFACTION_SCORES,
  SCORE_VALID_DAYS,
  ScoreConfigType,
  ScoreStyle,
} from '../enums/score.js';
import { auditShape, err, filter, idSchema, LIMITS, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Limits of a satisfaction config (online-service-config §5, §9; the ones marked ours are not the spec's). */
export const SCORE_LIMITS = {
  nameMax: LIMITS.nameMax,
  /** a scene's auto-reply */
  replyMax: 200,
  /** one tag of a level */
  tagMax: 50,
  /** tags of one level (ours) */
  tagsPerLevelMax: 20,
  /** the customer's suggestion as the survey preview takes it */
  suggestionPreviewMax: 60,
  /** minutes after the session in which the customer may still rate on his own (ours; the spec shows no values) */
  userInitiatedSendMax: 7 * 24 * 60,
  userInitiatedSendDefault: 30,
  /** default thresholds: a rating of 4 or more is positive, of 2 or less negative (spec §9) */
  positiveScoreDefault: 4,
  negativeScoreDefault: 2,
} as const;

const levelScore = z
  .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .int()
  .min(SATISFACTION_MIN)
  .max(SATISFACTION_MAX);

/** The tags a customer may pick at one level. */
export const scoreTagsSchema = z.object({ score: levelScore, tags: z.array(z.string()) });
/** The reply a customer gets after rating at one level. */
export const scoreReplySchema = z.object({ score: levelScore, reply: z.string() });

/**
 * onlineConfig as stored and answered (spec §3.8). The survey runs for chatbot sessions (`chatbotEnable`) and agent
 * sessions (`agentEnable`); `invite`: the agent may invite a rating; `tag`, `feedback`, `resolved`: the survey asks
 * for tags, a suggestion and whether the problem was solved, `feedbackRequired` making the suggestion compulsory.
 * Sending: `autoSend` sends the survey when a session ends in one of the ticked scenes (`visitorNoSpeak`: also when
 * the visitor never spoke, `sessionByAgent`: the agent ended it, `agentNoMessage`: also when the agent never wrote,
 * `sessionTimeout`: it timed out, `customerCloseSession`: the customer ended it); `handSend`: the agent sends it;
 * `userInitiated`: the customer may rate on his own within `userInitiatedSend` minutes. A rating of `positiveScore` or
 * more counts as positive, of `negativeScore` or less as negative. `tags` and `replies` hold one entry per level,
 * 5 down to 1: the spec's five "scenes" are the five satisfaction levels.
 */
export const scoreOnlineConfigSchema = z.object({
  chatbotEnable: z.boolean(),
  agentEnable: z.boolean(),
  invite: z.boolean(),
  style: ScoreStyle.schema,
  tag: z.boolean(),
  feedback: z.boolean(),
  resolved: z.boolean(),
  feedbackRequired: z.boolean(),
  tags: z.array(scoreTagsSchema),
  replies: z.array(scoreReplySchema),
  autoSend: z.boolean(),
  handSend: z.boolean(),
  visitorNoSpeak: z.boolean(),
  sessionByAgent: z.boolean(),
  agentNoMessage: z.boolean(),
  sessionTimeout: z.boolean(),
  customerCloseSession: z.boolean(),
  userInitiated: z.boolean(),
  userInitiatedSend: z.number().int().nullish(),
  positiveScore: z.number().int(),
  negativeScore: z.number().int(),
});
export type ScoreOnlineConfig = z.infer<typeof scoreOnlineConfigSchema>;

/** What a new config's scenes answer: a thanks at the top, an apology at the bottom. */
const DEFAULT_REPLIES: Readonly<Record<number, string>> = {
  5: '感谢您的认可，我们会继续努力！',
  4: '感谢您的评价，祝您生活愉快！',
  3: '感谢您的评价，我们会努力做得更好。',
  2: '很抱歉没能让您满意，我们会认真改进。',
  1: '非常抱歉给您带来不好的体验，我们会尽快改进。',
};

/**
 * The onlineConfig of a new config (spec §9: style STAR, thresholds 4 and 2): agent sessions surveyed, sent
 * automatically and by hand, a reply for every level, no tags yet.
 */
export function defaultScoreOnlineConfig(): ScoreOnlineConfig {
  return {
    chatbotEnable: false,
    agentEnable: true,
    invite: true,
    style: DEFAULT_SCORE_STYLE,
    tag: false,
    feedback: true,
    resolved: true,
    feedbackRequired: false,
    tags: SATISFACTION_SCORES.map((score) => ({ score, tags: [] })),
    replies: SATISFACTION_SCORES.map((score) => ({ score, reply: DEFAULT_REPLIES[score] ?? '' })),
    autoSend: true,
    handSend: true,
    visitorNoSpeak: false,
    sessionByAgent: true,
    agentNoMessage: false,
    sessionTimeout: true,
    customerCloseSession: true,
    userInitiated: true,
    userInitiatedSend: SCORE_LIMITS.userInitiatedSendDefault,
    positiveScore: SCORE_LIMITS.positiveScoreDefault,
    negativeScore: SCORE_LIMITS.negativeScoreDefault,
  };
}

/** Each level at most once in a list of per-level entries ('score.levelDuplicate' on the repeat). */
function uniqueLevels(entries: readonly { score: number }[], ctx: z.RefinementCtx) {
  entries.forEach((entry, i) => {
    if (entries.findIndex((e) => e.score === entry.score) !== i)
      ctx.addIssue({ code: 'custom', message: 'score.levelDuplicate', path: [i, 'score'] });
  });
}

const tagText = storableString().trim().min(1, err('score.tagRequired')).max(SCORE_LIMITS.tagMax);

/** Tags per level (spec §5: a tag ≤ 50 characters and not empty, 请填写标签), kept 5 → 1, repeats within a level dropped. */
const tagsInputSchema = z
  .array(z.object({ score: levelScore, tags: z.array(tagText).max(SCORE_LIMITS.tagsPerLevelMax) }))
  .max(SATISFACTION_SCORES.length)
  .superRefine(uniqueLevels)
  .transform((entries) =>
    SATISFACTION_SCORES.map((score) => ({
      score,
      tags: [...new Set(entries.find((e) => e.score === score)?.tags ?? [])],
    })),
  );

/**
 * The five scene replies (spec §5: all five filled, 请填写场景回复语; each ≤ 200), kept 5 → 1. A level left out or
 * blank is named: `replies[i].reply` for a blank entry, `replies` for a missing level.
 */
const repliesInputSchema = z
  .array(
    z.object({
      score: levelScore,
      reply: storableString({ error: (i) => (i.input == null ? 'score.replyRequired' : undefined) })
        .trim()
        .min(1, err('score.replyRequired'))
        .max(SCORE_LIMITS.replyMax),
    }),
    { error: (i) => (i.input == null ? 'score.replyRequired' : undefined) },
  )
  .max(SATISFACTION_SCORES.length)
  .superRefine((entries, ctx) => {
    uniqueLevels(entries, ctx);
    const missing = SATISFACTION_SCORES.filter((score) => !entries.some((e) => e.score === score));
    if (missing.length > 0) ctx.addIssue({ code: 'custom', message: 'score.replyRequired' });
  })
  .transform((entries) =>
    SATISFACTION_SCORES.map((score) => ({ score, reply: entries.find((e) => e.score === score)?.reply ?? '' })),
  );

/** what a switch left out of a body is: as in a new config */
const FALLBACK = defaultScoreOnlineConfig();

/**
 * onlineConfig of a save (spec §4, §5, §9). Rules:
 * - feedbackRequired is cleared unless both feedback and resolved are on (§4);
 * - auto-send and manual-send are coupled (§4 "ticking auto-send enables the manual-send option and vice versa"):
 *   each option can be changed only while the other is on, so one of the two is always on; a body with neither is
 *   refused ('score.sendRequired' on handSend), as such a survey could never reach a customer;
 * - the positive threshold is above the negative one (§4; 'score.thresholdOrder' on positiveScore);
 * - userInitiatedSend (minutes) is kept only while userInitiated is on, and then defaults to 30.
 * A switch left out is as in a new config; the replies are never left out.
 */
export const scoreOnlineConfigInputSchema = z
  .object({
    chatbotEnable: z.boolean().default(FALLBACK.chatbotEnable),
    agentEnable: z.boolean().default(FALLBACK.agentEnable),
    invite: z.boolean().default(FALLBACK.invite),
    style: ScoreStyle.schema.default(FALLBACK.style),
    tag: z.boolean().default(FALLBACK.tag),
    feedback: z.boolean().default(FALLBACK.feedback),
    resolved: z.boolean().default(FALLBACK.resolved),
    feedbackRequired: z.boolean().default(FALLBACK.feedbackRequired),
    tags: tagsInputSchema.default([]),
    replies: repliesInputSchema,
    autoSend: z.boolean().default(FALLBACK.autoSend),
    handSend: z.boolean().default(FALLBACK.handSend),
    visitorNoSpeak: z.boolean().default(FALLBACK.visitorNoSpeak),
    sessionByAgent: z.boolean().default(FALLBACK.sessionByAgent),
    agentNoMessage: z.boolean().default(FALLBACK.agentNoMessage),
    sessionTimeout: z.boolean().default(FALLBACK.sessionTimeout),
    customerCloseSession: z.boolean().default(FALLBACK.customerCloseSession),
    userInitiated: z.boolean().default(FALLBACK.userInitiated),
    userInitiatedSend: z.number().int().min(1).max(SCORE_LIMITS.userInitiatedSendMax).nullish(),
    positiveScore: levelScore.default(SCORE_LIMITS.positiveScoreDefault),
    negativeScore: levelScore.default(SCORE_LIMITS.negativeScoreDefault),
  })
  .superRefine((c, ctx) => {
    if (!c.autoSend && !c.handSend) ctx.addIssue({ code: 'custom', message: 'score.sendRequired', path: ['handSend'] });
    if (c.positiveScore <= c.negativeScore)
      ctx.addIssue({ code: 'custom', message: 'score.thresholdOrder', path: ['positiveScore'] });
  })
  .transform(
    (c): ScoreOnlineConfig => ({
      ...c,
      feedbackRequired: c.feedbackRequired && c.feedback && c.resolved,
      userInitiatedSend: c.userInitiated ? (c.userInitiatedSend ?? SCORE_LIMITS.userInitiatedSendDefault) : null,
    }),
  );

/** validity of a survey invitation: 1, 3 or 7 days (spec §5). */
export const scoreValidDaysSchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : 'score.validDays') })
  .refine((days) => SCORE_VALID_DAYS.includes(days), err('score.validDays'));

// ---- the record ----------------------------------------------------------------------------------------------

/** A satisfaction config (spec §3.8), with the live service lines that bind it. */
export const scoreConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: ScoreConfigType.schema,
  status: ActiveStatus.schema,
  validDays: z.number().int(),
  agentVisible: z.boolean(),
  onlineConfig: scoreOnlineConfigSchema,
  lines: z.array(z.object({ lineId: z.string(), lineName: z.string() })),
  tenantId: z.string().nullish(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type ScoreConfig = z.infer<typeof scoreConfigSchema>;

/**
 * /v3/chats/score-config/create or /change (spec §5, §7): name required (≤ 100), type ONLINE (read-only, the
 * default), validDays 1, 3 or 7 (default 3), agentVisible (default false). onlineConfig left out: a new config gets
 * `defaultScoreOnlineConfig()`, a changed one keeps its own (the create modal sends only the four basic fields).
 */
export const scoreConfigSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(SCORE_LIMITS.nameMax),
    type: ScoreConfigType.schema.default('ONLINE'),
    validDays: scoreValidDaysSchema.default(DEFAULT_SCORE_VALID_DAYS),
    agentVisible: z.boolean().default(false),
    onlineConfig: scoreOnlineConfigInputSchema.optional(),
  })
  .superRefine(requireVersionOnChange);
export type ScoreConfigSave = z.infer<typeof scoreConfigSaveSchema>;

/** /v3/chats/score-config/page and /list (spec §7: keyword, status; the list screen's line filter), the trash. */
export const scoreConfigFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(SCORE_LIMITS.nameMax)),
  status: filter(ActiveStatus.schema),
  /** the configs a service line binds */
  lineId: filter(idSchema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type ScoreConfigFilter = z.infer<typeof scoreConfigFilterSchema>;

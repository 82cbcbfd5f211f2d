import { z } from 'zod';
import { Deleted } from '../enums/common.js';
import { QcResultStatus, RuleScoreType, ScoringStyle } from '../enums/qc.js';
import { auditShape, idSchema, LIMITS, optionalText, scoreSchema, timeSchema, versionSchema } from '../fields.js';
import { complaintInResultSchema } from './complaint.js';
import { manualRuleSchema } from './manual-result.js';
import { groupRefSchema } from './refs.js';

/**
 * One hit message of a condition: the sentence (`phrase {pid, words}`) and the matched parts
 * (`keyWords.keyWord`: a list of `{val, from, to}` as the engine writes, or a bare `{from, to}` range).
 */
export const conditionHitInfoSchema = z.object({
  cid: z.string().nullish(),
  phrase: z.object({ pid: z.string(), index: z.number().int().nullish(), words: z.string() }),
  keyWords: z.object({
    keyWord: z.union([
      z.array(z.object({ val: z.string(), from: z.number().int().nullish(), to: z.number().int().nullish() })),
      z.object({ from: z.number().int(), to: z.number().int() }),
    ]),
  }),
});
export type ConditionHitInfo = z.infer<typeof conditionHitInfoSchema>;

/** A hit rule of an AI result (`rules` / `resultRules`). */
export const resultRuleSchema = z.object({
  ruleId: z.string(),
  ruleName: z.string().nullish(),
  /** points the rule applied (a deduction or a bonus, positive) */
  scoreNum: z.number(),
  ruleOutId: z.string().nullish(),
  ruleScoreType: RuleScoreType.schema.nullish(),
  hitCount: z.number().int().nullish(),
  /** the reviewer's number for this rule after re-inspection (0 when vetoed) */
  reviewScore: z.number().nullish(),
  isVeto: z.boolean().nullish(),
  conditions: z.object({ conditionHitInfo: z.array(conditionHitInfoSchema) }).nullish(),
});
export type ResultRule = z.infer<typeof resultRuleSchema>;

/** An AI result: one session inspected against one AI scheme. */
export const aiResultSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  chatId: z.string().nullish(),
  agentId: z.string().nullish(),
  /** agent name */
  name: z.string().nullish(),
  nick: z.string().nullish(),
  customerId: z.string().nullish(),
  customerNick: z.string().nullish(),
  schemeId: z.string(),
  schemeName: z.string().nullish(),
  /** the QC task whose run inspected the session */
  taskId: z.string().nullish(),
  aiScore: z.number().nullish(),
  aiStatus: QcResultStatus.schema,
  comments: z.string().nullish(),
  isReview: z.boolean().default(false),
  reviewScore: z.number().nullish(),
  /** seconds */
  duration: z.number().nullish(),
  isComplaint: z.boolean().default(false),
  isVeto: z.boolean().default(false),
  /** channel */
  trackClient: z.string().nullish(),
  rules: z.array(resultRuleSchema).nullish(),
  resultRules: z.array(resultRuleSchema).default([]),
  complaints: z.array(complaintInResultSchema).nullish(),
  complaint: complaintInResultSchema.nullish(),
  manualRules: z.array(manualRuleSchema).nullish(),
  manualScore: z.number().nullish(),
  /** the session's manual result, when there is one: its style and, for PASS, whether it passed */
  manualStyle: ScoringStyle.schema.nullish(),
  manualPass: z.boolean().nullish(),
  /** the session's rating 1..5 and whether it was resolved */
  satisfaction: z.number().nullish(),
  resolved: z.boolean().nullish(),
  censorBanIds: z.array(z.string()).nullish(),
  /** the model that answered the scheme's model operators (an AI platform's name, or builtin-lexicon); null: none asked */
  modelId: z.string().nullish(),
  /** the platform failed and the built-in model answered in its place */
  modelFallback: z.boolean().nullish(),
  groups: z.array(groupRefSchema).default([]),
  sessionBeginTime: timeSchema.nullish(),
  closeTime: timeSchema.nullish(),
  /** when the inspection ran (`createTime` is the session start, the lists' time basis) */
  resultTime: timeSchema.nullish(),
  deleted: Deleted.schema.optional(),
  version: z.number().int().nullish(),
  ...auditShape,
});
export type AiResult = z.infer<typeof aiResultSchema>;

/** One rule of a re-inspection: the reviewer's number (0..100); a veto forces it to 0. */
export const reviewRuleSchema = z
  .object({
    ruleId: idSchema,
    reviewScore: scoreSchema,
    isVeto: z.boolean().default(false),
  })
  .transform((r) => (r.isVeto ? { ...r, reviewScore: 0 } : r));
export type ReviewRule = z.infer<typeof reviewRuleSchema>;

/** /v3/chats/ai-result/create (re-inspection): `{id, version, comments, rules [{ruleId, reviewScore, isVeto}]}`. */
export const aiResultReviewSchema = z.object({
  id: idSchema,
  version: versionSchema,
  sessionId: idSchema.nullish(),
  comments: optionalText(LIMITS.commentsMax),
  rules: z
    .array(reviewRuleSchema)
    .refine((rules) => new Set(rules.map((r) => r.ruleId)).size === rules.length, { error: 'common.duplicate' }),
});
export type AiResultReview = z.infer<typeof aiResultReviewSchema>;

/**
 * A QC rule's `conditionConfig` (ENGINE-SEMANTICS.md). Structural only: shapes and the spec's limits. What a
 * rule means — unknown or later anchor cids, lambda syntax, empty keyword lists, regex safety — is decided by
 * the engine's `compileRule`, which the server and the rule editor run on top of this schema.
 */
import { z } from 'zod';
import {
  AbuseModelLabel,
  AnchorLocation,
  CheckRole,
  CustomerCheckLabel,
  HIT_TIMES,
  type LambdaType,
  RangeSelect,
  RuleScoreType,
} from '../enums/qc.js';
import { err, LIMITS, ruleScoreNumSchema, storableString } from '../fields.js';

const count = (min = 0) => z.number().int().min(min);
const strings = z.array(storableString().max(500)).max(5000);

/** HIT_ANY_KEYWORDS, INCLUDE_KEYWORDS, NCLUDE_KEYWORDS, EXCLUDE_KEYWORDS */
export const keywordParamSchema = z.looseObject({
  keywords: strings,
  inSentence: z.boolean().nullish(),
  /** default 0 */
  threshold: count().nullish(),
  /** NCLUDE_KEYWORDS: how many distinct keywords (default 0 in the editor; the engine needs at least 1) */
  keywordMatchSize: count().nullish(),
  caseSensitive: z.boolean().nullish(),
});
export const similarParamSchema = z.looseObject({
  phrases: strings,
  /** percent, 0..100, default 80 */
  similarity: z.number().min(LIMITS.similarityMin).max(LIMITS.similarityMax).nullish(),
});
export const regexParamSchema = z.looseObject({
  regex: storableString().max(2000),
  notRegex: storableString().max(2000).nullish(),
  caseSensitive: z.boolean().nullish(),
});
export const repeatParamSchema = z.looseObject({
  /** 0 = all earlier messages */
  window: count().nullish(),
  /** 0.1..1.0 in steps of 0.1, default 0.1 */
  similarity: z
    .number()
    .min(LIMITS.repeatSimilarityMin)
    .max(LIMITS.repeatSimilarityMax)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, err('common.invalid'))
    .nullish(),
  /** the nth repeat, at least 1 */
  hitTime: count(1).nullish(),
  minWordSize: count().nullish(),
  exceptions: strings.nullish(),
});
export const customerCheckParamSchema = z.looseObject({ types: z.array(CustomerCheckLabel.schema) });
export const abuseModelParamSchema = z.looseObject({ types: z.array(AbuseModelLabel.schema) });

const op = <T extends string, P extends z.ZodType>(type: T, param: P) =>
  z.object({ type: z.literal(type), name: z.string().max(100).nullish(), param });

/** One operator `{type, name, param}`; a missing type is the spec's 'Please select a condition type'. */
export const operatorSchema = z.discriminatedUnion(
  'type',
  [
    op('HIT_ANY_KEYWORDS', keywordParamSchema),
    op('INCLUDE_KEYWORDS', keywordParamSchema),
    op('NCLUDE_KEYWORDS', keywordParamSchema),
    op('EXCLUDE_KEYWORDS', keywordParamSchema),
    op('SIMILAR_MATCH', similarParamSchema),
    op('REGULAR_EXPRESSION', regexParamSchema),
    op('ADVANCED_REPEAT_DETECT', repeatParamSchema),
    op('CUSTOMER_CHECK_MODEL', customerCheckParamSchema),
    op('ABUSE_MODEL', abuseModelParamSchema),
  ],
  {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const type = (issue.input as { type?: unknown } | undefined)?.type;
      return type === undefined || type === null || type === ''
        ? 'qc.rule.conditionTypeRequired'
        : 'common.invalidOption';
    },
  },
);
export type OperatorConfig = z.infer<typeof operatorSchema>;

/** Anchor: an earlier condition's hits; hitTime 0 every, 1 the `inputHitTime`-th, -1 any one time. */
export const anchorSchema = z
  .object({
    cid: z.string().regex(/^[a-z]+$/, err('qc.rule.cid')),
    location: AnchorLocation.schema,
    hitTime: z.union(HIT_TIMES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<-1>], {
      error: (i) => (i.input == null ? 'common.required' : 'common.invalidOption'),
    }),
    inputHitTime: count(1).nullish(),
  })
  .superRefine((a, ctx) => {
    if (a.hitTime === 1 && (a.inputHitTime === undefined || a.inputHitTime === null)) {
      ctx.addIssue({ code: 'custom', message: 'qc.rule.inputHitTimeRequired', path: ['inputHitTime'] });
    }
  });
export type AnchorConfig = z.infer<typeof anchorSchema>;

/** a 1-based position (negative counts from the end); 0 is refused, null means open */
const position = z
  .number()
  .int()
  .refine((n) => n !== 0, err('qc.rule.rangePosition'))
  .nullish();

/** Check range; the stored form omits the role for "all roles" and sends an empty anchor or start as null. */
export const checkRangeSchema = z.object({
  role: CheckRole.schema.nullish(),
  range: z.object({ from: position, to: position }).nullish(),
  rangeSelect: RangeSelect.schema.nullish(),
  anchor: anchorSchema.nullish(),
});
export type CheckRangeConfig = z.infer<typeof checkRangeSchema>;

/** A condition: cid (a, b, c, … in order), its operators (at least one), its check range. */
export const conditionSchema = z.object({
  cid: z.string().regex(/^[a-z]+$/, err('qc.rule.cid')),
  operators: z.array(operatorSchema).min(1, err('qc.rule.conditionTypeRequired')),
  checkRange: checkRangeSchema.nullish(),
});
export type ConditionConfigItem = z.infer<typeof conditionSchema>;

/** `ruleScore {enable, ruleScoreType SUB/ADD/ONCE, scoreNum integer 0..100}` */
export const ruleScoreSchema = z.object({
  enable: z.boolean(),
  ruleScoreType: RuleScoreType.schema,
  scoreNum: ruleScoreNumSchema,
});
export type RuleScoreConfig = z.infer<typeof ruleScoreSchema>;

export const NAMED_LAMBDAS = ['ALL', 'ANY_ONE', 'ANY_ONE_NOT_MET'] as const satisfies readonly LambdaType[];

/** What the editor's lambda selector shows for a stored lambda: absent is ALL, any other string CUSTOM. */
export function lambdaTypeOf(lambda: string | null | undefined): LambdaType {
  if (lambda === undefined || lambda === null) return 'ALL';
  return (NAMED_LAMBDAS as readonly string[]).includes(lambda) ? (lambda as LambdaType) : 'CUSTOM';
}

/** `{autoReview, level, ruleScore, conditions, lambda}` */
export const conditionConfigSchema = z
  .object({
    autoReview: z.unknown().optional(),
    level: z.unknown().optional(),
    ruleScore: ruleScoreSchema.nullish(),
    conditions: z.array(conditionSchema).max(26 * 27),
    /** ALL, ANY_ONE, ANY_ONE_NOT_MET or a CUSTOM expression such as `a && (b || !c)`; absent means ALL */
    lambda: z.string().max(2000).nullish(),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    config.conditions.forEach((c, i) => {
      if (seen.has(c.cid)) ctx.addIssue({ code: 'custom', message: 'qc.rule.cid', path: ['conditions', i, 'cid'] });
      seen.add(c.cid);
    });
    if (typeof config.lambda === 'string' && config.lambda.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'qc.rule.lambdaRequired', path: ['lambda'] });
    }
  });
export type ConditionConfig = z.infer<typeof conditionConfigSchema>;

/** the cid of the n-th condition (0-based): a … z, then aa, ab, … */
export function cidAt(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** The editor's keyword input: split on commas (either width), trimmed, blanks dropped. */
export function splitKeywords(input: string): string[] {
  return input
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

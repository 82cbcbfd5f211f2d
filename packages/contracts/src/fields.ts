/**
 * Building blocks shared by entity and request schemas, so that a limit or a message is written once.
 * Issue messages are message codes (see messages/catalogue.ts); `toFieldErrors` turns them into text.
 */
import { z } from 'zod';
import type { MessageCode } from './messages/catalogue.js';
import { unstorableCharacter } from './storable.js';

/** a zod error option carrying one of our message codes */
export const err = (code: MessageCode) => ({ error: code });

/** Limits of the spec (qc-area §9, tickets §9). */
export const LIMITS = {
  /** QC angles per scheme */
  maxAngles: 10,
  /** rule, scheme, angle and QC task names */
  nameMax: 100,
  /** rule and scheme comments */
  commentsMax: 200,
  /** manual rule reasons and complaint (review) reasons */
  reasonMax: 100,
  /** attachments on an appeal */
  complaintAttachments: 1,
  scoreMin: 0,
  scoreMax: 100,
  /** satisfaction 1..5 */
  satisfactionMin: 1,
  satisfactionMax: 5,
  /** similarity of SIMILAR_MATCH in percent, default 80 */
  similarityMin: 0,
  similarityMax: 100,
  similarityDefault: 80,
  /** ADVANCED_REPEAT_DETECT similarity 0.1..1.0, step 0.1, default 0.1 */
  repeatSimilarityMin: 0.1,
  repeatSimilarityMax: 1,
  repeatSimilarityDefault: 0.1,
  /** upload lifetime, seconds */
  uploadLifetimeSeconds: 3600,
  /** folding in lists: first 3 groups, first 5 rules */
  foldGroups: 3,
  foldRules: 5,
  /** sensitive-word previews show the first 20 words */
  wordPreview: 20,
  /** lookups of schemes for tasks, groups and staff */
  topLookup: 100,
  /** ids in one bulk call */
  bulkIdsMax: 1000,
  /** largest page a list call answers */
  pageSizeMax: 500,
  defaultPageSize: 20,
  /** page sizes of pickers (default 10) and of monitor lists */
  pickerPageSizes: [10, 20, 30, 100],
  pickerPageSize: 10,
  monitorPageSizes: [10, 20, 30, 50, 100],
  /** chat pages: 50 in complaint and result views, 30 elsewhere */
  chatPageSizeResult: 50,
  chatPageSize: 30,
} as const;

/**
 * The base of every text field: a string the database can store (no NUL, no unpaired surrogate; see storable.ts).
 * The server also checks whole bodies with `findUnstorable`, so a field declared with a bare `z.string()` is safe too.
 */
export const storableString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).superRefine((text, ctx) => {
    const character = unstorableCharacter(text);
    if (character !== null) ctx.addIssue({ code: 'custom', message: 'common.unstorableText', params: { character } });
  });

/** Record ids travel as strings (database keys may exceed 2^53). */
export const idSchema = storableString({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .trim()
  .min(1, err('common.required'))
  .max(64);
export type Id = z.infer<typeof idSchema>;

/** ids of a bulk call; none selected is the spec's 'please select a record' */
export const idsSchema = z
  .array(idSchema)
  .min(1, err('common.selectRecord'))
  .max(LIMITS.bulkIdsMax)
  .refine((ids) => new Set(ids).size === ids.length, err('common.duplicate'));

/** optimistic-locking version */
export const versionSchema = z.number().int().min(0);

const TIME_RE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** 'YYYY-MM-DD HH:mm:ss' (the console's form), a date alone, or ISO 8601 */
export const timeSchema = z
  .string()
  .refine((s) => TIME_RE.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T'))), err('common.invalidTime'));

/** a text that must not be blank after trimming */
export const requiredText = (max: number, missing: MessageCode = 'common.required') =>
  storableString({ error: (i) => (i.input == null ? missing : undefined) })
    .trim()
    .min(1, err(missing))
    .max(max);
/** an optional text (null allowed, as stored) */
export const optionalText = (max: number) => storableString().trim().max(max).nullish();

/** a score of 0..100 (rule score, review score, manual score per rule) */
export const scoreSchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .min(LIMITS.scoreMin, err('qc.result.scoreRange'))
  .max(LIMITS.scoreMax, err('qc.result.scoreRange'));

/** a rule's score (`conditionConfig.ruleScore.scoreNum`): integer 0..100 */
export const ruleScoreNumSchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .int(err('qc.rule.score'))
  .min(LIMITS.scoreMin, err('qc.rule.score'))
  .max(LIMITS.scoreMax, err('qc.rule.score'));

/** an angle score: integer 0..100 */
export const angleScoreSchema = z
  .number({ error: (i) => (i.input == null ? 'common.required' : undefined) })
  .int(err('qc.angle.score'))
  .min(LIMITS.scoreMin, err('qc.angle.score'))
  .max(LIMITS.scoreMax, err('qc.angle.score'));

/** a boolean that list filters may also send as the strings 'true'/'false' */
export const boolFilterSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** empty strings and null from cleared filter inputs mean "no filter" */
export const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** who and when, as every stored record carries them */
export const auditShape = {
  creatorId: z.string().nullish(),
  creatorName: z.string().nullish(),
  modifierId: z.string().nullish(),
  modifierName: z.string().nullish(),
  createTime: timeSchema.nullish(),
  modifyTime: timeSchema.nullish(),
};

import { z } from 'zod';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { RuleType } from '../enums/qc.js';
import { auditShape, idSchema, LIMITS, optionalText, requiredText } from '../fields.js';
import { requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { conditionConfigSchema } from './condition-config.js';

/** A QC rule. */
export const qcRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: RuleType.schema,
  /** switched on or off by /v3/chats/qc-rule/status */
  status: ActiveStatus.schema.optional(),
  version: z.number().int(),
  businessId: z.string().nullish(),
  businessName: z.string().nullish(),
  categoryId: z.string().nullish(),
  categoryName: z.string().nullish(),
  ruleOutId: z.string().nullish(),
  comments: z.string().nullish(),
  conditionConfig: conditionConfigSchema.nullish(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type QcRule = z.infer<typeof qcRuleSchema>;

/**
 * /v3/chats/qc-rule/create or /change: `{id, name, type, version, businessId, categoryId, comments,
 * conditionConfig}`. The create modal sends only name and comments (type defaults to AI, no conditions yet).
 */
export const ruleSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    type: RuleType.schema.default('AI'),
    businessId: idSchema.nullish(),
    categoryId: idSchema.nullish(),
    ruleOutId: z.string().max(64).nullish(),
    comments: optionalText(LIMITS.commentsMax),
    conditionConfig: conditionConfigSchema.nullish(),
  })
  .superRefine(requireVersionOnChange);
export type RuleSave = z.infer<typeof ruleSaveSchema>;

import { z } from 'zod';
import { err, idSchema } from '../fields.js';
import { conditionConfigSchema, ruleScoreSchema } from './condition-config.js';

/**
 * A rule linked into an angle: `{id, ruleId, ruleName, conditionConfig}`. The angle's copy of the rule's
 * conditionConfig carries `ruleScore` (and, for the popover, the rule's conditions).
 */
export const angleRuleSchema = z.object({
  id: z.string().nullish(),
  ruleId: z.string(),
  ruleName: z.string().nullish(),
  ruleOutId: z.string().nullish(),
  conditionConfig: z.union([conditionConfigSchema, z.object({ ruleScore: ruleScoreSchema.nullish() })]).nullish(),
});
export type AngleRule = z.infer<typeof angleRuleSchema>;

/** /v3/chats/qc-angle-rule/create: link rules to an angle; none chosen is '请选择检测规则'. */
export const angleRuleCreateSchema = z.object({
  angleId: idSchema,
  schemeId: idSchema,
  ruleIds: z
    .array(idSchema, { error: (i) => (i.input == null ? 'qc.angleRule.rulesRequired' : undefined) })
    .min(1, err('qc.angleRule.rulesRequired'))
    .refine((ids) => new Set(ids).size === ids.length, err('common.duplicate')),
});
export type AngleRuleCreate = z.infer<typeof angleRuleCreateSchema>;

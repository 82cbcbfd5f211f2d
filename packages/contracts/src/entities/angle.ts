import { z } from 'zod';
import { angleScoreSchema, idSchema, LIMITS, requiredText } from '../fields.js';
import { requireVersionOnChange, saveKeysShape } from '../requests/common.js';
import { angleRuleSchema } from './angle-rule.js';

/** A scheme angle (scoring dimension): `{id, angleId, angleName, score 0..100 integer, version, angleRules}`. */
export const schemeAngleSchema = z.object({
  id: z.string().nullish(),
  angleId: z.string(),
  angleName: z.string(),
  score: angleScoreSchema,
  version: z.number().int().nullish(),
  angleRules: z.array(angleRuleSchema).default([]),
});
export type SchemeAngle = z.infer<typeof schemeAngleSchema>;

/** /v3/chats/qc-angle/create or /change (by presence of id): `{id, version, name, score, schemeId}`. */
export const angleSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    score: angleScoreSchema,
    schemeId: idSchema,
  })
  .superRefine(requireVersionOnChange);
export type AngleSave = z.infer<typeof angleSaveSchema>;

/** At most 10 angles per scheme: may one more be added to a scheme that has `count`? */
export function canAddAngle(count: number): boolean {
  return count < LIMITS.maxAngles;
}

/** The total the angle section shows (and that must be 100 to activate an AI scheme). */
export function angleScoreTotal(angles: readonly { score: number }[]): number {
  return angles.reduce((sum, a) => sum + a.score, 0);
}

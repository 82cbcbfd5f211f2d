import { z } from 'zod';
import { CensorFlag, CensorOperation, CensorTempType } from '../enums/chat.js';
import { ActiveStatus } from '../enums/common.js';
import { auditShape, idSchema, LIMITS, requiredText, timeSchema } from '../fields.js';
import { requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Staff or branches a cs-agent library is limited to (empty: everyone). */
export const censorScopesSchema = z.object({
  branchIds: z.array(z.string()).default([]),
  staffIds: z.array(z.string()).default([]),
  staffNames: z.array(z.string()).default([]),
});

/** A sensitive-word library. */
export const censorBanSchema = z.object({
  id: z.string(),
  name: z.string(),
  words: z.array(z.string()).default([]),
  operation: CensorOperation.schema,
  status: ActiveStatus.schema,
  flag: CensorFlag.schema,
  tempType: CensorTempType.schema,
  matches: z.number().int().nullish(),
  scopes: censorScopesSchema.nullish(),
  version: z.number().int().nullish(),
  ...auditShape,
});
export type CensorBan = z.infer<typeof censorBanSchema>;

/**
 * /v3/system/censor-ban/create or /change: name and operation required; words required only for CUSTOM;
 * FUZZY is not offered for cs-agent libraries.
 */
export const censorBanSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(LIMITS.nameMax),
    operation: CensorOperation.schema,
    flag: CensorFlag.schema,
    tempType: CensorTempType.schema.default('CUSTOM'),
    words: z.array(z.string().trim().min(1).max(100)).max(10000).default([]),
    scopes: censorScopesSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    requireVersionOnChange(b, ctx);
    if (b.tempType === 'CUSTOM' && b.words.length === 0)
      ctx.addIssue({ code: 'custom', message: 'censor.wordsRequired', path: ['words'] });
    if (b.flag === 'cs-agent' && b.operation === 'FUZZY')
      ctx.addIssue({ code: 'custom', message: 'censor.fuzzyNotForAgent', path: ['operation'] });
  });
export type CensorBanSave = z.infer<typeof censorBanSaveSchema>;

/** One record of the sensitive-word log. */
export const censorLogRecordSchema = z.object({
  id: z.string(),
  censorBanName: z.string().nullish(),
  censorBanId: idSchema.nullish(),
  censorWords: z.array(z.string()).default([]),
  censorOperation: CensorOperation.schema,
  lineName: z.string().nullish(),
  sessionId: z.string(),
  chatId: z.string().nullish(),
  text: z.string(),
  senderNick: z.string().nullish(),
  senderRole: z.string(),
  senderAvatar: z.string().nullish(),
  sendTime: timeSchema,
});
export type CensorLogRecord = z.infer<typeof censorLogRecordSchema>;

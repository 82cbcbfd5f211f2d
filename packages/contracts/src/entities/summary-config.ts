import { z } from 'zod';
import { SummaryFieldType } from '../enums/chat.js';
import { ActiveStatus, Deleted } from '../enums/common.js';
import { LineType } from '../enums/line.js';
import { auditShape, filter, idSchema, LIMITS, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/** Limits of service-summary configs (online-service-config §5, §9: name ≤ 100; the number of fields ours). */
export const SUMMARY_LIMITS = {
  nameMax: LIMITS.nameMax,
  fieldsMax: 100,
} as const;

/** What a summary starts as (spec §2.9 create modal: name and type; an ONLINE summary unless chosen otherwise). */
export const DEFAULT_SUMMARY_TYPE = 'ONLINE' satisfies LineType;

/**
 * One field of a summary form (spec §3.9): the custom field with its current name, code and type, and whether the
 * agent must fill it (required) and whether summaries can be searched by it (search).
 */
export const summaryConfigFieldSchema = z.object({
  fieldId: z.string(),
  fieldName: z.string(),
  fieldCode: z.string().nullish(),
  fieldType: SummaryFieldType.schema,
  search: z.boolean(),
  required: z.boolean(),
});
export type SummaryConfigField = z.infer<typeof summaryConfigFieldSchema>;

/**
 * A service-summary config (online-service-config §3.9): the form agents fill after a session, as an ordered list of
 * custom fields; `type` says which lines' sessions it is meant for (ONLINE or HOTLINE), `lines` are the live lines
 * binding it. A field in the trash is left out of `fields` (and shown again when restored).
 */
export const summaryConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: LineType.schema,
  status: ActiveStatus.schema,
  fields: z.array(summaryConfigFieldSchema),
  lines: z.array(z.object({ lineId: z.string(), lineName: z.string() })),
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type SummaryConfig = z.infer<typeof summaryConfigSchema>;

/** A saved field entry (spec §7 "fields of fieldId, required, search"). */
export const summaryConfigFieldInputSchema = z.object({
  fieldId: idSchema,
  required: z.boolean().default(false),
  search: z.boolean().default(false),
});

/**
 * /v3/chats/summary-config/create or /change (spec §7: id, name, version, fields): name required, with the spec's
 * 请输入名称 when empty; the fields in order, a field listed twice kept once where it first appears (spec §5); the
 * type given on create (ONLINE when absent) and kept from then on.
 */
export const summaryConfigSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(SUMMARY_LIMITS.nameMax, 'summary.nameRequired'),
    type: LineType.schema.optional(),
    fields: z
      .array(summaryConfigFieldInputSchema)
      .max(SUMMARY_LIMITS.fieldsMax)
      .nullish()
      .transform((fields) => (fields ?? []).filter((f, i, all) => all.findIndex((o) => o.fieldId === f.fieldId) === i)),
  })
  .superRefine(requireVersionOnChange);
export type SummaryConfigSave = z.output<typeof summaryConfigSaveSchema>;

/** /v3/chats/summary-config/page and /list (the lines' selector is the top list): keyword, type, status, trash, limit. */
export const summaryConfigFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(SUMMARY_LIMITS.nameMax)),
  type: filter(LineType.schema),
  status: filter(ActiveStatus.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type SummaryConfigFilter = z.infer<typeof summaryConfigFilterSchema>;

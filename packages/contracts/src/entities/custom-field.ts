import { z } from 'zod';
import { SummaryFieldType } from '../enums/chat.js';
import { Deleted } from '../enums/common.js';
import { auditShape, err, filter, LIMITS, optionalText, requiredText, storableString } from '../fields.js';
import { listBodyShape, requireVersionOnChange, saveKeysShape } from '../requests/common.js';

/**
 * Limits of custom fields (tickets spec "Custom fields": the spec gives none; name as every console name, the rest
 * ours).
 */
export const CUSTOM_FIELD_LIMITS = {
  nameMax: LIMITS.nameMax,
  codeMax: 50,
  placeholderMax: 100,
  introMax: 200,
  optionLabelMax: 100,
  optionValueMax: 50,
  /** options of one level (a list, or the children of one tree node) */
  optionsMax: 200,
  /** levels of a tree of options */
  treeDepthMax: 3,
} as const;

/** The types whose value is chosen from a flat list of options. */
export const FLAT_CHOICE_FIELD_TYPES = [
  'RADIO',
  'CHECKBOX',
  'LIST_SINGLE',
  'LIST_MULTI',
] as const satisfies readonly SummaryFieldType[];
/** The types whose value is chosen from a tree of options. */
export const TREE_CHOICE_FIELD_TYPES = ['TREE_SINGLE', 'TREE_MULTI'] as const satisfies readonly SummaryFieldType[];

export function isFlatChoiceType(type: string): boolean {
  return (FLAT_CHOICE_FIELD_TYPES as readonly string[]).includes(type);
}
export function isTreeChoiceType(type: string): boolean {
  return (TREE_CHOICE_FIELD_TYPES as readonly string[]).includes(type);
}
/** Whether a field of `type` has options (flat or a tree). */
export function hasOptions(type: string): boolean {
  return isFlatChoiceType(type) || isTreeChoiceType(type);
}

/** A field code: letters, digits, `_` and `-` (summaries and tickets key their values by it). */
export const FIELD_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** One option of a choice field: what is shown and what is stored; a tree option may hold more under it. */
export interface FieldOption {
  label: string;
  value: string;
  children?: FieldOption[] | undefined;
}

export const fieldOptionSchema: z.ZodType<FieldOption> = z.lazy(() =>
  z.object({
    label: requiredText(CUSTOM_FIELD_LIMITS.optionLabelMax, 'field.option.labelRequired'),
    value: requiredText(CUSTOM_FIELD_LIMITS.optionValueMax, 'field.option.valueRequired'),
    children: z.array(fieldOptionSchema).max(CUSTOM_FIELD_LIMITS.optionsMax).optional(),
  }),
);

/** The options of a tree, depth first, each with its path in the body (`options.1.children.0`) and its level (1…). */
export function walkOptions(
  options: readonly FieldOption[],
  visit: (option: FieldOption, path: (string | number)[], level: number) => void,
  path: (string | number)[] = ['options'],
  level = 1,
): void {
  options.forEach((option, i) => {
    visit(option, [...path, i], level);
    if (option.children) walkOptions(option.children, visit, [...path, i, 'children'], level + 1);
  });
}

/**
 * The options a field of `type` needs (checked on what `keptOptions` keeps): a choice type at least one, each value
 * once in the whole list or tree, a tree at most three levels.
 */
function checkOptions(body: { type: SummaryFieldType; options: FieldOption[] }, ctx: z.RefinementCtx): void {
  if (!hasOptions(body.type)) return;
  const options = keptOptions(body.type, body.options);
  if (options.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'field.options.required', path: ['options'] });
    return;
  }
  const seen = new Set<string>();
  walkOptions(options, (option, path, level) => {
    if (seen.has(option.value))
      ctx.addIssue({
        code: 'custom',
        message: 'field.option.duplicateValue',
        params: { value: option.value },
        path: [...path, 'value'],
      });
    seen.add(option.value);
    if ((option.children ?? []).length > 0 && level >= CUSTOM_FIELD_LIMITS.treeDepthMax)
      ctx.addIssue({
        code: 'custom',
        message: 'common.tooDeep',
        params: { maximum: CUSTOM_FIELD_LIMITS.treeDepthMax },
        path: [...path, 'children'],
      });
  });
}

/** What a field of `type` keeps of the options sent: a tree all, a flat list no children, other types none. */
function keptOptions(type: SummaryFieldType, options: FieldOption[]): FieldOption[] {
  if (isTreeChoiceType(type)) return options;
  if (isFlatChoiceType(type)) return options.map(({ label, value }) => ({ label, value }));
  return [];
}

/**
 * A custom field (tickets spec "Custom fields", §3): name, code (unique in the organisation), one of the 13 types of
 * the QC session summary (`SummaryFieldType`, fixed once created), the options of a choice type (a flat list, or a
 * tree of up to three levels for TREE_SINGLE and TREE_MULTI), a placeholder and an intro. Ticket templates and
 * service summaries attach fields by id.
 */
export const customFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  type: SummaryFieldType.schema,
  options: z.array(fieldOptionSchema),
  placeholder: z.string().nullish(),
  intro: z.string().nullish(),
  tenantId: z.string(),
  version: z.number().int(),
  deleted: Deleted.schema.optional(),
  ...auditShape,
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** create or change: name, code and type required; options as the type needs them (cleared for the other types). */
export const customFieldSaveSchema = z
  .object({
    ...saveKeysShape,
    name: requiredText(CUSTOM_FIELD_LIMITS.nameMax),
    code: requiredText(CUSTOM_FIELD_LIMITS.codeMax).regex(FIELD_CODE_PATTERN, err('field.codeFormat')),
    type: SummaryFieldType.schema,
    options: z
      .array(fieldOptionSchema)
      .max(CUSTOM_FIELD_LIMITS.optionsMax)
      .nullish()
      .transform((options) => options ?? []),
    placeholder: optionalText(CUSTOM_FIELD_LIMITS.placeholderMax),
    intro: optionalText(CUSTOM_FIELD_LIMITS.introMax),
  })
  .superRefine(requireVersionOnChange)
  .superRefine(checkOptions)
  .transform((body) => ({ ...body, options: keptOptions(body.type, body.options) }));
export type CustomFieldSave = z.output<typeof customFieldSaveSchema>;

/** page and list (and the field picker): keyword on the name, code (contains), type, the trash, a /list limit. */
export const customFieldFilterSchema = z.object({
  ...listBodyShape,
  keyword: filter(storableString().trim().max(CUSTOM_FIELD_LIMITS.nameMax)),
  code: filter(storableString().trim().max(CUSTOM_FIELD_LIMITS.codeMax)),
  type: filter(SummaryFieldType.schema),
  deleted: Deleted.schema.default('NONE'),
  limit: filter(z.number().int().min(1).max(LIMITS.topLookup)),
});
export type CustomFieldFilter = z.infer<typeof customFieldFilterSchema>;

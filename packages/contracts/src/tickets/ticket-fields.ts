import type { FieldOption } from '../entities/custom-field.js';
import { isFlatChoiceType, isTreeChoiceType, walkOptions } from '../entities/custom-field.js';
import type { SummaryFieldType } from '../enums/chat.js';
import type { MessageCode } from '../messages/catalogue.js';

/**
 * A custom field as a ticket of a kind carries it: the kind's label and required flag (task_kinds.fields) with the
 * field's type and options (custom_fields). The create form renders these; the server checks values against them.
 */
export interface TicketFieldSpec {
  readonly fieldId: string;
  readonly label: string;
  readonly required: boolean;
  readonly type: SummaryFieldType;
  readonly options: readonly FieldOption[];
  readonly placeholder?: string | null | undefined;
}

/** Limits of ticket field values (ours: the spec shows no ticket form). */
export const TICKET_FIELD_LIMITS = { textMax: 200, textareaMax: 2000, phoneMax: 20 } as const;

/** A value of one field: text, a number, or the chosen option values of a multi-choice type. */
export type TicketFieldValue = string | number | readonly string[];

/** What is wrong with one value, at `fields.<fieldId>`. */
export interface TicketFieldProblem {
  readonly fieldId: string;
  readonly message: MessageCode;
  readonly values?: Readonly<Record<string, string | number>>;
}

const PHONE = /^\+?[0-9][0-9\s()-]{2,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?$/;

/** The types whose value is a list of option values. */
export function isMultiValueType(type: SummaryFieldType): boolean {
  return type === 'CHECKBOX' || type === 'LIST_MULTI' || type === 'TREE_MULTI';
}

/** Whether a value counts as not filled in: absent, blank text, no choice. */
export function isEmptyFieldValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Every option value a field offers (a tree's at every level). */
export function optionValues(options: readonly FieldOption[]): Set<string> {
  const values = new Set<string>();
  walkOptions(options, (option) => values.add(option.value));
  return values;
}

/**
 * The problems of a ticket's field values against its kind's fields, in the kind's order: a required field left
 * empty, a value of the wrong shape for its type, a choice that is not one of the options, and values for fields the
 * kind does not have. Empty values of optional fields are fine (and dropped by `keptFieldValues`).
 */
export function ticketFieldProblems(
  fields: readonly TicketFieldSpec[],
  values: Readonly<Record<string, unknown>>,
): TicketFieldProblem[] {
  const problems: TicketFieldProblem[] = [];
  const known = new Set(fields.map((f) => f.fieldId));
  for (const field of fields) {
    const value = values[field.fieldId];
    if (isEmptyFieldValue(value)) {
      if (field.required) problems.push({ fieldId: field.fieldId, message: 'ticket.field.required' });
      continue;
    }
    const problem = valueProblem(field, value);
    if (problem !== null) problems.push({ fieldId: field.fieldId, ...problem });
  }
  for (const fieldId of Object.keys(values))
    if (!known.has(fieldId)) problems.push({ fieldId, message: 'ticket.field.unknown', values: { id: fieldId } });
  return problems;
}

/** The values worth keeping: those of the kind's fields that are filled in, text trimmed. */
export function keptFieldValues(
  fields: readonly TicketFieldSpec[],
  values: Readonly<Record<string, unknown>>,
): Record<string, TicketFieldValue> {
  const kept: Record<string, TicketFieldValue> = {};
  for (const field of fields) {
    const value = values[field.fieldId];
    if (isEmptyFieldValue(value)) continue;
    kept[field.fieldId] = typeof value === 'string' ? value.trim() : (value as TicketFieldValue);
  }
  return kept;
}

function valueProblem(field: TicketFieldSpec, value: unknown): Pick<TicketFieldProblem, 'message' | 'values'> | null {
  const wrong = { message: 'ticket.field.invalid' as const };
  switch (field.type) {
    case 'INPUT':
    case 'TEXTAREA': {
      if (typeof value !== 'string') return wrong;
      const max = field.type === 'INPUT' ? TICKET_FIELD_LIMITS.textMax : TICKET_FIELD_LIMITS.textareaMax;
      return value.trim().length > max ? { message: 'common.tooLong', values: { maximum: max } } : null;
    }
    case 'PHONE':
      return typeof value === 'string' && PHONE.test(value.trim()) ? null : { message: 'ticket.field.phone' };
    case 'INTEGER':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : { message: 'common.integer' };
    case 'NUMBER':
      return typeof value === 'number' && Number.isFinite(value) ? null : wrong;
    case 'DATE':
      return typeof value === 'string' && DATE.test(value) && validDate(value)
        ? null
        : { message: 'common.invalidTime' };
    case 'DATETIME':
      return typeof value === 'string' && DATETIME.test(value) && validDate(value.slice(0, 10))
        ? null
        : { message: 'common.invalidTime' };
    default: {
      if (!isFlatChoiceType(field.type) && !isTreeChoiceType(field.type)) return wrong;
      const offered = optionValues(field.options);
      const chosen = isMultiValueType(field.type) ? value : [value];
      if (!Array.isArray(chosen) || chosen.some((v) => typeof v !== 'string')) return wrong;
      if (new Set(chosen).size !== chosen.length) return { message: 'ticket.field.invalid' };
      const unknown = (chosen as string[]).find((v) => !offered.has(v));
      return unknown === undefined ? null : { message: 'ticket.field.option', values: { value: unknown } };
    }
  }
}

function validDate(text: string): boolean {
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

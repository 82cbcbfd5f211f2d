/**
 * The pure half of EntityForm: a record to values, values to a body, and the field checks every form shares
 * (required, maximum length). The component only calls these; the tests may call them directly.
 */
import type { MessageCode, MessageParams } from '@qcdesk/contracts';
import { fromInputTime, toInputTime } from '../ui/times';
import type {
  EntityFormDescription,
  EntityFormField,
  EntityRecord,
  FormFieldKind,
  FormValue,
  FormValues,
} from './types';

/** The value of an empty input of `kind`. */
export function emptyValue(kind: FormFieldKind): FormValue {
  switch (kind) {
    case 'multiselect':
      return [];
    case 'select':
    case 'number':
      return null;
    case 'switch':
      return false;
    default:
      return '';
  }
}

/** Whether the field shows for these values (a field without `shown` always does). */
export function isShown<R>(field: EntityFormField<R>, values: Readonly<FormValues>): boolean {
  return field.shown?.(values) ?? true;
}

export function isEmptyValue(value: FormValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A stored value as the input of `kind` holds it. */
function fromStored(kind: FormFieldKind, stored: unknown): FormValue {
  if (stored === null || stored === undefined) return emptyValue(kind);
  switch (kind) {
    case 'multiselect':
      return Array.isArray(stored) ? stored.map(String) : [];
    case 'number': {
      const n = typeof stored === 'number' ? stored : Number(stored);
      return Number.isFinite(n) ? n : null;
    }
    case 'date':
      return toInputTime(String(stored));
    case 'switch':
      // the stored on value (true, 1), whatever the body calls it
      return stored === true || stored === 1;
    default:
      return String(stored);
  }
}

/** The values of the form: the record's own where it has them, else the description's defaults, else empty. */
export function initialValues<R extends EntityRecord>(
  form: EntityFormDescription<R>,
  record: R | null,
  defaults: Readonly<FormValues>,
): FormValues {
  const stored = (record ?? {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of form.fields) {
    const own = stored[field.key];
    values[field.key] =
      own !== null && own !== undefined ? fromStored(field.kind, own) : (defaults[field.key] ?? emptyValue(field.kind));
  }
  return values;
}

/**
 * The body by field kinds: text trimmed ('' is null), dates as the API stores them, a switch as its on or off value,
 * the rest as they are.
 */
export function defaultBody<R>(fields: readonly EntityFormField<R>[], values: Readonly<FormValues>) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.key] ?? emptyValue(field.kind);
    if (field.kind === 'text' || field.kind === 'textarea') {
      const text = typeof value === 'string' ? value.trim() : '';
      body[field.key] = text === '' ? null : text;
    } else if (field.kind === 'date') {
      body[field.key] = typeof value === 'string' ? fromInputTime(value) : null;
    } else if (field.kind === 'switch') {
      const values = field.switchValues ?? { on: true, off: false };
      body[field.key] = value === true ? values.on : values.off;
    } else body[field.key] = value;
  }
  return body;
}

type Message = (code: MessageCode, params?: MessageParams) => string;

/** The checks every form shares, in the contracts' words: required fields, maximum lengths (after trimming). */
export function checkFields<R>(
  fields: readonly EntityFormField<R>[],
  values: Readonly<FormValues>,
  message: Message,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isShown(field, values)) continue;
    const value = values[field.key];
    if (field.required && isEmptyValue(value)) errors[field.key] = message(field.requiredMessage ?? 'common.required');
    else if (field.maxLength !== undefined && typeof value === 'string' && value.trim().length > field.maxLength)
      errors[field.key] = message('common.tooLong', { maximum: field.maxLength });
  }
  return errors;
}

/** The form field a problem path names (`lineIds[0]` → `lineIds`), or null when it names none. */
export function fieldKeyOf<R>(path: string, fields: readonly EntityFormField<R>[]): string | null {
  const head = path.split(/[[.]/)[0] ?? '';
  return fields.some((f) => f.key === head) ? head : null;
}

/** The version a change sends back (optimistic locking). */
export function versionOf(record: EntityRecord | null): number | null {
  const version = (record as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
}

import { Checkbox, Group, MultiSelect, NumberInput, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  type FieldOption,
  isMultiValueType,
  TICKET_FIELD_LIMITS,
  type TicketFieldSpec,
  walkOptions,
} from '@qcdesk/contracts';
import { DateTimeField } from '../../ui/DateTimeField';
import { ABSENT } from '../../ui/display';

/** A tree's options flattened for a select, each labelled with its path: 华东 / 上海. */
export function flatOptions(options: readonly FieldOption[]): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const labels = new Map<string, string>();
  walkOptions(options, (option, path) => {
    // the parent's label sits two steps up the path (…, i, 'children', j)
    const parentKey = path.length > 2 ? path.slice(0, -2).join('.') : null;
    const label = parentKey === null ? option.label : `${labels.get(parentKey) ?? ''} / ${option.label}`;
    labels.set(path.join('.'), label);
    out.push({ value: option.value, label });
  });
  return out;
}

/** A field's value as text: the chosen options' labels, numbers and text as they are. */
export function fieldValueText(field: TicketFieldSpec, value: unknown): string {
  if (value === undefined || value === null || value === '') return ABSENT;
  const labels = new Map(flatOptions(field.options).map((o) => [o.value, o.label]));
  if (Array.isArray(value))
    return value.length === 0 ? ABSENT : value.map((v) => labels.get(String(v)) ?? String(v)).join('、');
  return labels.get(String(value)) ?? String(value);
}

/**
 * One custom field of a ticket's kind as its type asks to be filled in (the 13 types of the custom fields): text,
 * phone, long text, whole or any number, date, date and time, radio, checkboxes, single and multiple lists, and
 * single and multiple trees (their options flattened with their paths).
 */
export function TicketFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: TicketFieldSpec;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const common = {
    label: field.label,
    withAsterisk: field.required,
    error,
    placeholder: field.placeholder ?? undefined,
    'data-field-id': field.fieldId,
  };
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? (value as string[]) : [];
  const options = flatOptions(field.options);
  switch (field.type) {
    case 'INPUT':
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type={field.type === 'PHONE' ? 'tel' : 'text'}
          maxLength={field.type === 'PHONE' ? TICKET_FIELD_LIMITS.phoneMax : TICKET_FIELD_LIMITS.textMax}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TEXTAREA':
      return (
        <Textarea
          {...common}
          rows={3}
          maxLength={TICKET_FIELD_LIMITS.textareaMax}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'INTEGER':
    case 'NUMBER':
      return (
        <NumberInput
          {...common}
          allowDecimal={field.type === 'NUMBER'}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        />
      );
    case 'DATE':
      return (
        <DateInput
          {...common}
          valueFormat="YYYY-MM-DD"
          clearable
          value={text || null}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
    case 'DATETIME':
      return (
        <DateTimeField
          label={field.label}
          withAsterisk={field.required}
          error={error}
          w="100%"
          value={text}
          onChange={(next) => onChange(next)}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Group gap="md" mt={6}>
            {options.map((o) => (
              <Radio key={o.value} value={o.value} label={o.label} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group {...common} value={list} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((o) => (
              <Checkbox key={o.value} value={o.value} label={o.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    default:
      return isMultiValueType(field.type) ? (
        <MultiSelect {...common} data={options} searchable clearable value={list} onChange={onChange} />
      ) : (
        <Select
          {...common}
          data={options}
          searchable
          clearable
          value={text || null}
          onChange={(next) => onChange(next ?? undefined)}
        />
      );
  }
}

import { MultiSelect, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useApi } from '../api/api-context';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';
import { DateTimeField } from '../ui/DateTimeField';
import { ImageUploadField } from '../ui/ImageUploadField';
import type { EntityFormField, FormOption, FormValue, FormValues } from './types';

interface Props<R> {
  field: EntityFormField<R>;
  value: FormValue;
  error: string | undefined;
  disabled: boolean;
  /** every value of the form (options loaders read the ones they depend on) */
  values: Readonly<FormValues>;
  record: R | null;
  onChange: (value: FormValue) => void;
  /** a failed options load (shown in the form's banner) */
  onOptionsError: (text: string) => void;
}

/** One field of an EntityForm, by its kind, with its options (a dictionary or a loader). */
export function FormFieldInput<R>({
  field,
  value,
  error,
  disabled,
  values,
  record,
  onChange,
  onOptionsError,
}: Props<R>) {
  const { t, options } = useI18n();
  const loaded = useLoadedOptions(field, values, record, onOptionsError);
  const common = { label: t(field.label), withAsterisk: field.required, error, disabled: disabled || field.fixed };
  const text = typeof value === 'string' ? value : '';

  switch (field.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={text}
          maxLength={field.maxLength}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'date':
      return <DateTimeField {...common} w="100%" value={text} onChange={onChange} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          min={field.min}
          max={field.max}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(v))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.dictionary ? options(field.dictionary) : loaded}
          searchable={field.options !== undefined}
          nothingFoundMessage={t('common.noData')}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
        />
      );
    case 'image':
      return (
        <ImageUploadField
          {...common}
          value={text}
          dir={field.uploadDir ?? ''}
          onChange={onChange}
          onError={onOptionsError}
        />
      );
    case 'switch':
      return (
        <Switch
          label={common.label}
          error={error}
          disabled={common.disabled}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={field.dictionary ? options(field.dictionary) : loaded}
          searchable={field.options !== undefined}
          nothingFoundMessage={t('common.noData')}
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange(v)}
        />
      );
  }
}

/** The field's loaded options, loaded again when the record or a value it depends on changes. */
function useLoadedOptions<R>(
  field: EntityFormField<R>,
  values: Readonly<FormValues>,
  record: R | null,
  onError: (text: string) => void,
): FormOption[] {
  const client = useApi();
  // the loader reads the values as they are when it runs; only the ones it names make it run again
  const latest = useRef(values);
  latest.current = values;
  const dependsOn = JSON.stringify((field.optionsDependOn ?? []).map((key) => values[key] ?? null));
  const options = useLoad(
    () => field.options!({ client, values: latest.current, record }),
    [field, client, record, dependsOn],
    { enabled: field.options !== undefined, onError },
  );
  const loaded: FormOption[] = options.data ?? [];
  return loaded;
}

import { Select } from '@mantine/core';
import { useApi } from '../api/api-context';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';
import type { EntityFilter } from './types';

interface Props {
  filter: EntityFilter;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A list filter whose choices come from a call (the chatbot list's AI platforms): searchable, cleared to no filter.
 * A failed load leaves the choice empty rather than breaking the list; the list itself still searches.
 */
export function LoadedSelect({ filter, label, value, error, onChange }: Props) {
  const { t } = useI18n();
  const client = useApi();
  const loaded = useLoad(() => filter.options!(client), [filter, client], { enabled: filter.options !== undefined });
  const data = loaded.data ?? [];
  // a chosen value the list misses (a trashed platform named in the route) still shows, by its id
  const choices = value && !data.some((o) => o.value === value) ? [...data, { value, label: value }] : data;
  return (
    <Select
      label={label}
      clearable
      searchable
      nothingFoundMessage={t('common.noData')}
      data={choices}
      value={value || null}
      error={error}
      onChange={(v) => onChange(v ?? '')}
      w={180}
    />
  );
}

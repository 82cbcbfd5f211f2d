import { Input, Select, Stack, TextInput } from '@mantine/core';
import { useI18n } from '../i18n/locale-store';
import { CensorBanSelect } from './CensorBanSelect';
import { DirectorySelect } from './DirectorySelect';
import { useFilterError } from './filter-errors';
import { LoadedSelect } from './LoadedSelect';
import type { EntityFilter } from './types';

interface Props {
  /** show the keyword box (value under `keyword`) */
  keyword: boolean;
  filters: readonly EntityFilter[];
  draft: Readonly<Record<string, string>>;
  onChange: (draft: Record<string, string>) => void;
  /** Enter in a text box searches */
  onSubmit: () => void;
  /** which filters: the most used (`primary`), the folded rest, or all (default) */
  part?: 'primary' | 'more' | 'all';
}

/** Whether a list folds its filters: some are marked as the most used. */
export function foldsFilters(filters: readonly EntityFilter[]): boolean {
  return filters.some((f) => f.primary);
}

/**
 * The search inputs of a list or picker: the keyword box and each filter (text, a dictionary select, a directory pick,
 * the sensitive-word libraries). With `part`, only the most used or only the folded rest (the keyword is most used).
 * Each input shows the problem of its field when the list's filters cannot match (entity/filter-errors.tsx).
 */
export function FilterFields({ keyword, filters, draft, onChange, onSubmit, part = 'all' }: Props) {
  const { t } = useI18n();
  const folds = foldsFilters(filters);
  const shown = filters.filter(
    (f) => part === 'all' || !folds || (part === 'primary' ? f.primary === true : f.primary !== true),
  );
  const withKeyword = keyword && (part !== 'more' || !folds);
  const set = (key: string, value: string) => onChange({ ...draft, [key]: value });
  return (
    <>
      {withKeyword && (
        <FilterText
          name="keyword"
          label={t('common.keyword')}
          value={draft.keyword ?? ''}
          onChange={(value) => set('keyword', value)}
          onSubmit={onSubmit}
        />
      )}
      {shown.map((filter) => (
        <FilterInput
          key={filter.key}
          filter={filter}
          value={draft[filter.key] ?? ''}
          onChange={(value) => set(filter.key, value)}
          onSubmit={onSubmit}
        />
      ))}
    </>
  );
}

interface InputProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

function FilterText({ name, label, value, onChange, onSubmit }: InputProps & { name: string; label: string }) {
  const error = useFilterError(name);
  return (
    <TextInput
      label={label}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && onSubmit()}
      w={160}
    />
  );
}

/** One filter by its kind, with its field's problem under it. */
function FilterInput({ filter, value, onChange, onSubmit }: InputProps & { filter: EntityFilter }) {
  const { t, options } = useI18n();
  const error = useFilterError(filter.key);
  if (filter.kind === 'directory' && filter.directory)
    return (
      <DirectorySelect
        kind={filter.directory}
        label={t(filter.label)}
        value={value}
        error={error}
        onChange={onChange}
        onSubmit={onSubmit}
      />
    );
  if (filter.kind === 'select' && filter.dictionary)
    return (
      <Select
        label={t(filter.label)}
        clearable={filter.defaultValue === undefined}
        data={options(filter.dictionary)}
        value={value || null}
        error={error}
        onChange={(v) => onChange(v ?? '')}
        w={140}
      />
    );
  if (filter.kind === 'select' && filter.options)
    return <LoadedSelect filter={filter} label={t(filter.label)} value={value} error={error} onChange={onChange} />;
  if (filter.kind === 'censorBan')
    return (
      <Stack gap={4}>
        <CensorBanSelect label={t(filter.label)} value={value} onChange={onChange} />
        {error && <Input.Error>{error}</Input.Error>}
      </Stack>
    );
  return <FilterText name={filter.key} label={t(filter.label)} value={value} onChange={onChange} onSubmit={onSubmit} />;
}

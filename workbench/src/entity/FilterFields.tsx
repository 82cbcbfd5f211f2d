import { Select, TextInput } from '@mantine/core';
import { useI18n } from '../i18n/locale-store';
import { CensorBanSelect } from './CensorBanSelect';
import { DirectorySelect } from './DirectorySelect';
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
 */
export function FilterFields({ keyword, filters, draft, onChange, onSubmit, part = 'all' }: Props) {
  const { t, options } = useI18n();
  const folds = foldsFilters(filters);
  const shown = filters.filter(
    (f) => part === 'all' || !folds || (part === 'primary' ? f.primary === true : f.primary !== true),
  );
  const withKeyword = keyword && (part !== 'more' || !folds);
  const set = (key: string, value: string) => onChange({ ...draft, [key]: value });
  const text = (key: string, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={draft[key] ?? ''}
      onChange={(e) => set(key, e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && onSubmit()}
      w={160}
    />
  );
  return (
    <>
      {withKeyword && text('keyword', t('common.keyword'))}
      {shown.map((filter) => {
        if (filter.kind === 'directory' && filter.directory)
          return (
            <DirectorySelect
              key={filter.key}
              kind={filter.directory}
              label={t(filter.label)}
              value={draft[filter.key] ?? ''}
              onChange={(id) => set(filter.key, id)}
              onSubmit={onSubmit}
            />
          );
        if (filter.kind === 'select' && filter.dictionary)
          return (
            <Select
              key={filter.key}
              label={t(filter.label)}
              clearable={filter.defaultValue === undefined}
              data={options(filter.dictionary)}
              value={draft[filter.key] || null}
              onChange={(value) => set(filter.key, value ?? '')}
              w={140}
            />
          );
        if (filter.kind === 'censorBan')
          return (
            <CensorBanSelect
              key={filter.key}
              label={t(filter.label)}
              value={draft[filter.key] ?? ''}
              onChange={(value) => set(filter.key, value)}
            />
          );
        return text(filter.key, t(filter.label));
      })}
    </>
  );
}

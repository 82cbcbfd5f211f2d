import { Select, TextInput } from '@mantine/core';
import { useI18n } from '../i18n/locale-store';
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
}

/** The search inputs of a list or picker: the keyword box and each filter (text, a dictionary select, a directory pick). */
export function FilterFields({ keyword, filters, draft, onChange, onSubmit }: Props) {
  const { t, options } = useI18n();
  const text = (key: string, label: string) => (
    <TextInput
      key={key}
      label={label}
      value={draft[key] ?? ''}
      onChange={(e) => onChange({ ...draft, [key]: e.currentTarget.value })}
      onKeyDown={(e) => e.key === 'Enter' && onSubmit()}
    />
  );
  return (
    <>
      {keyword && text('keyword', t('common.keyword'))}
      {filters.map((filter) =>
        filter.kind === 'directory' && filter.directory ? (
          <DirectorySelect
            key={filter.key}
            kind={filter.directory}
            label={t(filter.label)}
            value={draft[filter.key] ?? ''}
            onChange={(id) => onChange({ ...draft, [filter.key]: id })}
            onSubmit={onSubmit}
          />
        ) : filter.kind === 'select' && filter.dictionary ? (
          <Select
            key={filter.key}
            label={t(filter.label)}
            clearable={filter.defaultValue === undefined}
            data={options(filter.dictionary)}
            value={draft[filter.key] || null}
            onChange={(value) => onChange({ ...draft, [filter.key]: value ?? '' })}
            w={160}
          />
        ) : (
          text(filter.key, t(filter.label))
        ),
      )}
    </>
  );
}

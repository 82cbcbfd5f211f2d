import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DIRECTORY_LIMIT, type DirectoryKind } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { useApi } from '../api/api-context';
import { type DirectoryOption, loadDirectory } from '../api/directory';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';

interface Props {
  kind: DirectoryKind;
  label: string;
  /** the chosen id ('' for none) */
  value: string;
  onChange: (id: string) => void;
  /** Enter in the fallback text box */
  onSubmit?: () => void;
  /** what is wrong with the chosen id (a filter that cannot match), under the pick */
  error?: string;
}

/** The names the directories answered, by kind and id: the active-filter tags show a name, not an id. */
const useDirectoryNames = create<Record<string, string>>(() => ({}));

function rememberNames(kind: DirectoryKind, options: readonly DirectoryOption[]): void {
  const names: Record<string, string> = {};
  for (const o of options) names[`${kind}:${o.value}`] = o.label;
  useDirectoryNames.setState(names);
}

/** The directories asked for by name alone (no picker open), per client: each once. */
const askedFor = new WeakMap<object, Set<DirectoryKind>>();

/**
 * The name of a directory id: once a picker has loaded it, or, for a filter that came with the address (a link from
 * the QC overview) while its picker is folded away, once the directory asked for here answers; the id itself before.
 */
export function useDirectoryName(kind: DirectoryKind | undefined, id: string): string {
  const client = useApi();
  const name = useDirectoryNames((names) => (kind ? (names[`${kind}:${id}`] ?? id) : id));
  useEffect(() => {
    if (kind === undefined || id === '' || name !== id) return;
    const asked = askedFor.get(client) ?? new Set<DirectoryKind>();
    askedFor.set(client, asked);
    if (asked.has(kind)) return;
    asked.add(kind);
    loadDirectory(client, kind)
      .then((options) => rememberNames(kind, options))
      .catch(() => asked.delete(kind));
  }, [client, kind, id, name]);
  return name;
}

/**
 * A directory's options as a picker offers them: the whole directory loaded once, and when it is longer than one
 * answer, what the server finds for the typed words (debounced) added to it. `failed`: the directory cannot be read.
 */
export function useDirectory(kind: DirectoryKind, search: string): { options: DirectoryOption[]; failed: boolean } {
  const client = useApi();
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const all = useLoad(() => loadDirectory(client, kind), [client, kind], {
    onLoad: (options) => rememberNames(kind, options),
  });
  const complete = all.data !== null && all.data.length < DIRECTORY_LIMIT;
  const found = useLoad(() => loadDirectory(client, kind, keyword), [client, kind, keyword], {
    enabled: all.data !== null && !complete && keyword !== '',
    onLoad: (options) => rememberNames(kind, options),
  });
  const options = useMemo(() => {
    const merged = new Map((all.data ?? []).map((o) => [o.value, o]));
    for (const o of found.error === null ? (found.data ?? []) : []) merged.set(o.value, o);
    return [...merged.values()];
  }, [all.data, found.data, found.error]);
  return { options, failed: all.error !== null && all.data === null };
}

/**
 * A searchable pick of an agent, group, line or channel by name that stands for its id. The whole directory is loaded once;
 * a directory longer than one answer is searched on the server as the user types. When it cannot be read, a text
 * box for the id takes its place, so the filter still works.
 */
export function DirectorySelect({ kind, label, value, onChange, onSubmit, error }: Props) {
  const _client = useApi();
  const { t } = useI18n();
  const [search, setSearch] = useState('');
  const { options, failed } = useDirectory(kind, search);
  // an id from the address that the directory does not list stays shown as itself
  const data = useMemo(
    () => (value !== '' && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options),
    [options, value],
  );

  if (failed)
    return (
      <TextInput
        label={label}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSubmit?.()}
      />
    );
  return (
    <Select
      label={label}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value || null}
      error={error}
      onChange={(id) => onChange(id ?? '')}
      nothingFoundMessage={t('common.noData')}
      limit={DIRECTORY_LIMIT}
      w={kind === 'AGENT' ? 220 : 180}
    />
  );
}

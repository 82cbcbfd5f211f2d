import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DIRECTORY_LIMIT, type DirectoryKind } from '@qcdesk/contracts';
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import { useApi } from '../api/api-context';
import { type DirectoryOption, loadDirectory } from '../api/directory';
import { useI18n } from '../i18n/locale-store';

interface Props {
  kind: DirectoryKind;
  label: string;
  /** the chosen id ('' for none) */
  value: string;
  onChange: (id: string) => void;
  /** Enter in the fallback text box */
  onSubmit?: () => void;
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
 * A searchable pick of an agent, group, line or channel by name that stands for its id. The whole directory is loaded once;
 * a directory longer than one answer is searched on the server as the user types. When it cannot be read, a text
 * box for the id takes its place, so the filter still works.
 */
export function DirectorySelect({ kind, label, value, onChange, onSubmit }: Props) {
  const client = useApi();
  const { t } = useI18n();
  const [all, setAll] = useState<DirectoryOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const [found, setFound] = useState<DirectoryOption[]>([]);
  const complete = all !== null && all.length < DIRECTORY_LIMIT;

  useEffect(() => {
    let live = true;
    loadDirectory(client, kind)
      .then((options) => {
        rememberNames(kind, options);
        if (live) setAll(options);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [client, kind]);

  useEffect(() => {
    if (complete || keyword === '' || all === null) return;
    let live = true;
    loadDirectory(client, kind, keyword)
      .then((options) => {
        rememberNames(kind, options);
        if (live) setFound(options);
      })
      .catch(() => live && setFound([]));
    return () => {
      live = false;
    };
  }, [client, kind, keyword, complete, all]);

  const data = useMemo(() => {
    const merged = new Map((all ?? []).map((o) => [o.value, o]));
    for (const o of found) merged.set(o.value, o);
    // an id from the address that the directory does not list stays shown as itself
    if (value !== '' && !merged.has(value)) merged.set(value, { value, label: value });
    return [...merged.values()];
  }, [all, found, value]);

  if (failed)
    return (
      <TextInput
        label={label}
        value={value}
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
      onChange={(id) => onChange(id ?? '')}
      nothingFoundMessage={t('common.noData')}
      limit={DIRECTORY_LIMIT}
      w={kind === 'AGENT' ? 220 : 180}
    />
  );
}

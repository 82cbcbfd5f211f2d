import { MultiSelect, TagsInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApi } from '../api/api-context';
import { useI18n } from '../i18n/locale-store';

/** The result lists take one library per search (the contracts' `censorBanId`). */
const MAX_LIBRARIES = 1;
const LIBRARIES = '/v3/system/censor-ban/list';

interface Props {
  label: string;
  /** the chosen library ids, comma-joined ('' for none) */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The 敏感词库 filter: a pick of the sensitive-word libraries by name where the server lists them
 * (`/v3/system/censor-ban/list`), otherwise library ids typed as tags, so the filter works before the libraries exist.
 */
export function CensorBanSelect({ label, value, onChange }: Props) {
  const client = useApi();
  const { t } = useI18n();
  const [libraries, setLibraries] = useState<{ value: string; label: string }[] | null>(null);
  useEffect(() => {
    let live = true;
    client
      .request<{ id: string | number; name: string }[] | { records: { id: string | number; name: string }[] }>({
        path: LIBRARIES,
        body: { deleted: 'NONE' },
      })
      .then((answer) => {
        const list = Array.isArray(answer) ? answer : (answer?.records ?? []);
        if (live) setLibraries(list.map((l) => ({ value: String(l.id), label: l.name })));
      })
      // no such route yet (or no right to read it): ids typed by hand
      .catch(() => live && setLibraries(null));
    return () => {
      live = false;
    };
  }, [client]);
  const chosen = value === '' ? [] : value.split(',');
  const change = (ids: string[]) => onChange(ids.join(','));
  if (libraries === null)
    return <TagsInput label={label} value={chosen} onChange={change} maxTags={MAX_LIBRARIES} clearable w={180} />;
  return (
    <MultiSelect
      label={label}
      data={libraries}
      value={chosen}
      onChange={change}
      maxValues={MAX_LIBRARIES}
      searchable
      clearable
      nothingFoundMessage={t('common.noData')}
      w={180}
    />
  );
}

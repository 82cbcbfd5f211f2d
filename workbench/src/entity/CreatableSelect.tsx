import { Button, Group, Select } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useApi } from '../api/api-context';
import type { ApiClient } from '../api/client';
import type { RecordId } from '../api/resource';
import { useLoad } from '../api/use-load';
import { useI18n } from '../i18n/locale-store';
import type { DrawerWidth } from '../router/location';
import { Drawer } from '../ui/Drawer';
import type { FormOption } from './types';

/** A selector's create shortcut (spec §2.1 "every selector has a create shortcut that opens a drawer"). */
export interface CreateShortcut {
  /** the drawer's title */
  title: string;
  /** the spec's widths: 600 by default, 900 for a skill group, 80 % for a service time or navigation */
  width: DrawerWidth;
  /** whether the user may create the entity (its create call's key); without it there is no shortcut */
  allowed: boolean;
  /** the entity's form inside the drawer; it calls `onSaved` with the new record's id */
  form: (onSaved: (id: RecordId) => void) => ReactNode;
}

export interface CreatableSelectProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** the choices, loaded again after a create and when `loadKey` changes (the loader itself may be a new function) */
  load: (client: ApiClient) => Promise<FormOption[]>;
  loadKey?: string;
  /** the stored choice, shown by its name when the lookup misses it (a trashed record, one not listed yet) */
  own?: { id: string | null | undefined; name: string | null | undefined };
  create?: CreateShortcut;
  disabled?: boolean;
  error?: string;
  /** a hint under the input */
  description?: string;
  /** a failed load of the choices (shown in the screen's banner) */
  onLoadError?: (text: string) => void;
}

/**
 * A searchable, clearable select whose choices come from a call, with the create shortcut beside it: the entity's
 * form in a drawer, and on its save the new record is listed and chosen.
 */
export function CreatableSelect({
  label,
  value,
  onChange,
  load,
  loadKey = '',
  own,
  create,
  disabled = false,
  error,
  description,
  onLoadError,
}: CreatableSelectProps) {
  const { t } = useI18n();
  const client = useApi();
  const [round, setRound] = useState(0);
  const [drawer, setDrawer] = useState(false);
  const loaded = useLoad(() => load(client), [client, loadKey, round], { onError: onLoadError });
  const options = loaded.data ?? [];
  const data =
    own?.id && !options.some((o) => o.value === own.id)
      ? [...options, { value: own.id, label: own.name ?? own.id }]
      : options;
  // a choice typed into the route or made in the drawer before the list has it still shows, by its id
  const shown = value && !data.some((o) => o.value === value) ? [...data, { value, label: value }] : data;

  const saved = (id: RecordId) => {
    setDrawer(false);
    setRound((n) => n + 1);
    onChange(String(id));
  };

  return (
    <>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          label={label}
          description={description}
          clearable
          searchable
          nothingFoundMessage={t('common.noData')}
          data={shown}
          value={value}
          error={error}
          disabled={disabled}
          onChange={onChange}
        />
        {create?.allowed && !disabled && (
          <Button variant="light" aria-label={t('selector.createOf', { name: label })} onClick={() => setDrawer(true)}>
            {t('common.create')}
          </Button>
        )}
      </Group>
      {create && (
        <Drawer opened={drawer} onClose={() => setDrawer(false)} title={create.title} width={create.width}>
          {drawer && create.form(saved)}
        </Drawer>
      )}
    </>
  );
}

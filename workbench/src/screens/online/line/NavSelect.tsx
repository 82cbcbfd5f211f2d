import { ActionIcon, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { NavKind } from '@qcdesk/contracts';
import { IconTrash } from '@tabler/icons-react';
import type { ApiClient } from '../../../api/client';
import { timeOptions } from '../../../entities/cs-group';
import { CreatableSelect, type CreateShortcut } from '../../../entity/CreatableSelect';
import { useI18n } from '../../../i18n/locale-store';
import type { NavOptionsLoader } from './line-options';
import type { NavChoice, NavRow } from './line-save';

/** Names of the navigations and service times the line already binds (shown while their lists miss them). */
export type KnownNames = ReadonlyMap<string, string>;

interface NavSelectProps {
  label: string;
  kind: NavKind;
  value: string | null;
  onChange: (value: string | null) => void;
  /** where the navigations of a kind come from (none until the navigation entity exists) */
  loader: NavOptionsLoader;
  names: KnownNames;
  disabled: boolean;
  /** a new navigation of the kind, in an 80 % drawer (nav-shortcut.tsx) */
  create?: CreateShortcut | undefined;
}

/** A navigation of one kind; a stored one stays shown by its name. */
export function NavSelect({ label, kind, value, onChange, loader, names, disabled, create }: NavSelectProps) {
  return (
    <CreatableSelect
      label={label}
      value={value}
      onChange={onChange}
      load={(client: ApiClient) => loader(client, kind)}
      loadKey={kind}
      own={{ id: value, name: value ? names.get(value) : null }}
      create={create}
      disabled={disabled}
    />
  );
}

interface NavChoiceFieldProps {
  /** the kind's label (技能组导航, 自助导航) */
  label: string;
  kind: NavKind;
  value: NavChoice;
  onChange: (value: NavChoice) => void;
  loader: NavOptionsLoader;
  names: KnownNames;
  /** the service-time selector's create shortcut (an 80 % drawer) */
  timeShortcut: CreateShortcut;
  /** the navigation selectors' create shortcut (an 80 % drawer) */
  navShortcut?: CreateShortcut | undefined;
  disabled: boolean;
}

/**
 * A navigation kind that may be time-divided (spec §2.1): 不分时段 (one navigation) or 分时段 (rows of service time and
 * navigation, with add and delete). Both variants keep what was typed; the save sends only the chosen one.
 */
export function NavChoiceField({
  label,
  kind,
  value,
  onChange,
  loader,
  names,
  timeShortcut,
  navShortcut,
  disabled,
}: NavChoiceFieldProps) {
  const { t } = useI18n();
  const setRow = (i: number, patch: Partial<NavRow>) =>
    onChange({ ...value, rows: value.rows.map((row, j) => (j === i ? { ...row, ...patch } : row)) });
  return (
    <Stack gap="xs" data-testid={`nav-${kind}`}>
      <Radio.Group
        label={t('csLine.nav.variant', { kind: label })}
        value={value.divided ? 'divided' : 'single'}
        onChange={(v) =>
          // the first switch to 分时段 offers one empty row to fill
          onChange({
            ...value,
            divided: v === 'divided',
            rows: v === 'divided' && value.rows.length === 0 ? [{ timeId: null, navId: null }] : value.rows,
          })
        }
      >
        <Group mt={4}>
          <Radio value="single" label={t('csLine.nav.single')} disabled={disabled} />
          <Radio value="divided" label={t('csLine.nav.divided')} disabled={disabled} />
        </Group>
      </Radio.Group>
      {!value.divided ? (
        <NavSelect
          label={label}
          kind={kind}
          value={value.navId}
          onChange={(navId) => onChange({ ...value, navId })}
          loader={loader}
          names={names}
          create={navShortcut}
          disabled={disabled}
        />
      ) : (
        <Stack gap="xs">
          {value.rows.map((row, i) => (
            // rows have no identity of their own but their place
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={i} align="flex-end" wrap="nowrap" data-testid={`nav-${kind}-row-${i}`}>
              <div style={{ flex: 1 }}>
                <CreatableSelect
                  label={t('csLine.nav.time')}
                  value={row.timeId}
                  onChange={(timeId) => setRow(i, { timeId })}
                  load={timeOptions}
                  own={{ id: row.timeId, name: row.timeId ? names.get(row.timeId) : null }}
                  create={timeShortcut}
                  disabled={disabled}
                />
              </div>
              <div style={{ flex: 1 }}>
                <NavSelect
                  label={t('csLine.nav.nav')}
                  kind={kind}
                  value={row.navId}
                  onChange={(navId) => setRow(i, { navId })}
                  loader={loader}
                  names={names}
                  create={navShortcut}
                  disabled={disabled}
                />
              </div>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={4}
                  aria-label={t('csLine.nav.removeRow')}
                  onClick={() => onChange({ ...value, rows: value.rows.filter((_, j) => j !== i) })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {value.rows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('common.noData')}
            </Text>
          )}
          {!disabled && (
            <Group>
              <Button
                size="xs"
                variant="light"
                onClick={() => onChange({ ...value, rows: [...value.rows, { timeId: null, navId: null }] })}
              >
                {t('csLine.nav.addRow')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

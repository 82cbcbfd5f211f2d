import { Button, Group, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AUTHENTICATED,
  type CsAgent,
  type CsAgentBatchAnswer,
  type CsAgentPullAnswer,
  clampBatchCapacity,
  csAgentChangeBatchSchema,
  csAgentCreateBatchSchema,
  csGroupContract,
  LIMITS,
  PUBLIC,
  ROUTE_PERMISSIONS,
  toFieldErrors,
  type User,
  userContract,
} from '@qcdesk/contracts';
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/client';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useCan } from '../../auth/session-store';
import { csAgentDescription } from '../../entities/cs-agent';
import { contractApi } from '../../entity/access';
import { EntityList } from '../../entity/EntityList';
import { EntityPicker } from '../../entity/EntityPicker';
import type { EntityColumn, EntityDescription, PickerDescription } from '../../entity/types';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { confirmAction } from '../../ui/confirm';
import { notifyWarning } from '../../ui/notify';

/** The three values a row edits in place, as typed. */
type RowEdit = { nick: string; callPlatform: string; capacity: string };
type EditKey = keyof RowEdit;

interface Edits {
  valueOf: (row: CsAgent, key: EditKey) => string;
  set: (id: string, key: EditKey, value: string) => void;
}
const EditsContext = createContext<Edits | null>(null);

/** The stored value of a row as its input shows it. */
function stored(row: CsAgent, key: EditKey): string {
  const value = row[key];
  return value === null || value === undefined ? '' : String(value);
}

/** An input of a row: the typed value, else the stored one. Capacity keeps digits only (spec §5). */
function EditCell({ row, field, label }: { row: CsAgent; field: EditKey; label: string }) {
  const edits = useContext(EditsContext)!;
  return (
    <TextInput
      size="xs"
      aria-label={`${label} ${row.id}`}
      value={edits.valueOf(row, field)}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        edits.set(row.id, field, field === 'capacity' ? typed.replace(/\D/g, '') : typed);
      }}
    />
  );
}

const editable = (key: EditKey, labelKey: 'agent.nick' | 'agent.callPlatform' | 'agent.capacity', label: string) =>
  ({
    key,
    title: labelKey,
    render: (row) => <EditCell row={row} field={key} label={label} />,
    width: key === 'capacity' ? 90 : 140,
  }) satisfies EntityColumn<CsAgent>;

/** The description with nick, call platform and capacity as inputs (built once per language: the list reloads on a new one). */
function editableDescription(labels: Record<EditKey, string>): EntityDescription<CsAgent> {
  return {
    ...csAgentDescription,
    columns: csAgentDescription.columns.map((column) => {
      if (column.key === 'nick') return editable('nick', 'agent.nick', labels.nick);
      if (column.key === 'callPlatform') return editable('callPlatform', 'agent.callPlatform', labels.callPlatform);
      if (column.key === 'capacity') return editable('capacity', 'agent.capacity', labels.capacity);
      return column;
    }),
  };
}

/** Whether the user may make a call of ROUTE_PERMISSIONS that is not one of the generated entity calls. */
function mayCall(can: (key: string | undefined) => boolean, path: keyof typeof ROUTE_PERMISSIONS): boolean {
  const access = ROUTE_PERMISSIONS[path];
  return access === PUBLIC || access === AUTHENTICATED || can(access);
}

function staffPicker(client: ReturnType<typeof useApi>): PickerDescription<User> {
  const { base, detailParam } = contractApi(userContract);
  const api = resource<User>(client, base, { detailParam });
  return {
    title: 'agent.pickStaff',
    keyword: true,
    filters: [],
    columns: [
      { key: 'username', title: 'user.username' },
      { key: 'name', title: 'user.name' },
    ],
    load: ({ page, size, keyword }) =>
      api.page({ page, size, filters: { ...(keyword ? { keyword } : {}), deleted: 'NONE' } }),
  };
}

/**
 * /csAgent/list (online-service-config §2.4): the shared list of the agent description, with nick, call platform and
 * capacity edited in the row, batch capacity and call platform filled down the page, batch save of the rows with a
 * nick, batch create from a staff selection and a pull from a call platform. The trash view edits nothing.
 */
/** A small toolbar input with the button that acts on it (batch fill, pull). */
function InputAction(props: {
  label: string;
  width: number;
  value: string;
  onChange: (value: string) => void;
  action: string;
  /** the button's accessible name where its text alone is ambiguous */
  actionLabel?: string;
  variant: 'default' | 'light';
  onAction: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        w={props.width}
        aria-label={props.label}
        placeholder={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      <Button size="xs" variant={props.variant} aria-label={props.actionLabel} onClick={props.onAction}>
        {props.action}
      </Button>
    </Group>
  );
}

export function AgentList({ location }: { location: RouteLocation }) {
  const client = useApi();
  const can = useCan();
  const { t, m, locale } = useI18n();
  const [edits, setEdits] = useState<Record<string, Partial<RowEdit>>>({});
  const [batchCapacity, setBatchCapacity] = useState('');
  const [batchPlatform, setBatchPlatform] = useState('');
  const [platform, setPlatform] = useState('');
  const [picking, setPicking] = useState(false);
  // the group filter (spec §2.4 "search by keyword, status and group"): chosen by name, sent as groupId on search
  const [groupDraft, setGroupDraft] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const groups = useLoad(
    () =>
      resource<{ id: string; name: string }>(client, csGroupContract.base, csGroupContract).list({
        fields: ['id', 'name'],
        limit: LIMITS.topLookup,
      }),
    [client],
  );
  const reloadRef = useRef<() => void>(() => {});
  const trash = location.query.deleted === 'TRASH';
  const mayEdit = !trash && mayCall(can, '/v3/chats/cs-agent/changeBatch');
  const mayCreate = !trash && mayCall(can, '/v3/chats/cs-agent/createBatch');
  const mayPull = !trash && mayCall(can, '/v3/chats/cs-agent/pull');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language only
  const description = useMemo(
    () =>
      mayEdit
        ? editableDescription({
            nick: t('agent.nick'),
            callPlatform: t('agent.callPlatform'),
            capacity: t('agent.capacity'),
          })
        : csAgentDescription,
    [mayEdit, locale],
  );
  const context: Edits = {
    valueOf: (row, key) => edits[row.id]?.[key] ?? stored(row, key),
    set: (id, key, value) => setEdits((all) => ({ ...all, [id]: { ...all[id], [key]: value } })),
  };
  const staff = useMemo(() => staffPicker(client), [client]);

  const fillDown = (rows: readonly CsAgent[], key: EditKey, value: string) => {
    if (value === '') return;
    setEdits((all) => {
      const next = { ...all };
      for (const row of rows) next[row.id] = { ...next[row.id], [key]: value };
      return next;
    });
  };

  /** Saves the selected rows, or every row on the page; only those with a nick are sent (spec §5). */
  const batchSave = async (rows: readonly CsAgent[], reload: () => void) => {
    const agents = rows
      .map((row) => ({
        id: row.id,
        nick: context.valueOf(row, 'nick').trim(),
        capacity: context.valueOf(row, 'capacity'),
        callPlatform: context.valueOf(row, 'callPlatform'),
      }))
      .filter((a) => a.nick !== '');
    const checked = csAgentChangeBatchSchema.safeParse({ agents });
    if (!checked.success) {
      notifyWarning(toFieldErrors(checked.error, locale)[0]!.message);
      return;
    }
    try {
      const answer = await client.request<CsAgentBatchAnswer>({
        path: '/v3/chats/cs-agent/changeBatch',
        body: checked.data,
      });
      notifications.show({
        color: 'green',
        message: t('agent.batchSaved', { saved: answer.ids.length, skipped: rows.length - agents.length }),
      });
      setEdits({});
      reload();
    } catch (e) {
      notifyWarning(errorText(e));
    }
  };

  const batchCreate = async (users: readonly User[]) => {
    const checked = csAgentCreateBatchSchema.safeParse({ userIds: users.map((u) => u.id) });
    if (!checked.success) throw new Error(toFieldErrors(checked.error, locale)[0]!.message);
    const answer = await client.request<CsAgentBatchAnswer>({
      path: '/v3/chats/cs-agent/createBatch',
      body: checked.data,
    });
    setPicking(false);
    notifications.show({
      color: 'green',
      message: t('agent.batchCreated', { created: answer.ids.length, skipped: answer.skipped.length }),
    });
    reloadRef.current();
  };

  const pull = async () => {
    const name = platform.trim();
    if (name === '') {
      notifyWarning(m('common.required'));
      return;
    }
    if (!(await confirmAction(t('agent.pullConfirm', { platform: name })))) return;
    try {
      const answer = await client.request<CsAgentPullAnswer>({
        path: '/v3/chats/cs-agent/pull',
        query: { platform: name },
      });
      notifications.show({
        color: 'green',
        message: t('agent.pulled', { created: answer.created, updated: answer.updated, failed: answer.failed.length }),
      });
      reloadRef.current();
    } catch (e) {
      notifyWarning(errorText(e));
    }
  };

  const actions = (
    selected: readonly (string | number)[],
    list: { records: readonly CsAgent[]; reload: () => void },
  ) => {
    reloadRef.current = list.reload;
    const rows = selected.length > 0 ? list.records.filter((r) => selected.includes(r.id)) : list.records;
    const buttons: ReactNode[] = [];
    if (mayEdit)
      buttons.push(
        <Group key="batch" gap={4} wrap="nowrap">
          <InputAction
            label={t('agent.batchCapacity')}
            width={110}
            value={batchCapacity}
            onChange={(value) => {
              const clamped = clampBatchCapacity(value);
              setBatchCapacity(clamped === null ? '' : String(clamped));
            }}
            action={t('agent.fillDown')}
            variant="default"
            onAction={() => fillDown(list.records, 'capacity', batchCapacity)}
          />
          <InputAction
            label={t('agent.batchCallPlatform')}
            width={120}
            value={batchPlatform}
            onChange={setBatchPlatform}
            action={t('agent.fillDown')}
            actionLabel={`${t('agent.fillDown')} ${t('agent.callPlatform')}`}
            variant="default"
            onAction={() => fillDown(list.records, 'callPlatform', batchPlatform.trim())}
          />
          <Button size="xs" variant="light" onClick={() => void batchSave(rows, list.reload)}>
            {t('agent.batchSave')}
          </Button>
        </Group>,
      );
    if (mayCreate)
      buttons.push(
        <Button key="create" variant="light" onClick={() => setPicking(true)}>
          {t('agent.batchCreate')}
        </Button>,
      );
    if (mayPull)
      buttons.push(
        <InputAction
          key="pull"
          label={t('agent.pullPlatform')}
          width={110}
          value={platform}
          onChange={setPlatform}
          action={t('agent.pull')}
          variant="light"
          onAction={() => void pull()}
        />,
      );
    return buttons;
  };

  return (
    <EditsContext.Provider value={context}>
      <EntityList
        description={description}
        location={location}
        extraActions={actions}
        baseFilters={groupId ? { groupId } : undefined}
        searchFields={
          <Select
            label={t('agent.group')}
            w={180}
            clearable
            searchable
            value={groupDraft}
            onChange={setGroupDraft}
            data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        }
        onSearch={() => setGroupId(groupDraft)}
        onReset={() => {
          setGroupDraft(null);
          setGroupId(null);
        }}
      />
      <EntityPicker
        description={staff}
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={batchCreate}
        emptyMessage={m('desk.agent.selectStaff')}
      />
    </EditsContext.Provider>
  );
}

import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { TASK_STATE_LIMITS, type TaskState, TicketStatusGroup, taskStateContract } from '@qcdesk/contracts';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/client';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useCan } from '../../auth/session-store';
import { STATE_LIST_PATH, stateEditTarget, taskStateDescription } from '../../entities/task-state';
import { mayUse } from '../../entity/access';
import { EntityList } from '../../entity/EntityList';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate, useReloadToken } from '../../router/router-store';
import { confirmAction } from '../../ui/confirm';
import { displayTime } from '../../ui/display';
import { FormErrorBanner } from '../../ui/FormErrorBanner';
import { notifySuccess, notifyWarning } from '../../ui/notify';
import { StateColorDot } from './StateColor';

/** What the tree reads of each state. */
const FIELDS = ['id', 'name', 'code', 'status', 'color', 'system', 'tenantId', 'creatorName', 'createTime'];

/** A state's place under its group: the system one first (it is the group's own), then by creation. */
function byPlace(a: TaskState, b: TaskState): number {
  if (a.system !== b.system) return a.system ? -1 : 1;
  return (a.createTime ?? '').localeCompare(b.createTime ?? '') || Number(a.id) - Number(b.id);
}

/**
 * The ticket state list (tickets spec "Ticket states", nav key ticket.state): the status groups of dict-ticket-status
 * as expandable parent rows, each with its states — the system one (tenantId 0, read-only: no edit, no delete) and
 * the organisation's own — as children; a keyword narrows the states shown. The trash view (removed states, restored
 * or emptied with field.delete) is the shared list of the description.
 */
export function TaskStateList({ location }: { location: RouteLocation }) {
  if (location.query.deleted === 'TRASH') return <EntityList description={taskStateDescription} location={location} />;
  return <StateTree location={location} />;
}

function StateTree({ location }: { location: RouteLocation }) {
  const { t, m, label } = useI18n();
  const client = useApi();
  const api = useMemo(() => resource<TaskState>(client, taskStateContract.base, taskStateContract), [client]);
  const can = useCan();
  const reloadToken = useReloadToken();
  const [round, setRound] = useState(0);
  const [draft, setDraft] = useState(location.query.keyword ?? '');
  const keyword = (location.query.keyword ?? '').trim().toLowerCase();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [actionError, setActionError] = useState<string | null>(null);
  const loaded = useLoad(
    () => api.list({ fields: FIELDS, limit: TASK_STATE_LIMITS.listMax }),
    [api, reloadToken, round],
    { onLoad: (states) => setSelected((ids) => ids.filter((id) => states.some((s) => s.id === id && !s.system))) },
  );
  const states = loaded.data ?? [];
  const shown = keyword
    ? states.filter((s) => s.name.toLowerCase().includes(keyword) || s.code.toLowerCase().includes(keyword))
    : states;
  const mayCreate = mayUse(can, taskStateContract.base, 'create');
  const mayEdit = mayUse(can, taskStateContract.base, 'change');
  const mayRemove = mayUse(can, taskStateContract.base, 'delete');

  const setQuery = (change: Record<string, string | undefined>) => {
    const query: Record<string, string | undefined> = { ...location.query, ...change };
    navigate(STATE_LIST_PATH, query);
  };
  const toggleGroup = (group: string) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });
  const toggle = (id: string) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const remove = async (ids: readonly string[]) => {
    if (ids.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!(await confirmAction(t('common.confirmDelete', { count: ids.length })))) return;
    setActionError(null);
    try {
      await api.remove(ids, 'TRASH');
      notifySuccess();
      setSelected([]);
      setRound((n) => n + 1);
    } catch (e) {
      setActionError(errorText(e));
    }
  };

  return (
    <Stack gap="xs" pos="relative">
      <SegmentedControl
        w="fit-content"
        value="NONE"
        onChange={(value) => setQuery({ deleted: value === 'NONE' ? undefined : value })}
        data={[
          { value: 'NONE', label: t('common.listView') },
          { value: 'TRASH', label: t('common.trashView') },
        ]}
      />
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t('common.keyword')}
          value={draft}
          maxLength={TASK_STATE_LIMITS.nameMax}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && setQuery({ keyword: draft.trim() || undefined })}
        />
        <Button leftSection={<IconSearch size={16} />} onClick={() => setQuery({ keyword: draft.trim() || undefined })}>
          {t('common.search')}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft('');
            setQuery({ keyword: undefined });
          }}
        >
          {t('common.reset')}
        </Button>
      </Group>
      <Group gap="xs">
        {mayCreate && (
          <Button
            onClick={() => {
              const target = stateEditTarget();
              navigate(target.path, target.query);
            }}
          >
            {t('common.create')}
          </Button>
        )}
        {mayRemove && (
          <Button variant="light" color="red" onClick={() => void remove(selected)}>
            {t('common.delete')}
          </Button>
        )}
        {selected.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('common.selected', { count: selected.length })}
          </Text>
        )}
      </Group>
      <FormErrorBanner error={actionError ?? loaded.error} onRetry={actionError ? undefined : loaded.reload} />
      <div style={{ position: 'relative' }}>
        <LoadingOverlay visible={loaded.loading} />
        <Table withTableBorder highlightOnHover data-state-tree>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 40 }} />
              <Table.Th>{t('common.name')}</Table.Th>
              <Table.Th>{t('ticketState.code')}</Table.Th>
              <Table.Th>{t('ticketState.kind')}</Table.Th>
              <Table.Th>{t('ticketKind.creator')}</Table.Th>
              <Table.Th>{t('common.createTime')}</Table.Th>
              <Table.Th>{t('common.operation')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TicketStatusGroup.values.map((group) => {
              const children = shown.filter((s) => s.status === group).sort(byPlace);
              const open = !collapsed.has(group);
              const name = label(TicketStatusGroup, group);
              return [
                <Table.Tr key={group} data-group={group} bg="var(--mantine-color-default-hover)">
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-expanded={open}
                      aria-label={t('ticketState.toggle', { name })}
                      onClick={() => toggleGroup(group)}
                    >
                      {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td colSpan={6}>
                    <Group gap="xs">
                      <Text fw={600}>{name}</Text>
                      <Text size="sm" c="dimmed">
                        {t('ticketState.groupCount', { count: children.length })}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>,
                ...(open
                  ? children.length === 0
                    ? [
                        <Table.Tr key={`${group}-empty`}>
                          <Table.Td />
                          <Table.Td colSpan={6}>
                            <Text size="sm" c="dimmed">
                              {t('ticketState.empty')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>,
                      ]
                    : children.map((state) => (
                        <Table.Tr key={state.id} data-row-id={state.id} data-parent={group}>
                          <Table.Td>
                            {!state.system && mayRemove && (
                              <Checkbox
                                aria-label={`select ${state.id}`}
                                checked={selected.includes(state.id)}
                                onChange={() => toggle(state.id)}
                              />
                            )}
                          </Table.Td>
                          <Table.Td pl="lg">
                            <StateColorDot color={state.color} name={state.name} />
                          </Table.Td>
                          <Table.Td>{state.code}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={state.system ? 'gray' : 'blue'}>
                              {t(state.system ? 'ticketState.system' : 'ticketState.own')}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{state.creatorName ?? '--'}</Table.Td>
                          <Table.Td>{displayTime(state.createTime)}</Table.Td>
                          <Table.Td>
                            {/* only the organisation's own states (tenantId not 0) are edited or deleted */}
                            {!state.system && (
                              <Group gap="xs" wrap="nowrap">
                                {mayEdit && (
                                  <Anchor
                                    component="button"
                                    type="button"
                                    onClick={() => {
                                      const target = stateEditTarget(state.id);
                                      navigate(target.path, target.query);
                                    }}
                                  >
                                    {t('common.edit')}
                                  </Anchor>
                                )}
                                {mayRemove && (
                                  <Anchor
                                    component="button"
                                    type="button"
                                    c="red"
                                    onClick={() => void remove([state.id])}
                                  >
                                    {t('common.delete')}
                                  </Anchor>
                                )}
                              </Group>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))
                  : []),
              ];
            })}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}

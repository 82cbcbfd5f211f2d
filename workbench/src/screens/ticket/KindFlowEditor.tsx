import { ActionIcon, Badge, Box, Button, Group, Paper, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import {
  nodeBetween,
  type TaskKindDetail,
  type TaskKindNode,
  type TaskKindState,
  taskStateContract,
} from '@qcdesk/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { errorText } from '../../api/client';
import { useLoad } from '../../api/use-load';
import { useI18n } from '../../i18n/locale-store';
import { confirmAction } from '../../ui/confirm';
import { notifyWarning } from '../../ui/notify';
import { SortableList } from '../../ui/SortableList';
import { addState, flowOfKind } from './kind-flow-view';
import { NodeEditor, type NodeTarget } from './NodeEditor';

export interface KindFlowEditorProps {
  kind: TaskKindDetail;
  /** the user may edit kinds (ticket-kind.edit) */
  editable: boolean;
  /** the flow changed on the server (the kind's version moved on): load the kind again */
  onChanged: () => void;
  /** a failed call, for the screen's banner */
  onError: (text: string) => void;
}

/**
 * The state flow of a kind (tickets spec "State flow view"): its states in order — the first the initial one —
 * dragged into a new order, added from the organisation's states ('请选择状态', '{state} 状态已经存在') or removed
 * ('确认删除该状态吗——{name}'), each change saving the full ordered list of codes; and the matrix of every from-state
 * by every to-state, where from = to is disabled and any other cell shows its node (opens the editor) or a + (creates
 * one). While the kind is ACTIVE nothing is changed: adding is disabled, and removing, dragging or a node's edit warn
 * with the spec's texts.
 */
export function KindFlowEditor({ kind, editable, onChanged, onError }: KindFlowEditorProps) {
  const { t, m } = useI18n();
  const client = useApi();
  const active = kind.status === 'ACTIVE';
  const changeable = editable && !active;
  const [picked, setPicked] = useState<string | null>(null);
  const [editing, setEditing] = useState<NodeTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const known = useLoad(() => call(client, `${taskStateContract.base}/list`, { body: { limit: 500 } }), [client], {
    enabled: editable,
    onError,
  });
  const byCode = new Map<string, Pick<TaskKindState, 'code' | 'name' | 'color'>>(
    (known.data ?? []).map((s) => [s.code ?? '', { code: s.code ?? '', name: s.name ?? '', color: s.color ?? '' }]),
  );
  for (const state of kind.states) byCode.set(state.code, state);
  const nameOf = (code: string) => byCode.get(code)?.name ?? code;
  const flow = flowOfKind(kind);
  const states = kind.stateCodes.map((code) => byCode.get(code) ?? { code, name: code, color: '' });

  const saveCodes = async (stateCodes: string[]) => {
    setBusy(true);
    try {
      await call(client, '/v3/feed/task-kind/states', { body: { id: kind.id, stateCodes, version: kind.version } });
      onChanged();
    } catch (e) {
      onError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const shieldFirst = () => notifyWarning(m('ticketKind.shieldFirst'));

  const add = async () => {
    const next = addState(kind.stateCodes, picked, nameOf);
    if ('warning' in next) {
      notifyWarning(m(next.warning.code, next.warning.params));
      return;
    }
    await saveCodes(next.codes);
    setPicked(null);
  };
  const remove = async (state: { code: string; name: string }) => {
    if (!changeable) {
      if (editable) shieldFirst();
      return;
    }
    if (!(await confirmAction(t('ticketKind.states.removeConfirm', { name: state.name })))) return;
    await saveCodes(kind.stateCodes.filter((code) => code !== state.code));
  };
  const openCell = (from: string, to: string, node: TaskKindNode | null) => {
    if (node !== null) setEditing({ node });
    else if (changeable) setEditing({ from, to });
    else if (editable) notifyWarning(m('ticketKind.nodeShieldFirst'));
  };

  return (
    <Stack gap="sm">
      <Text fw={500}>{t('ticketKind.states.title')}</Text>
      {editable && (
        <Group align="flex-end" gap="xs">
          <Select
            label={t('ticketKind.states.pick')}
            w={260}
            searchable
            clearable
            nothingFoundMessage={t('common.noData')}
            data={(known.data ?? []).map((s) => ({ value: s.code ?? '', label: `${s.name}（${s.code}）` }))}
            value={picked}
            disabled={!changeable}
            onChange={setPicked}
          />
          <Button variant="light" disabled={!changeable} loading={busy} onClick={() => void add()}>
            {t('ticketKind.states.add')}
          </Button>
        </Group>
      )}
      {states.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('ticketKind.states.empty')}
        </Text>
      ) : (
        <Box maw={420}>
          <SortableList
            items={states}
            itemKey={(s) => s.code}
            itemLabel={(s) => s.name}
            gap={4}
            disabled={!changeable || busy}
            testId="kind-states"
            onChange={(next) => void saveCodes(next.map((s) => s.code))}
            renderItem={(state, row) => (
              <Paper withBorder px="xs" py={4} bg={row.dragging ? 'var(--mantine-color-gray-0)' : undefined}>
                <Group gap={6} wrap="nowrap" data-state-name={state.name}>
                  {row.handle}
                  <Box
                    w={10}
                    h={10}
                    style={{ borderRadius: 5, background: state.color || 'var(--mantine-color-gray-5)' }}
                  />
                  <Text size="sm" style={{ flex: 1 }}>
                    {state.name}
                  </Text>
                  {row.index === 0 && (
                    <Badge size="xs" variant="light">
                      {t('ticketKind.states.initial')}
                    </Badge>
                  )}
                  {editable && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('ticketKind.states.remove', { name: state.name })}
                      onClick={() => void remove(state)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            )}
          />
        </Box>
      )}
      {states.length > 1 && (
        <>
          <Text fw={500} mt="sm">
            {t('ticketKind.matrix.title')}
          </Text>
          <Table.ScrollContainer minWidth={(states.length + 1) * 130}>
            <Table withTableBorder withColumnBorders data-testid="kind-matrix" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Text size="xs" c="dimmed">
                      {t('ticketKind.matrix.corner')}
                    </Text>
                  </Table.Th>
                  {states.map((to) => (
                    <Table.Th key={to.code}>{to.name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {states.map((from) => (
                  <Table.Tr key={from.code}>
                    <Table.Th>{from.name}</Table.Th>
                    {states.map((to) => {
                      const testId = `cell-${from.code}-${to.code}`;
                      if (from.code === to.code)
                        return (
                          <Table.Td
                            key={to.code}
                            data-testid={testId}
                            aria-disabled="true"
                            bg="var(--mantine-color-gray-1)"
                            title={t('ticketKind.matrix.same')}
                          >
                            <Text size="xs" c="dimmed" ta="center">
                              —
                            </Text>
                          </Table.Td>
                        );
                      const node = nodeBetween(flow, from.code, to.code) as TaskKindNode | null;
                      return (
                        <Table.Td key={to.code} data-testid={testId}>
                          {node !== null ? (
                            <Button
                              size="compact-sm"
                              variant="light"
                              fullWidth
                              aria-label={t('ticketKind.matrix.open', {
                                name: node.name,
                                from: from.name,
                                to: to.name,
                              })}
                              onClick={() => openCell(from.code, to.code, node)}
                            >
                              <Text size="sm" truncate>
                                {node.name}
                              </Text>
                            </Button>
                          ) : (
                            editable && (
                              <Tooltip label={t('ticketKind.matrix.add', { from: from.name, to: to.name })}>
                                <ActionIcon
                                  variant="subtle"
                                  mx="auto"
                                  display="flex"
                                  aria-label={t('ticketKind.matrix.add', { from: from.name, to: to.name })}
                                  onClick={() => openCell(from.code, to.code, null)}
                                >
                                  <IconPlus size={16} />
                                </ActionIcon>
                              </Tooltip>
                            )
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <NodeEditor
        kindId={kind.id}
        flow={flow}
        stateName={nameOf}
        target={editing}
        editable={changeable}
        lockedText={editable && active ? m('ticketKind.nodeShieldFirst') : null}
        onClose={() => setEditing(null)}
        onChanged={onChanged}
      />
    </Stack>
  );
}

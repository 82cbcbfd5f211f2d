import { Button, Checkbox, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { type CsLine, LINE_LIMITS, type SpaceKind } from '@qcdesk/contracts';
import { useApi } from '../../../api/api-context';
import { call } from '../../../api/calls';
import type { ApiClient } from '../../../api/client';
import { useLoad } from '../../../api/use-load';
import { spaceOptions } from '../../../entities/space';
import { CreatableSelect } from '../../../entity/CreatableSelect';
import { useI18n } from '../../../i18n/locale-store';
import type { RouteLocation } from '../../../router/location';
import { confirmAction } from '../../../ui/confirm';
import { notifyWarning } from '../../../ui/notify';
import { LineScreenFrame } from './LineModalLayout';
import { useLineShortcuts } from './line-shortcuts';
import { useLineScreen } from './use-line-screen';

interface Values {
  prompt: string;
  ticketSpaceId: string | null;
  /** the chosen templates' ids, each once (a template chosen again is ignored, spec §5) */
  kindIds: string[];
}

function valuesOf(line: CsLine): Values {
  const note = line.noteConfig;
  return {
    prompt: note?.prompt ?? '',
    ticketSpaceId: note?.ticketSpaceId ?? null,
    kindIds: (note?.ticketKinds ?? []).map((k) => k.kindId),
  };
}

const ticketSpaces = (client: ApiClient) => spaceOptions(client, 'TICKET');
const shows = (field: string) => field === 'noteConfig.prompt' || field === 'noteConfig.ticketSpaceId';

/**
 * /online/csLine/note-config?id=&_modal=full (online-service-config §2.1, §5): the prompt shown when the visitor is
 * guided to leave a message, the ticket space (with its create shortcut) and a multi-selection of that space's
 * templates. Without a space it warns 'please select a ticket space', without a template 'please select a ticket-space
 * template', and sends nothing; select-all asks first, and over no templates warns that a record must be chosen.
 */
export function LineNoteConfig({ location }: { location: RouteLocation }) {
  const { t, m } = useI18n();
  const client = useApi();
  const screen = useLineScreen(location, valuesOf, shows);
  const { line, values, set, editable, errors } = screen;
  const shortcuts = useLineShortcuts();
  const spaceId = values?.ticketSpaceId ?? null;
  const kinds = useLoad(
    () => call(client, '/v3/feed/task-kind/space/kinds', { query: { spaceId: spaceId ?? '' } }),
    [client, spaceId],
    { enabled: spaceId !== null, onError: screen.setBanner },
  );
  const rows: SpaceKind[] = spaceId === null ? [] : (kinds.data ?? []);
  const disabled = !editable;

  const toggle = (kindId: string, on: boolean) =>
    values &&
    set(
      {
        kindIds: on
          ? [...values.kindIds.filter((id) => id !== kindId), kindId]
          : values.kindIds.filter((id) => id !== kindId),
      },
      'noteConfig.ticketKinds',
    );

  const selectAll = async () => {
    if (!values) return;
    if (rows.length === 0) {
      notifyWarning(m('common.selectRecord'));
      return;
    }
    if (!(await confirmAction(t('csLine.note.confirmSelectAll', { count: rows.length }), { danger: false }))) return;
    set({ kindIds: rows.map((k) => k.kindId) }, 'noteConfig.ticketKinds');
  };

  const save = () => {
    if (!values) return;
    // the spec's client warnings (§5, §8): nothing is sent without a space and a template
    if (!values.ticketSpaceId) {
      notifyWarning(m('line.note.spaceRequired'));
      return;
    }
    // the templates in the table's order; one the space no longer has is dropped
    const ticketKinds = rows
      .filter((k) => values.kindIds.includes(k.kindId))
      .map((k) => ({ kindId: k.kindId, kindName: k.kindName, kindCode: k.kindCode ?? null }));
    if (ticketKinds.length === 0) {
      notifyWarning(m('line.note.kindRequired'));
      return;
    }
    void screen.save({ noteConfig: { prompt: values.prompt, ticketSpaceId: values.ticketSpaceId, ticketKinds } });
  };

  const allOn = rows.length > 0 && rows.every((k) => values?.kindIds.includes(k.kindId));
  return (
    <LineScreenFrame location={location} screen={screen} loading={kinds.loading} onSave={values && save}>
      {values && line && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Textarea
              label={t('csLine.note.prompt')}
              description={t('csLine.note.promptHint')}
              rows={2}
              value={values.prompt}
              maxLength={LINE_LIMITS.textMax}
              error={errors['noteConfig.prompt']}
              disabled={disabled}
              onChange={(e) => set({ prompt: e.currentTarget.value }, 'noteConfig.prompt')}
            />
            <CreatableSelect
              label={t('csLine.ticketSpace')}
              value={values.ticketSpaceId}
              // the templates belong to the space: another space starts with none chosen
              onChange={(ticketSpaceId) => set({ ticketSpaceId, kindIds: [] }, 'noteConfig.ticketSpaceId')}
              load={ticketSpaces}
              own={{ id: line.noteConfig?.ticketSpaceId, name: null }}
              create={shortcuts.space('TICKET')}
              error={errors['noteConfig.ticketSpaceId']}
              disabled={disabled}
              onLoadError={screen.setBanner}
            />
            <Group justify="space-between">
              <Text fw={500} size="sm">
                {t('csLine.note.kinds')}
              </Text>
              {!disabled && (
                <Button size="xs" variant="light" onClick={() => void selectAll()}>
                  {t('picker.selectAll')}
                </Button>
              )}
            </Group>
            <Table withTableBorder data-testid="note-kinds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('picker.selectAll')}
                      checked={allOn}
                      disabled={disabled || rows.length === 0}
                      onChange={(e) =>
                        e.currentTarget.checked
                          ? void selectAll()
                          : set({ kindIds: values.kindIds.filter((id) => !rows.some((k) => k.kindId === id)) })
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('csLine.note.kindName')}</Table.Th>
                  <Table.Th>{t('csLine.note.kindCode')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((kind) => (
                  <Table.Tr key={kind.kindId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('csLine.note.selectKind', { name: kind.kindName })}
                        checked={values.kindIds.includes(kind.kindId)}
                        disabled={disabled}
                        onChange={(e) => toggle(kind.kindId, e.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{kind.kindName}</Table.Td>
                    <Table.Td>{kind.kindCode ?? '--'}</Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed" ta="center">
                        {spaceId === null ? t('csLine.note.chooseSpace') : t('common.noData')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      )}
    </LineScreenFrame>
  );
}

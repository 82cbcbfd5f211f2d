import { Alert, Group, Select, Stack, Table, Text } from '@mantine/core';
import { csLineContract, type MonitorChannel, type MonitorChannelTotals } from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useCan } from '../../auth/session-store';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { displayText } from '../../ui/display';
import { PageControls } from './AgentMonitor';
import { RefreshControls } from './live-refresh';

type Column = keyof MonitorChannelTotals;
const COLUMNS: readonly { key: Column; label: Parameters<ReturnType<typeof useI18n>['t']>[0] }[] = [
  { key: 'chatCount', label: 'monitor.queue.chatCount' },
  { key: 'waitingCount', label: 'monitor.queue.waitingCount' },
  { key: 'totalReceptions', label: 'monitor.queue.totalReceptions' },
  { key: 'totalSessionCount', label: 'monitor.queue.totalSessionCount' },
  { key: 'avgSessionTime', label: 'monitor.queue.avgSessionTime' },
  { key: 'noteCount', label: 'monitor.queue.noteCount' },
];

/**
 * /queue-monitor/list (tickets spec §2, §4 "refreshed by the button"): the channels of the lines, filtered by line,
 * with a 统计 row of the totals; an empty value shows '--'. 10 to 100 channels a page.
 */
export function QueueMonitor(_: { location: RouteLocation }) {
  const client = useApi();
  const can = useCan();
  const { t } = useI18n();
  const [lineId, setLineId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const lines = useLoad(
    () => resource<{ id: string; name: string }>(client, csLineContract.base, csLineContract).list({}),
    [client],
    { enabled: can('csLine.view') },
  );
  const queue = useLoad(
    () => call(client, '/v3/chats/monitor/queue', { body: { lineId: lineId ?? undefined } }),
    [client, lineId],
  );
  const channels: readonly MonitorChannel[] = queue.data?.channels ?? [];
  const shown = channels.slice((page - 1) * size, page * size);
  const totals = queue.data?.channelCounts;
  return (
    <Stack gap="md">
      {/* the page's title is the layout's (the route's title): the controls sit on the right */}
      <Group justify="flex-end">
        <RefreshControls onRefresh={queue.reload} loading={queue.loading} />
      </Group>
      {can('csLine.view') && (
        <Select
          label={t('monitor.queue.line')}
          placeholder={t('monitor.queue.allLines')}
          data={(lines.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={lineId}
          onChange={(v) => {
            setLineId(v);
            setPage(1);
          }}
          clearable
          searchable
          w={240}
          data-testid="queue-line"
        />
      )}
      {queue.error && <Alert color="red">{queue.error}</Alert>}
      <Table striped withTableBorder data-testid="queue-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitor.queue.line')}</Table.Th>
            <Table.Th>{t('monitor.queue.channel')}</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c.key}>{t(c.label)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{displayText(c.lineName)}</Table.Td>
              <Table.Td>{displayText(c.trackClient)}</Table.Td>
              {COLUMNS.map((col) => (
                // the channels carry no notes: that column is the summary's only
                <Table.Td key={col.key}>{displayText(col.key === 'noteCount' ? null : c[col.key])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          {totals && (
            <Table.Tr data-testid="queue-summary" fw={600}>
              <Table.Td colSpan={2}>{t('monitor.queue.summary')}</Table.Td>
              {COLUMNS.map((col) => (
                <Table.Td key={col.key}>{displayText(totals[col.key])}</Table.Td>
              ))}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {channels.length === 0 && !queue.loading && <Text c="dimmed">{t('monitor.empty')}</Text>}
      <PageControls
        page={page}
        size={size}
        total={channels.length}
        onPage={setPage}
        onSize={(s) => {
          setSize(s);
          setPage(1);
        }}
      />
    </Stack>
  );
}

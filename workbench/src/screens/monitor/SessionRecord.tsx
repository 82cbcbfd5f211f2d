import { Alert, Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { ABSENT, displayText } from '../../ui/display';
import { PageControls } from './AgentMonitor';
import { AlarmActions } from './AlarmActions';
import { RefreshControls, useLiveRefresh } from './live-refresh';
import { sessionLocation } from './monitor-links';

/**
 * /cs-agent-monitor/session-record?agentId={id} (tickets spec §2): the agent's sessions of today, newest first; the
 * session id opens the session's detail, the alarm actions are Listen (the live session) and Force transfer.
 */
export function SessionRecord({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const agentId = location.query.agentId ?? '';
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [live, setLive] = useState(false);
  const sessions = useLoad(
    () => call(client, '/v3/chats/monitor/today-session', { query: { agentId, page, size } }),
    [client, agentId, page, size],
  );
  useLiveRefresh(sessions.reload, live);
  const open = (sessionId: string) => {
    const to = sessionLocation(agentId, sessionId);
    navigate(to.path, to.query);
  };
  const records = sessions.data?.records ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('monitor.recordTitle')}</Title>
        <RefreshControls onRefresh={sessions.reload} live={live} onLive={setLive} loading={sessions.loading} />
      </Group>
      {sessions.error && <Alert color="red">{sessions.error}</Alert>}
      <Table striped withTableBorder data-testid="session-records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('monitor.record.sessionId')}</Table.Th>
            <Table.Th>{t('monitor.record.agentId')}</Table.Th>
            <Table.Th>{t('monitor.record.customer')}</Table.Th>
            <Table.Th>{t('monitor.record.startTime')}</Table.Th>
            <Table.Th>{t('monitor.record.alarms')}</Table.Th>
            <Table.Th>{t('monitor.record.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((s) => (
            <Table.Tr key={s.sessionId}>
              <Table.Td>
                <Anchor onClick={() => open(s.sessionId)}>{s.sessionId}</Anchor>
              </Table.Td>
              <Table.Td>{s.agentId}</Table.Td>
              <Table.Td>{displayText(s.customerNick)}</Table.Td>
              <Table.Td>{displayText(s.startTime)}</Table.Td>
              <Table.Td>
                {s.alarms.length === 0
                  ? ABSENT
                  : s.alarms.map((a) => (
                      <Badge key={a.id} color="red" variant="light" mr={4} title={a.alarmTime}>
                        {a.reason}
                      </Badge>
                    ))}
              </Table.Td>
              <Table.Td>
                {s.status === 'ACTIVE' && (
                  <AlarmActions
                    agentId={s.agentId}
                    sessionId={s.sessionId}
                    chatId={s.chatId}
                    onTransferred={sessions.reload}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {records.length === 0 && !sessions.loading && <Text c="dimmed">{t('monitor.empty')}</Text>}
      <PageControls
        page={page}
        size={size}
        total={sessions.data?.total ?? 0}
        onPage={setPage}
        onSize={(s) => {
          setSize(s);
          setPage(1);
        }}
      />
    </Stack>
  );
}

import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { SessionStatus } from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { displayText } from '../../ui/display';
import { ChatTranscript } from '../../ui/transcript/ChatTranscript';
import { ForceTransferButton } from './ForceTransferButton';
import { RefreshControls, useLiveRefresh } from './live-refresh';

/**
 * /cs-agent-monitor/session-detail?agentId&sessionId (tickets spec §2): the session's profile and its messages as
 * they arrive (again on refresh, or every few seconds while live updates are on), rendered by type by the QC
 * transcript (text, image with the viewer, video, file download; custom shows nothing), and the forced transfer.
 */
export function MonitorSession({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label } = useI18n();
  const sessionId = location.query.sessionId ?? '';
  const [live, setLive] = useState(false);
  const session = useLoad(
    () => call(client, '/v3/chats/monitor/longest-session', { query: { sessionId } }),
    [client, sessionId],
  );
  useLiveRefresh(session.reload, live);
  const s = session.data;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          {s && <Badge variant="light">{label(SessionStatus, s.status)}</Badge>}
          {s && s.status === 'ACTIVE' && (
            <ForceTransferButton
              sessionId={s.sessionId}
              chatId={s.chatId}
              agentId={s.agentId}
              onTransferred={session.reload}
            />
          )}
        </Group>
        <RefreshControls onRefresh={session.reload} live={live} onLive={setLive} loading={session.loading} />
      </Group>
      {session.error && <Alert color="red">{session.error}</Alert>}
      {s && (
        <Paper withBorder p="sm" data-testid="session-profile">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={4}>
            <Item name={t('monitor.profile.sessionId')} value={s.sessionId} />
            <Item name={t('monitor.profile.chatId')} value={s.chatId} />
            <Item name={t('monitor.profile.agentName')} value={s.agentName} />
            <Item name={t('monitor.profile.nick')} value={s.nick} />
            <Item name={t('monitor.profile.customerNick')} value={s.customerNick} />
            <Item name={t('monitor.profile.customerId')} value={s.customerId} />
            <Item name={t('monitor.profile.arrival')} value={s.arrivalTime} />
            <Item name={t('monitor.profile.join')} value={s.joinTime} />
            <Item name={t('monitor.profile.firstReply')} value={s.firstReplyTime} />
            <Item name={t('monitor.profile.close')} value={s.closeTime} />
          </SimpleGrid>
        </Paper>
      )}
      {s && (
        <Stack gap="xs" data-testid="session-transcript">
          <Text fw={600}>{t('monitor.profile.messages', { count: s.messageCount })}</Text>
          <ChatTranscript messages={s.messages} highlights={[]} />
        </Stack>
      )}
    </Stack>
  );
}

function Item({ name, value }: { name: string; value: string | null | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text c="dimmed" size="sm" w={110}>
        {name}
      </Text>
      <Text size="sm">{displayText(value)}</Text>
    </Group>
  );
}

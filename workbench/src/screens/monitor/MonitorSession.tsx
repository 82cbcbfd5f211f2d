import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type MonitorSessionTransfer, SessionStatus } from '@qcdesk/contracts';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { type Translate, useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { displayText } from '../../ui/display';
import { ChatTranscript, type TranscriptNotice } from '../../ui/transcript/ChatTranscript';
import { ForceTransferButton } from './ForceTransferButton';
import { RefreshControls, useLiveRefresh } from './live-refresh';

/**
 * /cs-agent-monitor/session-detail?agentId&sessionId (tickets spec §2): the session's profile and its messages as
 * they arrive (again on refresh, or every few seconds while live updates are on), rendered by type by the QC
 * transcript (text, image with the viewer, video, file download; custom shows nothing) with the session's transfers
 * as notices between the messages, and the forced transfer.
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
          <ChatTranscript messages={s.messages} highlights={[]} notices={transferNotices(s.transfers ?? [], t)} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A transfer as a line of the transcript, placed after the messages that came before it: its time of day (the full
 * time on hover), from whom to whom or to which skill group and who in it took the chat, the remark and who did it
 * when known.
 */
function transferNotices(transfers: readonly MonitorSessionTransfer[], t: Translate): TranscriptNotice[] {
  return transfers.map((x, i) => {
    const from = x.fromAgentNick ?? x.fromAgentId ?? null;
    const toGroup = x.toAgentId == null;
    const to = (toGroup ? (x.toGroupName ?? x.toGroupId) : (x.toAgentNick ?? x.toAgentId)) ?? '';
    const key =
      from === null
        ? toGroup
          ? 'transfer.notice.waitingToGroup'
          : 'transfer.notice.waitingToAgent'
        : toGroup
          ? 'transfer.notice.toGroup'
          : 'transfer.notice.toAgent';
    const clock = /^\d{4}-\d\d-\d\d (\d\d:\d\d:\d\d)$/.exec(x.time)?.[1] ?? x.time;
    const taker = toGroup ? (x.takenByAgentNick ?? x.takenByAgentId ?? null) : null;
    const text =
      `${clock} ${t(key, { from: from ?? '', to })}` +
      (taker ? t('transfer.notice.takenBy', { agent: taker }) : '') +
      (x.remark ? t('transfer.notice.remark', { remark: x.remark }) : '') +
      (x.by ? t('transfer.notice.by', { by: x.by }) : '');
    return { key: `transfer-${i}`, after: x.messagesBefore, content: text, title: x.time };
  });
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

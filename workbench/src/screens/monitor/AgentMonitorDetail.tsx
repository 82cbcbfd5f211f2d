import { Alert, Badge, Button, Group, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { AgentMode, AgentStatus, GroupType, type MonitorTodayData } from '@qcdesk/contracts';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { type Translate, useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { ABSENT, displayText } from '../../ui/display';
import {
  type DetailMenu,
  detailLocation,
  duration,
  recordLocation,
  STATUS_COLORS,
  sessionLocation,
} from './monitor-links';

const MENUS: readonly DetailMenu[] = ['basic', 'alarm', 'chat'];

/**
 * /cs-agent-monitor/detail?agentId={id}&menu={basic|alarm|chat} (tickets spec §2): the agent's basic information with
 * his bound groups, his alarms (read-only), and his chat statistics of today. The tab is kept in the address.
 */
export function AgentMonitorDetail({ location }: { location: RouteLocation }) {
  const client = useApi();
  const { t, label } = useI18n();
  const agentId = location.query.agentId ?? '';
  const menu: DetailMenu = MENUS.includes(location.query.menu as DetailMenu)
    ? (location.query.menu as DetailMenu)
    : 'basic';
  const detail = useLoad(
    () => call(client, '/v3/chats/monitor/agent-detail', { query: { agentId } }),
    [client, agentId],
  );
  const today = useLoad(() => call(client, '/v3/chats/monitor/today-data', { query: { agentId } }), [client, agentId], {
    enabled: menu === 'chat',
  });
  const a = detail.data;
  const open = (m: DetailMenu) => {
    const to = detailLocation(agentId, m);
    navigate(to.path, { ...location.query, ...to.query }, { replace: true });
  };
  return (
    <Stack gap="md">
      {detail.error && <Alert color="red">{detail.error}</Alert>}
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600} size="lg">
            {a?.nick ?? ''}
          </Text>
          {a && (
            <Badge color={STATUS_COLORS[a.status]} variant="light">
              {label(AgentStatus, a.status)}
            </Badge>
          )}
        </Group>
        <Button variant="default" onClick={() => navigate(recordLocation(agentId).path, recordLocation(agentId).query)}>
          {t('monitor.records')}
        </Button>
      </Group>
      <Tabs value={menu} onChange={(v) => v && open(v as DetailMenu)}>
        <Tabs.List>
          <Tabs.Tab value="basic">{t('monitor.tab.basic')}</Tabs.Tab>
          <Tabs.Tab value="alarm">{t('monitor.tab.alarm')}</Tabs.Tab>
          <Tabs.Tab value="chat">{t('monitor.tab.chat')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="basic" pt="md" data-testid="tab-basic">
          {a && (
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <Field name={t('monitor.name')} value={a.name} />
                <Field name={t('monitor.nick')} value={a.nick} />
                <Field name={t('monitor.workNo')} value={a.workNo} />
                <Field name={t('monitor.mode')} value={a.mode ? label(AgentMode, a.mode) : null} />
                <Field name={t('monitor.status')} value={label(AgentStatus, a.status)} />
                <Field name={t('monitor.type')} value={a.type ? label(GroupType, a.type) : null} />
                <Field name={t('monitor.basic.softNumber')} value={a.softNumber} />
                <Field name={t('monitor.basic.sipNumber')} value={a.sipNumber} />
              </SimpleGrid>
              <Text fw={600}>{t('monitor.basic.groups')}</Text>
              <Table withTableBorder data-testid="bound-groups">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('monitor.basic.groupName')}</Table.Th>
                    <Table.Th>{t('monitor.basic.groupType')}</Table.Th>
                    <Table.Th>{t('monitor.basic.groupOnline')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.boundGroups.map((g) => (
                    <Table.Tr key={g.groupId}>
                      <Table.Td>{g.groupName}</Table.Td>
                      <Table.Td>{label(GroupType, g.type)}</Table.Td>
                      <Table.Td>
                        {t(g.online ? 'monitor.group.serviceOnline' : 'monitor.group.serviceOffline')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="alarm" pt="md" data-testid="tab-alarm">
          {a && a.alarms.length === 0 && <Text c="dimmed">{t('monitor.empty')}</Text>}
          {a && a.alarms.length > 0 && (
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('monitor.alarm.sessionId')}</Table.Th>
                  <Table.Th>{t('monitor.alarm.source')}</Table.Th>
                  <Table.Th>{t('monitor.alarm.reason')}</Table.Th>
                  <Table.Th>{t('monitor.alarm.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.alarms.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => {
                          const to = sessionLocation(agentId, x.sessionId);
                          navigate(to.path, to.query);
                        }}
                      >
                        {x.sessionId}
                      </Button>
                    </Table.Td>
                    <Table.Td>{displayText(x.source)}</Table.Td>
                    <Table.Td>{x.reason}</Table.Td>
                    <Table.Td>{x.alarmTime}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="chat" pt="md" data-testid="tab-chat">
          {today.error && <Alert color="red">{today.error}</Alert>}
          {today.data && <ChatStatistics data={today.data} t={t} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Field({ name, value }: { name: string; value: string | null | undefined }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text c="dimmed" size="sm" w={120}>
        {name}
      </Text>
      <Text size="sm">{displayText(value)}</Text>
    </Group>
  );
}

const pct = (v: number | null) => (v === null ? ABSENT : `${v}%`);

function ChatStatistics({ data: d, t }: { data: MonitorTodayData; t: Translate }) {
  const both = (count: number, percent: number | null) =>
    t('monitor.chat.countPercent', { count, percent: pct(percent) });
  const figures: [string, string][] = [
    [t('monitor.chat.answered'), both(d.answeredCount, d.answeredPercent)],
    [t('monitor.chat.unanswered'), both(d.unansweredCount, d.unansweredPercent)],
    [t('monitor.chat.received'), String(d.receivedCount)],
    [t('monitor.chat.sent'), String(d.sentCount)],
    [t('monitor.chat.totalMessages'), String(d.totalMessages)],
    [t('monitor.chat.avgReception'), duration(d.avgReceptionTime)],
    [t('monitor.chat.totalChat'), duration(d.totalChatTime)],
    [t('monitor.chat.earliestLogin'), displayText(d.earliestLogin)],
    [t('monitor.chat.latestLogout'), displayText(d.latestLogout)],
    [t('monitor.chat.online'), duration(d.totalOnlineTime)],
    [t('monitor.chat.receptions'), String(d.receptions)],
    [t('monitor.chat.rest'), duration(d.totalRestTime)],
    [t('monitor.chat.satisfied'), both(d.satisfiedCount, d.satisfiedPercent)],
    [t('monitor.chat.transfers'), both(d.transferCount, d.transferPercent)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" data-testid="chat-statistics">
      {figures.map(([name, value]) => (
        <Group key={name} gap="xs" wrap="nowrap">
          <Text c="dimmed" size="sm" w={130}>
            {name}
          </Text>
          <Text size="sm" fw={600}>
            {value}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

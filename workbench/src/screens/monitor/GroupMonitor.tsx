import { Accordion, Alert, Badge, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { useLoad } from '../../api/use-load';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { AgentTable, PageControls } from './AgentMonitor';
import { RefreshControls, useLiveRefresh } from './live-refresh';

/**
 * /cs-group-monitor/list (tickets spec §2): an accordion of the ONLINE skill groups, each showing the sessions waiting
 * for it, its sessions today, its online and suspended agents, and whether it is in service (it has a service time);
 * opened, its agents as the agent monitor's list shows them.
 */
export function GroupMonitor(_: { location: RouteLocation }) {
  const client = useApi();
  const { t } = useI18n();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [live, setLive] = useState(false);
  const groups = useLoad(
    () =>
      call(client, '/v3/chats/monitor/group-page', { body: { keyword: keyword || undefined }, query: { page, size } }),
    [client, keyword, page, size],
  );
  useLiveRefresh(groups.reload, live);
  const records = groups.data?.records ?? [];
  return (
    <Stack gap="md">
      {/* the page's title is the layout's (the route's title): the controls sit on the right */}
      <Group justify="flex-end">
        <RefreshControls onRefresh={groups.reload} live={live} onLive={setLive} loading={groups.loading} />
      </Group>
      <TextInput
        label={t('monitor.groups')}
        value={keyword}
        onChange={(e) => {
          setKeyword(e.currentTarget.value);
          setPage(1);
        }}
        w={220}
      />
      {groups.error && <Alert color="red">{groups.error}</Alert>}
      {records.length === 0 && !groups.loading && <Text c="dimmed">{t('monitor.empty')}</Text>}
      <Accordion multiple variant="separated" data-testid="group-accordion">
        {records.map((g) => (
          <Accordion.Item key={g.id} value={g.id} data-testid={`group-${g.id}`}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="md">
                <Group gap="xs">
                  <Text fw={600}>{g.name}</Text>
                  <Badge color={g.online ? 'green' : 'gray'} variant="light">
                    {t(g.online ? 'monitor.group.serviceOnline' : 'monitor.group.serviceOffline')}
                  </Badge>
                </Group>
                <SimpleGrid cols={4} spacing="lg">
                  <Counter label={t('monitor.group.waiting')} value={g.waitingCount} testId="waiting" />
                  <Counter label={t('monitor.group.sessions')} value={g.groupSessionCount} testId="sessions" />
                  <Counter label={t('monitor.group.online')} value={g.agentOnLineCount} testId="online" />
                  <Counter label={t('monitor.group.suspended')} value={g.agentBreakCount} testId="suspended" />
                </SimpleGrid>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <AgentTable agents={g.agents} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <PageControls
        page={page}
        size={size}
        total={groups.data?.total ?? 0}
        onPage={setPage}
        onSize={(s) => {
          setSize(s);
          setPage(1);
        }}
      />
    </Stack>
  );
}

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

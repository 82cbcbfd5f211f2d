import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  MultiSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  AgentMode,
  AgentStatus,
  csGroupContract,
  GroupType,
  MONITOR_PAGE_SIZES,
  type MonitorAgent,
} from '@qcdesk/contracts';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context';
import { call } from '../../api/calls';
import { resource } from '../../api/resource';
import { useLoad } from '../../api/use-load';
import { useCan } from '../../auth/session-store';
import { useI18n } from '../../i18n/locale-store';
import type { RouteLocation } from '../../router/location';
import { navigate } from '../../router/router-store';
import { ABSENT, displayText } from '../../ui/display';
import { RefreshControls, useLiveRefresh } from './live-refresh';
import { detailLocation, duration, STATUS_COLORS, sessionLocation } from './monitor-links';

type ViewMode = 'card' | 'list';

interface Filters {
  keyword: string;
  workNo: string;
  groupIds: string[];
  type: string | null;
  statuses: string[];
  alarm: string | null;
}
const NO_FILTERS: Filters = { keyword: '', workNo: '', groupIds: [], type: null, statuses: [], alarm: null };

/**
 * /cs-agent-monitor/list (tickets spec §2 "Monitoring"): the agents as cards or as a list, filtered by keyword, work
 * number, groups, type, statuses and alarm, 10 to 100 a page. Refreshed by the button, or every few seconds while live
 * updates are on. Only the page's agents are rendered; an agent with an unhandled alarm has a red card.
 */
export function AgentMonitor(_: { location: RouteLocation }) {
  const client = useApi();
  const can = useCan();
  const { t, label } = useI18n();
  const [mode, setMode] = useState<ViewMode>('card');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(20);
  const [live, setLive] = useState(false);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const groups = useLoad(
    () =>
      resource<{ id: string; name: string }>(client, csGroupContract.base, csGroupContract).list({ type: 'ONLINE' }),
    [client],
    { enabled: can('csGroup.view') },
  );
  const body = useMemo(
    () => ({
      keyword: filters.keyword || undefined,
      workNo: filters.workNo || undefined,
      groupIds: filters.groupIds.length > 0 ? filters.groupIds : undefined,
      type: (filters.type ?? undefined) as GroupType | undefined,
      statuses: filters.statuses.length > 0 ? (filters.statuses as AgentStatus[]) : undefined,
      alarm: filters.alarm === null ? undefined : filters.alarm === 'true',
    }),
    [filters],
  );
  const agents = useLoad(
    () => call(client, '/v3/chats/monitor/page', { body, query: { page, size } }),
    [client, body, page, size],
  );
  useLiveRefresh(agents.reload, live);
  const records = agents.data?.records ?? [];
  const total = agents.data?.total ?? 0;

  return (
    <Stack gap="md">
      {/* the page's title is the layout's (the route's title): the controls sit on the right */}
      <Group justify="flex-end">
        <Group gap="sm">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as ViewMode)}
            data={[
              { value: 'card', label: t('monitor.cards') },
              { value: 'list', label: t('monitor.list') },
            ]}
            data-testid="monitor-mode"
          />
          <RefreshControls onRefresh={agents.reload} live={live} onLive={setLive} loading={agents.loading} />
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('monitor.keyword')}
          value={filters.keyword}
          onChange={(e) => set('keyword', e.currentTarget.value)}
          w={180}
        />
        <TextInput
          label={t('monitor.workNo')}
          value={filters.workNo}
          onChange={(e) => set('workNo', e.currentTarget.value)}
          w={140}
        />
        {can('csGroup.view') && (
          <MultiSelect
            label={t('monitor.groups')}
            data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={filters.groupIds}
            onChange={(v) => set('groupIds', v)}
            clearable
            searchable
            w={220}
          />
        )}
        <Select
          label={t('monitor.type')}
          data={(['ONLINE', 'HOTLINE'] as const).map((v) => ({ value: v, label: label(GroupType, v) }))}
          value={filters.type}
          onChange={(v) => set('type', v)}
          clearable
          w={120}
        />
        <MultiSelect
          label={t('monitor.statuses')}
          data={AgentStatus.values.map((v) => ({ value: v, label: label(AgentStatus, v) }))}
          value={filters.statuses}
          onChange={(v) => set('statuses', v)}
          clearable
          w={220}
          data-testid="monitor-statuses"
        />
        <Select
          label={t('monitor.alarm')}
          data={[
            { value: 'true', label: t('monitor.alarmYes') },
            { value: 'false', label: t('monitor.alarmNo') },
          ]}
          value={filters.alarm}
          onChange={(v) => set('alarm', v)}
          clearable
          w={130}
        />
      </Group>
      {agents.error && <Alert color="red">{agents.error}</Alert>}
      {records.length === 0 && !agents.loading ? (
        <Text c="dimmed">{t('monitor.empty')}</Text>
      ) : mode === 'card' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 4 }} data-testid="agent-cards">
          {records.map((a) => (
            <AgentCard key={a.id} agent={a} />
          ))}
        </SimpleGrid>
      ) : (
        <AgentTable agents={records} />
      )}
      <PageControls
        page={page}
        size={size}
        total={total}
        onPage={setPage}
        onSize={(s) => {
          setSize(s);
          setPage(1);
        }}
      />
    </Stack>
  );
}

/** The pager and the page sizes of every monitor (10, 20, 30, 50, 100). */
export function PageControls({
  page,
  size,
  total,
  onPage,
  onSize,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const { t } = useI18n();
  return (
    <Group justify="flex-end" gap="sm">
      <Text size="sm" c="dimmed">
        {t('monitor.total', { total })}
      </Text>
      <Pagination value={page} onChange={onPage} total={Math.max(1, Math.ceil(total / size))} size="sm" />
      <Select
        aria-label={t('monitor.pageSize', { size })}
        data={MONITOR_PAGE_SIZES.map((s) => ({ value: String(s), label: t('monitor.pageSize', { size: s }) }))}
        value={String(size)}
        onChange={(v) => v && onSize(Number(v))}
        allowDeselect={false}
        w={120}
        data-testid="monitor-page-size"
      />
    </Group>
  );
}

function StatusBadge({ agent }: { agent: Pick<MonitorAgent, 'status'> }) {
  const { label } = useI18n();
  return (
    <Badge color={STATUS_COLORS[agent.status]} variant="light">
      {label(AgentStatus, agent.status)}
    </Badge>
  );
}

function AgentCard({ agent }: { agent: MonitorAgent }) {
  const { t, label } = useI18n();
  const alarmed = agent.alarmSessionId != null;
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`agent-card-${agent.id}`}
      data-alarm={alarmed ? 'true' : undefined}
      style={alarmed ? { borderColor: 'var(--mantine-color-red-6)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" mb={4}>
        <Anchor fw={600} onClick={() => navigate(detailLocation(agent.id).path, detailLocation(agent.id).query)}>
          {agent.nick}
        </Anchor>
        <Group gap={4}>
          {alarmed && (
            <Badge color="red" variant="filled" data-testid="alarm-mark">
              {t('monitor.alarmMark')}
            </Badge>
          )}
          <StatusBadge agent={agent} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {displayText(agent.name)} · {displayText(agent.workNo)} · {agent.mode ? label(AgentMode, agent.mode) : ABSENT}
      </Text>
      <SimpleGrid cols={3} mt="xs" spacing={4}>
        <Figure label={t('monitor.receptions')} value={`${agent.receptions}/${agent.maxSession}`} testId="receptions" />
        <Figure label={t('monitor.totalReceptions')} value={agent.totalReceptions} testId="total-receptions" />
        <Figure label={t('monitor.sessions')} value={agent.sessions} testId="sessions" />
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Text size="xs" c="dimmed">
          {t('monitor.statusTime')} {displayText(agent.statusTime)}
        </Text>
        {agent.longestSessionId && (
          <Anchor
            size="xs"
            title={t('monitor.openLongest')}
            onClick={() => {
              const to = sessionLocation(agent.id, agent.longestSessionId!);
              navigate(to.path, to.query);
            }}
          >
            {t('monitor.maxSessionTime')} {duration(agent.maxSessionTime)}
          </Anchor>
        )}
      </Group>
      <Group gap={4} mt={4}>
        {agent.groups.slice(0, 3).map((g) => (
          <Badge key={g.groupId} size="xs" variant="outline">
            {g.groupName}
          </Badge>
        ))}
        {agent.groups.length > 3 && <Badge size="xs" variant="outline">{`+${agent.groups.length - 3}`}</Badge>}
      </Group>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Paper p={4} bg="var(--mantine-color-gray-0)">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The list mode, and each group's agent table in the group monitor. */
export function AgentTable({ agents }: { agents: readonly MonitorAgent[] }) {
  const { t, label } = useI18n();
  return (
    <Table striped withTableBorder data-testid="agent-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('monitor.nick')}</Table.Th>
          <Table.Th>{t('monitor.name')}</Table.Th>
          <Table.Th>{t('monitor.workNo')}</Table.Th>
          <Table.Th>{t('monitor.status')}</Table.Th>
          <Table.Th>{t('monitor.mode')}</Table.Th>
          <Table.Th>{t('monitor.statusTime')}</Table.Th>
          <Table.Th>{t('monitor.receptions')}</Table.Th>
          <Table.Th>{t('monitor.totalReceptions')}</Table.Th>
          <Table.Th>{t('monitor.sessions')}</Table.Th>
          <Table.Th>{t('monitor.maxSessionTime')}</Table.Th>
          <Table.Th>{t('monitor.alarm')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {agents.map((a) => (
          <Table.Tr key={a.id} data-testid={`agent-row-${a.id}`}>
            <Table.Td>
              <Anchor onClick={() => navigate(detailLocation(a.id).path, detailLocation(a.id).query)}>{a.nick}</Anchor>
            </Table.Td>
            <Table.Td>{displayText(a.name)}</Table.Td>
            <Table.Td>{displayText(a.workNo)}</Table.Td>
            <Table.Td>
              <StatusBadge agent={a} />
            </Table.Td>
            <Table.Td>{a.mode ? label(AgentMode, a.mode) : ABSENT}</Table.Td>
            <Table.Td>{displayText(a.statusTime)}</Table.Td>
            <Table.Td>{`${a.receptions}/${a.maxSession}`}</Table.Td>
            <Table.Td>{a.totalReceptions}</Table.Td>
            <Table.Td>{a.sessions}</Table.Td>
            <Table.Td>{duration(a.maxSessionTime)}</Table.Td>
            <Table.Td>
              {a.alarmSessionId ? (
                <Badge color="red" variant="filled">
                  {t('monitor.alarmMark')}
                </Badge>
              ) : (
                ABSENT
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

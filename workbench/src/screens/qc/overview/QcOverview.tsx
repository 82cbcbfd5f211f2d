import '@mantine/charts/styles.css';
import { BarChart, LineChart, Sparkline } from '@mantine/charts';
import {
  Anchor,
  Card,
  Group,
  LoadingOverlay,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { OverviewBucket } from '@qcdesk/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { call } from '../../../api/calls';
import { useLoad } from '../../../api/use-load';
import { useCan } from '../../../auth/session-store';
import { ENTITY_REGISTRY } from '../../../entities/registry';
import { entityPermission } from '../../../entity/access';
import { useI18n } from '../../../i18n/locale-store';
import { navigateTo } from '../../../router/router-store';
import { FormErrorBanner } from '../../../ui/FormErrorBanner';
import { bucketPeriod, lastDays, type OverviewScope, resultsOf } from './overview-links';

const PERIODS = [7, 30, 90] as const;

const percent = (part: number, whole: number) => (whole === 0 ? '--' : `${((part / whole) * 100).toFixed(1)}%`);
/** A bin's scores as the list's score range filter: [from, to), the last bin [90, 100] whole. */
const scoreRange = (from: number, to: number) => ({
  beginAiScore: String(from),
  endAiScore: String(to === 100 ? 100 : to - 0.01),
});
const score = (v: number | null) => (v === null ? '--' : v.toFixed(1));

/**
 * The QC overview (issue 15, beyond the spec), the home of users who see AI results: how the desk scores over a
 * period, for one AI scheme or all. Every figure opens the AI result list filtered to the results it counted.
 */
export function QcOverview() {
  const client = useApi();
  const { t } = useI18n();
  const [schemeId, setSchemeId] = useState<string | null>(null);
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [bucket, setBucket] = useState<OverviewBucket>('DAY');
  const scope: OverviewScope = useMemo(() => ({ schemeId, ...lastDays(days) }), [schemeId, days]);

  // an agent sees his own results but may not list schemes: he gets no scheme choice
  const maySchemes = useCan()(entityPermission(ENTITY_REGISTRY['qc-scheme'].description.api.base, 'view'));
  const schemes = useLoad(
    () => call(client, '/v3/chats/qc-scheme/list', { body: { targetType: 'AI', fields: ['name'] } }),
    [client],
    { enabled: maySchemes },
  );
  const loaded = useLoad(
    () =>
      call(client, '/v3/chats/ai-result/overview', {
        body: { schemeId: scope.schemeId, timeFrom: scope.timeFrom, timeTo: scope.timeTo, bucket },
      }),
    [client, scope, bucket],
  );
  const o = loaded.data;
  const open = (more: Record<string, string> = {}, within: OverviewScope = scope) =>
    navigateTo(resultsOf(within, more));

  return (
    <Stack pos="relative" data-testid="qc-overview">
      {/* the page's title is the route's (RouteView) */}
      <Group justify="flex-end" align="flex-end">
        <Group align="flex-end">
          {maySchemes && (
            <Select
              label={t('overview.scheme')}
              placeholder={t('overview.allSchemes')}
              clearable
              searchable
              w={220}
              value={schemeId}
              onChange={setSchemeId}
              data={(schemes.data ?? []).map((s) => ({ value: s.id, label: s.name ?? s.id }))}
            />
          )}
          <SegmentedControl
            aria-label={t('overview.period')}
            value={String(days)}
            onChange={(v) => setDays(Number(v) as (typeof PERIODS)[number])}
            data={PERIODS.map((d) => ({ value: String(d), label: t(`overview.days${d}`) }))}
          />
          <SegmentedControl
            value={bucket}
            onChange={(v) => setBucket(v as OverviewBucket)}
            data={[
              { value: 'DAY', label: t('overview.byDay') },
              { value: 'WEEK', label: t('overview.byWeek') },
            ]}
          />
        </Group>
      </Group>
      <FormErrorBanner error={loaded.error} onClose={() => loaded.reload()} />
      <LoadingOverlay visible={loaded.loading && o === null} />
      {o !== null && o.totals.results === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {t('overview.empty')}
        </Text>
      )}
      {o !== null && o.totals.results > 0 && (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
            <Figure label={t('overview.results')} onOpen={() => open()}>
              {o.totals.results}
            </Figure>
            <Figure label={t('overview.avgScore')} onOpen={() => open()}>
              {score(o.totals.avgScore)}
            </Figure>
            <Figure label={t('overview.vetoes')} onOpen={() => open({ isVeto: 'true' })}>
              {o.totals.vetoes} <Small>{percent(o.totals.vetoes, o.totals.results)}</Small>
            </Figure>
            <Figure label={t('overview.complaintRate')} onOpen={() => open({ isComplaint: 'true' })}>
              {percent(o.totals.complaints, o.totals.results)} <Small>{o.totals.complaints}</Small>
            </Figure>
            <Figure label={t('overview.reviewRate')} onOpen={() => open({ isReview: 'true' })}>
              {percent(o.totals.reviews, o.totals.results)} <Small>{o.totals.reviews}</Small>
            </Figure>
            <Figure label={t('overview.agreement')}>
              {o.agreement.pairs === 0 ? (
                <Small>{t('overview.noAgreement')}</Small>
              ) : (
                <>
                  {o.agreement.correlation === null ? '--' : o.agreement.correlation.toFixed(2)}
                  <Small>
                    {t('overview.agreementDetail', {
                      pairs: o.agreement.pairs,
                      diff: score(o.agreement.meanAbsDiff),
                    })}
                  </Small>
                </>
              )}
            </Figure>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Panel title={t('overview.trend')}>
              <LineChart
                h={220}
                data={o.trend.map((b) => ({ bucket: b.bucket, avgScore: b.avgScore }))}
                dataKey="bucket"
                series={[{ name: 'avgScore', label: t('overview.avgScore'), color: 'blue.6' }]}
                connectNulls
                valueFormatter={(v) => v.toFixed(1)}
                // the scores of a desk sit close together: the axis starts just below the lowest
                yAxisProps={{ domain: ['dataMin - 5', 100] }}
                tooltipAnimationDuration={0}
                lineChartProps={{
                  onClick: (event) => {
                    const label = event?.activeLabel;
                    if (typeof label === 'string') open({}, bucketPeriod(scope, label, bucket === 'WEEK'));
                  },
                }}
                data-testid="overview-trend"
              />
            </Panel>
            <Panel title={t('overview.distribution')}>
              <BarChart
                h={220}
                data={o.distribution.map((b) => ({ bin: `${b.from}–${b.to}`, results: b.results }))}
                dataKey="bin"
                series={[{ name: 'results', label: t('overview.results'), color: 'teal.6' }]}
                tooltipAnimationDuration={0}
                barChartProps={{
                  onClick: (event) => {
                    const bin = o.distribution.find((b) => `${b.from}–${b.to}` === event?.activeLabel);
                    if (bin) open(scoreRange(bin.from, bin.to));
                  },
                }}
                data-testid="overview-distribution"
              />
            </Panel>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Panel title={t('overview.topRules')}>
              <Ranking
                head={[t('overview.rule'), t('overview.results'), t('overview.share'), t('overview.ruleTrend')]}
                rows={o.topRules.map((r) => ({
                  key: r.ruleId,
                  name: r.ruleName,
                  onOpen: () => open({ ruleId: r.ruleId }),
                  cells: [
                    r.results,
                    percent(r.results, o.totals.results),
                    <Sparkline
                      key="trend"
                      w={100}
                      h={24}
                      data={o.trend.map((b) => r.trend.find((x) => x.bucket === b.bucket)?.results ?? 0)}
                      curveType="linear"
                      fillOpacity={0.2}
                    />,
                  ],
                }))}
                testId="overview-top-rules"
              />
            </Panel>
            <Panel title={t('overview.lowAgents')}>
              <Ranking
                head={[t('overview.agent'), t('overview.results'), t('overview.avgScore'), t('overview.vetoes')]}
                rows={o.lowAgents.map((a) => ({
                  key: a.agentId,
                  name: a.agentNick && a.agentName ? `${a.agentName}（${a.agentNick}）` : (a.agentName ?? a.agentId),
                  onOpen: () => open({ agentId: a.agentId }),
                  cells: [a.results, score(a.avgScore), a.vetoes],
                }))}
                testId="overview-low-agents"
              />
            </Panel>
            <Panel title={t('overview.lines')}>
              <Ranking
                head={[t('overview.line'), t('overview.results'), t('overview.avgScore')]}
                rows={o.lines.map((l) => ({
                  key: l.lineId,
                  name: l.lineName ?? l.lineId,
                  onOpen: () => open({ lineId: l.lineId }),
                  cells: [l.results, score(l.avgScore)],
                }))}
                testId="overview-lines"
              />
            </Panel>
            <Panel title={t('overview.groups')}>
              <Ranking
                head={[t('overview.group'), t('overview.results'), t('overview.avgScore')]}
                rows={o.groups.map((g) => ({
                  key: g.groupId,
                  name: g.groupName ?? g.groupId,
                  onOpen: () => open({ groupId: g.groupId }),
                  cells: [g.results, score(g.avgScore)],
                }))}
                testId="overview-groups"
              />
            </Panel>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function Small({ children }: { children: ReactNode }) {
  return (
    <Text span size="sm" c="dimmed" ml={6}>
      {children}
    </Text>
  );
}

/** One headline figure; with `onOpen`, a link to the results it counts. */
function Figure({ label, onOpen, children }: { label: string; onOpen?: () => void; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" data-figure={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={22}>
        {onOpen ? (
          <Anchor component="button" type="button" fz="inherit" fw="inherit" onClick={onOpen}>
            {children}
          </Anchor>
        ) : (
          children
        )}
      </Text>
    </Card>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {title}
      </Text>
      {children}
    </Card>
  );
}

interface RankingRow {
  key: string;
  name: string;
  onOpen: () => void;
  cells: ReactNode[];
}

/** A short ranking table whose names open the results they count. */
function Ranking({ head, rows, testId }: { head: string[]; rows: RankingRow[]; testId: string }) {
  return (
    <Table data-testid={testId} striped>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>
              <Anchor component="button" type="button" onClick={r.onOpen}>
                {r.name}
              </Anchor>
            </Table.Td>
            {r.cells.map((cell, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed by `head`
              <Table.Td key={i}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

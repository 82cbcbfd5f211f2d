import { Alert, Badge, Button, Card, Grid, Group, Progress, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { useCalibration } from '../../../replay/corpus/calibration-run';
import { useCorpusEngine } from '../../../replay/corpus/corpus-engine';
import type { CorpusProgress } from '../../../replay/corpus/corpus-run';
import { useCorpusRun } from '../../../replay/corpus/corpus-run-store';
import type { CorpusSource } from '../../../replay/corpus/corpus-source';
import type { CorpusReport } from '../../../replay/corpus/corpus-tally';
import { CORPUS_REPLAY_PATH } from '../../../replay/corpus/sample-links';
import { type ReplayQuery, readReplayQuery } from '../../../replay/replay-query';
import { useReplayTarget } from '../../../replay/target/use-replay-target';
import type { RouteLocation } from '../../../router/location';
import { ReplayTabs } from '../ReplayTabs';
import { TargetPicker } from '../TargetPicker';
import { AfterPaint } from './AfterPaint';
import { AgreementPanel } from './AgreementPanel';
import { CalibrationPanel } from './CalibrationPanel';
import { CorpusSourceForm } from './CorpusSourceForm';
import { HitRateTable } from './HitRateTable';
import { ProblemList } from './ProblemList';
import { ReportSection } from './ReportSection';
import { SampleSessions } from './SampleSessions';
import { SavedDiffTable } from './SavedDiffTable';
import { ScoreHistogramChart } from './ScoreHistogramChart';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

// While a run goes on the store changes twice a second: what does not depend on it must not redraw with it.
const StillTargetPicker = memo(TargetPicker);
const StillSourceForm = memo(CorpusSourceForm);

/**
 * /qc/replay/corpus — replay a rule, a scheme or the rule editor's draft over many sessions (the server's, by date and
 * line, or an uploaded JSON Lines file) in the engine's Web Workers, with progress and cancel; then the hit rate per
 * rule and condition, sample hit and near-miss sessions that open in the single replay, the score distribution, the
 * diff against the saved version, and how the AI score agrees with human judgements.
 */
export function CorpusReplay({ location }: { location: RouteLocation }) {
  const { t, pick } = useI18n();
  const query = useMemo(() => readReplayQuery(location), [location]);
  const targetState = useReplayTarget(query);
  const engine = useCorpusEngine();
  const run = useCorpusRun();
  const target = targetState.status === 'ready' ? targetState.target : null;
  const running = run.status === 'running';
  const { report, progress, start } = run;
  const kind = run.sourceKind ?? 'server';
  const runQuery = run.query ?? query;
  const seconds = (progress?.elapsedMs ?? 0) / 1000;
  const onRun = useCallback(
    (source: CorpusSource) => {
      if (target === null) return;
      // the calibration tab works on what this run reads, with this run's target
      useCalibration.getState().setBasis({ source, target, query });
      void start({ engine, target, source, query });
    },
    [target, start, engine, query],
  );
  const [tab, setTab] = useState<'report' | 'calibration'>('report');
  // The report's figures, tables and charts are drawn from a deferred copy: React draws them in slices between which
  // the page paints and answers input, while the progress bar above follows at once.
  const shownReport = useDeferredValue(report);
  const shownProgress = useDeferredValue(progress);
  const shownRunning = useDeferredValue(running);

  return (
    <Stack gap="md">
      <ReplayTabs current="corpus" query={query} />
      <Card withBorder>
        <Stack gap="md">
          <StillTargetPicker query={query} state={targetState} path={CORPUS_REPLAY_PATH} />
          {targetState.status === 'ready' && (
            <Text size="sm" data-testid="corpus-target">
              {t('corpus.target', { label: targetState.target.label, count: targetState.target.rules.length })}
            </Text>
          )}
          <StillSourceForm running={running} canRun={target !== null} onRun={onRun} onCancel={run.cancel} />
          {target === null && targetState.status !== 'loading' && <Text c="dimmed">{t('corpus.pickTarget')}</Text>}
        </Stack>
      </Card>

      {run.status !== 'idle' && (
        <Card withBorder data-testid="corpus-status" data-status={run.status}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Group gap="sm">
                <Badge
                  color={
                    { running: 'blue', done: 'teal', cancelled: 'yellow', failed: 'red', idle: 'gray' }[run.status]
                  }
                >
                  {t(`corpus.status.${run.status}`)}
                </Badge>
                <Text size="sm">
                  {t('corpus.header', { target: run.targetLabel ?? '', source: run.sourceLabel ?? '' })}
                </Text>
              </Group>
              {!running && (
                <Button variant="subtle" size="xs" onClick={run.clear}>
                  {t('corpus.clear')}
                </Button>
              )}
            </Group>
            {progress && (
              <>
                <Progress
                  value={progress.fraction * 100}
                  aria-label={t('corpus.progressLabel')}
                  data-testid="corpus-progress"
                />
                <Text size="sm" c="dimmed" data-testid="corpus-progress-text">
                  {t('corpus.progress', {
                    done: progress.done,
                    percent: Math.floor(progress.fraction * 100),
                    seconds: seconds.toFixed(1),
                  })}
                </Text>
              </>
            )}
            {run.loadError && (
              <Alert color="red" title={t('corpus.loadError')} data-testid="corpus-error">
                {run.loadError.zh !== undefined && run.loadError.en !== undefined
                  ? pick({ zh: run.loadError.zh, en: run.loadError.en })
                  : run.loadError.message}
                {run.loadError.ruleId !== null && ` (${run.loadError.ruleId} ${run.loadError.path})`}
              </Alert>
            )}
            {run.error && (
              <Alert color="red" title={t('corpus.status.failed')} data-testid="corpus-error">
                {run.error}
              </Alert>
            )}
          </Stack>
        </Card>
      )}

      {shownReport && (
        <Tabs
          value={shownRunning ? 'report' : tab}
          onChange={(v) => v && setTab(v as 'report' | 'calibration')}
          data-testid="corpus-report"
          // the deferred copy has caught up with the run (the status above changes at once, the figures after it)
          data-settled={shownReport === report && shownRunning === running}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="report">{t('corpus.tab.report')}</Tabs.Tab>
            <Tabs.Tab value="calibration" disabled={shownRunning} data-testid="corpus-calibration-tab">
              {t('corpus.tab.calibration')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="report">
            <Stack gap="md">
              <ReportView
                report={shownReport}
                progress={shownProgress}
                running={shownRunning}
                runQuery={runQuery}
                kind={kind}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="calibration">{!shownRunning && <CalibrationPanel report={shownReport} />}</Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** The figures, hit rates, charts, samples and diff of a run: drawn from the deferred report (see CorpusReplay). */
const ReportView = memo(function ReportView({
  report,
  progress,
  running,
  runQuery,
  kind,
}: {
  report: CorpusReport;
  progress: CorpusProgress | null;
  running: boolean;
  runQuery: ReplayQuery;
  kind: 'file' | 'server';
}) {
  const { t } = useI18n();
  const seconds = (progress?.elapsedMs ?? 0) / 1000;
  return (
    <>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          <Figure label={t('corpus.summary.sessions')} value={String(report.sessions)} testId="corpus-sessions" />
          <Figure
            label={t('corpus.summary.problems')}
            value={String(report.problemCount)}
            testId="corpus-problem-count"
          />
          <Figure
            label={t('corpus.summary.meanScore')}
            value={report.meanScore === null ? '—' : report.meanScore.toFixed(1)}
            testId="corpus-mean-score"
          />
          <Figure
            label={t('corpus.summary.time')}
            value={t('corpus.summary.seconds', { seconds: seconds.toFixed(1) })}
            testId="corpus-time"
          />
          <Figure
            label={t('corpus.summary.rate')}
            value={t('corpus.summary.perSecond', {
              rate: seconds > 0 ? Math.round((progress?.done ?? 0) / seconds) : 0,
            })}
            testId="corpus-rate"
          />
        </SimpleGrid>
      </Card>
      {/* while it runs, the page redraws only what is cheap twice a second (the figures and the hit-rate table,
          which stays mounted); the charts, samples and diff come when it ends, each in a frame of its own so
          that no single task holds the page */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ReportSection title={t('corpus.rules.title')}>
            <HitRateTable rules={report.rules} sessions={report.sessions} />
          </ReportSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {!running && (
            <Stack gap="md">
              <ReportSection title={t('corpus.histogram.title')}>
                <AfterPaint>
                  <ScoreHistogramChart bins={report.histogram} />
                </AfterPaint>
              </ReportSection>
              <ReportSection title={t('corpus.agreement.title')} testId="corpus-agreement">
                <AfterPaint frames={4}>
                  <AgreementPanel report={report} />
                </AfterPaint>
              </ReportSection>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      {!running && (
        <>
          <AfterPaint frames={2}>
            <ReportSection title={t('corpus.samples.title')} testId="corpus-samples">
              <SampleSessions rules={report.rules} query={runQuery} kind={kind} />
            </ReportSection>
          </AfterPaint>
          <AfterPaint frames={3}>
            <ReportSection title={t('corpus.diff.title')} testId="corpus-diff-section">
              <SavedDiffTable diff={report.diff} query={runQuery} kind={kind} />
            </ReportSection>
          </AfterPaint>
        </>
      )}
      {report.problemCount > 0 && (
        <ReportSection title={t('corpus.problems.title', { count: report.problemCount })}>
          <ProblemList problems={report.problems} count={report.problemCount} />
        </ReportSection>
      )}
    </>
  );
});

import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileButton,
  Group,
  NumberInput,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { LabelInputError, parseLabelFile } from '@qcdesk/engine';
import { useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { useI18n } from '../../../i18n/locale-store';
import { judgementKindsPresent } from '../../../replay/corpus/agreement';
import {
  type CalibrationRole,
  type CalibrationSettings,
  DEFAULT_CALIBRATION_SETTINGS,
} from '../../../replay/corpus/calibration-job';
import {
  type CalibrationResult,
  type CalibrationRunProgress,
  calibratedDraft,
  type LabelSource,
  useCalibration,
} from '../../../replay/corpus/calibration-run';
import { JUDGEMENT_KINDS, type JudgementKind } from '../../../replay/corpus/corpus-session';
import type { CorpusReport } from '../../../replay/corpus/corpus-tally';
import { CORPUS_REPLAY_PATH } from '../../../replay/corpus/sample-links';
import { goReplay } from '../../../replay/replay-query';
import { useReplayDraft } from '../../../replay/target/draft-store';
import { CalibrationFigures } from './CalibrationFigures';
import { type SessionList, SessionListModal } from './CalibrationSessions';
import { DisagreementTable, EvidenceTable, FittedScoreTable, SuggestionTable } from './CalibrationTables';
import { ReportSection } from './ReportSection';

const ROLES: readonly CalibrationRole[] = ['AGENT', 'CUSTOMER'];

/** The label choices: a judgement the sessions carry, a label file, or the manual assessments (server corpora). */
type SourceChoice = JudgementKind | 'file' | 'assessment';

interface LabelFile {
  readonly name: string;
  readonly labels: ReadonlyMap<string, number>;
}

// FileReader rather than Blob.text(): the one both the browser and jsdom have
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The corpus replay's calibration tab: pick the human judgement and the options, calibrate the run's target against
 * the sessions that carry it (in a worker, with progress), read the evidence, fitted scores, suggestions and
 * disagreements, and hand the calibrated rules and scheme to the replay tester as its draft.
 */
export function CalibrationPanel({ report }: { report: CorpusReport }) {
  const { t, locale } = useI18n();
  const calibration = useCalibration();
  const client = useApi();
  const fromServer = calibration.basis?.source.kind === 'server';
  const kinds = useMemo(() => judgementKindsPresent(report, JUDGEMENT_KINDS), [report]);
  const [picked, setPicked] = useState<SourceChoice | null>(null);
  const choice: SourceChoice =
    picked === 'file' ||
    (picked === 'assessment' && fromServer) ||
    (picked !== null && kinds.includes(picked as JudgementKind))
      ? picked
      : ((kinds.includes('S') ? 'S' : kinds[0]) ?? 'file');
  const [labelFile, setLabelFile] = useState<LabelFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [settings, setSettings] = useState<CalibrationSettings>(DEFAULT_CALIBRATION_SETTINGS);
  const running = calibration.status === 'running';

  if (calibration.basis === null) return <Text c="dimmed">{t('corpus.calibration.noBasis')}</Text>;
  const source: LabelSource | null =
    choice === 'assessment'
      ? { kind: 'manual', client }
      : choice !== 'file'
        ? { kind: 'judgement', judgement: choice }
        : labelFile === null
          ? null
          : { kind: 'file', ...labelFile };
  const load = async (file: File | null) => {
    if (file === null) return;
    setLabelFile(null);
    setFileError(null);
    try {
      setLabelFile({ name: file.name, labels: parseLabelFile(await readText(file), file.name) });
    } catch (error) {
      // the engine's message names the line; say it in the tab's language
      setFileError(
        error instanceof LabelInputError
          ? `${error.where}: ${locale === 'en' ? error.en : error.zh}`
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };
  const set = (patch: Partial<CalibrationSettings>) => setSettings((s) => ({ ...s, ...patch }));
  return (
    <Stack gap="md" data-testid="calibration-panel">
      <Card withBorder>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('corpus.calibration.intro')}
          </Text>
          {kinds.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('corpus.calibration.none')}
            </Text>
          )}
          <Group align="flex-end" gap="md">
            <Select
              label={t('corpus.calibration.label')}
              data={[
                ...kinds.map((k) => ({ value: k, label: t(`corpus.agreement.kind.${k}`) })),
                ...(fromServer ? [{ value: 'assessment', label: t('corpus.calibration.source.assessment') }] : []),
                { value: 'file', label: t('corpus.calibration.source.file') },
              ]}
              value={choice}
              onChange={(v) => v && setPicked(v as SourceChoice)}
              allowDeselect={false}
              disabled={running}
              w={220}
            />
            <NumberInput
              label={t('corpus.calibration.folds')}
              value={settings.folds}
              min={2}
              max={10}
              onChange={(v) => typeof v === 'number' && set({ folds: Math.max(2, Math.min(10, Math.round(v))) })}
              disabled={running}
              w={100}
            />
            <NumberInput
              label={t('corpus.calibration.suggest')}
              value={settings.suggest}
              min={0}
              max={50}
              onChange={(v) => typeof v === 'number' && set({ suggest: Math.max(0, Math.min(50, Math.round(v))) })}
              disabled={running}
              w={130}
            />
            <Checkbox.Group
              label={t('corpus.calibration.roles')}
              value={[...settings.roles]}
              onChange={(v) => v.length > 0 && set({ roles: ROLES.filter((r) => v.includes(r)) })}
            >
              <Group gap="sm" mt={8}>
                {ROLES.map((r) => (
                  <Checkbox key={r} value={r} label={t(`corpus.calibration.role.${r}`)} disabled={running} />
                ))}
              </Group>
            </Checkbox.Group>
            {running ? (
              <Button variant="default" onClick={calibration.cancel}>
                {t('corpus.calibration.cancel')}
              </Button>
            ) : (
              <Button
                onClick={() => source !== null && void calibration.start(source, settings)}
                disabled={source === null}
                data-testid="calibration-run"
              >
                {t('corpus.calibration.run')}
              </Button>
            )}
          </Group>
          {choice === 'file' && (
            <Stack gap={4}>
              <Group gap="sm">
                <FileButton
                  onChange={(file) => void load(file)}
                  accept=".csv,.tsv,.txt,.jsonl,.json"
                  disabled={running}
                >
                  {(props) => (
                    <Button variant="default" {...props} data-testid="calibration-label-file">
                      {t('corpus.calibration.file.pick')}
                    </Button>
                  )}
                </FileButton>
                {labelFile !== null && (
                  <Text size="sm" data-testid="calibration-label-file-loaded">
                    {t('corpus.calibration.file.loaded', { name: labelFile.name, count: labelFile.labels.size })}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('corpus.calibration.file.hint')}
              </Text>
              {fileError !== null && (
                <Alert color="red" title={t('corpus.calibration.file.bad')} data-testid="calibration-label-file-error">
                  {fileError}
                </Alert>
              )}
              {calibration.match !== null && calibration.match.name === labelFile?.name && (
                <Text size="sm" data-testid="calibration-label-match">
                  {t('corpus.calibration.file.match', {
                    matched: calibration.match.matched,
                    unmatched: calibration.match.unmatched,
                  })}
                </Text>
              )}
            </Stack>
          )}
          {running && calibration.progress !== null && <StageProgress progress={calibration.progress} />}
          {calibration.status === 'cancelled' && <Text c="dimmed">{t('corpus.calibration.cancelled')}</Text>}
          {calibration.status === 'failed' && (
            <Alert color="red" title={t('corpus.calibration.failed')} data-testid="calibration-error">
              {calibration.error}
            </Alert>
          )}
        </Stack>
      </Card>
      {calibration.result !== null && <CalibrationResultView result={calibration.result} />}
    </Stack>
  );
}

function StageProgress({ progress }: { progress: CalibrationRunProgress }) {
  const { t } = useI18n();
  const { stage, done, total } = progress;
  const text =
    stage === 'fold'
      ? t('corpus.calibration.stage.fold', { done: Math.min(done + 1, total), total })
      : t(`corpus.calibration.stage.${stage}`, { done, total });
  return (
    <Stack gap={4}>
      <Progress
        value={progress.fraction * 100}
        aria-label={t('corpus.calibration.progressLabel')}
        data-testid="calibration-progress"
      />
      <Text size="sm" c="dimmed" data-testid="calibration-progress-text">
        {text}
      </Text>
    </Stack>
  );
}

function CalibrationResultView({ result }: { result: CalibrationResult }) {
  const { t } = useI18n();
  const { report } = result;
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set());
  const [sessionList, setSessionList] = useState<SessionList | null>(null);
  const toggle = (ruleId: string, on: boolean) =>
    setAccepted((a) => {
      const next = new Set(a);
      if (on) next.add(ruleId);
      else next.delete(ruleId);
      return next;
    });
  const apply = () => {
    useReplayDraft.getState().setCalibrated(calibratedDraft(result, accepted));
    // the corpus replay, now on the draft: its next run diffs the draft against the saved version
    goReplay(
      result.basis.query,
      { ruleId: null, schemeId: null, draft: true, withinSchemeId: null, sessionId: null, handover: null },
      CORPUS_REPLAY_PATH,
    );
  };
  return (
    <Stack gap="md" data-testid="calibration-result">
      <ReportSection title={t('corpus.calibration.cv.title')} testId="calibration-figures">
        <Text size="sm" data-testid="calibration-sessions">
          {t('corpus.calibration.sessions', {
            count: report.sessions,
            label:
              result.labels.kind === 'file'
                ? t('corpus.calibration.file.label', { name: result.labels.name })
                : result.labels.kind === 'manual'
                  ? t('corpus.calibration.source.assessment')
                  : t(`corpus.agreement.kind.${result.labels.judgement}`),
          })}
          {result.unreadable > 0 && ` · ${t('corpus.calibration.unreadable', { count: result.unreadable })}`}
        </Text>
        <CalibrationFigures report={report} />
      </ReportSection>
      <Card withBorder>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('corpus.calibration.applyHint', { count: accepted.size })}
          </Text>
          <Button onClick={apply} data-testid="calibration-apply">
            {t('corpus.calibration.apply')}
          </Button>
        </Group>
      </Card>
      <ReportSection title={t('corpus.calibration.suggestions.title')}>
        <Text size="xs" c="dimmed">
          {t('corpus.calibration.suggestions.hint')}
        </Text>
        <SuggestionTable report={report} accepted={accepted} onToggle={toggle} onShowSessions={setSessionList} />
      </ReportSection>
      <ReportSection title={t('corpus.calibration.evidence.title')}>
        <EvidenceTable evidence={report.evidence} onShowSessions={setSessionList} />
      </ReportSection>
      <ReportSection title={t('corpus.calibration.scores.title')}>
        <FittedScoreTable report={report} />
      </ReportSection>
      <ReportSection title={t('corpus.calibration.disagreements.title')}>
        <DisagreementTable result={result} />
      </ReportSection>
      <SessionListModal list={sessionList} result={result} onClose={() => setSessionList(null)} />
    </Stack>
  );
}

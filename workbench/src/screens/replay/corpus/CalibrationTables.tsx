import { Anchor, Badge, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import type { CalibrationReport, RuleEvidence } from '@qcdesk/engine';
import { useMemo, useState } from 'react';
import type { MessageKey } from '../../../i18n/dictionary';
import { useI18n } from '../../../i18n/locale-store';
import type { CalibrationResult } from '../../../replay/corpus/calibration-run';
import { openSample } from '../../../replay/corpus/sample-links';
import { CountButton, type SessionList } from './CalibrationSessions';
import { f3, pct, signed } from './calibration-format';

type SortKey = 'ruleName' | 'hitRate' | 'meanWithHit' | 'meanWithoutHit' | 'difference' | 'aucLowQuarter';
const EVIDENCE_COLUMNS: readonly [SortKey, MessageKey][] = [
  ['ruleName', 'corpus.calibration.evidence.rule'],
  ['hitRate', 'corpus.calibration.evidence.hitRate'],
  ['meanWithHit', 'corpus.calibration.evidence.with'],
  ['meanWithoutHit', 'corpus.calibration.evidence.without'],
  ['difference', 'corpus.calibration.evidence.difference'],
  ['aucLowQuarter', 'corpus.calibration.evidence.auc'],
];

/** NaN sorts last whichever way. */
function compare(a: RuleEvidence, b: RuleEvidence, key: SortKey): number {
  if (key === 'ruleName') return a.ruleName.localeCompare(b.ruleName);
  const x = a[key];
  const y = b[key];
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
  return x - y;
}

/**
 * Per-rule evidence, sortable by any column (a click sorts, a second click reverses); a hit count lists the sessions
 * the rule hits.
 */
export function EvidenceTable({
  evidence,
  onShowSessions,
}: {
  evidence: readonly RuleEvidence[];
  onShowSessions: (list: SessionList) => void;
}) {
  const { t } = useI18n();
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean } | null>(null);
  const rows = useMemo(() => {
    if (sort === null) return evidence;
    const sorted = [...evidence].sort((a, b) => compare(a, b, sort.key));
    if (sort.descending) {
      // keep undefined figures last when reversed too
      const defined = sorted.filter((e) => sort.key === 'ruleName' || !Number.isNaN(e[sort.key]));
      return [...defined.reverse(), ...sorted.slice(defined.length)];
    }
    return sorted;
  }, [evidence, sort]);
  const header = (key: SortKey, label: MessageKey) => (
    <Table.Th key={key} aria-sort={sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}>
      <UnstyledButton
        fz="sm"
        fw={600}
        onClick={() => setSort((s) => ({ key, descending: s?.key === key ? !s.descending : key !== 'ruleName' }))}
        data-sort={key}
      >
        {t(label)}
        {sort?.key === key ? (sort.descending ? ' ↓' : ' ↑') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="calibration-evidence">
        <Table.Thead>
          <Table.Tr>
            {header(...EVIDENCE_COLUMNS[0]!)}
            <Table.Th>{t('corpus.calibration.evidence.type')}</Table.Th>
            <Table.Th>{t('corpus.calibration.evidence.hits')}</Table.Th>
            {EVIDENCE_COLUMNS.slice(1).map(([key, label]) => header(key, label))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => (
            <Table.Tr key={e.ruleId} data-rule={e.ruleId}>
              <Table.Td>{e.ruleName}</Table.Td>
              <Table.Td>{e.scoreType ?? '—'}</Table.Td>
              <Table.Td data-cell="hits">
                <CountButton
                  count={e.hits}
                  onClick={() =>
                    onShowSessions({
                      title: t('corpus.calibration.sessionList.hits', { rule: e.ruleName, count: e.hits }),
                      sessionIds: e.hitSessionIds,
                    })
                  }
                />
              </Table.Td>
              <Table.Td data-cell="hitRate">{pct(e.hitRate)}</Table.Td>
              <Table.Td data-cell="with">{f3(e.meanWithHit)}</Table.Td>
              <Table.Td data-cell="without">{f3(e.meanWithoutHit)}</Table.Td>
              <Table.Td data-cell="difference">
                {signed(e.difference)}
                {e.ci !== null && ` [${f3(e.ci[0])}, ${f3(e.ci[1])}]`}
              </Table.Td>
              <Table.Td data-cell="auc">{f3(e.aucLowQuarter)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Each rule link's score before → after (suggestions are in their own table). */
export function FittedScoreTable({ report }: { report: CalibrationReport }) {
  const { t } = useI18n();
  const names = new Map(report.evidence.map((e) => [e.ruleId, e.ruleName]));
  const rows = report.scores.filter((s) => !s.suggested);
  const vetoChanged = report.veto.before.join() !== report.veto.after.join();
  return (
    <>
      <Table striped data-testid="calibration-scores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('corpus.calibration.scores.angle')}</Table.Th>
            <Table.Th>{t('corpus.calibration.evidence.rule')}</Table.Th>
            <Table.Th>{t('corpus.calibration.evidence.type')}</Table.Th>
            <Table.Th>{t('corpus.calibration.scores.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={`${s.angleId}/${s.ruleId}`} data-rule={s.ruleId}>
              <Table.Td>{s.angleId}</Table.Td>
              <Table.Td>{names.get(s.ruleId) ?? s.ruleId}</Table.Td>
              <Table.Td>{s.type}</Table.Td>
              <Table.Td data-cell="score">
                {s.before} → {s.after !== s.before ? <b>{s.after}</b> : s.after}
                {!s.fitted && (
                  <Badge ml="xs" size="xs" variant="light" color="gray">
                    {t('corpus.calibration.scores.fixed')}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {vetoChanged && (
        <Text size="sm">
          {t('corpus.calibration.scores.veto', {
            before: report.veto.before.join(', ') || '—',
            after: report.veto.after.join(', ') || '—',
          })}
        </Text>
      )}
    </>
  );
}

/**
 * The suggested phrase rules with their evidence, each with a box to accept it into the draft; a low or high count
 * lists the sessions it counts.
 */
export function SuggestionTable({
  report,
  accepted,
  onToggle,
  onShowSessions,
}: {
  report: CalibrationReport;
  accepted: ReadonlySet<string>;
  onToggle: (ruleId: string, on: boolean) => void;
  onShowSessions: (list: SessionList) => void;
}) {
  const { t } = useI18n();
  if (report.suggestions.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="calibration-suggestions">
        {t('corpus.calibration.suggestions.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="calibration-suggestions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('corpus.calibration.suggestions.accept')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.phrase')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.role')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.z')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.low')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.high')}</Table.Th>
            <Table.Th>{t('corpus.calibration.evidence.difference')}</Table.Th>
            <Table.Th>{t('corpus.calibration.suggestions.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.suggestions.map((s) => (
            <Table.Tr key={s.ruleId} data-rule={s.ruleId} data-phrase={s.phrase}>
              <Table.Td>
                <Checkbox
                  aria-label={`${t('corpus.calibration.suggestions.accept')} ${s.phrase}`}
                  checked={accepted.has(s.ruleId)}
                  disabled={s.score === 0}
                  onChange={(event) => onToggle(s.ruleId, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td data-cell="phrase">「{s.phrase}」</Table.Td>
              <Table.Td>{t(`corpus.calibration.role.${s.role}`)}</Table.Td>
              <Table.Td data-cell="z">{s.z.toFixed(2)}</Table.Td>
              <Table.Td data-cell="low">
                <CountButton
                  count={s.low}
                  onClick={() =>
                    onShowSessions({
                      title: t('corpus.calibration.sessionList.low', { phrase: s.phrase, count: s.low }),
                      sessionIds: s.lowSessionIds,
                    })
                  }
                />{' '}
                / {s.lowSessions}
              </Table.Td>
              <Table.Td data-cell="high">
                <CountButton
                  count={s.high}
                  onClick={() =>
                    onShowSessions({
                      title: t('corpus.calibration.sessionList.high', { phrase: s.phrase, count: s.high }),
                      sessionIds: s.highSessionIds,
                    })
                  }
                />{' '}
                / {s.highSessions}
              </Table.Td>
              <Table.Td>{signed(s.evidence.difference)}</Table.Td>
              <Table.Td data-cell="score">
                {s.scoreType} {s.score}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The sessions where the scheme's score and the judgement differ most in rank, each opening in the single replay. */
export function DisagreementTable({ result }: { result: CalibrationResult }) {
  const { t } = useI18n();
  const { query, source } = result.basis;
  return (
    <Table striped data-testid="calibration-disagreements">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('corpus.calibration.disagreements.session')}</Table.Th>
          <Table.Th>{t('corpus.calibration.disagreements.ai')}</Table.Th>
          <Table.Th>{t('corpus.calibration.disagreements.label')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {result.report.disagreements.map((d) => {
          const sample = result.links.get(d.sessionId);
          return (
            <Table.Tr key={d.sessionId} data-session={d.sessionId}>
              <Table.Td>
                {sample === undefined ? (
                  d.sessionId
                ) : (
                  <Anchor
                    size="sm"
                    component="button"
                    type="button"
                    title={t('corpus.samples.open')}
                    onClick={() => openSample(query, sample, source.kind)}
                  >
                    {d.sessionId}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {d.aiScore} ({pct(d.aiPercentile)})
              </Table.Td>
              <Table.Td>
                {d.label} ({pct(d.labelPercentile)})
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

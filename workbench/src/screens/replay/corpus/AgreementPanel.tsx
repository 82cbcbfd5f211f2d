import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { agreementOf, judgementKindsPresent } from '../../../replay/corpus/agreement';
import { JUDGEMENT_KINDS, type JudgementKind } from '../../../replay/corpus/corpus-session';
import type { CorpusReport } from '../../../replay/corpus/corpus-tally';
import { scoreDomain } from '../../../replay/corpus/histogram';
import { ScoreScatter } from './ScoreScatter';

/** The AI score against a human judgement the inspector picks: a scatter plot and Spearman's rank correlation. */
export function AgreementPanel({ report }: { report: CorpusReport }) {
  const { t } = useI18n();
  const kinds = useMemo(() => judgementKindsPresent(report, JUDGEMENT_KINDS), [report]);
  const [picked, setPicked] = useState<JudgementKind | null>(null);
  const kind = picked !== null && kinds.includes(picked) ? picked : (kinds[0] ?? null);
  const agreement = useMemo(() => (kind === null ? null : agreementOf(report, kind)), [report, kind]);
  const points = useMemo(() => (agreement?.points ?? []).map((p) => ({ x: p.aiScore, y: p.judgement })), [agreement]);
  if (kind === null || agreement === null) return <Text c="dimmed">{t('corpus.agreement.none')}</Text>;
  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('corpus.agreement.kind')}
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(v) => setPicked(v as JudgementKind)}
            data={kinds.map((k) => ({ value: k, label: t(`corpus.agreement.kind.${k}`) }))}
          />
        </Stack>
        <Text fw={600} data-testid="corpus-spearman">
          {agreement.rho === null
            ? t('corpus.agreement.noRho', { count: agreement.pairs })
            : t('corpus.agreement.rho', { rho: agreement.rho.toFixed(3), count: agreement.pairs })}
        </Text>
      </Group>
      <ScoreScatter
        points={points}
        xDomain={scoreDomain(report.scoreMax, report.scoreRange)}
        xLabel={t('corpus.agreement.aiScore')}
        yLabel={t(`corpus.agreement.kind.${kind}`)}
        testId="corpus-scatter"
      />
      {agreement.points.length < agreement.pairs && (
        <Text size="xs" c="dimmed">
          {t('corpus.agreement.shown', { shown: agreement.points.length, count: agreement.pairs })}
        </Text>
      )}
    </Stack>
  );
}

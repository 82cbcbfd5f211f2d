import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReplayResult, ReplayStep } from '@qcdesk/engine';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { scoreLines } from '../../../replay/step-view';

const COLORS = ['red.6', 'blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6'];

/** The AI score and the angle results at this step, and as lines over every step with the current one marked. */
export function ScoreChart({ replay, step }: { replay: ReplayResult; step: ReplayStep }) {
  const { t } = useI18n();
  const lines = useMemo(() => scoreLines(replay, t('replay.score.total')), [replay, t]);
  if (lines === null || step.aiScore === null) return null;
  const full = step.angles.reduce((sum, a) => sum + a.score, 0);
  return (
    <Stack gap="xs">
      <Group gap="md" data-testid="replay-score">
        <Text fw={600}>
          {t('replay.score.total')} <span data-testid="replay-ai-score">{step.aiScore}</span> / {full}
        </Text>
        {step.isVeto && <Badge color="red">{t('replay.score.veto')}</Badge>}
        {step.angles.length > 1 &&
          step.angles.map((a) => (
            <Text key={a.angleId} size="sm" data-angle={a.angleId}>
              {a.angleName} {a.result}/{a.score}
            </Text>
          ))}
      </Group>
      <LineChart
        h={180}
        data={lines.points}
        dataKey="message"
        series={lines.series.map((s, i) => ({
          name: s.key,
          label: s.label,
          color: COLORS[i % COLORS.length]!,
          strokeDasharray: s.total ? undefined : '4 3',
        }))}
        curveType="stepAfter"
        withLegend={lines.series.length > 1}
        xAxisLabel={t('replay.score.message')}
        yAxisProps={{ domain: [0, full] }}
        referenceLines={[
          {
            x: step.seen,
            color: 'yellow.6',
            label: t('replay.player.at', { step: step.seen, count: replay.steps.length }),
          },
        ]}
        tooltipAnimationDuration={0}
        data-testid="replay-chart"
      />
    </Stack>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import type { HistogramBin } from '../../../replay/corpus/histogram';

/** The AI score distribution as bars of 5 points (the last bar includes 100). */
export function ScoreHistogramChart({ bins }: { bins: readonly HistogramBin[] }) {
  const { t } = useI18n();
  const data = useMemo(() => bins.map((b) => ({ range: `${b.from}–${b.to}`, sessions: b.count })), [bins]);
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="range"
      series={[{ name: 'sessions', label: t('corpus.histogram.sessions'), color: 'blue.6' }]}
      xAxisLabel={t('corpus.histogram.score')}
      yAxisLabel={t('corpus.histogram.sessions')}
      tickLine="y"
      tooltipAnimationDuration={0}
      barProps={{ isAnimationActive: false }}
      data-testid="corpus-histogram"
    />
  );
}

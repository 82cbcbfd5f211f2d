import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { CalibrationReport, Spread } from '@qcdesk/engine';
import { useMemo } from 'react';
import { useI18n } from '../../../i18n/locale-store';
import { f3 } from './calibration-format';

/** The out-of-fold Spearman before and after, with its spread over the folds, and a bar per fold. */
export function CalibrationFigures({ report }: { report: CalibrationReport }) {
  const { t } = useI18n();
  const data = useMemo(
    () =>
      report.folds.map((f) => ({
        fold: t('corpus.calibration.cv.fold', { fold: f.fold }),
        before: Number.isNaN(f.before) ? 0 : f.before,
        after: Number.isNaN(f.after) ? 0 : f.after,
      })),
    [report, t],
  );
  const spread = (s: Spread) =>
    t('corpus.calibration.cv.spread', { mean: f3(s.mean), sd: f3(s.sd), min: f3(s.min), max: f3(s.max) });
  const { before, after } = report.crossValidated;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('corpus.calibration.cv.before')}
          </Text>
          <Text fw={600} size="lg" data-testid="calibration-cv-before">
            {spread(before)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('corpus.calibration.cv.after')}
          </Text>
          <Text fw={600} size="lg" c="teal.8" data-testid="calibration-cv-after">
            {spread(after)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="calibration-in-sample">
        {t('corpus.calibration.cv.inSample', { before: f3(report.before), after: f3(report.after) })}
      </Text>
      <BarChart
        h={200}
        data={data}
        dataKey="fold"
        yAxisProps={{ domain: [-1, 1] }}
        withLegend
        series={[
          { name: 'before', label: t('corpus.calibration.cv.before'), color: 'gray.5' },
          { name: 'after', label: t('corpus.calibration.cv.after'), color: 'teal.6' },
        ]}
        valueFormatter={(v) => v.toFixed(3)}
        data-testid="calibration-chart"
      />
    </Stack>
  );
}

import { Box } from '@mantine/core';
import { useI18n } from '../../../i18n/locale-store';
import type { HistogramBin } from '../../../replay/corpus/histogram';
import { ticksOf } from './ScoreScatter';

const WIDTH = 520;
const HEIGHT = 260;
const PAD = { left: 52, right: 12, top: 12, bottom: 44 };

/**
 * The AI score distribution as bars over the scheme's range (the last bar includes the full score), drawn as one
 * plain SVG: a chart library's first drawing would hold the page's thread for a long moment as a run ends.
 */
export function ScoreHistogramChart({ bins }: { bins: readonly HistogramBin[] }) {
  const { t } = useI18n();
  const from = bins[0]?.from ?? 0;
  const to = bins[bins.length - 1]?.to ?? 100;
  const top = Math.max(1, ...bins.map((b) => b.count));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + ((x - from) / (to - from || 1)) * innerW;
  const sy = (y: number) => PAD.top + (1 - y / top) * innerH;
  const yTicks = ticksOf(0, top).filter((v) => Number.isInteger(v));
  const xTicks = ticksOf(from, to);
  const text = 'var(--mantine-color-dimmed)';
  const axis = 'var(--mantine-color-gray-5)';
  return (
    <Box data-testid="corpus-histogram">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${t('corpus.histogram.score')} / ${t('corpus.histogram.sessions')}`}
        style={{ fontSize: 11, overflow: 'visible' }}
      >
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={sy(v)} y2={sy(v)} stroke="var(--mantine-color-gray-2)" />
            <text x={PAD.left - 6} y={sy(v)} textAnchor="end" dominantBaseline="middle" fill={text}>
              {v}
            </text>
          </g>
        ))}
        {bins.map((b) => (
          <rect
            key={b.from}
            x={sx(b.from) + 1}
            y={sy(b.count)}
            width={Math.max(0, sx(b.to) - sx(b.from) - 2)}
            height={Math.max(0, sy(0) - sy(b.count))}
            fill="var(--mantine-color-blue-6)"
            data-bin={`${b.from}–${b.to}`}
            data-count={b.count}
          >
            <title>{`${b.from}–${b.to}: ${b.count}`}</title>
          </rect>
        ))}
        {xTicks.map((v) => (
          <text key={`x${v}`} x={sx(v)} y={HEIGHT - PAD.bottom + 14} textAnchor="middle" fill={text}>
            {v}
          </text>
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={sy(0)} y2={sy(0)} stroke={axis} />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={sy(0)} stroke={axis} />
        <text x={PAD.left + innerW / 2} y={HEIGHT - 8} textAnchor="middle" fill={text}>
          {t('corpus.histogram.score')}
        </text>
        <text transform={`translate(14 ${PAD.top + innerH / 2}) rotate(-90)`} textAnchor="middle" fill={text}>
          {t('corpus.histogram.sessions')}
        </text>
      </svg>
    </Box>
  );
}

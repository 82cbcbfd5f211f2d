import { Box } from '@mantine/core';
import { useMemo } from 'react';

export interface ScatterPoint {
  readonly x: number;
  readonly y: number;
}

const WIDTH = 520;
const HEIGHT = 300;
const PAD = { left: 56, right: 12, top: 12, bottom: 44 };

/** About five round ticks over [from, to]. */
export function ticksOf(from: number, to: number, wanted = 5): number[] {
  if (!(to > from)) return [from];
  const raw = (to - from) / wanted;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + step * 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/**
 * The AI score against a human judgement as dots, drawn as one plain SVG: hundreds of dots cost a chart library a
 * long pause on the page's thread when a corpus run ends; plain circles cost a few ms.
 */
export function ScoreScatter({
  points,
  xDomain,
  xLabel,
  yLabel,
  testId,
}: {
  points: readonly ScatterPoint[];
  xDomain: readonly [number, number];
  xLabel: string;
  yLabel: string;
  testId?: string;
}) {
  const yDomain = useMemo((): [number, number] => {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const p of points) {
      lo = Math.min(lo, p.y);
      hi = Math.max(hi, p.y);
    }
    if (!Number.isFinite(lo)) return [0, 1];
    if (lo === hi) return [lo - 1, hi + 1];
    const margin = (hi - lo) * 0.05;
    return [lo - margin, hi + margin];
  }, [points]);
  const [x0, x1] = xDomain[1] > xDomain[0] ? xDomain : [xDomain[0], xDomain[0] + 1];
  const [y0, y1] = yDomain;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0)) * innerW;
  const sy = (y: number) => PAD.top + (1 - (y - y0) / (y1 - y0)) * innerH;
  const xTicks = ticksOf(x0, x1);
  const yTicks = ticksOf(y0, y1);
  const axis = 'var(--mantine-color-gray-5)';
  const grid = 'var(--mantine-color-gray-2)';
  const text = 'var(--mantine-color-dimmed)';
  return (
    <Box data-testid={testId} data-points={points.length}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${xLabel} / ${yLabel}`}
        style={{ fontSize: 11, overflow: 'visible' }}
      >
        {yTicks.map((v) => (
          <g key={`y${v}`}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={sy(v)} y2={sy(v)} stroke={grid} />
            <text x={PAD.left - 6} y={sy(v)} textAnchor="end" dominantBaseline="middle" fill={text}>
              {v}
            </text>
          </g>
        ))}
        {xTicks.map((v) => (
          <g key={`x${v}`}>
            <line x1={sx(v)} x2={sx(v)} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke={grid} />
            <text x={sx(v)} y={HEIGHT - PAD.bottom + 14} textAnchor="middle" fill={text}>
              {v}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke={axis} />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke={axis} />
        <g fill="var(--mantine-color-blue-5)" fillOpacity={0.45}>
          {points.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dots have no identity of their own; the list is redrawn whole
            <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={3.5} />
          ))}
        </g>
        <text x={PAD.left + innerW / 2} y={HEIGHT - 8} textAnchor="middle" fill={text}>
          {xLabel}
        </text>
        <text transform={`translate(14 ${PAD.top + innerH / 2}) rotate(-90)`} textAnchor="middle" fill={text}>
          {yLabel}
        </text>
      </svg>
    </Box>
  );
}

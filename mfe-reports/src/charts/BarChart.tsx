/**
 * Bars along time as plain SVG (no chart library: the visits chart's way, docs/REPORTS.md says
 * what it saves): a bar per bucket (a day, or a week on a long period), its series stacked (the
 * takings: paid over unpaid) or side by side (the times: accept and kitchen). The viewBox is
 * 320 x 180, drawn at the container's width; the y axis has three round ticks, the x axis the
 * first, middle and last buckets' labels. One `role="img"` with the caller's summary; the numbers
 * are the figure's table.
 */

import { ChartSvg, columnPlot, YGrid } from '@qrmenu/shared/ui';
import { AXIS_COLOR, niceMax } from './scale';

// the viewBox's size, and room on the left for the y axis's amounts
const W = 320;
const H = 180;
const LEFT = 64;

export interface BarSeries {
  label: string;
  color: string;
  values: readonly number[];
}

export function BarChart({
  labels,
  series,
  mode = 'stacked',
  summary,
  formatTick,
  testId,
}: {
  /** One label per bucket. */
  labels: readonly string[];
  series: readonly BarSeries[];
  mode?: 'stacked' | 'grouped';
  summary: string;
  formatTick: (v: number) => string;
  testId?: string;
}) {
  const n = labels.length;
  const heights = labels.map((_, i) => series.map((s) => s.values[i] ?? 0));
  const max = Math.max(
    0,
    ...heights.map((h) => (mode === 'stacked' ? h.reduce((a, b) => a + b, 0) : Math.max(0, ...h))),
  );
  const plot = columnPlot({ width: W, height: H, left: LEFT, count: n, top: niceMax(max) });
  const { step, y } = plot;
  const barW = Math.max(0.6, step * 0.72);
  const labelled = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0);
  return (
    <ChartSvg width={W} height={H} summary={summary} testId={testId} maxHeight="16rem" maxWidth="40rem">
      <YGrid plot={plot} fontSize={9} format={formatTick} />
      {heights.map((h, i) => {
        const x0 = LEFT + i * step + (step - barW) / 2;
        if (mode === 'grouped') {
          const w = barW / Math.max(1, series.length);
          return (
            <g key={labels[i]}>
              {h.map((v, k) => (
                <rect
                  key={series[k]?.label}
                  x={x0 + k * w}
                  y={y(v)}
                  width={w}
                  height={plot.base - y(v)}
                  fill={series[k]?.color}
                />
              ))}
            </g>
          );
        }
        let base = 0;
        return (
          <g key={labels[i]}>
            {h.map((v, k) => {
              const rect = (
                <rect
                  key={series[k]?.label}
                  x={x0}
                  y={y(base + v)}
                  width={barW}
                  height={y(base) - y(base + v)}
                  fill={series[k]?.color}
                />
              );
              base += v;
              return rect;
            })}
          </g>
        );
      })}
      {labelled.map((i) => (
        <text
          key={i}
          x={plot.x(i)}
          y={H - 6}
          fontSize="10"
          fill={AXIS_COLOR}
          textAnchor={n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle'}
        >
          {labels[i]}
        </text>
      ))}
    </ChartSvg>
  );
}

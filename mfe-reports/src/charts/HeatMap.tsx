/**
 * Orders by weekday and hour as plain SVG: seven rows (Du ... Ya), 24 columns (00 ... 23), a
 * cell's blue as deep as its share of the busiest cell (five steps; an empty cell light grey with
 * an outline). The legend names the steps; the numbers are the figure's table.
 */
import { t } from '@qrmenu/shared/texts';
import { ChartSvg } from '@qrmenu/shared/ui';
import { AXIS_COLOR } from './scale';

const W = 320;
const LEFT = 22;
const TOP = 14;
const CELL_W = (W - LEFT) / 24;
const CELL_H = 16;

/** Light to deep blue; the two deepest carry white-on-blue contrast above 4.5:1. */
export const HEAT_STEPS = ['#f4f4f5', '#bfdbfe', '#60a5fa', '#2563eb', '#1e3a8a'] as const;

export function heatStep(v: number, max: number): number {
  if (v <= 0 || max <= 0) return 0;
  return Math.min(4, 1 + Math.floor((v / max) * 3.999));
}

export function HeatMap({
  heat,
  summary,
  testId,
}: {
  heat: readonly (readonly number[])[];
  summary: string;
  testId?: string;
}) {
  const max = Math.max(0, ...heat.flat());
  const height = TOP + 7 * CELL_H + 2;
  return (
    <ChartSvg width={W} height={height} summary={summary} testId={testId} maxHeight="14rem" maxWidth="40rem">
      {[0, 6, 12, 18, 23].map((h) => (
        <text
          key={h}
          x={h === 23 ? W : LEFT + h * CELL_W + (h === 0 ? 0 : CELL_W / 2)}
          y={TOP - 4}
          fontSize="8"
          textAnchor={h === 23 ? 'end' : h === 0 ? 'start' : 'middle'}
          fill={AXIS_COLOR}
        >
          {String(h).padStart(2, '0')}
        </text>
      ))}
      {heat.map((hours, d) => (
        <g key={t.reports.weekdaysShort[d]}>
          <text x="0" y={TOP + d * CELL_H + CELL_H / 2 + 3} fontSize="9" fill={AXIS_COLOR}>
            {t.reports.weekdaysShort[d]}
          </text>
          {hours.map((v, h) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: the hour is the cell's place
              key={h}
              x={LEFT + h * CELL_W + 0.5}
              y={TOP + d * CELL_H + 0.5}
              width={CELL_W - 1}
              height={CELL_H - 1}
              fill={HEAT_STEPS[heatStep(v, max)]}
              stroke={v > 0 ? 'none' : '#a1a1aa'}
              strokeWidth="0.3"
              data-orders={v}
            />
          ))}
        </g>
      ))}
    </ChartSvg>
  );
}

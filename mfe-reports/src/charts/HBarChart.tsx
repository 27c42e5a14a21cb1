/**
 * Horizontal bars as plain SVG: one row per item (a dish, a method, a placement, a restaurant),
 * its name above its bar and its value at the bar's end, for a phone's width; one or two series
 * (views and orders). Height grows with the rows (26 px a row of one series).
 */
import { AXIS_COLOR } from './scale';

const W = 320;
const LABEL_H = 12;
const BAR_H = 9;
const GAP = 5;

export function HBarChart({
  rows,
  series,
  summary,
  format,
  testId,
}: {
  rows: readonly { key: string; label: string; values: readonly number[] }[];
  series: readonly { label: string; color: string }[];
  summary: string;
  format: (v: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...rows.flatMap((r) => r.values));
  const rowH = LABEL_H + series.length * (BAR_H + 2) + GAP;
  const height = Math.max(rowH, rows.length * rowH);
  const valueRoom = 96;
  const barMax = W - valueRoom;
  return (
    <svg
      viewBox={`0 0 ${W} ${height}`}
      width="100%"
      role="img"
      aria-label={summary}
      data-testid={testId}
      style={{ display: 'block' }}
    >
      {rows.map((row, i) => {
        const top = i * rowH;
        return (
          <g key={row.key}>
            <text x="0" y={top + LABEL_H - 3} fontSize="10" fill={AXIS_COLOR}>
              {row.label.length > 52 ? `${row.label.slice(0, 51)}…` : row.label}
            </text>
            {row.values.map((v, k) => {
              const w = Math.max(v > 0 ? 1 : 0, (v / max) * barMax);
              const y = top + LABEL_H + k * (BAR_H + 2);
              return (
                <g key={series[k]?.label}>
                  <rect x="0" y={y} width={w} height={BAR_H} rx="1" fill={series[k]?.color} />
                  <text x={w + 4} y={y + BAR_H - 1} fontSize="9" fill={AXIS_COLOR}>
                    {format(v)}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

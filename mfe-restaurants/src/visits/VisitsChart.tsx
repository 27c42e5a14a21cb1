/**
 * The visits of the last 30 days as plain SVG (no chart library: about 2 kB of this module's
 * code): a bar a day for the visits, a line for the unique visitors. The viewBox is 320 x 170,
 * drawn at the container's width (a phone's 320-400 px: one bar is ~7 px, the labels ~11 px).
 * The picture is one `role="img"` with a summary label; the numbers are in VisitsTable.
 */
import type { VisitStats } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';

export const VISITS_COLOR = '#2563eb';
export const UNIQUE_COLOR = '#c2410c';

const W = 320;
const H = 170;
const LEFT = 30;
const RIGHT = 4;
const TOP = 8;
const BOTTOM = 22;

/** A round top for the axis: 1, 2, 5 x 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** `2026-11-25` -> `25.11` */
export const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

export function VisitsChart({
  days,
  month,
}: {
  days: VisitStats['days'];
  month: VisitStats['totals']['month'];
}) {
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.visits, d.unique))));
  const plotW = W - LEFT - RIGHT;
  const plotH = H - TOP - BOTTOM;
  const step = plotW / Math.max(1, days.length);
  const y = (v: number) => TOP + plotH - (v / top) * plotH;
  const x = (i: number) => LEFT + i * step + step / 2;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.unique).toFixed(1)}`).join(' ');
  const ticks = [0, top / 2, top];
  const labelled = [0, Math.floor(days.length / 2), days.length - 1];
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={t.visits.chartLabel(month.visits, month.unique)}
      data-testid="visits-chart"
      style={{ display: 'block', maxHeight: '14rem' }}
    >
      {ticks.map((v) => (
        <g key={v}>
          <line x1={LEFT} x2={W - RIGHT} y1={y(v)} y2={y(v)} stroke="#d4d4d8" strokeWidth="0.5" />
          <text x={LEFT - 4} y={y(v) + 3.5} textAnchor="end" fontSize="10" fill="#3f3f46">
            {v}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        const h = (d.visits / top) * plotH;
        return (
          <rect
            key={d.day}
            x={x(i) - step * 0.35}
            y={TOP + plotH - h}
            width={step * 0.7}
            height={h}
            rx="1"
            fill={VISITS_COLOR}
            data-day={d.day}
            data-visits={d.visits}
          />
        );
      })}
      <polyline points={line} fill="none" stroke={UNIQUE_COLOR} strokeWidth="1.5" strokeLinejoin="round" />
      {days.map((d, i) =>
        d.unique > 0 ? <circle key={d.day} cx={x(i)} cy={y(d.unique)} r="1.8" fill={UNIQUE_COLOR} /> : null,
      )}
      {labelled.map((i) =>
        days[i] ? (
          <text
            key={i}
            x={x(i)}
            y={H - 6}
            fontSize="10"
            fill="#3f3f46"
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
          >
            {i === days.length - 1 ? t.visits.today : shortDay(days[i].day)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/**
 * The visits of the last 30 days as plain SVG (no chart library: about 2 kB of this module's
 * code): a bar a day for the visits, a line for the unique visitors. The viewBox is 320 x 170,
 * drawn at the container's width (a phone's 320-400 px: one bar is ~7 px, the labels ~11 px).
 * The picture is one `role="img"` with a summary label; the numbers are in VisitsTable.
 */
import type { VisitStats } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { AXIS_COLOR, ChartSvg, columnPlot, niceMax, shortDay, YGrid } from '@qrmenu/shared/ui';

export const VISITS_COLOR = '#2563eb';
export const UNIQUE_COLOR = '#c2410c';

// the viewBox's size, and room on the left for the y axis's counts
const W = 320;
const H = 170;
const LEFT = 30;

export function VisitsChart({
  days,
  month,
}: {
  days: VisitStats['days'];
  month: VisitStats['totals']['month'];
}) {
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.visits, d.unique))));
  const plot = columnPlot({ width: W, height: H, left: LEFT, count: days.length, top });
  const { step, x, y } = plot;
  const line = days.map((d, i) => `${x(i).toFixed(1)},${y(d.unique).toFixed(1)}`).join(' ');
  const labelled = [0, Math.floor(days.length / 2), days.length - 1];
  return (
    <ChartSvg
      width={W}
      height={H}
      summary={t.visits.chartLabel(month.visits, month.unique)}
      testId="visits-chart"
      maxHeight="14rem"
    >
      <YGrid plot={plot} fontSize={10} />
      {days.map((d, i) => {
        const h = (d.visits / top) * plot.plotH;
        return (
          <rect
            key={d.day}
            x={x(i) - step * 0.35}
            y={plot.base - h}
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
            fill={AXIS_COLOR}
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
          >
            {i === days.length - 1 ? t.visits.today : shortDay(days[i].day)}
          </text>
        ) : null,
      )}
    </ChartSvg>
  );
}

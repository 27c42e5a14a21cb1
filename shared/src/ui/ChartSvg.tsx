import type { ReactNode } from 'react';

/**
 * What the plain-SVG charts share (no chart library: the reports' charts and a restaurant's
 * visits): the axis's and the grid's colours (the axis's text 10:1 on white), a round axis top,
 * a day's short label, and the picture itself: one `role="img"` read by its summary, drawn at its
 * container's width.
 */
export const AXIS_COLOR = '#3f3f46';
export const GRID_COLOR = '#d4d4d8';

/** A round top for the axis: 1, 2, 5 x 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** `2026-11-25` -> `25.11` */
export const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

/**
 * Columns along a time axis in viewBox units: the plot leaves `left` for the y axis's labels, 8
 * above, 22 below for the x axis's and 4 on the right; a column a step, `top` (a round one) at
 * the plot's top.
 */
export function columnPlot({
  width,
  height,
  left,
  count,
  top,
}: {
  width: number;
  height: number;
  left: number;
  count: number;
  top: number;
}) {
  const plotTop = 8;
  const plotH = height - plotTop - 22;
  const step = (width - left - 4) / Math.max(1, count);
  return {
    width,
    height,
    left,
    right: width - 4,
    /** The y of 0, and the plot's height above it. */
    base: plotTop + plotH,
    plotH,
    step,
    /** The y of a value. */
    y: (v: number) => plotTop + plotH - (v / top) * plotH,
    /** The x of a column's middle. */
    x: (i: number) => left + i * step + step / 2,
    /** The y axis's three round values. */
    ticks: [0, top / 2, top],
  };
}
export type ColumnPlot = ReturnType<typeof columnPlot>;

/** The y axis: a grid line and its value at each tick. */
export function YGrid({
  plot,
  fontSize,
  format = String,
}: {
  plot: ColumnPlot;
  fontSize: number;
  format?: (v: number) => string;
}) {
  return plot.ticks.map((v) => (
    <g key={v}>
      <line
        x1={plot.left}
        x2={plot.right}
        y1={plot.y(v)}
        y2={plot.y(v)}
        stroke={GRID_COLOR}
        strokeWidth="0.5"
      />
      <text x={plot.left - 4} y={plot.y(v) + 3.5} textAnchor="end" fontSize={fontSize} fill={AXIS_COLOR}>
        {format(v)}
      </text>
    </g>
  ));
}

export function ChartSvg({
  width,
  height,
  summary,
  testId,
  maxHeight,
  maxWidth,
  children,
}: {
  /** The viewBox's size. */
  width: number;
  height: number;
  summary: string;
  testId?: string | undefined;
  maxHeight: string;
  maxWidth?: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={summary}
      data-testid={testId}
      style={{ display: 'block', maxHeight, maxWidth }}
    >
      {children}
    </svg>
  );
}

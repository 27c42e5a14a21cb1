/**
 * What the reports' charts share: the series' colours (each at least 4.5:1 on white), short axis
 * numbers; the axis, the grid, the round axis top and a day's label are the kit's (ChartSvg).
 */
export { AXIS_COLOR, GRID_COLOR, niceMax, shortDay } from '@qrmenu/shared/ui';

/** Series colours: blue, orange, green, violet (WCAG contrast on white: 6.7, 5.2, 5.0, 6.4). */
export const SERIES_COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#6d28d9'] as const;
/** A short axis label: 1 200 -> "1,2 ming", 3 400 000 -> "3,4 mln". */
export function shortNumber(v: number): string {
  const fmt = (x: number) => String(Math.round(x * 10) / 10).replace('.', ',');
  if (Math.abs(v) >= 1_000_000_000) return `${fmt(v / 1_000_000_000)} mlrd`;
  if (Math.abs(v) >= 1_000_000) return `${fmt(v / 1_000_000)} mln`;
  if (Math.abs(v) >= 1_000) return `${fmt(v / 1_000)} ming`;
  return fmt(v);
}

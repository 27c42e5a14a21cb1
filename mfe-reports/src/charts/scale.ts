/** What the charts share: the series' colours (each at least 4.5:1 on white) and a round axis top. */

/** Series colours: blue, orange, green, violet (WCAG contrast on white: 6.7, 5.2, 5.0, 6.4). */
export const SERIES_COLORS = ['#1d4ed8', '#c2410c', '#15803d', '#6d28d9'] as const;
export const AXIS_COLOR = '#3f3f46';
export const GRID_COLOR = '#d4d4d8';

/** A round top for the axis: 1, 2, 5 x 10^n at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** A short axis label: 1 200 -> "1,2 ming", 3 400 000 -> "3,4 mln". */
export function shortNumber(v: number): string {
  const fmt = (x: number) => String(Math.round(x * 10) / 10).replace('.', ',');
  if (Math.abs(v) >= 1_000_000_000) return `${fmt(v / 1_000_000_000)} mlrd`;
  if (Math.abs(v) >= 1_000_000) return `${fmt(v / 1_000_000)} mln`;
  if (Math.abs(v) >= 1_000) return `${fmt(v / 1_000)} ming`;
  return fmt(v);
}

/** `2026-11-25` -> `25.11` */
export const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;

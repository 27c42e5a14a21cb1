/**
 * Bars along time as a figure (the takings by day, the times by day): the series' names and
 * values once, coloured in order; the legend is theirs, the table's caption the figure's title.
 */
import { BarChart } from './BarChart';
import { ChartFigure, type ChartTable } from './ChartFigure';
import { SERIES_COLORS } from './scale';

export function BarFigure({
  title,
  testId,
  table,
  series,
  ...chart
}: {
  title: string;
  testId: string;
  table: Omit<ChartTable, 'caption'>;
  series: readonly { label: string; values: readonly number[] }[];
  labels: readonly string[];
  mode?: 'stacked' | 'grouped';
  summary: string;
  formatTick: (v: number) => string;
}) {
  const coloured = series.map((s, i) => ({ ...s, color: SERIES_COLORS[i % SERIES_COLORS.length] as string }));
  return (
    <ChartFigure
      title={title}
      testId={testId}
      legend={coloured.map(({ label, color }) => ({ label, color }))}
      table={{ caption: title, ...table }}
    >
      <BarChart series={coloured} {...chart} />
    </ChartFigure>
  );
}

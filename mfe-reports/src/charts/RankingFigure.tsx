import { t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { ChartFigure, type ChartTable } from './ChartFigure';
import { HBarChart } from './HBarChart';

/**
 * A ranking as one figure: a bar per item (one series), the items' numbers in its table, and a
 * summary that names the items drawn with their values, for a screen reader: the dishes sold,
 * the options chosen, the dishes stopped, the rejections' reasons.
 */
export function RankingFigure<I>({
  title,
  testId,
  items,
  shown = items,
  keyOf,
  columns,
  cells,
  bar,
  series,
  format,
  spoken,
}: {
  title: string;
  testId: string;
  /** Every item: the table's rows. */
  items: readonly I[];
  /** The items drawn (the first ten): all by default. */
  shown?: readonly I[];
  keyOf: (item: I) => string;
  columns: ChartTable['columns'];
  cells: (item: I) => ReactNode[];
  /** An item's bar: its label and its value. */
  bar: (item: I) => { label: string; value: number };
  series: { label: string; color: string };
  format: (v: number) => string;
  /** How the summary says an item; by default its label and its value. */
  spoken?: (item: I) => string;
}) {
  const say = spoken ?? ((item: I) => `${bar(item).label} ${format(bar(item).value)}`);
  return (
    <ChartFigure
      title={title}
      testId={testId}
      table={{
        caption: title,
        columns,
        rows: items.map((item) => ({ key: keyOf(item), cells: cells(item) })),
      }}
    >
      <HBarChart
        rows={shown.map((item) => {
          const { label, value } = bar(item);
          return { key: keyOf(item), label, values: [value] };
        })}
        series={[series]}
        format={format}
        summary={t.reports.dishesChartLabel(title, shown.map(say).join(', '))}
      />
    </ChartFigure>
  );
}

/**
 * Tushum: the period's orders, revenue (paid, unpaid, rejected), the average check, each beside
 * the period before; the takings by day (paid over unpaid) and by method (Payme, Click, at the
 * table), each a chart with its table.
 */
import type { TakingsReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { numberColumns, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { BarFigure } from '../charts/BarFigure';
import { buckets, sumOf } from '../charts/buckets';
import { ChartFigure } from '../charts/ChartFigure';
import { HBarChart } from '../charts/HBarChart';
import { SERIES_COLORS, shortNumber } from '../charts/scale';
import { money, som } from '../common/money';
import { Stat } from '../common/Stat';

const r = t.reports;
const METHODS = ['payme', 'click', 'table'] as const;

export function TakingsSection({ data }: { data: TakingsReport }) {
  const x = data.totals;
  const p = data.previous_totals;
  const stats = [
    {
      key: 'orders',
      label: r.orders,
      value: String(x.orders),
      current: x.orders,
      previous: p.orders,
      prev: String(p.orders),
    },
    {
      key: 'revenue',
      label: r.revenue,
      value: money(x.revenue),
      current: x.revenue,
      previous: p.revenue,
      prev: money(p.revenue),
    },
    {
      key: 'paid',
      label: r.paid,
      value: money(x.paid),
      current: x.paid,
      previous: p.paid,
      prev: money(p.paid),
    },
    {
      key: 'unpaid',
      label: r.unpaid,
      value: money(x.unpaid),
      current: x.unpaid,
      previous: p.unpaid,
      prev: money(p.unpaid),
      lower: true,
    },
    {
      key: 'rejected',
      label: r.rejected,
      value: money(x.rejected),
      current: x.rejected,
      previous: p.rejected,
      prev: money(p.rejected),
      lower: true,
    },
    {
      key: 'average',
      label: r.averageCheck,
      value: money(x.average_check),
      current: x.average_check ?? 0,
      previous: p.average_check ?? 0,
      prev: money(p.average_check),
    },
  ];
  const bars = buckets(data.days);
  const paid = bars.map((b) => sumOf(b.days, (d) => d.paid));
  const unpaid = bars.map((b) => sumOf(b.days, (d) => d.unpaid));
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
        {stats.map((s) => (
          <Stat
            key={s.key}
            label={s.label}
            value={s.value}
            current={s.current}
            previous={s.previous}
            previousText={s.prev}
            lowerIsBetter={s.lower ?? false}
            testId={`stat-${s.key}`}
          />
        ))}
      </SimpleGrid>
      <BarFigure
        title={r.byDay}
        testId="chart-takings"
        table={{
          columns: numberColumns(r.day, r.orders, r.paid, r.unpaid, r.rejected),
          rows: bars.map((b, i) => ({
            key: b.key,
            cells: [
              b.span,
              sumOf(b.days, (d) => d.orders),
              money(paid[i] ?? 0),
              money(unpaid[i] ?? 0),
              money(sumOf(b.days, (d) => d.rejected)),
            ],
          })),
        }}
        labels={bars.map((b) => b.label)}
        series={[
          { label: r.paid, values: paid },
          { label: r.unpaid, values: unpaid },
        ]}
        formatTick={(v) => shortNumber(som(v))}
        summary={r.takingsChartLabel(data.period.days, money(x.paid), money(x.unpaid))}
      />
      <ChartFigure
        title={r.byMethod}
        testId="chart-methods"
        table={{
          caption: r.byMethod,
          columns: numberColumns(r.method, r.orders, r.amount, t.reports.files.previousPeriod),
          rows: METHODS.map((m) => ({
            key: m,
            cells: [
              r.methods[m],
              x.by_method[m].orders,
              money(x.by_method[m].amount),
              money(p.by_method[m].amount),
            ],
          })),
        }}
      >
        <HBarChart
          rows={METHODS.map((m) => ({
            key: m,
            label: r.methods[m] as string,
            values: [x.by_method[m].amount],
          }))}
          series={[{ label: r.amount, color: SERIES_COLORS[0] }]}
          format={(v) => money(v)}
          summary={r.methodsChartLabel(
            METHODS.map((m) => `${r.methods[m]} ${money(x.by_method[m].amount)}`).join(', '),
          )}
        />
      </ChartFigure>
    </Stack>
  );
}

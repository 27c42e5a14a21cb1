/**
 * Vaqt: orders by weekday and hour (a heat map), and how long the staff take to accept an order
 * and the kitchen to make it ready: the median and the 90th percentile of the period, beside the
 * period before, and by day.
 */
import type { TimesReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { ChartLegend, Note, numberColumns, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { BarFigure } from '../charts/BarFigure';
import { buckets } from '../charts/buckets';
import { ChartFigure } from '../charts/ChartFigure';
import { HEAT_STEPS, HeatMap } from '../charts/HeatMap';
import { Stat } from '../common/Stat';

const r = t.reports;

function busiest(heat: TimesReport['heat']): { label: string; orders: number } {
  let best = { label: '', orders: 0 };
  heat.forEach((hours, d) => {
    hours.forEach((v, h) => {
      if (v > best.orders) best = { label: `${r.weekdays[d]} ${r.hourLabel(h)}`, orders: v };
    });
  });
  return best;
}

/** The median of the medians of a bucket's days (for the chart only; the table has each day). */
const bucketMedian = (values: (number | null)[]) => {
  const v = values.filter((x): x is number => x !== null).sort((a, b) => a - b);
  return v.length === 0 ? 0 : (v[Math.ceil(v.length / 2) - 1] as number);
};

/**
 * The four times shown, as stats and as the table's columns: how long orders waited to be
 * accepted and to be made ready, the median and the slowest tenth (p90).
 */
const MEASURES = (['accept', 'ready'] as const).flatMap((step) =>
  (['median', 'p90'] as const).map((stat) => ({
    key: `${step}-${stat}`,
    label: `${step === 'accept' ? r.acceptTime : r.readyTime}: ${stat === 'median' ? r.median.toLowerCase() : r.p90}`,
    of: (times: Pick<TimesReport['totals'], 'accept' | 'ready'>) => times[step][stat],
  })),
);

export function TimesSection({ data }: { data: TimesReport }) {
  const top = busiest(data.heat);
  const x = data.totals;
  const p = data.previous_totals;
  const bars = buckets(data.days);
  const stat = (key: string, label: string, now: number | null, before: number | null) => (
    <Stat
      key={key}
      label={label}
      value={r.duration(now)}
      {...(now !== null && before !== null
        ? { current: now, previous: before, previousText: r.duration(before) }
        : {})}
      lowerIsBetter
      testId={`stat-${key}`}
    />
  );
  return (
    <Stack gap="5">
      <ChartFigure
        title={r.heatTitle}
        testId="chart-heat"
        table={{
          caption: r.heatTitle,
          columns: [
            { label: r.weekday },
            ...Array.from({ length: 24 }, (_, h) => ({ label: r.hourLabel(h), numeric: true })),
          ],
          rows: data.heat.map((hours, d) => ({
            key: r.weekdays[d] as string,
            cells: [r.weekdays[d], ...hours],
          })),
        }}
      >
        <HeatMap heat={data.heat} summary={r.heatLabel(top.label, top.orders)} />
        <ChartLegend
          items={HEAT_STEPS.map((color, i) => ({
            color,
            label: i === 0 ? '0' : `${['', '≤ 25 %', '≤ 50 %', '≤ 75 %', '≤ 100 %'][i]}`,
          }))}
        />
      </ChartFigure>
      <SimpleGrid columns={2} gap="2">
        {MEASURES.map((m) => stat(m.key, m.label, m.of(x), m.of(p)))}
      </SimpleGrid>
      {x.accept.count === 0 ? (
        <Note>{r.noTimes}</Note>
      ) : (
        <BarFigure
          title={r.timesByDay}
          testId="chart-times"
          table={{
            columns: numberColumns(r.day, r.orders, ...MEASURES.map((m) => m.label)),
            rows: data.days
              .filter((d) => d.orders > 0)
              .map((d) => ({
                key: d.day,
                cells: [d.day, d.orders, ...MEASURES.map((m) => r.duration(m.of(d)))],
              })),
          }}
          mode="grouped"
          labels={bars.map((b) => b.label)}
          series={[
            {
              label: r.acceptTime,
              values: bars.map((b) => bucketMedian(b.days.map((d) => d.accept.median))),
            },
            {
              label: r.readyTime,
              values: bars.map((b) => bucketMedian(b.days.map((d) => d.ready.median))),
            },
          ]}
          formatTick={(v) => r.duration(Math.round(v / 60) * 60)}
          summary={r.timesChartLabel(r.readyTime, r.duration(x.ready.median), r.duration(x.ready.p90))}
        />
      )}
    </Stack>
  );
}

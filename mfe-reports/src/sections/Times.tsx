/**
 * Vaqt: orders by weekday and hour (a heat map), and how long the staff take to accept an order
 * and the kitchen to make it ready: the median and the 90th percentile of the period, beside the
 * period before, and by day.
 */
import type { TimesReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { ChartLegend, SimpleGrid, Stack, Text } from '@qrmenu/shared/ui';
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
        {stat(
          'accept-median',
          `${r.acceptTime}: ${r.median.toLowerCase()}`,
          x.accept.median,
          p.accept.median,
        )}
        {stat('accept-p90', `${r.acceptTime}: ${r.p90}`, x.accept.p90, p.accept.p90)}
        {stat('ready-median', `${r.readyTime}: ${r.median.toLowerCase()}`, x.ready.median, p.ready.median)}
        {stat('ready-p90', `${r.readyTime}: ${r.p90}`, x.ready.p90, p.ready.p90)}
      </SimpleGrid>
      {x.accept.count === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {r.noTimes}
        </Text>
      ) : (
        <BarFigure
          title={r.timesByDay}
          testId="chart-times"
          table={{
            columns: [
              { label: r.day },
              { label: r.orders, numeric: true },
              { label: `${r.acceptTime}: ${r.median.toLowerCase()}`, numeric: true },
              { label: `${r.acceptTime}: ${r.p90}`, numeric: true },
              { label: `${r.readyTime}: ${r.median.toLowerCase()}`, numeric: true },
              { label: `${r.readyTime}: ${r.p90}`, numeric: true },
            ],
            rows: data.days
              .filter((d) => d.orders > 0)
              .map((d) => ({
                key: d.day,
                cells: [
                  d.day,
                  d.orders,
                  r.duration(d.accept.median),
                  r.duration(d.accept.p90),
                  r.duration(d.ready.median),
                  r.duration(d.ready.p90),
                ],
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

/**
 * Mehmonlar: the menu's views (the visits counted without tracking anyone) beside the orders
 * sent, by placement and by the menu's language, and how many placements whose menu was opened
 * ordered.
 */
import type { GuestsReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { numberColumns, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { ChartFigure } from '../charts/ChartFigure';
import { HBarChart } from '../charts/HBarChart';
import { SERIES_COLORS } from '../charts/scale';
import { share } from '../common/money';
import { compared, Stat } from '../common/Stat';

const r = t.reports;
const SERIES = [
  { label: r.views, color: SERIES_COLORS[0] },
  { label: r.orders, color: SERIES_COLORS[2] },
];

function FunnelChart({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { key: string; label: string; views: number; orders: number }[];
  testId: string;
}) {
  return (
    <ChartFigure
      title={title}
      testId={testId}
      legend={SERIES}
      table={{
        caption: title,
        columns: numberColumns(
          title === r.byLanguage ? r.language : r.placement,
          r.views,
          r.orders,
          r.conversion,
        ),
        rows: rows.map((row) => ({
          key: row.key,
          cells: [
            row.label,
            row.views,
            row.orders,
            row.views > 0 ? `${share(row.orders, row.views)} %` : '—',
          ],
        })),
      }}
    >
      <HBarChart
        rows={rows.map((row) => ({ key: row.key, label: row.label, values: [row.views, row.orders] }))}
        series={SERIES}
        format={String}
        summary={`${title}: ${rows.map((row) => `${row.label} ${r.funnelChartLabel(row.views, row.orders)}`).join('; ')}`}
      />
    </ChartFigure>
  );
}

export function GuestsSection({ data }: { data: GuestsReport }) {
  const x = data.totals;
  const p = data.previous_totals;
  return (
    <Stack gap="5">
      <SimpleGrid columns={2} gap="2">
        <Stat label={r.views} {...compared(x.views, p.views, String)} testId="stat-views" />
        <Stat label={r.orders} {...compared(x.orders, p.orders, String)} testId="stat-guest-orders" />
        <Stat
          label={r.conversion}
          value={x.views > 0 ? `${share(x.orders, x.views)} %` : '—'}
          current={share(x.orders, x.views)}
          previous={share(p.orders, p.views)}
          testId="stat-conversion"
        />
        <Stat
          label={r.placement}
          value={r.tablesOrdered(x.tables_ordered, x.tables_viewed)}
          testId="stat-tables"
        />
      </SimpleGrid>
      <FunnelChart
        title={r.byPlacement}
        testId="chart-placements"
        rows={data.placements.map((pl) => ({
          key: pl.placement_id ?? '',
          label: pl.placement_id === null ? t.visits.noPlacement : (pl.name ?? t.visits.deletedPlacement),
          views: pl.views,
          orders: pl.orders,
        }))}
      />
      <FunnelChart
        title={r.byLanguage}
        testId="chart-languages"
        rows={data.languages.map((l) => ({
          key: l.language,
          label: t.visits.languageNames[l.language] ?? l.language,
          views: l.views,
          orders: l.orders,
        }))}
      />
    </Stack>
  );
}

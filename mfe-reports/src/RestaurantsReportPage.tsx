/**
 * `/admin/reports` (admins): every restaurant's takings of the period side by side, beside the
 * period before; ticking restaurants compares only those (chart, table and files); each
 * restaurant's name opens its own reports for the same period.
 */

import { tashkentDay } from '@qrmenu/shared/query';
import { reports } from '@qrmenu/shared/resources';
import type { RestaurantsCompareReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  DataTable,
  EmptyState,
  Flex,
  Heading,
  LoadingSkeleton,
  numberColumns,
  Page,
  Stack,
  Text,
  usePaths,
} from '@qrmenu/shared/ui';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ChartFigure } from './charts/ChartFigure';
import { HBarChart } from './charts/HBarChart';
import { SERIES_COLORS } from './charts/scale';
import { ExportButtons } from './common/ExportButtons';
import { money } from './common/money';
import { Change } from './common/Stat';
import { PeriodPicker } from './period/PeriodPicker';
import { type PeriodChoice, periodOf, readChoice, writeChoice } from './period/period';

const r = t.reports;
type Row = RestaurantsCompareReport['restaurants'][number];

function Compared({ rows, search }: { rows: Row[]; search: string }) {
  const paths = usePaths();
  return (
    <ChartFigure
      title={r.revenue}
      testId="chart-restaurants"
      legend={[
        { label: r.revenue, color: SERIES_COLORS[0] },
        { label: t.reports.files.previousPeriod, color: SERIES_COLORS[3] },
      ]}
      table={{
        caption: r.compare,
        columns: numberColumns(r.restaurant, r.orders, r.revenue, r.paid, r.averageCheck, r.rejected),
        rows: rows.map((row) => ({
          key: row._id,
          cells: [
            <Link
              key="name"
              to={`${paths.reports({ restaurantId: row._id })}${search}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {row.name}
            </Link>,
            row.totals.orders,
            money(row.totals.revenue),
            money(row.totals.paid),
            money(row.totals.average_check),
            money(row.totals.rejected),
          ],
        })),
      }}
    >
      <HBarChart
        rows={rows.map((row) => ({
          key: row._id,
          label: row.name,
          values: [row.totals.revenue, row.previous_totals.revenue],
        }))}
        series={[
          { label: r.revenue, color: SERIES_COLORS[0] },
          { label: t.reports.files.previousPeriod, color: SERIES_COLORS[3] },
        ]}
        format={money}
        summary={r.compareChartLabel(
          rows.map((row) => `${row.name} ${money(row.totals.revenue)}`).join(', '),
        )}
      />
    </ChartFigure>
  );
}

function RestaurantList({
  rows,
  chosen,
  onToggle,
  search,
}: {
  rows: Row[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string) => void;
  search: string;
}) {
  const paths = usePaths();
  return (
    // a restaurant's longest name wraps inside its cell: the table stays within a phone's width
    <DataTable
      maxW="100%"
      minW="0"
      caption={r.compareHint}
      testId="restaurants-report"
      columns={numberColumns(r.restaurant, r.orders, r.revenue)}
      rows={rows.map((row) => ({
        key: row._id,
        cells: [
          <Flex key="name" align="center" gap="2" minW="0">
            <Flex as="label" align="center" justify="center" minW="11" minH="11" cursor="pointer">
              <input
                type="checkbox"
                checked={chosen.has(row._id)}
                onChange={() => onToggle(row._id)}
                aria-label={`${r.compare}: ${row.name}`}
                style={{ width: 18, height: 18 }}
              />
            </Flex>
            <Link
              to={`${paths.reports({ restaurantId: row._id })}${search}`}
              aria-label={r.openRestaurant(row.name)}
              style={{ overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {row.name}
            </Link>
          </Flex>,
          row.totals.orders,
          <>
            {money(row.totals.revenue)}{' '}
            <Change current={row.totals.revenue} previous={row.previous_totals.revenue} />
          </>,
        ],
      }))}
    />
  );
}

export default function RestaurantsReportPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const today = tashkentDay();
  const choice = readChoice(search, today);
  const result = periodOf(choice, today);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const headingId = useId();
  const all = reports.useRestaurants(
    result.ok ? result.from : undefined,
    result.ok ? result.to : undefined,
    undefined,
  );
  const change = (next: PeriodChoice) => navigate({ search: writeChoice(next) }, { replace: true });
  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows = all.data?.restaurants ?? [];
  const shown = chosen.size > 0 ? rows.filter((row) => chosen.has(row._id)) : rows;

  return (
    <Page title={r.title} testId="restaurants-report-page">
      <PeriodPicker choice={choice} result={result} today={today} onChange={change} />
      <Box as="section" aria-labelledby={headingId}>
        <Flex gap="3" align="center" justify="space-between" wrap="wrap" mb="3">
          <Heading as="h2" size="md" id={headingId}>
            {chosen.size > 0 ? r.compare : r.allRestaurants}
          </Heading>
          {result.ok ? (
            <ExportButtons
              target={{ restaurants: [...chosen] }}
              period={{ from: result.from, to: result.to }}
              label={r.compare}
              fileName="hisobot-restoranlar"
            />
          ) : null}
        </Flex>
        {all.isError ? (
          <Text role="alert" color="red.700">
            {r.loadError}
          </Text>
        ) : !all.data ? (
          result.ok ? (
            <LoadingSkeleton rows={4} height="12" />
          ) : null
        ) : rows.length === 0 ? (
          <EmptyState message={t.emptyList} />
        ) : (
          <Stack gap="5">
            {shown.every((row) => row.totals.orders === 0) ? (
              <EmptyState message={r.empty} />
            ) : (
              <Compared rows={shown} search={writeChoice(choice)} />
            )}
            <RestaurantList rows={rows} chosen={chosen} onToggle={toggle} search={writeChoice(choice)} />
          </Stack>
        )}
      </Box>
    </Page>
  );
}

/**
 * Taomlar: the dishes sold most and least (by portions or by revenue, the reader's choice), the
 * dishes of today's menu nobody ordered, the options' rows chosen, and how often each dish ran out
 * (the stop-list).
 */
import type { DishesReport } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Note,
  numberColumns,
  PlainList,
  SimpleGrid,
  Stack,
} from '@qrmenu/shared/ui';
import { useState } from 'react';
import { RankingFigure } from '../charts/RankingFigure';
import { SERIES_COLORS } from '../charts/scale';
import { money } from '../common/money';
import { compared, Stat } from '../common/Stat';

const r = t.reports;
const TOP = 10;
type Dish = DishesReport['dishes'][number];

function DishChart({
  title,
  dishes,
  by,
  testId,
}: {
  title: string;
  dishes: Dish[];
  by: 'count' | 'revenue';
  testId: string;
}) {
  const value = (d: Dish) => (by === 'count' ? d.quantity : d.revenue);
  const format = (v: number) => (by === 'count' ? String(v) : money(v));
  return (
    <RankingFigure
      title={title}
      testId={testId}
      items={dishes}
      keyOf={(d) => d.product_id}
      columns={numberColumns(r.dish, r.quantity, r.revenue, t.reports.files.previous(r.quantity))}
      cells={(d) => [d.name, d.quantity, money(d.revenue), d.previous_quantity]}
      bar={(d) => ({ label: d.name, value: value(d) })}
      series={{ label: by === 'count' ? r.quantity : r.revenue, color: SERIES_COLORS[0] }}
      format={format}
    />
  );
}

export function DishesSection({ data }: { data: DishesReport }) {
  const [by, setBy] = useState<'count' | 'revenue'>('count');
  const sorted = [...data.dishes].sort((a, b) =>
    by === 'count'
      ? b.quantity - a.quantity || b.revenue - a.revenue
      : b.revenue - a.revenue || b.quantity - a.quantity,
  );
  const top = sorted.slice(0, TOP);
  const bottom = sorted.slice(Math.max(TOP, sorted.length - TOP)).reverse();
  return (
    <Stack gap="5">
      <SimpleGrid columns={2} gap="2">
        <Stat
          label={r.quantity}
          {...compared(data.totals.quantity, data.previous_totals.quantity, String)}
          testId="stat-portions"
        />
        <Stat
          label={r.revenue}
          {...compared(data.totals.revenue, data.previous_totals.revenue, money)}
          testId="stat-dish-revenue"
        />
      </SimpleGrid>
      <HStack gap="2" role="group" aria-label={r.sortDishes} flexWrap="wrap">
        {(['count', 'revenue'] as const).map((key) => (
          <Button
            key={key}
            size="sm"
            minH="11"
            variant={by === key ? 'solid' : 'outline'}
            colorPalette="blue"
            aria-pressed={by === key}
            onClick={() => setBy(key)}
          >
            {key === 'count' ? r.byCount : r.byRevenue}
          </Button>
        ))}
      </HStack>
      <DishChart title={r.topDishes} dishes={top} by={by} testId="chart-top-dishes" />
      {bottom.length > 0 ? (
        <DishChart title={r.bottomDishes} dishes={bottom} by={by} testId="chart-bottom-dishes" />
      ) : null}
      <Box as="section" aria-labelledby="never-ordered">
        <Heading as="h3" size="sm" mb="2" id="never-ordered">
          {r.neverOrdered}
        </Heading>
        {data.never_ordered.length === 0 ? (
          <Note>{r.neverOrderedNone}</Note>
        ) : (
          <PlainList display="flex" flexWrap="wrap" gap="2" data-testid="never-ordered">
            {data.never_ordered.map((d) => (
              <Box as="li" key={d.product_id} borderWidth="1px" borderRadius="md" px="2" py="1" fontSize="sm">
                {d.name} {d.active ? null : <Badge colorPalette="gray">{r.inactiveDish}</Badge>}
              </Box>
            ))}
          </PlainList>
        )}
      </Box>
      {data.choices.length > 0 ? (
        <RankingFigure
          title={r.choices}
          testId="chart-choices"
          items={data.choices}
          shown={data.choices.slice(0, TOP)}
          keyOf={(c) => `${c.product_id}/${c.option}/${c.row}`}
          columns={[
            { label: r.dish },
            { label: r.option },
            { label: r.row },
            { label: r.quantity, numeric: true },
          ]}
          cells={(c) => [c.dish, c.option, c.row, c.quantity]}
          bar={(c) => ({ label: `${c.dish}: ${c.option} — ${c.row}`, value: c.quantity })}
          series={{ label: r.quantity, color: SERIES_COLORS[2] }}
          format={String}
          spoken={(c) => `${c.dish} ${c.row} ${c.quantity}`}
        />
      ) : null}
      {data.stops.length === 0 ? (
        <Note>{r.stopsNone}</Note>
      ) : (
        <RankingFigure
          title={r.stops}
          testId="chart-stops"
          items={data.stops}
          shown={data.stops.slice(0, TOP)}
          keyOf={(s) => s.product_id}
          columns={[{ label: r.dish }, { label: r.stopsCount, numeric: true }]}
          cells={(s) => [s.name, s.stops]}
          bar={(s) => ({ label: s.name, value: s.stops })}
          series={{ label: r.stopsCount, color: SERIES_COLORS[1] }}
          format={String}
        />
      )}
    </Stack>
  );
}

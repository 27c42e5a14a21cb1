/**
 * "Menyuni ko'rishlar": the guests' visits of the menu page, from one request
 * (`/manager/visits`): totals of today, 7 and 30 days, the 30-day chart (plain SVG), the top
 * placements and languages, the day-by-day table (the chart's text alternative, in a
 * `<details>`), and a CSV download. On the manager's Asosiy and the admin's restaurant detail.
 */
import { api } from '@qrmenu/shared/api';
import { useVisitStats } from '@qrmenu/shared/query';
import type { VisitStats } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  CARD_FRAME,
  ChartLegend,
  DataTable,
  Flex,
  Heading,
  Note,
  notify,
  numberColumns,
  Section,
  SimpleGrid,
  Skeleton,
  Stack,
  saveFile,
  shortDay,
  Text,
} from '@qrmenu/shared/ui';
import { useDeferredValue, useState } from 'react';
import { UNIQUE_COLOR, VISITS_COLOR, VisitsChart } from './VisitsChart';

const TOP = 5;

function Totals({ totals }: { totals: VisitStats['totals'] }) {
  const items = [
    { key: 'today', label: t.visits.today, value: totals.today },
    { key: 'week', label: t.visits.week, value: totals.week },
    { key: 'month', label: t.visits.month, value: totals.month },
  ];
  return (
    <SimpleGrid columns={3} gap="2">
      {items.map((item) => (
        <Box
          key={item.key}
          borderWidth="1px"
          borderRadius="md"
          p="2"
          data-testid={`visits-total-${item.key}`}
        >
          <Note>{item.label}</Note>
          <Text
            fontSize="xl"
            fontWeight="bold"
            color="blue.700"
            data-testid={`visits-total-${item.key}-visits`}
          >
            {item.value.visits}
          </Text>
          <Text fontSize="xs" color="orange.800" data-testid={`visits-total-${item.key}-unique`}>
            {item.value.unique} {t.visits.unique.toLowerCase()}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function TopList({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { label: string; visits: number }[];
  testId: string;
}) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb="1">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Note>{t.visits.none}</Note>
      ) : (
        <Box as="ol" listStyleType="none" data-testid={testId}>
          {rows.slice(0, TOP).map((r) => (
            <Flex
              as="li"
              key={r.label}
              justify="space-between"
              fontSize="sm"
              py="0.5"
              borderBottomWidth="1px"
            >
              <span>{r.label}</span>
              <Text as="span" fontWeight="semibold">
                {r.visits}
              </Text>
            </Flex>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The day-by-day numbers: the chart's text alternative (newest first), built when the table is
 * opened: its 30 rows of cells were a good part of the panel's first render on Asosiy, for a
 * table that starts closed (docs/BENCHMARKS.md, "Asosiy's warm-up").
 */
function VisitsTable({ days }: { days: VisitStats['days'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Box as="details" fontSize="sm" onToggle={(event) => setOpen(event.currentTarget.hasAttribute('open'))}>
      <Box as="summary" cursor="pointer" py="2" minH="11" display="flex" alignItems="center">
        {t.visits.showTable}
      </Box>
      {open ? <DaysTable days={days} /> : null}
    </Box>
  );
}

function DaysTable({ days }: { days: VisitStats['days'] }) {
  return (
    <DataTable
      caption={t.visits.tableCaption}
      testId="visits-table"
      columns={numberColumns(t.visits.day, t.visits.visits, t.visits.unique)}
      rows={[...days].reverse().map((d) => ({ key: d.day, cells: [shortDay(d.day), d.visits, d.unique] }))}
    />
  );
}

export function placementLabel(p: VisitStats['placements'][number]): string {
  if (p.placement_id === null) return t.visits.noPlacement;
  return p.name ?? t.visits.deletedPlacement;
}

export function VisitsPanel({ restaurantId }: { restaurantId?: string }) {
  const stats = useVisitStats(restaurantId);
  // The numbers render in a deferred pass, which React splits into short tasks: the answer comes
  // through the query's store, whose updates React renders at once, and the panel (totals, a
  // 30-day chart, the top lists) was then one long task after the card (docs/BENCHMARKS.md).
  const data = useDeferredValue(stats.data);

  const downloadCsv = async () => {
    try {
      const csv = await api.visits.csv(restaurantId);
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'visits.csv');
    } catch (err) {
      console.error('[visits] csv', err);
      notify.error(t.visits.csvError);
    }
  };

  return (
    <Section title={t.visits.title} {...CARD_FRAME} mt="4" data-testid="visits-panel">
      {stats.isError ? (
        <Text role="alert" color="red.700">
          {t.visits.loadError}
        </Text>
      ) : !data ? (
        // the panel's size while loading: nothing jumps when the numbers arrive
        <Stack gap="3" aria-busy="true">
          <Skeleton h="20" />
          <Skeleton h="44" />
        </Stack>
      ) : (
        <Stack gap="4">
          <Totals totals={data.totals} />
          <Box>
            <Text fontSize="sm" fontWeight="semibold" mb="1">
              {t.visits.chartTitle}
            </Text>
            <VisitsChart days={data.days} month={data.totals.month} />
            <ChartLegend
              items={[
                { label: t.visits.visits, color: VISITS_COLOR },
                { label: t.visits.unique, color: UNIQUE_COLOR },
              ]}
            />
          </Box>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TopList
              title={t.visits.topPlacements}
              testId="visits-top-placements"
              rows={data.placements.map((p) => ({ label: placementLabel(p), visits: p.visits }))}
            />
            <TopList
              title={t.visits.topLanguages}
              testId="visits-top-languages"
              rows={data.languages.map((l) => ({
                label: t.visits.languageNames[l.language] ?? l.language,
                visits: l.visits,
              }))}
            />
          </SimpleGrid>
          <VisitsTable days={data.days} />
          <Flex gap="2" align="center" wrap="wrap">
            <Button variant="outline" size="sm" minH="11" onClick={downloadCsv}>
              {t.visits.csv}
            </Button>
            <Text fontSize="xs" color="fg.muted" flex="1" minW="48">
              {t.visits.privacy}
            </Text>
          </Flex>
        </Stack>
      )}
    </Section>
  );
}

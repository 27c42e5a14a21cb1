/**
 * `/reports` (a manager's own restaurant, «Hisobot» in the bottom bar) and `/admin/reports/:id`
 * (an admin's, from the restaurants side by side): the period picker, the sections (Tushum,
 * Taomlar, Vaqt, Mehmonlar, Rad etilganlar), the open section's report with its charts and its
 * files. The period and the section live in the address. A section loads its own report only.
 */
import { isMissing } from '@qrmenu/shared/api';
import { tashkentDay } from '@qrmenu/shared/query';
import { REPORT_KINDS, reports } from '@qrmenu/shared/resources';
import type { ReportKind } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  EmptyState,
  Flex,
  Heading,
  HStack,
  LoadingSkeleton,
  Page,
  Text,
  useRouteParams,
} from '@qrmenu/shared/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDeferredValue, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ExportButtons } from './common/ExportButtons';
import { PeriodPicker } from './period/PeriodPicker';
import { type PeriodChoice, periodOf, readChoice, writeChoice } from './period/period';
import { DishesSection } from './sections/Dishes';
import { GuestsSection } from './sections/Guests';
import { RejectionsSection } from './sections/Rejections';
import { TakingsSection } from './sections/Takings';
import { TimesSection } from './sections/Times';

const r = t.reports;

function SectionNav({ choice, current }: { choice: PeriodChoice; current: ReportKind }) {
  const { pathname } = useLocation();
  return (
    <HStack as="nav" aria-label={r.nav} gap="2" flexWrap="wrap">
      {REPORT_KINDS.map((kind) => (
        <Button
          key={kind}
          asChild
          minH="11"
          size="sm"
          variant={kind === current ? 'solid' : 'outline'}
          colorPalette="blue"
        >
          <Link
            to={{ pathname, search: writeChoice({ ...choice, section: kind }) }}
            replace
            aria-current={kind === current ? 'page' : undefined}
          >
            {r.sections[kind]}
          </Link>
        </Button>
      ))}
    </HStack>
  );
}

/** A section's report: loading, a failure, an empty period (no zeros that look like data), or it. */
function Loaded<T>({
  query,
  isEmpty,
  emptyText = r.empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  isEmpty: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  const { isManager } = useSession();
  // the report renders in a deferred pass, which React splits into short tasks: its figures,
  // charts and tables were one long task after the answer came (as «Menyuni ko'rishlar»'s were)
  const data = useDeferredValue(query.data);
  if (query.isError) {
    const text = isMissing(query.error)
      ? isManager
        ? t.noRestaurantForManager
        : t.restaurantNotFound
      : r.loadError;
    return (
      <Box role="alert" color="red.700">
        <Text>{text}</Text>
        <Button mt="2" size="sm" minH="11" variant="outline" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Box>
    );
  }
  if (!data) return <LoadingSkeleton rows={4} height="16" />;
  if (isEmpty(data)) return <EmptyState message={emptyText} />;
  return <>{children(data)}</>;
}

interface SectionProps {
  from: string;
  to: string;
  restaurantId: string | undefined;
}

/**
 * A section of one report: a component that calls the report's own hook (the open section asks
 * for its report only), with what counts as an empty period and the view of the report.
 */
function reportSection<T>(
  useReport: (from: string, to: string, restaurantId: string | undefined) => UseQueryResult<T, Error>,
  isEmpty: (data: T) => boolean,
  View: (props: { data: T }) => ReactNode,
  emptyText?: string,
) {
  return function ReportSection({ from, to, restaurantId }: SectionProps) {
    return (
      <Loaded
        query={useReport(from, to, restaurantId)}
        isEmpty={isEmpty}
        {...(emptyText ? { emptyText } : {})}
      >
        {(data) => <View data={data} />}
      </Loaded>
    );
  };
}

const SECTIONS: Record<ReportKind, (props: SectionProps) => ReactNode> = {
  takings: reportSection(reports.useTakings, (d) => d.totals.orders === 0, TakingsSection),
  dishes: reportSection(
    reports.useDishes,
    (d) => d.dishes.length === 0 && d.stops.length === 0,
    DishesSection,
  ),
  times: reportSection(reports.useTimes, (d) => d.days.every((x) => x.orders === 0), TimesSection),
  guests: reportSection(
    reports.useGuests,
    (d) => d.totals.views === 0 && d.totals.orders === 0,
    GuestsSection,
    r.guestsEmpty,
  ),
  rejections: reportSection(reports.useRejections, (d) => d.totals.all_orders === 0, RejectionsSection),
};

export default function ReportsPage() {
  const { id } = useRouteParams(...reports.routes.restaurant);
  const { isManager } = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const today = tashkentDay();
  const choice = readChoice(search, today);
  const result = periodOf(choice, today);
  const headingId = useId();
  const change = (next: PeriodChoice) => navigate({ search: writeChoice(next) }, { replace: true });
  const Open = SECTIONS[choice.section];

  return (
    <Page title={r.title} back={isManager ? undefined : `/admin/reports${search}`} testId="reports-page">
      <PeriodPicker choice={choice} result={result} today={today} onChange={change} />
      <SectionNav choice={choice} current={choice.section} />
      <Box as="section" aria-labelledby={headingId}>
        <Flex gap="3" align="center" justify="space-between" wrap="wrap" mb="3">
          <Heading as="h2" size="md" id={headingId}>
            {r.sections[choice.section]}
          </Heading>
          {result.ok ? (
            <ExportButtons
              target={{ kind: choice.section, restaurantId: id }}
              period={{ from: result.from, to: result.to }}
              label={r.sections[choice.section] as string}
              fileName={`hisobot-${choice.section}`}
            />
          ) : null}
        </Flex>
        {result.ok ? <Open from={result.from} to={result.to} restaurantId={id} /> : null}
      </Box>
    </Page>
  );
}

/**
 * `/orders/history` and `/admin/orders/:id/history`: the orders by day. A day is picked from the
 * list of the last 60 days that had orders (`/manager/orders/days`: counts and the served sum) or
 * from the date field; the day (in the address, `?day=`) shows its orders, its totals and the CSV
 * download (`/manager/orders/csv`). Today by default.
 */
import { api } from '@qrmenu/shared/api';
import { summarizeOrders, tashkentDay } from '@qrmenu/shared/query';
import { orders } from '@qrmenu/shared/resources';
import type { Order } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { formatOrderRows, formatSom, t } from '@qrmenu/shared/texts';
import {
  Badge,
  Box,
  Button,
  DataTable,
  DayField,
  Flex,
  Heading,
  LoadingSkeleton,
  Note,
  notify,
  numberColumns,
  OrderTotals,
  Page,
  PageState,
  PlainList,
  Stack,
  saveFile,
  Text,
} from '@qrmenu/shared/ui';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { clockTime } from '../board/model';
import { ActionsLine } from '../common/ActionsLine';
import { OrdersNav } from '../common/OrdersNav';
import { useOrdersRestaurant } from '../common/useOrdersRestaurant';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HISTORY_DAYS = 60;

/** The day `days` before `day` (both YYYY-MM-DD; calendar arithmetic at noon UTC, no zone drift). */
export function daysBefore(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

function DayList({
  restaurantId,
  today,
  selected,
  onPick,
}: {
  restaurantId: string | undefined;
  today: string;
  selected: string;
  onPick: (day: string) => void;
}) {
  const days = orders.useDays(restaurantId, daysBefore(today, HISTORY_DAYS - 1), today);
  if (days.isError) return <Text color="red.700">{t.orders.daysLoadError}</Text>;
  if (!days.data) return <LoadingSkeleton rows={3} height="8" />;
  const rows = [...days.data].filter((d) => d.orders > 0).sort((a, b) => b.day.localeCompare(a.day));
  if (rows.length === 0) return <Text color="fg.muted">{t.orders.noDays}</Text>;
  return (
    <DataTable
      caption={t.orders.daysCaption}
      testId="order-days"
      columns={numberColumns(t.orders.day, t.orders.title, t.orders.status.served, t.orders.revenue)}
      rows={rows.map((d) => ({
        key: d.day,
        props: { bg: d.day === selected ? 'blue.50' : undefined },
        cells: [
          <Button
            key="day"
            variant="ghost"
            size="sm"
            minH="11"
            px="1"
            aria-current={d.day === selected ? 'date' : undefined}
            onClick={() => onPick(d.day)}
          >
            {d.day}
          </Button>,
          d.orders,
          d.served,
          formatSom(d.total),
        ],
      }))}
    />
  );
}

function DayOrders({ rows }: { rows: readonly Order[] }) {
  const { active: _, ...finished } = summarizeOrders(rows);
  return (
    <Stack gap="3">
      <OrderTotals totals={finished} data-testid="day-totals" />
      <PlainList display="grid" gap="2" data-testid="day-orders">
        {rows.map((order) => (
          <Box as="li" key={order._id} borderWidth="1px" borderRadius="md" p="3">
            <Flex justify="space-between" gap="2" wrap="wrap">
              <Text fontWeight="bold">
                {t.orders.cardName(order.number, order.table)} · {clockTime(order.createdAt)}
              </Text>
              <Badge
                colorPalette={
                  order.status === 'served' ? 'green' : order.status === 'rejected' ? 'red' : 'blue'
                }
              >
                {t.orders.status[order.status]}
              </Badge>
            </Flex>
            <Note overflowWrap="anywhere">
              {order.items
                .map(
                  (line) =>
                    `${t.orders.quantity(line.quantity)} ${line.name}${line.rows.length > 0 ? ` (${formatOrderRows(line.rows)})` : ''}`,
                )
                .join(', ')}
            </Note>
            {order.reject_reason ? (
              <Text fontSize="sm">{t.orders.rejectedBecause(order.reject_reason)}</Text>
            ) : null}
            <ActionsLine actions={order.actions} />
            <Text fontWeight="semibold" textAlign="end">
              {formatSom(order.total)}
            </Text>
          </Box>
        ))}
      </PlainList>
    </Stack>
  );
}

export default function OrdersHistoryPage() {
  const { restaurantId, linkId, missing } = useOrdersRestaurant();
  const { isManager } = useSession();
  // the router facade offers no useSearchParams (tools/rspack): the query string is read here
  const { search } = useLocation();
  const navigate = useNavigate();
  const today = tashkentDay();
  const asked = new URLSearchParams(search).get('day') ?? '';
  const day = DAY.test(asked) && asked <= today ? asked : today;
  const dayOrders = orders.useDay(restaurantId, day);
  const headingId = useId();
  const pick = (next: string) => {
    if (DAY.test(next)) navigate({ search: `?day=${next}` }, { replace: true });
  };

  const downloadCsv = async () => {
    try {
      const csv = await api.orders.csv(day, restaurantId);
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `orders-${day}.csv`);
    } catch (err) {
      console.error('[orders] csv', err);
      notify.error(t.orders.csvError);
    }
  };

  return (
    <Page title={t.orders.title} back={isManager ? undefined : true} testId="orders-history">
      <OrdersNav restaurantId={linkId} />
      <Stack gap="5">
        <Box as="section" aria-labelledby={headingId}>
          <Heading as="h2" size="md" mb="3" id={headingId}>
            {t.orders.history}: {day}
          </Heading>
          <Flex gap="3" align="end" wrap="wrap" mb="3">
            <DayField label={t.orders.pickDay} name="day" value={day} max={today} onPick={pick} />
            <Button variant="outline" minH="11" onClick={downloadCsv}>
              {t.orders.csv}
            </Button>
          </Flex>
          <PageState
            query={dayOrders}
            errorText={orders.texts.loadError}
            {...missing}
            emptyText={t.orders.dayEmpty}
            loading={<LoadingSkeleton rows={3} height="16" />}
          >
            {(rows) => <DayOrders rows={rows} />}
          </PageState>
        </Box>
        <Box as="section">
          <Heading as="h2" size="md" mb="3">
            {t.orders.days}
          </Heading>
          <DayList restaurantId={restaurantId} today={today} selected={day} onPick={pick} />
        </Box>
      </Stack>
    </Page>
  );
}

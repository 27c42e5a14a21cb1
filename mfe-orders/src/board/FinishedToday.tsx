/**
 * Today's orders at a glance (how many, still in work, served, rejected, the served sum) above
 * the board, and today's finished orders folded under it.
 */
import { summarizeOrders } from '@qrmenu/shared/query';
import type { Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, OrderTotals, Stack } from '@qrmenu/shared/ui';
import type { PinnedAction } from '../common/pin';
import { CloseTableAction } from './CloseTable';
import { OrderCard } from './OrderCard';

export function TodaySummary({ orders }: { orders: readonly Order[] }) {
  return (
    <OrderTotals
      totals={summarizeOrders(orders)}
      lead={t.orders.today}
      gap="2"
      color="fg.muted"
      data-testid="today-summary"
    />
  );
}

/**
 * A served order whose bill was not paid from the phone offers «Hisob yopildi» (paid at the
 * till); `restaurantId`: the admin's board's restaurant (a manager's is its own).
 */
const closable = (order: Order) =>
  order.status === 'served' && order.placement_id !== null && order.payment?.status !== 'paid';

export function FinishedToday({
  orders,
  now,
  restaurantId,
  withPin,
}: {
  orders: readonly Order[];
  now: number;
  restaurantId?: string | undefined;
  withPin?: (action: PinnedAction) => void;
}) {
  if (orders.length === 0) return null;
  return (
    <Box as="details" data-testid="finished-today">
      <Box as="summary" cursor="pointer" minH="11" display="flex" alignItems="center" fontWeight="semibold">
        {t.orders.finishedToday(orders.length)}
      </Box>
      <Stack gap="3" mt="2">
        {orders.map((order) => (
          <OrderCard
            key={order._id}
            order={order}
            now={now}
            finished
            footer={
              closable(order) ? (
                <CloseTableAction
                  order={order}
                  restaurantId={restaurantId}
                  {...(withPin ? { withPin } : {})}
                />
              ) : undefined
            }
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * "Bugungi buyurtmalar" on the admin's restaurant detail: today's orders counted (the shared
 * hook the orders board reads: one cached list) and a link to the restaurant's board in
 * mfe-orders. No code of mfe-orders is imported here: the board is reached by its address.
 */
import { orders } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import { Button, CARD_FRAME, OrderTotals, Section, Skeleton, Text, usePaths } from '@qrmenu/shared/ui';
import { Link } from 'react-router-dom';

export function OrdersTodayPanel({ restaurantId }: { restaurantId: string }) {
  const summary = orders.useTodaySummary(restaurantId);
  const paths = usePaths();
  const s = summary.data;
  return (
    <Section
      title={t.orders.today}
      {...CARD_FRAME}
      mt="4"
      data-testid="orders-today"
      actions={
        <Button asChild size="sm" minH="11" colorPalette="blue">
          <Link to={paths.orders({ restaurantId })}>{t.orders.openBoard}</Link>
        </Button>
      }
    >
      {summary.isError ? (
        <Text role="alert" color="red.700">
          {t.orders.loadError}
        </Text>
      ) : !s ? (
        <Skeleton h="6" aria-busy="true" />
      ) : s.count === 0 ? (
        <Text color="fg.muted">{t.orders.todayNone}</Text>
      ) : (
        <OrderTotals totals={s} />
      )}
    </Section>
  );
}

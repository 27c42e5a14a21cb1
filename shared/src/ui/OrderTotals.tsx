import { Flex, type FlexProps, Text } from '@chakra-ui/react';
import { formatSom, t } from '../texts';

/**
 * A line of orders counted («5 ta buyurtma · 2 ta jarayonda · 3 ta berildi · 0 ta rad etildi ·
 * Tushum: …»), as the board shows today's, the restaurant's page today's, and the history a day's
 * (`summarizeOrders` of `@qrmenu/shared/query` counts them). Without `active`: no «jarayonda»
 * (a past day's orders are all finished).
 */
export function OrderTotals({
  totals,
  lead,
  ...line
}: {
  totals: { count: number; active?: number; served: number; rejected: number; revenue: number };
  /** Before the count: «Bugun: 5 ta buyurtma». */
  lead?: string;
} & FlexProps) {
  return (
    <Flex gap="3" wrap="wrap" fontSize="sm" {...line}>
      <Text as="span" fontWeight="semibold" color="fg">
        {lead ? `${lead}: ` : null}
        {t.orders.ordersCount(totals.count)}
      </Text>
      {totals.active === undefined ? null : <span>{t.orders.activeCount(totals.active)}</span>}
      <span>{t.orders.servedCount(totals.served)}</span>
      <span>{t.orders.rejectedCount(totals.rejected)}</span>
      <span>
        {t.orders.revenue}: {formatSom(totals.revenue)}
      </span>
    </Flex>
  );
}

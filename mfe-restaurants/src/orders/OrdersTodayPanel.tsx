/**
 * "Bugungi buyurtmalar" on the admin's restaurant detail: today's orders counted (the shared
 * hook the orders board reads: one cached list) and a link to the restaurant's board in
 * mfe-orders. No code of mfe-orders is imported here: the board is reached by its address.
 */
import { orders } from '@qrmenu/shared/resources';
import { formatSom, t } from '@qrmenu/shared/texts';
import { Box, Button, Flex, Heading, Skeleton, Text, usePaths } from '@qrmenu/shared/ui';
import { useId } from 'react';
import { Link } from 'react-router-dom';

export function OrdersTodayPanel({ restaurantId }: { restaurantId: string }) {
  const summary = orders.useTodaySummary(restaurantId);
  const paths = usePaths();
  const headingId = useId();
  const s = summary.data;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '5' }}
      mt="4"
      data-testid="orders-today"
    >
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="2">
        <Heading as="h2" size="md" id={headingId}>
          {t.orders.today}
        </Heading>
        <Button asChild size="sm" minH="11" colorPalette="blue">
          <Link to={paths.orders({ restaurantId })}>{t.orders.openBoard}</Link>
        </Button>
      </Flex>
      {summary.isError ? (
        <Text role="alert" color="red.700">
          {t.orders.loadError}
        </Text>
      ) : !s ? (
        <Skeleton h="6" aria-busy="true" />
      ) : s.count === 0 ? (
        <Text color="fg.muted">{t.orders.todayNone}</Text>
      ) : (
        <Flex gap="3" wrap="wrap" fontSize="sm">
          <Text as="span" fontWeight="semibold">
            {t.orders.ordersCount(s.count)}
          </Text>
          <span>{t.orders.activeCount(s.active)}</span>
          <span>{t.orders.servedCount(s.served)}</span>
          <span>{t.orders.rejectedCount(s.rejected)}</span>
          <span>
            {t.orders.revenue}: {formatSom(s.revenue)}
          </span>
        </Flex>
      )}
    </Box>
  );
}

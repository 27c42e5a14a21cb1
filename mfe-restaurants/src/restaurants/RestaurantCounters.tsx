import type { RestaurantCounts } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, Note, SimpleGrid, Skeleton, Text } from '@qrmenu/shared/ui';

/** Jami / Faol / No faol, from the answer's `counts` (admins only). */
export function RestaurantCounters({
  counts,
  loading,
}: {
  counts: RestaurantCounts | null;
  loading: boolean;
}) {
  const items = [
    { key: 'all', label: t.total, value: counts?.all_count, color: 'blue.600' },
    { key: 'active', label: t.active, value: counts?.active_count, color: 'green.700' },
    { key: 'inactive', label: t.inactiveCount, value: counts?.inactive_count, color: 'red.700' },
  ];
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '4' }} data-testid="restaurant-counters">
      {items.map((item) => (
        <Box
          key={item.key}
          borderWidth="1px"
          borderRadius="md"
          p={{ base: '2', md: '4' }}
          data-testid={`counter-${item.key}`}
          minH="16"
        >
          <Note>{item.label}</Note>
          <Skeleton loading={loading} minH="6">
            <Text
              fontSize="xl"
              fontWeight="bold"
              color={item.color}
              data-testid={`counter-${item.key}-value`}
            >
              {item.value ?? 0}
            </Text>
          </Skeleton>
        </Box>
      ))}
    </SimpleGrid>
  );
}

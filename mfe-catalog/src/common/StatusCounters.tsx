import { t } from '@qrmenu/shared/texts';
import { Box, Note, SimpleGrid, Skeleton, Text } from '@qrmenu/shared/ui';

/** Jami / Faol / No faol of a list of things with `is_active` (categories, a category's products). */
export function StatusCounters({
  items,
  loading,
}: {
  items: readonly { is_active: boolean }[] | undefined;
  loading: boolean;
}) {
  const all = items?.length ?? 0;
  const active = items?.filter((x) => x.is_active).length ?? 0;
  const counters = [
    { key: 'all', label: t.total, value: all, color: 'blue.600' },
    { key: 'active', label: t.active, value: active, color: 'green.700' },
    { key: 'inactive', label: t.inactiveCount, value: all - active, color: 'red.700' },
  ];
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '4' }} data-testid="status-counters">
      {counters.map((c) => (
        <Box key={c.key} borderWidth="1px" borderRadius="md" p={{ base: '2', md: '4' }} minH="16">
          <Note>{c.label}</Note>
          <Skeleton loading={loading} minH="6">
            <Text fontSize="xl" fontWeight="bold" color={c.color} data-testid={`counter-${c.key}-value`}>
              {c.value}
            </Text>
          </Skeleton>
        </Box>
      ))}
    </SimpleGrid>
  );
}

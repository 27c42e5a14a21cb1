/**
 * `/admin/restaurants`: the restaurant table (spec 2). Admins: every restaurant, counters,
 * create, integration create, sync, delete. Managers: only their own restaurant, no counters,
 * no delete, no sync, links without the /admin prefix.
 */
import { useDeleteRestaurant } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  ConfirmDialog,
  EmptyState,
  Flex,
  Heading,
  HStack,
  LoadingSkeleton,
  notify,
  Pagination,
  Stack,
  Text,
  usePagination,
} from '@qrmenu/shared/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { restaurantPaths } from '../common/paths';
import { TokenMissing } from '../common/TokenMissing';
import { useRestaurantsScope } from '../common/useRestaurantsScope';
import { IntegrationCreateDialog } from '../integration/IntegrationCreateDialog';
import { RestaurantCounters } from './RestaurantCounters';
import { RestaurantsTable } from './RestaurantsTable';

export default function RestaurantsPage() {
  const scope = useRestaurantsScope();
  const navigate = useNavigate();
  const paths = restaurantPaths(scope.isManager);
  const pagination = usePagination(scope.restaurants);
  const [integrationOpen, setIntegrationOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Restaurant | null>(null);
  const remove = useDeleteRestaurant();
  const canAdminister = !scope.isManager;

  useEffect(() => {
    if (scope.isError) notify.error(t.listLoadError);
  }, [scope.isError]);

  if (!scope.hasToken) return <TokenMissing />;

  const confirmDelete = () => {
    if (!toDelete) return;
    if (!toDelete.slug) {
      notify.error(t.slugMissing);
      setToDelete(null);
      return;
    }
    remove.mutate(
      { slug: toDelete.slug },
      {
        onSuccess: () => notify.success(t.restaurantDeleted),
        onError: () => notify.error(t.deleteError),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="100%" data-testid="restaurants-page">
      <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Heading size="lg" flex="1">
          {t.restaurants}
        </Heading>
        {canAdminister ? (
          <HStack gap="2" flexWrap="wrap">
            <Button colorPalette="blue" size="sm" onClick={() => navigate(paths.create)}>
              {t.addRestaurant}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setIntegrationOpen(true)}>
              {t.integration}
            </Button>
          </HStack>
        ) : null}
      </Flex>

      {canAdminister ? <RestaurantCounters counts={scope.counts} loading={scope.isLoading} /> : null}

      {scope.isLoading ? (
        <LoadingSkeleton rows={6} />
      ) : scope.isError ? (
        <Box py="8" textAlign="center" data-testid="restaurants-error">
          <Text color="red.600">{t.listLoadError}</Text>
          <Button mt="3" size="sm" variant="outline" onClick={scope.refetch}>
            {t.retry}
          </Button>
        </Box>
      ) : scope.restaurants.length === 0 ? (
        <EmptyState message={scope.isManager ? t.noRestaurantForManager : t.noRestaurants} />
      ) : (
        <>
          <RestaurantsTable
            rows={pagination.items}
            offset={pagination.offset}
            isManager={scope.isManager}
            isAdmin={scope.isAdmin}
            paths={paths}
            onDelete={setToDelete}
          />
          {pagination.total > pagination.pageSize ? <Pagination state={pagination} /> : null}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t.deleteConfirm}
        description={toDelete?.name}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      {canAdminister ? (
        <IntegrationCreateDialog open={integrationOpen} onClose={() => setIntegrationOpen(false)} />
      ) : null}
    </Stack>
  );
}

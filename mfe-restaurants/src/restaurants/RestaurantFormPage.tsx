/**
 * `/admin/restaurants/new` and `/admin/restaurants/:id/edit`. The edited restaurant comes from
 * the admin list (or, for a manager, from its own endpoint).
 */
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { BackButton, Box, EmptyState, Heading, HStack, LoadingSkeleton, Stack } from '@qrmenu/shared/ui';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { restaurantPaths } from '../common/paths';
import { TokenMissing } from '../common/TokenMissing';
import { useRestaurantsScope } from '../common/useRestaurantsScope';
import { RestaurantForm } from './RestaurantForm';

export default function RestaurantFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const scope = useRestaurantsScope();
  const paths = restaurantPaths(scope.isManager);
  const isEdit = Boolean(id);
  const restaurant: Restaurant | undefined = id ? scope.restaurants.find((r) => r._id === id) : undefined;

  if (!scope.hasToken) return <TokenMissing />;

  const back = () => navigate(paths.back);
  let body: ReactNode;
  if (isEdit && scope.isLoading) body = <LoadingSkeleton rows={7} />;
  else if (isEdit && !restaurant)
    body = <EmptyState message={scope.isError ? t.listLoadError : t.restaurantNotFound} />;
  else
    body = (
      <RestaurantForm
        key={restaurant?._id ?? 'new'}
        restaurant={restaurant ?? null}
        isManager={scope.isManager}
        onSaved={() => navigate(paths.list)}
        onCancel={back}
      />
    );

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="4xl" data-testid="restaurant-form-page">
      <HStack gap="3">
        <BackButton onClick={back} />
        <Heading size="lg">{isEdit ? t.editRestaurant : t.newRestaurant}</Heading>
      </HStack>
      <Box borderWidth="1px" borderRadius="md" p={{ base: '3', md: '6' }}>
        {body}
      </Box>
    </Stack>
  );
}

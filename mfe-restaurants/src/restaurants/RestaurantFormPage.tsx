/**
 * `/admin/restaurants/new` and `/admin/restaurants/:id/edit`. The edited restaurant comes from
 * the admin list (or, for a manager, from its own endpoint).
 */

import { EntityForm } from '@qrmenu/shared/forms';
import { restaurants } from '@qrmenu/shared/resources';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Box, LoadingSkeleton, Page, PageState, usePaths, useRouteParams } from '@qrmenu/shared/ui';
import { useNavigate } from 'react-router-dom';
import { useRestaurantsScope } from '../common/useRestaurantsScope';
import { useRestaurantForm } from './RestaurantForm';

function RestaurantFormBody({
  restaurant,
  isManager,
}: {
  restaurant: Restaurant | null;
  isManager: boolean;
}) {
  const navigate = useNavigate();
  const paths = usePaths();
  const form = useRestaurantForm(isManager, restaurant);
  return (
    <EntityForm
      {...form.options}
      record={restaurant}
      onSaved={() => navigate(paths.restaurants)}
      onCancel={() => navigate(paths.restaurantsBack)}
      testId="restaurant"
    >
      {form.body}
    </EntityForm>
  );
}

export default function RestaurantFormPage() {
  const { id } = useRouteParams(...restaurants.routes.edit);
  const { isManager, query } = useRestaurantsScope();
  const paths = usePaths();
  return (
    <Page
      title={id ? t.editRestaurant : t.newRestaurant}
      back={paths.restaurantsBack}
      maxW="4xl"
      testId="restaurant-form-page"
    >
      <Box borderWidth="1px" borderRadius="md" p={{ base: '3', md: '6' }}>
        {id ? (
          <PageState
            query={query}
            errorText={t.listLoadError}
            isEmpty={(d) => !d.restaurants.some((r) => r._id === id)}
            emptyText={t.restaurantNotFound}
            loading={<LoadingSkeleton rows={7} />}
          >
            {(d) => {
              const restaurant = d.restaurants.find((r) => r._id === id) ?? null;
              return <RestaurantFormBody key={id} restaurant={restaurant} isManager={isManager} />;
            }}
          </PageState>
        ) : (
          <RestaurantFormBody restaurant={null} isManager={isManager} />
        )}
      </Box>
    </Page>
  );
}

/**
 * `/admin` for a manager (also `/getManagerRestaurant`): its own restaurant's card
 * (`/manager/restaurants/me`, a list or an object) with an edit dialog and the pictures, and
 * the guests' visits of its menu (VisitsPanel). The card comes first: the visits panel's code,
 * its request and its chart only once the card is there (the first paint needs none of them),
 * in the panel's own frame meanwhile, so nothing below the card jumps.
 */
import { managerPaths } from '@qrmenu/shared/paths';
import { useMyRestaurant, useProfile } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { getRole } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  CARD_FRAME,
  HStack,
  LoadingSkeleton,
  Page,
  PageState,
  Skeleton,
  Stack,
  useFormDialog,
} from '@qrmenu/shared/ui';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { LazyRestaurantEditDialog } from './dialogs';
import { RestaurantInfo } from './RestaurantInfo';
import { RestaurantParts } from './RestaurantParts';

/**
 * The card's two reads start as this module runs: the shell loads it beside its own area code
 * (Chakra, the layout), so the requests no longer wait for the area's first render (as the
 * stop-list warms its data when its module loads).
 */
if (getRole() === 'manager') {
  void useMyRestaurant.prefetch();
  void useProfile.prefetch();
}

const VisitsPanel = lazy(() => import('../visits/VisitsPanel').then((m) => ({ default: m.VisitsPanel })));

/** The visits panel's frame while its code loads (the panel's own loading state has the same size). */
const VISITS_LOADING = (
  <Box {...CARD_FRAME} mt="4" aria-busy="true">
    <Skeleton h="6" mb="3" />
    <Stack gap="3">
      <Skeleton h="20" />
      <Skeleton h="44" />
    </Stack>
  </Box>
);

const CARD_LOADING = (
  <Box minH="96">
    <LoadingSkeleton rows={1} height="40" />
    <Box mt="4">
      <LoadingSkeleton rows={4} height="6" />
    </Box>
  </Box>
);

export default function ManagerHome() {
  const mine = useMyRestaurant();
  const profile = useProfile();
  const navigate = useNavigate();
  const edit = useFormDialog<Restaurant>();
  return (
    <Page title={t.myRestaurant} maxW="4xl" centered testId="manager-home">
      <PageState
        query={mine}
        errorText={t.listLoadError}
        emptyText={t.noRestaurantForManager}
        loading={CARD_LOADING}
      >
        {(restaurant) =>
          restaurant ? (
            <Box {...CARD_FRAME} data-testid="manager-restaurant-card">
              <RestaurantInfo restaurant={restaurant} managerLine={profile.data?.login ?? '—'} />
              <HStack mt="5" gap="2" flexWrap="wrap">
                <Button colorPalette="blue" size="sm" onClick={() => edit.openEdit(restaurant)}>
                  {t.edit}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => navigate(managerPaths.restaurant(restaurant))}
                >
                  {t.view}
                </Button>
                <RestaurantParts restaurant={restaurant} paths={managerPaths} />
              </HStack>
            </Box>
          ) : null
        }
      </PageState>
      {mine.data ? (
        <Suspense fallback={VISITS_LOADING}>
          <VisitsPanel />
        </Suspense>
      ) : null}
      <LazyRestaurantEditDialog dialog={edit} />
    </Page>
  );
}

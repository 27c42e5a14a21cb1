/**
 * `/admin/viewRestaurant/:id/:slug` (admins, by slug) and `/viewRestaurant/:id` (a manager: its
 * own restaurant). Fields, pictures, the manager's login, edit, delete (admin), categories, back;
 * for admins, today's orders (with the way to the restaurant's board), the visits, the payment
 * providers and the payments' daily statement («Kunlik hisobot»).
 */
import { isMissing } from '@qrmenu/shared/api';
import { useManagers, useProfile } from '@qrmenu/shared/query';
import { isPosType, restaurants as resource } from '@qrmenu/shared/resources';
import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  CARD_FRAME,
  combineQueries,
  DeleteButton,
  EmptyState,
  HStack,
  LoadingSkeleton,
  Page,
  PageState,
  type QueryState,
  Text,
  useFormDialog,
  usePaths,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { PosSyncStatus } from '../integration/PosSyncStatus';
import { OrdersTodayPanel } from '../orders/OrdersTodayPanel';
import { VisitsPanel } from '../visits/VisitsPanel';
import { LazyRestaurantEditDialog } from './dialogs';
import { OldSlugs } from './OldSlugs';
import { PaymentsPanel } from './PaymentsPanel';
import { RestaurantInfo } from './RestaurantInfo';
import { RestaurantParts } from './RestaurantParts';

type Shown = Restaurant | PublicRestaurant;

// the daily statement reads uploaded files with the schemas (zod): loaded after the page shows
const StatementsPanel = lazy(() => import('./StatementsPanel').then((m) => ({ default: m.StatementsPanel })));

/** Admins read the restaurant by its slug, a manager reads its own; the address's :id must match. */
function useDetail(
  isManager: boolean,
  id: string | undefined,
  slug: string | undefined,
): QueryState<Shown | null> {
  const bySlug = resource.useBySlug(isManager ? undefined : slug);
  const mine = resource.useMine({ enabled: isManager });
  const source: QueryState<Shown | null> = isManager ? mine : bySlug;
  const found = source.data;
  const data = found === undefined ? undefined : found && (!id || found._id === id) ? found : null;
  return combineQueries([source], data);
}

// 400 is the answer to a malformed slug: for the admin that is an unknown restaurant too.
/** The manager's login: from /admin/managers for admins, from the profile for the manager itself. */
function ManagerLogin({
  restaurant,
  isManager,
}: {
  restaurant: Restaurant | PublicRestaurant;
  isManager: boolean;
}) {
  const profile = useProfile({ enabled: isManager });
  const managerId = 'manager_id' in restaurant ? restaurant.manager_id : null;
  const managers = useManagers({ enabled: !isManager && managerId !== null });
  if (isManager) return <>{profile.data?.login ?? '…'}</>;
  if (!managerId)
    return (
      <Text as="span" color="orange.700">
        {t.restaurantManagerNotFound}
      </Text>
    );
  if (managers.isPending) return <>…</>;
  // A failed list says nothing about the manager: do not claim it has none.
  if (managers.isError)
    return (
      <Text as="span" color="red.700">
        {t.listLoadError}
      </Text>
    );
  const found = managers.data?.find((m) => m._id === managerId);
  if (!found)
    return (
      <Text as="span" color="orange.700">
        {t.matchingManagerNotFound}
      </Text>
    );
  return <span data-testid="manager-login">{found.login}</span>;
}

export default function RestaurantDetailPage() {
  const { id, slug } = useRouteParams(...resource.routes.detail);
  const { isManager, isAdmin } = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const detail = useDetail(isManager, id, slug);
  const edit = useFormDialog<Restaurant>();

  return (
    <Page title={t.restaurantDetail} back={paths.restaurantsBack} maxW="4xl" testId="restaurant-detail-page">
      {!isManager && !slug ? (
        <EmptyState message={t.slugMissing} />
      ) : (
        <PageState
          query={detail}
          errorText={t.listLoadError}
          notFoundText={resource.texts.notFound}
          isNotFound={isMissing}
          emptyText={resource.texts.notFound}
          loading={<LoadingSkeleton rows={1} height="56" />}
        >
          {(r) =>
            r ? (
              <Box {...CARD_FRAME} data-testid="restaurant-detail">
                <RestaurantInfo
                  restaurant={r}
                  managerLine={<ManagerLogin restaurant={r} isManager={isManager} />}
                />
                {!isManager && isPosType(r.type) ? <PosSyncStatus restaurantId={r._id} /> : null}
                <HStack mt="5" gap="2" flexWrap="wrap">
                  <Button
                    colorPalette="blue"
                    size="sm"
                    onClick={() =>
                      'manager_id' in r && isManager ? edit.openEdit(r) : navigate(paths.restaurantEdit(r))
                    }
                    disabled={isManager && !('manager_id' in r)}
                  >
                    {t.edit}
                  </Button>
                  <RestaurantParts restaurant={r} paths={paths} />
                  {isAdmin ? (
                    <DeleteButton
                      spec={resource.remove}
                      item={r}
                      onDeleted={() => navigate(paths.restaurants)}
                    />
                  ) : null}
                </HStack>
                {isAdmin ? <OrdersTodayPanel restaurantId={r._id} /> : null}
                {isAdmin ? <OldSlugs restaurantId={r._id} /> : null}
                {isAdmin ? <VisitsPanel restaurantId={r._id} /> : null}
                {isAdmin ? <PaymentsPanel restaurantId={r._id} /> : null}
                {isAdmin ? (
                  <Suspense fallback={null}>
                    <StatementsPanel restaurantId={r._id} />
                  </Suspense>
                ) : null}
              </Box>
            ) : null
          }
        </PageState>
      )}
      {isManager ? <LazyRestaurantEditDialog dialog={edit} /> : null}
    </Page>
  );
}

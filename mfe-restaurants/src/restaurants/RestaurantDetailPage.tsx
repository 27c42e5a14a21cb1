/**
 * `/admin/viewRestaurant/:id/:slug` (admins, by slug) and `/viewRestaurant/:id` (a manager: its
 * own restaurant). Fields, pictures, the manager's login, edit, delete (admin), categories, back.
 */
import { isApiError } from '@qrmenu/shared/api';
import {
  useDeleteRestaurant,
  useManagers,
  useMyRestaurant,
  useProfile,
  useRestaurantBySlug,
} from '@qrmenu/shared/query';
import type { PublicRestaurant, Restaurant } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  BackButton,
  Box,
  Button,
  ConfirmDialog,
  EmptyState,
  HStack,
  LoadingSkeleton,
  notify,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { restaurantPaths } from '../common/paths';
import { TokenMissing } from '../common/TokenMissing';
import { RestaurantEditDialog } from './RestaurantEditDialog';
import { RestaurantInfo } from './RestaurantInfo';

type Loaded = { restaurant: Restaurant | PublicRestaurant | null; isLoading: boolean; isError: boolean };

/** Admins read the restaurant by its slug, a manager reads its own; both check the :id. */
function useDetail(
  isManager: boolean,
  id: string | undefined,
  slug: string | undefined,
  hasToken: boolean,
): Loaded {
  const bySlug = useRestaurantBySlug(isManager || !hasToken ? undefined : slug);
  const mine = useMyRestaurant({ enabled: isManager && hasToken });
  if (isManager) {
    const own = mine.data ?? null;
    return {
      restaurant: own && (!id || own._id === id) ? own : null,
      isLoading: mine.isPending,
      isError: mine.isError,
    };
  }
  // 400 is the answer to a malformed slug: for the admin that is an unknown restaurant too.
  const notFound = isApiError(bySlug.error) && (bySlug.error.status === 404 || bySlug.error.status === 400);
  const found = bySlug.data ?? null;
  return {
    // The slug finds the restaurant; the address's :id must name the same one.
    restaurant: found && (!id || found._id === id) ? found : null,
    isLoading: bySlug.isPending,
    isError: bySlug.isError && !notFound,
  };
}

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
      <Text as="span" color="orange.600">
        {t.restaurantManagerNotFound}
      </Text>
    );
  if (managers.isPending) return <>…</>;
  // A failed list says nothing about the manager: do not claim it has none.
  if (managers.isError)
    return (
      <Text as="span" color="red.600">
        {t.listLoadError}
      </Text>
    );
  const found = managers.data?.find((m) => m._id === managerId);
  if (!found)
    return (
      <Text as="span" color="orange.600">
        {t.matchingManagerNotFound}
      </Text>
    );
  return <span data-testid="manager-login">{found.login}</span>;
}

export default function RestaurantDetailPage() {
  const { id, slug } = useParams();
  const session = useSession();
  const isManager = session.isManager;
  const isAdmin = session.isAdmin;
  const hasToken = session.token !== null;
  const paths = restaurantPaths(isManager);
  const navigate = useNavigate();
  const detail = useDetail(isManager, id, slug, hasToken);
  const remove = useDeleteRestaurant();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  if (!hasToken) return <TokenMissing />;

  const back = () => navigate(paths.back);
  const r = detail.restaurant;
  let body: ReactNode;
  if (!isManager && !slug) body = <EmptyState message={t.slugMissing} />;
  else if (detail.isLoading) body = <LoadingSkeleton rows={1} height="56" />;
  else if (detail.isError) body = <EmptyState message={t.listLoadError} />;
  else if (!r) body = <EmptyState message={t.restaurantNotFound} />;
  else {
    const full = 'manager_id' in r ? (r as Restaurant) : null;
    body = (
      <Box borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} data-testid="restaurant-detail">
        <RestaurantInfo restaurant={r} managerLine={<ManagerLogin restaurant={r} isManager={isManager} />} />
        <HStack mt="5" gap="2" flexWrap="wrap">
          <Button
            colorPalette="blue"
            size="sm"
            onClick={() => (isManager ? setEditing(true) : navigate(paths.edit(r)))}
            disabled={isManager && !full}
          >
            {t.edit}
          </Button>
          <Button variant="outline" size="sm" onClick={() => navigate(paths.categories(r))}>
            {t.categories}
          </Button>
          {isAdmin ? (
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)}>
              {t.delete}
            </Button>
          ) : null}
        </HStack>
        {isManager && full ? (
          <RestaurantEditDialog restaurant={full} open={editing} onClose={() => setEditing(false)} />
        ) : null}
        <ConfirmDialog
          open={confirming}
          title={t.deleteConfirm}
          description={r.name}
          loading={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            if (!r.slug) {
              notify.error(t.slugMissing);
              return;
            }
            remove.mutate(
              { slug: r.slug },
              {
                onSuccess: () => {
                  notify.success(t.restaurantDeleted);
                  navigate(paths.list);
                },
                onError: () => notify.error(t.deleteError),
                onSettled: () => setConfirming(false),
              },
            );
          }}
        />
      </Box>
    );
  }

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="4xl" w="100%" data-testid="restaurant-detail-page">
      <HStack>
        <BackButton onClick={back} />
      </HStack>
      {body}
    </Stack>
  );
}

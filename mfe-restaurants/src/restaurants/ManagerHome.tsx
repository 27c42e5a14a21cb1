/**
 * `/admin` for a manager (also `/getManagerRestaurant`): its own restaurant's card
 * (`/manager/restaurants/me`, a list or an object) with an edit dialog and the pictures.
 */
import { useMyRestaurant, useProfile } from '@qrmenu/shared/query';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { Box, Button, EmptyState, Heading, HStack, LoadingSkeleton, notify, Stack } from '@qrmenu/shared/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { restaurantPaths } from '../common/paths';
import { TokenMissing } from '../common/TokenMissing';
import { RestaurantEditDialog } from './RestaurantEditDialog';
import { RestaurantInfo } from './RestaurantInfo';

export default function ManagerHome() {
  const session = useSession();
  const hasToken = session.token !== null;
  const mine = useMyRestaurant({ enabled: hasToken });
  const profile = useProfile({ enabled: hasToken });
  const navigate = useNavigate();
  const paths = restaurantPaths(true);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (mine.isError) notify.error(t.listLoadError);
  }, [mine.isError]);

  if (!hasToken) return <TokenMissing />;

  const restaurant = mine.data ?? null;
  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="4xl" mx="auto" w="100%" data-testid="manager-home">
      <Heading size="lg">{t.myRestaurant}</Heading>
      {mine.isPending ? (
        <Box minH="96">
          <LoadingSkeleton rows={1} height="40" />
          <Box mt="4">
            <LoadingSkeleton rows={4} height="6" />
          </Box>
        </Box>
      ) : mine.isError ? (
        <EmptyState message={t.listLoadError}>
          <Button size="sm" variant="outline" onClick={() => void mine.refetch()}>
            {t.retry}
          </Button>
        </EmptyState>
      ) : !restaurant ? (
        <EmptyState message={t.noRestaurantForManager} />
      ) : (
        <Box
          borderWidth="1px"
          borderRadius="lg"
          p={{ base: '3', md: '5' }}
          data-testid="manager-restaurant-card"
        >
          <RestaurantInfo restaurant={restaurant} managerLine={profile.data?.login ?? '—'} />
          <HStack mt="5" gap="2" flexWrap="wrap">
            <Button colorPalette="blue" size="sm" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            <Button variant="outline" size="sm" onClick={() => navigate(paths.view(restaurant))}>
              {t.view}
            </Button>
            <Button variant="outline" size="sm" onClick={() => navigate(paths.categories(restaurant))}>
              {t.categories}
            </Button>
          </HStack>
          <RestaurantEditDialog restaurant={restaurant} open={editing} onClose={() => setEditing(false)} />
        </Box>
      )}
    </Stack>
  );
}

/**
 * The dead end of a new restaurant when every manager already runs one (the manager list is
 * empty): say why, and offer to create a manager on Menedjerlar, which then offers the way back.
 */
import { t } from '@qrmenu/shared/texts';
import { Button, Stack, Text, usePaths } from '@qrmenu/shared/ui';
import { useLocation, useNavigate } from 'react-router-dom';

/** The query that tells Menedjerlar where the admin came from. */
export const FROM_NEW_RESTAURANT = { from: 'restaurant-new' } as const;

export function NoFreeManager() {
  const navigate = useNavigate();
  const paths = usePaths();
  return (
    <Stack
      gap="2"
      p="3"
      borderWidth="1px"
      borderColor="orange.200"
      bg="orange.50"
      borderRadius="md"
      data-testid="no-free-manager"
      gridColumn={{ md: 'span 2' }}
    >
      <Text color="orange.900" role="status">
        {t.noFreeManager}
      </Text>
      <Button
        alignSelf="flex-start"
        size="sm"
        colorPalette="blue"
        onClick={() => navigate(`${paths.managers}?${new URLSearchParams(FROM_NEW_RESTAURANT)}`)}
      >
        {t.goCreateManager}
      </Button>
    </Stack>
  );
}

/** On Menedjerlar, reached from a new restaurant: the way back, once a manager was created. */
export function BackToNewRestaurant({ created }: { created: boolean }) {
  // useLocation, not useSearchParams: the shared router facade offers only the hooks in use
  const params = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const paths = usePaths();
  if (params.get('from') !== FROM_NEW_RESTAURANT.from || !created) return null;
  return (
    <Button alignSelf="flex-start" colorPalette="blue" onClick={() => navigate(paths.restaurantNew)}>
      {t.backToRestaurantForm}
    </Button>
  );
}

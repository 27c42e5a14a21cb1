/**
 * The restaurants a screen works on, by role: an admin gets every restaurant with the counters
 * (`/admin/restaurants`), a manager only its own (`/manager/restaurants/me`, no counters).
 */
import type { AdminRestaurants } from '@qrmenu/shared/api';
import { useAdminRestaurants, useMyRestaurant } from '@qrmenu/shared/query';
import type { Restaurant, RestaurantCounts } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';

export interface RestaurantsScope {
  isManager: boolean;
  isAdmin: boolean;
  hasToken: boolean;
  restaurants: Restaurant[];
  /** Only for admins. */
  counts: RestaurantCounts | null;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

const NO_RESTAURANTS: Restaurant[] = [];

export function useRestaurantsScope(): RestaurantsScope {
  const session = useSession();
  const isManager = session.isManager;
  const hasToken = session.token !== null;
  const admin = useAdminRestaurants({ enabled: hasToken && !isManager });
  const mine = useMyRestaurant({ enabled: hasToken && isManager });
  if (isManager) {
    const own = mine.data;
    return {
      isManager,
      isAdmin: false,
      hasToken,
      restaurants: own ? [own] : NO_RESTAURANTS,
      counts: null,
      isLoading: mine.isPending && hasToken,
      isError: mine.isError,
      refetch: () => void mine.refetch(),
    };
  }
  const data: AdminRestaurants | undefined = admin.data;
  return {
    isManager,
    isAdmin: session.isAdmin,
    hasToken,
    restaurants: data?.restaurants ?? NO_RESTAURANTS,
    counts: data?.counts ?? null,
    isLoading: admin.isPending && hasToken,
    isError: admin.isError,
    refetch: () => void admin.refetch(),
  };
}

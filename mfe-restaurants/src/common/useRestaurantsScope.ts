/**
 * The restaurants a screen works on, by role: an admin gets every restaurant with the counters
 * (`/admin/restaurants`), a manager only its own (`/manager/restaurants/me`, no counters).
 */
import { restaurants } from '@qrmenu/shared/resources';
import type { Restaurant, RestaurantCounts } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { combineQueries, type QueryState } from '@qrmenu/shared/ui';
import { useMemo } from 'react';

export interface ScopedRestaurants {
  restaurants: Restaurant[];
  /** Only for admins. */
  counts: RestaurantCounts | null;
  /** Only for admins: guests' visits of the last 30 days by restaurant id. */
  visits_30d?: Record<string, number>;
}

export interface RestaurantsScope {
  isManager: boolean;
  isAdmin: boolean;
  query: QueryState<ScopedRestaurants>;
}

export function useRestaurantsScope(): RestaurantsScope {
  const { isManager, isAdmin } = useSession();
  const admin = restaurants.useList({ enabled: !isManager });
  const mine = restaurants.useMine({ enabled: isManager });
  const source = isManager ? mine : admin;
  const data = useMemo<ScopedRestaurants | undefined>(() => {
    if (!isManager) return admin.data;
    if (mine.data === undefined) return undefined;
    return { restaurants: mine.data ? [mine.data] : [], counts: null };
  }, [isManager, admin.data, mine.data]);
  return {
    isManager,
    isAdmin,
    query: combineQueries([source], data),
  };
}

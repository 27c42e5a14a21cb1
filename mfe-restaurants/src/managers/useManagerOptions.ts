import { useAdminRestaurants, useManagers } from '@qrmenu/shared/query';
import type { Manager } from '@qrmenu/shared/schemas';
import { useMemo } from 'react';

/**
 * Managers an admin may pick for a restaurant: a manager runs at most one restaurant, so those
 * already running another one are left out (the current one of the edited restaurant stays).
 */
export function useManagerOptions(options: { enabled?: boolean; currentManagerId?: string | null } = {}) {
  const enabled = options.enabled ?? true;
  const managers = useManagers({ enabled });
  const restaurants = useAdminRestaurants({ enabled });
  const current = options.currentManagerId ?? null;
  const available = useMemo<Manager[]>(() => {
    const list = managers.data ?? [];
    const taken = new Set(
      (restaurants.data?.restaurants ?? [])
        .map((r) => r.manager_id)
        .filter((id): id is string => id !== null && id !== current),
    );
    return list.filter((m) => !taken.has(m._id));
  }, [managers.data, restaurants.data, current]);
  return { managers: available, isLoading: managers.isPending && enabled, isError: managers.isError };
}

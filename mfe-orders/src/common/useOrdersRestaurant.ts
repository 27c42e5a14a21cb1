import { orders } from '@qrmenu/shared/resources';
import { useRouteParams } from '@qrmenu/shared/ui';

/**
 * Whose orders a page shows: an admin's address names the restaurant (`:id`); a manager's has no
 * id (its own restaurant: the API knows it). `linkId` fills the links' builders, which ignore it
 * for a manager.
 */
export function useOrdersRestaurant(): { restaurantId: string | undefined; linkId: string } {
  const { id } = useRouteParams(...orders.routes.board, ...orders.routes.history, ...orders.routes.settings);
  return { restaurantId: id, linkId: id ?? '' };
}

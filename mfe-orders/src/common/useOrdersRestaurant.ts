import { isMissing } from '@qrmenu/shared/api';
import { orders } from '@qrmenu/shared/resources';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { useRouteParams } from '@qrmenu/shared/ui';

/**
 * Whose orders a page shows: an admin's address names the restaurant (`:id`); a manager's has no
 * id (its own restaurant: the API knows it). `linkId` fills the links' builders, which ignore it
 * for a manager. `missing` is what a page's `PageState` says when the API does not know that
 * restaurant (a manager without one is told so, an admin that it is not found).
 */
export function useOrdersRestaurant() {
  const { id } = useRouteParams(...orders.routes.board, ...orders.routes.history, ...orders.routes.settings);
  const { isManager } = useSession();
  return {
    restaurantId: id,
    linkId: id ?? '',
    missing: {
      isNotFound: isMissing,
      notFoundText: isManager ? t.noRestaurantForManager : t.restaurantNotFound,
    },
  };
}

/** Guests' orders (docs/CONFIGURATION.md, "Guests' orders"). */
import { DEFAULT_ORDER_RATE_LIMITS } from '../../services/orders/limits';
import { setting, whole } from './rules';

/** What a restaurant takes from its guests. */
export const ORDER_SETTINGS = {
  ORDER_RATE_LIMIT_PER_RESTAURANT: setting({
    group: 'orders',
    values: 'a whole number above 0',
    meaning:
      'orders one restaurant takes from its guests per minute, all its tables together (over it: 429 with `Retry-After`); each table takes 10 a minute, each address 30; docs/ORDERS.md',
    schema: whole(1, DEFAULT_ORDER_RATE_LIMITS.ordersPerRestaurant),
  }),
};

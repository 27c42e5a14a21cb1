/** A new restaurant's row: the admin's create, an import, the demo seed and the benches make it here. */
import type { RestaurantRow } from '../../db';
import { newId, now } from '../../db';

/** What a new restaurant must be given; the rest has defaults (`newRestaurantRow`). */
export type NewRestaurant = Pick<RestaurantRow, 'name' | 'slug' | 'address' | 'phone_number' | 'work_time'> &
  Partial<RestaurantRow>;

/**
 * `fields` over the defaults (a new id; manual, active; no manager, bot, channel, pictures,
 * translations or external id), made `at` (now by default).
 */
export function newRestaurantRow(fields: NewRestaurant, at = now()): RestaurantRow {
  return {
    id: newId(),
    manager_id: null,
    type: 'manual',
    is_active: 1,
    bot_token: null,
    channel_id: null,
    image: null,
    logotype: null,
    external_id: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

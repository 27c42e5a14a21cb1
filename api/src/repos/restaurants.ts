import type { PublicRestaurant, Restaurant, RestaurantCounts } from '@qrmenu/shared/schemas';
import { type DB, type RestaurantRow, toBool } from '../db';

/** Row -> the contract's Restaurant (exact object: nothing else leaks). */
export const toRestaurant = (r: RestaurantRow): Restaurant => ({
  _id: r.id,
  name: r.name,
  slug: r.slug,
  address: r.address,
  phone_number: r.phone_number,
  work_time: r.work_time,
  manager_id: r.manager_id,
  type: r.type,
  is_active: toBool(r.is_active),
  bot_token: r.bot_token,
  channel_id: r.channel_id,
  image: r.image,
  logotype: r.logotype,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Row -> what anyone may see (no bot_token, channel_id, manager_id). */
export const toPublicRestaurant = (r: RestaurantRow): PublicRestaurant => ({
  _id: r.id,
  name: r.name,
  slug: r.slug,
  address: r.address,
  phone_number: r.phone_number,
  work_time: r.work_time,
  type: r.type,
  is_active: toBool(r.is_active),
  image: r.image,
  logotype: r.logotype,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function countsOf(rows: RestaurantRow[]): RestaurantCounts {
  const active = rows.reduce((n, r) => n + (r.is_active === 1 ? 1 : 0), 0);
  return { all_count: rows.length, active_count: active, inactive_count: rows.length - active };
}

export const listRestaurants = (db: DB) =>
  db.selectFrom('restaurants').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

export const findRestaurantById = (db: DB, id: string) =>
  db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();

export const findRestaurantBySlug = (db: DB, slug: string) =>
  db.selectFrom('restaurants').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findRestaurantOfManager = (db: DB, managerId: string) =>
  db.selectFrom('restaurants').selectAll().where('manager_id', '=', managerId).executeTakeFirst();

/** Deletes a restaurant; its categories, products, options and rows go with it (FK cascades). */
export async function deleteRestaurant(db: DB, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('restaurants').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  });
}

import {
  type PublicRestaurant,
  parseTranslations,
  type Restaurant,
  type RestaurantCounts,
  type Translations,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import { newId, now, type RestaurantRow, type RestaurantsTable, toBool } from '../db';
import { inTransaction, type Q } from './query';
import { recordSlugChange } from './slug-history';
import { type Dialect, updateTranslated } from './translations';

/** What a new restaurant must be given; the rest has defaults (`newRestaurantRow`). */
export type NewRestaurant = Pick<RestaurantRow, 'name' | 'slug' | 'address' | 'phone_number' | 'work_time'> &
  Partial<RestaurantRow>;

/**
 * A new restaurant's row: `fields` over the defaults (a new id; manual, active; no manager, bot,
 * channel, pictures or external id), made `at` (now by default).
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
  translations: parseTranslations(r.translations),
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
  translations: parseTranslations(r.translations),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function countsOf(rows: RestaurantRow[]): RestaurantCounts {
  const active = rows.reduce((n, r) => n + (r.is_active === 1 ? 1 : 0), 0);
  return { all_count: rows.length, active_count: active, inactive_count: rows.length - active };
}

export const listRestaurants = (db: Q) =>
  db.selectFrom('restaurants').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();

export const findRestaurantById = (db: Q, id: string) =>
  db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();

export const findRestaurantBySlug = (db: Q, slug: string) =>
  db.selectFrom('restaurants').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findRestaurantOfManager = (db: Q, managerId: string) =>
  db.selectFrom('restaurants').selectAll().where('manager_id', '=', managerId).executeTakeFirst();

/** Deletes a restaurant; its categories, products, options, rows and old slugs go with it (FK cascades). */
export async function deleteRestaurant(db: Q, id: string): Promise<boolean> {
  const res = await db.deleteFrom('restaurants').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function insertRestaurant(db: Q, row: RestaurantRow): Promise<void> {
  await db.insertInto('restaurants').values(row).execute();
}

/**
 * Updates a restaurant; a slug change keeps `oldSlug` as a redirect, and sent translations are
 * merged into the stored ones (same transaction). Answers the translations after the write
 * (undefined: none sent).
 */
export async function updateRestaurant(
  db: Q,
  id: string,
  set: Partial<RestaurantsTable>,
  oldSlug?: string,
  translations?: TranslationsPatch,
  dialect: Dialect = 'sqlite',
): Promise<Translations | undefined> {
  return inTransaction(db, async (trx) => {
    if (set.slug !== undefined && oldSlug !== undefined) await recordSlugChange(trx, id, oldSlug, set.slug);
    return updateTranslated(trx, dialect, 'restaurants', id, set, translations);
  });
}

export async function restaurantExists(db: Q, id: string): Promise<boolean> {
  return !!(await db.selectFrom('restaurants').select('id').where('id', '=', id).executeTakeFirst());
}

/** True when `managerId` manages restaurant `id`. */
export async function isManagedBy(db: Q, id: string, managerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', id)
    .where('manager_id', '=', managerId)
    .executeTakeFirst();
  return !!row;
}

/** The restaurant imported from a provider's external id, if any. */
export const findImportedRestaurant = (db: Q, type: string, externalId: string) =>
  db
    .selectFrom('restaurants')
    .select('id')
    .where('type', '=', type)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

/** How many categories and products a restaurant has. */
export async function countMenu(db: Q, id: string): Promise<{ categories: number; products: number }> {
  const counts = await db
    .selectFrom('restaurants as r')
    .select((eb) => [
      eb
        .selectFrom('categories')
        .select(eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', id)
        .as('categories'),
      eb
        .selectFrom('products')
        .select(eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', id)
        .as('products'),
    ])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  return { categories: Number(counts.categories), products: Number(counts.products) };
}

/** The restaurants: reads by id, slug, manager and source, writes, and the row -> answer mappers. */
import {
  BOT_TOKEN_MASK,
  type PublicRestaurant,
  parseTranslations,
  type Restaurant,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import { type RestaurantRow, toBool } from '../db';
import { prepared } from './prepared';
import type { Dialect, Q } from './query';
import { updateTranslated } from './translations';

// the access checks of every manager's write: prepared (built once per handle)
const existing = prepared<{ id: string }, 'id'>((db, p) =>
  db.selectFrom('restaurants').select('id').where('id', '=', p('id')),
);
// the admin's table asks for them with every page
const counted = prepared<{ all: number | string; active: number | string | null }, never>((db) =>
  db
    .selectFrom('restaurants')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn.sum<number | string | null>('is_active').as('active'),
    ]),
);
const managed = prepared<{ id: string }, 'id' | 'managerId'>((db, p) =>
  db
    .selectFrom('restaurants')
    .select('id')
    .where('id', '=', p('id'))
    .where('manager_id', '=', p('managerId')),
);

/** Row -> the contract's Restaurant (exact object: nothing else leaks; a bot token only as a mask). */
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
  bot_token: r.bot_token === null ? null : BOT_TOKEN_MASK,
  channel_id: r.channel_id,
  image: r.image,
  logotype: r.logotype,
  translations: parseTranslations(r.translations),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Row -> what anyone may see: the Restaurant without bot_token, channel_id and manager_id (same order). */
export function toPublicRestaurant(r: RestaurantRow): PublicRestaurant {
  const { manager_id: _manager, bot_token: _bot, channel_id: _channel, ...shown } = toRestaurant(r);
  return shown;
}

export function restaurantsRepository(q: Q, dialect: Dialect) {
  return {
    list: () => q.selectFrom('restaurants').selectAll().orderBy('created_at', 'desc').orderBy('id').execute(),

    findById: (id: string) => q.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Locks the restaurant's row until the transaction ends (PostgreSQL; SQLite runs one write
     * at a time anyway): what is read of the restaurant's own rows after it (its pictures'
     * bytes) stays true until the commit. Answers whether the restaurant exists.
     */
    async lock(id: string): Promise<boolean> {
      const row = await q
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', id)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The restaurants with a bot token (`pnpm rotate-secrets` seals them again). */
    withBotToken: () =>
      q.selectFrom('restaurants').select(['id', 'bot_token']).where('bot_token', 'is not', null).execute(),

    /** A restaurant's bot token sealed again (nothing else of the row changes). */
    async resealBotToken(id: string, sealed: string): Promise<void> {
      await q.updateTable('restaurants').set({ bot_token: sealed }).where('id', '=', id).execute();
    },

    findBySlug: (slug: string) =>
      q.selectFrom('restaurants').selectAll().where('slug', '=', slug).executeTakeFirst(),

    findOfManager: (managerId: string) =>
      q.selectFrom('restaurants').selectAll().where('manager_id', '=', managerId).executeTakeFirst(),

    /** The restaurant imported from a provider's external id, if any. */
    findImported: (type: string, externalId: string) =>
      q
        .selectFrom('restaurants')
        .select('id')
        .where('type', '=', type)
        .where('external_id', '=', externalId)
        .executeTakeFirst(),

    /** How many restaurants there are, and how many of them are active (the admin's counters). */
    async counts(): Promise<{ all: number; active: number }> {
      const row = (await counted(q, {}))[0];
      return { all: Number(row?.all ?? 0), active: Number(row?.active ?? 0) };
    },

    async exists(id: string): Promise<boolean> {
      return (await existing(q, { id })).length > 0;
    },

    /** True when `managerId` manages restaurant `id`. */
    async isManagedBy(id: string, managerId: string): Promise<boolean> {
      return (await managed(q, { id, managerId })).length > 0;
    },

    async create(row: RestaurantRow): Promise<void> {
      await q.insertInto('restaurants').values(row).execute();
    },

    /** Writes `set`, merging `translations` into the stored ones; answers them (undefined: none sent). */
    update: (id: string, set: Partial<RestaurantRow>, translations?: TranslationsPatch) =>
      updateTranslated(q, dialect, 'restaurants', id, set, translations),

    /** The restaurant's ordering switch (docs/ORDERS.md); its answers carry no such field. */
    async setTakesOrders(id: string, on: boolean, at: string): Promise<void> {
      await q
        .updateTable('restaurants')
        .set({ takes_orders: on ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes a restaurant; its categories, products, options, rows and old slugs go with it (FK cascades). */
    async delete(id: string): Promise<boolean> {
      const res = await q.deleteFrom('restaurants').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** How many categories and products a restaurant has. */
    async countMenu(id: string): Promise<{ categories: number; products: number }> {
      const counts = await q
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
    },
  };
}

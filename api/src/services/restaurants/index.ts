/**
 * `app.restaurants`: restaurants and their addresses. Owns: a new restaurant's row (rows.ts);
 * slugs (slugs.ts: free or 409, a change keeps the old one as a redirect in the same
 * transaction); a manager has at most one restaurant and must be an active manager; an edit
 * writes only what changed (every field sent is written, so `updatedAt` moves) and merges
 * translations; a replaced picture or logo, or a deleted restaurant's pictures, are released;
 * a restaurant from a source (an import) gets a generated slug and follows the source's fields.
 * Every write makes every cached answer stale (a restaurant's slug and the admin's list change).
 */
import {
  type AdminRestaurantsQuery,
  type FeedRestaurant,
  type PublicRestaurant,
  type Restaurant,
  type RestaurantCounts,
  ROLES,
  type restaurantCreateBody,
  type restaurantUpdateBody,
  type Translations,
} from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { fromBool, isUniqueViolation, now, type RestaurantRow } from '../../db';
import { conflict, invalid, notFound } from '../../domain/errors';
import { toPublicRestaurant, toRestaurant } from '../../repos/restaurants';
import { monthStart } from '../../visits/stats';
import type { ServiceContext } from '../context';
import { assertOwnPictures } from '../own-pictures';
import { patchOf } from '../patch';
import { translationsChange, translationsColumn } from '../translations';
import { type BotSetup, NO_BOT_SETUP } from './bot';
import { newRestaurantRow } from './rows';
import { assertSlugFree, uniqueSlug } from './slugs';

function uniqueToConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict('Slug already taken or manager already has a restaurant');
  throw err;
}

/** Old slugs a restaurant keeps as redirects (the newest): renaming cannot squat addresses. */
export const OLD_SLUGS_KEPT = 5;

export function countsOf(rows: readonly RestaurantRow[]): RestaurantCounts {
  const active = rows.reduce((n, r) => n + (r.is_active === 1 ? 1 : 0), 0);
  return { all_count: rows.length, active_count: active, inactive_count: rows.length - active };
}

/** True when a field held a picture and the write puts another one (or none) there. */
const replaces = (before: string | null, after: string | null | undefined) =>
  after !== undefined && before !== null && after !== before;

export function restaurantsService(context: ServiceContext, bots: BotSetup = NO_BOT_SETUP) {
  const { repos, effects } = context;
  /** 400 unless `managerId` names an active manager. */
  async function assertActiveManager(managerId: string): Promise<void> {
    const user = await repos.users.findById(managerId);
    if (!user || user.role !== ROLES.manager || user.is_active !== 1) {
      throw invalid('Unknown manager', [{ path: 'manager_id', message: 'No such manager' }]);
    }
  }

  /** A manager_id must name an active manager without another restaurant. */
  async function assertManagerFree(managerId: string, exceptRestaurantId?: string): Promise<void> {
    await assertActiveManager(managerId);
    const taken = await repos.restaurants.findOfManager(managerId);
    if (taken && taken.id !== exceptRestaurantId) throw conflict('This manager already has a restaurant');
  }

  /** Deletes a restaurant with everything in it (404 for none); its bot's webhook goes with it. */
  async function remove(row: RestaurantRow | undefined): Promise<{ _id: string }> {
    // best effort: a token that no longer opens (the key changed) must not keep the restaurant
    const bot = row?.bot_token
      ? await bots.prepare(row.id, row, { bot_token: null }).catch(() => undefined)
      : undefined;
    // its staff accounts go with it (users.restaurant_id carries no foreign key: migration-staff.ts)
    const deleted =
      row &&
      (await repos.transaction(async (trx) => {
        await trx.users.deleteStaffOf(row.id);
        return trx.restaurants.delete(row.id);
      }));
    if (!row || !deleted) throw notFound('Restaurant not found');
    await bot?.apply(repos);
    await effects.releasePictures(row.id);
    effects.stale('answers');
    return { _id: row.id };
  }

  return {
    find: (id: string) => repos.restaurants.findById(id),
    findBySlug: (slug: string) => repos.restaurants.findBySlug(slug),

    /**
     * The restaurants with the counters and each one's guests' visits of the last 30 days ("30
     * kun"): every one, or a page of them (the admin's table: the page's rows and the counters,
     * not a thousand rows to show ten).
     */
    async adminList(query: AdminRestaurantsQuery = {}) {
      const paged = query.limit !== undefined;
      const [rows, counted] = await Promise.all([
        repos.visits.restaurantsWithVisits(monthStart(), {
          ...(paged ? { limit: query.limit, offset: ((query.page ?? 1) - 1) * query.limit! } : {}),
          ...(query.sort ? { byVisits: query.sort === 'visits_asc' ? 'asc' : 'desc' } : {}),
        }),
        paged ? repos.restaurants.counts() : undefined,
      ]);
      const visits30d = Object.fromEntries(rows.map((r) => [r.id, Number(r.visits_30d ?? 0)]));
      const counts = counted
        ? {
            all_count: counted.all,
            active_count: counted.active,
            inactive_count: counted.all - counted.active,
          }
        : countsOf(rows);
      return { restaurants: rows.map(toRestaurant), counts, visits_30d: visits30d };
    },

    /** A manager's own restaurant (null: none). */
    async ofManager(managerId: string): Promise<Restaurant | null> {
      const row = await repos.restaurants.findOfManager(managerId);
      return row ? toRestaurant(row) : null;
    },

    /** A restaurant by slug: every field when `mayManage` says so, the public ones otherwise. */
    async view(
      slug: string,
      mayManage: (restaurantId: string) => Promise<boolean>,
    ): Promise<Restaurant | PublicRestaurant> {
      const row = await repos.restaurants.findBySlug(slug);
      if (!row) throw notFound('Restaurant not found');
      return (await mayManage(row.id)) ? toRestaurant(row) : toPublicRestaurant(row);
    },

    async create(b: z.output<typeof restaurantCreateBody>): Promise<Restaurant> {
      await assertSlugFree(repos, b.slug);
      if (b.manager_id) await assertManagerFree(b.manager_id);
      const row = newRestaurantRow({
        name: b.name,
        slug: b.slug,
        address: b.address,
        phone_number: b.phone_number,
        work_time: b.work_time,
        manager_id: b.manager_id ?? null,
        type: b.type,
        is_active: fromBool(b.is_active),
        translations: translationsColumn(b.translations),
      });
      // the bot's fields are checked with Telegram before anything is written
      const bot = await bots.prepare(row.id, null, { bot_token: b.bot_token, channel_id: b.channel_id });
      if (bot) Object.assign(row, bot.columns);
      try {
        await repos.restaurants.create(row);
      } catch (err) {
        uniqueToConflict(err);
      }
      if (bot) await bot.apply(repos);
      effects.stale('answers');
      return toRestaurant(row);
    },

    /** Changes the fields sent of `row` (who may change what is the route's check). */
    async update(row: RestaurantRow, b: z.output<typeof restaurantUpdateBody>): Promise<Restaurant> {
      // a slug or manager that does not change is not checked (nor a redirect recorded); every
      // other field sent is written, so updatedAt moves even when its value is the same
      const patch = {
        ...patchOf<RestaurantRow>(b, { slug: true, manager_id: true }, row),
        ...patchOf<RestaurantRow>(b, {
          name: true,
          address: true,
          phone_number: true,
          work_time: true,
          is_active: fromBool,
          image: true,
          logotype: true,
        }),
      };
      const pictures = (['image', 'logotype'] as const).flatMap((field) => {
        const url = patch[field];
        return typeof url === 'string' ? [{ path: field, url }] : [];
      });
      await assertOwnPictures(
        context,
        row.id,
        pictures,
        [row.image, row.logotype].filter((u) => u !== null),
      );
      if (patch.slug !== undefined) await assertSlugFree(repos, patch.slug, row.id);
      // the bot's fields: checked with Telegram, the token sealed (telegram/setup.ts)
      const bot = await bots.prepare(row.id, row, { bot_token: b.bot_token, channel_id: b.channel_id });
      if (bot) Object.assign(patch, bot.columns);
      if (patch.manager_id) await assertManagerFree(patch.manager_id, row.id);
      const translations = translationsChange(row.translations, b.translations);
      if (Object.keys(patch).length === 0 && !translations) return toRestaurant(row);
      patch.updated_at = now();
      let merged: Translations | undefined;
      try {
        const slug = patch.slug;
        merged =
          slug === undefined
            ? await repos.restaurants.update(row.id, patch, translations)
            : await repos.transaction(async (trx) => {
                await trx.slugs.recordChange(row.id, row.slug, slug, patch.updated_at as string);
                // a restaurant keeps its last few old addresses, not any number of them
                await trx.slugs.keepNewest(row.id, OLD_SLUGS_KEPT);
                return trx.restaurants.update(row.id, patch, translations);
              });
      } catch (err) {
        uniqueToConflict(err);
      }
      if (bot) await bot.apply(repos);
      // the picture or logo replaced (or cleared) here is referred to by nothing now
      if (replaces(row.image, patch.image) || replaces(row.logotype, patch.logotype)) {
        await effects.releasePictures(row.id);
      }
      effects.stale('answers');
      const data = toRestaurant({ ...row, ...patch });
      return merged ? { ...data, translations: merged } : data;
    },

    /** The restaurant's old slugs (its printed codes' redirects), newest first; 404 for no restaurant. */
    async oldSlugs(id: string): Promise<{ slug: string; createdAt: string }[]> {
      if (!(await repos.restaurants.exists(id))) throw notFound('Restaurant not found');
      return (await repos.slugs.ofRestaurant(id)).map((r) => ({ slug: r.slug, createdAt: r.created_at }));
    },

    /** Frees one old slug: its printed codes lead nowhere, another restaurant may take it (404: none). */
    async releaseOldSlug(id: string, slug: string): Promise<{ slug: string }> {
      if (!(await repos.slugs.release(id, slug))) throw notFound('No such old slug of this restaurant');
      effects.stale('answers'); // its redirect was cached for any restaurant's write to clear
      return { slug };
    },

    removeBySlug: async (slug: string) => remove(await repos.restaurants.findBySlug(slug)),
    removeById: async (id: string) => remove(await repos.restaurants.findById(id)),

    assertActiveManager,

    /** 409 when the manager has a restaurant already, or the source's restaurant is imported already. */
    async assertImportable(type: string, externalId: string, managerId: string): Promise<void> {
      if (await repos.restaurants.findOfManager(managerId)) {
        throw conflict('This manager already has a restaurant');
      }
      if (await repos.restaurants.findImported(type, externalId)) {
        throw conflict('This restaurant is already imported');
      }
    },

    /** A new restaurant of a source's (its menu is the catalog's: `catalog.source.importMenu`). */
    async createImported(
      type: string,
      source: FeedRestaurant,
      managerId: string,
      at = now(),
    ): Promise<RestaurantRow> {
      const row = newRestaurantRow(
        {
          name: source.name,
          slug: await uniqueSlug(repos, source.name),
          address: source.address,
          phone_number: source.phone_number,
          work_time: source.work_time,
          manager_id: managerId,
          type,
          external_id: source.id,
        },
        at,
      );
      await repos.restaurants.create(row);
      effects.stale('answers');
      return row;
    },

    /**
     * The restaurant's fields follow its source (name, address, phone, hours), unless `keep`
     * (a POS gives only its organization's name: the admin's fields stay). Answers the row as
     * it is now and whether it changed.
     */
    async followSource(
      row: RestaurantRow,
      source: FeedRestaurant,
      keep = false,
    ): Promise<{ restaurant: RestaurantRow; changed: boolean }> {
      const changes = keep
        ? {}
        : patchOf<RestaurantRow>(
            source,
            { name: true, address: true, phone_number: true, work_time: true },
            row,
          );
      if (Object.keys(changes).length === 0) return { restaurant: row, changed: false };
      const set = { ...changes, updated_at: now() };
      await repos.restaurants.update(row.id, set);
      effects.stale({ restaurants: [row.id] }); // its slug stays: no other answer changes
      return { restaurant: { ...row, ...set }, changed: true };
    },

    countMenu: (id: string) => repos.restaurants.countMenu(id),
  };
}

export type RestaurantsService = ReturnType<typeof restaurantsService>;

/**
 * Old slugs of restaurants (`restaurant_slug_history`): a slug printed in a QR code keeps
 * leading to the same restaurant. What may take a slug is the restaurants service's rule
 * (services/restaurants/slugs.ts); here are its reads and writes.
 */
import { sql } from 'kysely';
import type { Q } from './query';

export function slugsRepository(q: Q) {
  return {
    /**
     * Restaurants holding `slug`: as their current slug, or as an old one. One statement, so
     * one snapshot: a concurrent rename (current -> old, committed atomically) is seen either way.
     */
    holders(slug: string): Promise<{ restaurant_id: string; current: number }[]> {
      return q
        .selectFrom('restaurants')
        .select(['id as restaurant_id', sql<number>`1`.as('current')])
        .where('slug', '=', slug)
        .unionAll(
          q
            .selectFrom('restaurant_slug_history')
            .select(['restaurant_id', sql<number>`0`.as('current')])
            .where('slug', '=', slug),
        )
        .execute();
    },

    /** Every slug in use or reserved that starts like `base` (for generating a free one). */
    async like(base: string): Promise<Set<string>> {
      const rows = await q
        .selectFrom('restaurants')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .unionAll(
          q
            .selectFrom('restaurant_slug_history')
            .select('slug')
            .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])),
        )
        .execute();
      return new Set(rows.map((r) => r.slug));
    },

    /**
     * Keeps `oldSlug` as a redirect to the restaurant; a slug it takes back (`newSlug`, one of
     * its own old ones) is current again, not a redirect. Call inside the transaction that sets
     * the new slug.
     */
    async recordChange(restaurantId: string, oldSlug: string, newSlug: string, at: string): Promise<void> {
      await q
        .deleteFrom('restaurant_slug_history')
        .where('slug', '=', newSlug)
        .where('restaurant_id', '=', restaurantId)
        .execute();
      // "newest first" is the order of the renames: two in one millisecond must not tie (the
      // tie would fall to the slugs' alphabet and keepNewest could free the newer one)
      const newest = await q
        .selectFrom('restaurant_slug_history')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      const stamp = newest?.at && newest.at >= at ? new Date(Date.parse(newest.at) + 1).toISOString() : at;
      await q
        .insertInto('restaurant_slug_history')
        .values({ slug: oldSlug, restaurant_id: restaurantId, created_at: stamp })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ restaurant_id: restaurantId, created_at: stamp }))
        .execute();
    },

    /** A restaurant's old slugs, newest first. */
    ofRestaurant(restaurantId: string) {
      return q
        .selectFrom('restaurant_slug_history')
        .select(['slug', 'created_at'])
        .where('restaurant_id', '=', restaurantId)
        .orderBy('created_at', 'desc')
        .orderBy('slug')
        .execute();
    },

    /** Frees the restaurant's old slugs past its `keep` newest (they stop redirecting). */
    async keepNewest(restaurantId: string, keep: number): Promise<void> {
      const kept = q
        .selectFrom('restaurant_slug_history')
        .select('slug')
        .where('restaurant_id', '=', restaurantId)
        .orderBy('created_at', 'desc')
        .orderBy('slug')
        .limit(keep);
      await q
        .deleteFrom('restaurant_slug_history')
        .where('restaurant_id', '=', restaurantId)
        .where('slug', 'not in', kept)
        .execute();
    },

    /** Frees one old slug of the restaurant; false when it has no such old slug. */
    async release(restaurantId: string, slug: string): Promise<boolean> {
      const res = await q
        .deleteFrom('restaurant_slug_history')
        .where('restaurant_id', '=', restaurantId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** The restaurant an old slug now belongs to, with its current slug (chains resolve in one hop). */
    findRenamed(oldSlug: string) {
      return q
        .selectFrom('restaurant_slug_history as h')
        .innerJoin('restaurants as r', 'r.id', 'h.restaurant_id')
        .select(['r.id', 'r.slug', 'r.is_active'])
        .where('h.slug', '=', oldSlug)
        .executeTakeFirst();
    },
  };
}

/**
 * Old slugs of restaurants. A slug printed in a QR code (`/m/<slug>`) must keep leading to the
 * same restaurant: a slug change records the old one, `/m/<old>` redirects to the current slug,
 * and no other restaurant may take a slug that still redirects (409). A restaurant may take back
 * one of its own old slugs. Deleting a restaurant frees its slugs (the rows cascade).
 */
import { sql } from 'kysely';
import { now } from '../db';
import { conflict } from '../http/errors';
import type { Q } from './query';

/**
 * Restaurants holding `slug`: as their current slug, or as an old one. One statement, so one
 * snapshot: a concurrent rename (current -> old, committed atomically) is seen either way.
 */
export async function slugHolders(q: Q, slug: string): Promise<{ restaurant_id: string; current: number }[]> {
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
}

/** 409 unless `slug` is free for `restaurantId` (a new restaurant when undefined). */
export async function assertSlugFree(q: Q, slug: string, restaurantId?: string): Promise<void> {
  for (const holder of await slugHolders(q, slug)) {
    if (holder.restaurant_id === restaurantId) continue;
    throw conflict(
      Number(holder.current) === 1
        ? 'Slug already taken'
        : 'Slug is an old address of another restaurant (its printed QR codes still lead there)',
    );
  }
}

/** Call inside the transaction that sets the restaurant's new slug. */
export async function recordSlugChange(
  q: Q,
  restaurantId: string,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  // taking back an old slug: it is current again, not a redirect
  await q
    .deleteFrom('restaurant_slug_history')
    .where('slug', '=', newSlug)
    .where('restaurant_id', '=', restaurantId)
    .execute();
  await q
    .insertInto('restaurant_slug_history')
    .values({ slug: oldSlug, restaurant_id: restaurantId, created_at: now() })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ restaurant_id: restaurantId, created_at: now() }))
    .execute();
}

/** The restaurant an old slug now belongs to, with its current slug (chains resolve in one hop). */
export async function findRenamedRestaurant(q: Q, oldSlug: string) {
  return q
    .selectFrom('restaurant_slug_history as h')
    .innerJoin('restaurants as r', 'r.id', 'h.restaurant_id')
    .select(['r.id', 'r.slug', 'r.is_active'])
    .where('h.slug', '=', oldSlug)
    .executeTakeFirst();
}

/** Every slug in use or reserved that starts like `base` (for generating a free one). */
export async function slugsLike(q: Q, base: string): Promise<Set<string>> {
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
}

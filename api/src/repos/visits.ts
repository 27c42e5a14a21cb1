/**
 * The guests' visit counts (the manager's chart, the admin's "30 kun"). Every write adds:
 * batches of any number of servers add into the same rows (`views + excluded.views`), and a
 * day's unique visitors are one sketch per restaurant (visits/sketch.ts) that each server merges
 * into under a row lock. A finished day is folded in batches: its sketches become counts in
 * `visit_uniques` and are deleted, with the day's salt.
 */
import { type Expression, sql } from 'kysely';
import type { RestaurantRow, VisitCountsTable } from '../db';
import { prepared } from './prepared';
import { chunks, type Dialect, inTransaction, type Q } from './query';

type RestaurantWithVisits = RestaurantRow & { visits_30d: number | string | null };

/** How many sketches a fold reads at a time (each at most ~22 KB). */
const FOLD_BATCH = 100;

/** A page of the admin's restaurant list (absent: every restaurant, newest first). */
export interface RestaurantsPage {
  limit?: number;
  offset?: number;
  /** by the views of the period, most or fewest first */
  byVisits?: 'desc' | 'asc';
}

export function visitsRepository(q: Q, dialect: Dialect) {
  return {
    /** Adds batched view counts (the rows of one batch have distinct keys). */
    async addViews(rows: VisitCountsTable[]): Promise<void> {
      for (const part of chunks(rows, 200)) {
        await q
          .insertInto('visit_counts')
          .values(part)
          .onConflict((oc) =>
            oc
              .columns(['restaurant_id', 'day', 'placement_id', 'language'])
              .doUpdateSet({ views: sql<number>`visit_counts.views + excluded.views` }),
          )
          .execute();
      }
    },

    /** The stored sketch of a restaurant's day, locked until the transaction ends (PostgreSQL). */
    async lockSketch(restaurantId: string, day: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('visit_sketches')
        .select('registers')
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      return row?.registers;
    },

    /** Stores a restaurant's day's sketch (what `lockSketch` read, merged with a batch). */
    async putSketch(restaurantId: string, day: string, registers: string): Promise<void> {
      await q
        .insertInto('visit_sketches')
        .values({ restaurant_id: restaurantId, day, registers })
        .onConflict((oc) => oc.columns(['restaurant_id', 'day']).doUpdateSet({ registers }))
        .execute();
    },

    /** The day's salt, shared by every server: the first to ask stores `fresh`, the others read it. */
    async daySalt(day: string, fresh: string): Promise<string> {
      await q
        .insertInto('visit_salts')
        .values({ day, salt: fresh })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await q
        .selectFrom('visit_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    /**
     * Folds the days before `today`, `FOLD_BATCH` sketches at a time (one transaction each, so
     * memory stays bounded whatever the number of restaurants): each becomes its count
     * (`estimate`) and is deleted; then the days' salts go. The rows a batch deletes are its own
     * (DELETE ... RETURNING), so two servers folding at once never count a day twice.
     */
    async foldDays(today: string, estimate: (registers: string) => number): Promise<void> {
      for (;;) {
        const folded = await inTransaction(q, async (trx) => {
          const keys = await trx
            .selectFrom('visit_sketches')
            .select(['restaurant_id', 'day'])
            .where('day', '<', today)
            .limit(FOLD_BATCH)
            .execute();
          if (keys.length === 0) return 0;
          const gone = await trx
            .deleteFrom('visit_sketches')
            .where((eb) =>
              eb.or(
                keys.map((k) => eb.and([eb('restaurant_id', '=', k.restaurant_id), eb('day', '=', k.day)])),
              ),
            )
            .returning(['restaurant_id', 'day', 'registers'])
            .execute();
          const counts = gone.map((r) => ({
            restaurant_id: r.restaurant_id,
            day: r.day,
            uniques: estimate(r.registers),
          }));
          if (counts.length > 0) {
            await trx
              .insertInto('visit_uniques')
              .values(counts)
              .onConflict((oc) =>
                oc
                  .columns(['restaurant_id', 'day'])
                  .doUpdateSet({ uniques: sql<number>`visit_uniques.uniques + excluded.uniques` }),
              )
              .execute();
          }
          return keys.length;
        });
        if (folded < FOLD_BATCH) break;
      }
      await q.deleteFrom('visit_salts').where('day', '<', today).execute();
    },

    /** Which of `ids` are restaurants (a batch's views of a deleted one are dropped). */
    async existingRestaurants(ids: readonly string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (const part of chunks(ids)) {
        const rows = await q.selectFrom('restaurants').select('id').where('id', 'in', part).execute();
        for (const r of rows) out.add(r.id);
      }
      return out;
    },

    /**
     * Views and folded unique visitors per day from `from` on (days without visits are absent),
     * and the sketches of the days not folded yet (today's, the caller estimates them).
     */
    async daily(restaurantId: string, from: string) {
      const views = await q
        .selectFrom('visit_counts')
        .select(['day', (eb) => eb.fn.sum<number>('views').as('visits')])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', from)
        .groupBy('day')
        .execute();
      const uniques = await q
        .selectFrom('visit_uniques')
        .select(['day', 'uniques'])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', from)
        .execute();
      const open = await q
        .selectFrom('visit_sketches')
        .select(['day', 'registers'])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', from)
        .execute();
      return {
        views: views.map((r) => ({ day: r.day, visits: Number(r.visits) })),
        uniques: uniques.map((r) => ({ day: r.day, unique: Number(r.uniques) })),
        open,
      };
    },

    /** Views from `from` on by placement ('' = none), with the placement's name if it still exists. */
    byPlacement(restaurantId: string, from: string) {
      return q
        .selectFrom('visit_counts as v')
        .leftJoin('placements as p', 'p.id', 'v.placement_id')
        .select(['v.placement_id', 'p.name', (eb) => eb.fn.sum<number>('v.views').as('visits')])
        .where('v.restaurant_id', '=', restaurantId)
        .where('v.day', '>=', from)
        .groupBy(['v.placement_id', 'p.name'])
        .execute();
    },

    /**
     * Views by placement ('' = none) and language of `split`..`to` and of `first`..`split` (the
     * reports' guests: the period and the one before), with the placement's name if it still exists.
     */
    async viewsBetween(restaurantId: string, first: string, split: string, to: string) {
      // the sums first, the names after: a year is tens of thousands of rows, its placements a few;
      // both periods in one pass, split at `split` (the period asked: `split`..`to`)
      const rows = await q
        .selectFrom('visit_counts')
        .select([
          'placement_id',
          'language',
          sql<number>`sum(case when day >= ${split} then views else 0 end)`.as('views'),
          sql<number>`sum(case when day < ${split} then views else 0 end)`.as('previous_views'),
        ])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', first)
        .where('day', '<=', to)
        .groupBy(['placement_id', 'language'])
        .execute();
      const names = new Map(
        (
          await q
            .selectFrom('placements')
            .select(['id', 'name'])
            .where('restaurant_id', '=', restaurantId)
            .execute()
        ).map((p) => [p.id, p.name]),
      );
      return rows.map((r) => ({
        placement_id: r.placement_id,
        language: r.language,
        name: names.get(r.placement_id) ?? null,
        views: Number(r.views),
        previous_views: Number(r.previous_views),
      }));
    },

    /** Views from `from` on by language. */
    byLanguage(restaurantId: string, from: string) {
      return q
        .selectFrom('visit_counts')
        .select(['language', (eb) => eb.fn.sum<number>('views').as('visits')])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '>=', from)
        .groupBy('language')
        .execute();
    },

    /**
     * Restaurants (the admin's list order: newest first, or by their views from `from` on, the
     * newest first among equals) with those views: every one, or `limit` from `offset`.
     */
    restaurantsWithVisits(from: string, page: RestaurantsPage = {}) {
      const run = restaurantsPages.get(`${page.byVisits ?? ''}\u0000${page.limit !== undefined}`)!;
      return run(q, { from, limit: page.limit ?? -1, offset: page.offset ?? 0 });
    },
  };
}

/**
 * The admin's list in each of its orders, whole or a page: prepared (the table asks for a page
 * on every visit and sort; built and compiled once per handle).
 */
const restaurantsPages = new Map(
  [undefined, 'desc' as const, 'asc' as const].flatMap((byVisits) =>
    [false, true].map((paged) => [
      `${byVisits ?? ''}\u0000${paged}`,
      prepared<RestaurantWithVisits, 'from' | 'limit' | 'offset'>((q, p, n) =>
        restaurantsQuery(
          q,
          p('from'),
          byVisits,
          paged ? { limit: n('limit'), offset: n('offset') } : undefined,
        ),
      ),
    ]),
  ),
);

function restaurantsQuery(
  q: Q,
  from: Expression<string>,
  byVisits: 'desc' | 'asc' | undefined,
  page: { limit: Expression<number>; offset: Expression<number> } | undefined,
) {
  return q
    .selectFrom('restaurants')
    .selectAll('restaurants')
    .select((eb) =>
      eb
        .selectFrom('visit_counts')
        // none counts 0 (as a number: the sort below reads it by its name on both databases)
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('visit_counts.views'), sql.lit(0)).as('n'))
        .whereRef('visit_counts.restaurant_id', '=', 'restaurants.id')
        .where('visit_counts.day', '>=', from)
        .as('visits_30d'),
    )
    .$if(byVisits !== undefined, (qb) => qb.orderBy('visits_30d', byVisits === 'asc' ? 'asc' : 'desc'))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .$if(page !== undefined, (qb) => qb.limit(page!.limit).offset(page!.offset));
}

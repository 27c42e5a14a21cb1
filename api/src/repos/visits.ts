/**
 * The guests' visit counts (the manager's chart, the admin's "30 kun"). Every write adds:
 * batches of any number of servers add into the same rows (`views + excluded.views`), and unique
 * visitors are distinct salted hashes by their key, so two servers seeing one guest store one row. A finished day is folded: its
 * hashes are counted into `visit_uniques` and deleted, with the day's salt.
 */
import { sql } from 'kysely';
import type { VisitCountsTable, VisitHashesTable } from '../db';
import { chunks, inTransaction, type Q } from './query';

export function visitsRepository(q: Q) {
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

    /** Stores visitor hashes; one already stored (by this or another server) is left alone. */
    async addHashes(rows: VisitHashesTable[]): Promise<void> {
      for (const part of chunks(rows)) {
        await q
          .insertInto('visit_hashes')
          .values(part)
          .onConflict((oc) => oc.columns(['restaurant_id', 'day', 'hash']).doNothing())
          .execute();
      }
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
     * Folds the days before `today`: their hashes become counts and are deleted, and so are their
     * salts. The rows a fold deletes are its own (DELETE ... RETURNING), so two servers folding at
     * the same moment never count a hash twice.
     */
    async foldDays(today: string): Promise<void> {
      await inTransaction(q, async (trx) => {
        const gone = await trx
          .deleteFrom('visit_hashes')
          .where('day', '<', today)
          .returning(['restaurant_id', 'day'])
          .execute();
        const counts = new Map<string, { restaurant_id: string; day: string; uniques: number }>();
        for (const r of gone) {
          const key = `${r.restaurant_id}\u0000${r.day}`;
          const c = counts.get(key) ?? { restaurant_id: r.restaurant_id, day: r.day, uniques: 0 };
          c.uniques += 1;
          counts.set(key, c);
        }
        for (const part of chunks([...counts.values()], 200)) {
          await trx
            .insertInto('visit_uniques')
            .values(part)
            .onConflict((oc) =>
              oc
                .columns(['restaurant_id', 'day'])
                .doUpdateSet({ uniques: sql<number>`visit_uniques.uniques + excluded.uniques` }),
            )
            .execute();
        }
        await trx.deleteFrom('visit_salts').where('day', '<', today).execute();
      });
    },

    /** Restaurant ids of current slugs (the counter counts by slug; a page is served by slug). */
    async idsOfSlugs(slugs: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (const part of chunks(slugs)) {
        const rows = await q
          .selectFrom('restaurants')
          .select(['id', 'slug'])
          .where('slug', 'in', part)
          .execute();
        for (const r of rows) out.set(r.slug, r.id);
      }
      return out;
    },

    /** Views and unique visitors per day from `from` on (days without visits are absent). */
    async daily(restaurantId: string | null, from: string) {
      const views = await q
        .selectFrom('visit_counts')
        .select(['day', (eb) => eb.fn.sum<number>('views').as('visits')])
        .$if(restaurantId !== null, (qb) => qb.where('restaurant_id', '=', restaurantId!))
        .where('day', '>=', from)
        .groupBy('day')
        .execute();
      const uniques = await q
        .selectFrom('visit_uniques')
        .select(['day', (eb) => eb.fn.sum<number>('uniques').as('n')])
        .$if(restaurantId !== null, (qb) => qb.where('restaurant_id', '=', restaurantId!))
        .where('day', '>=', from)
        .groupBy('day')
        .unionAll(
          q
            .selectFrom('visit_hashes')
            .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
            .$if(restaurantId !== null, (qb) => qb.where('restaurant_id', '=', restaurantId!))
            .where('day', '>=', from)
            .groupBy('day'),
        )
        .execute();
      const out = new Map<string, { visits: number; unique: number }>();
      for (const r of views) out.set(r.day, { visits: Number(r.visits), unique: 0 });
      for (const r of uniques) {
        const c = out.get(r.day) ?? { visits: 0, unique: 0 };
        c.unique += Number(r.n);
        out.set(r.day, c);
      }
      return out;
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

    /** Every restaurant (the admin's list order) with its views from `from` on: one query. */
    restaurantsWithVisits(from: string) {
      return q
        .selectFrom('restaurants')
        .selectAll('restaurants')
        .select((eb) =>
          eb
            .selectFrom('visit_counts')
            .select((sub) => sub.fn.sum<number>('visit_counts.views').as('n'))
            .whereRef('visit_counts.restaurant_id', '=', 'restaurants.id')
            .where('visit_counts.day', '>=', from)
            .as('visits_30d'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
  };
}

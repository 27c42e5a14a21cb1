/**
 * The reports' tables (docs/REPORTS.md): the days to build again (`report_dirty`), the stop-list's
 * log (`stop_list_events`) and the daily figures (`report_*`), written a whole day at a time and
 * read as sums over a period. PostgreSQL answers `bigint` sums as text: every number is read
 * through `Number` (a year of tiyin stays far below 2^53).
 */
import { sql } from 'kysely';
import type { ReportDaysTable, StopListEventsTable } from '../db';
import { chunks, type Dialect, insertChunked, type Q } from './query';

/** The figure tables a day's rebuild replaces. */
export const FIGURE_TABLES = [
  'report_days',
  'report_dishes',
  'report_choices',
  'report_hours',
  'report_sources',
  'report_rejects',
  'report_stops',
] as const;

/** A day's figures as stored (what `replaceDay` writes). */
export interface StoredDay {
  /** The `report_days` row but its keys, with the times as lists (stored as JSON). */
  totals: Omit<ReportDaysTable, 'restaurant_id' | 'day' | 'accept_seconds' | 'ready_seconds'> & {
    accept_seconds: number[];
    ready_seconds: number[];
  };
  dishes: { product_id: string; name: string; quantity: number; orders: number; revenue: number }[];
  choices: { product_id: string; option_name: string; row_name: string; quantity: number }[];
  hours: { hour: number; orders: number }[];
  sources: { placement_id: string; language: string; name: string; orders: number }[];
  rejects: { reason: string; orders: number; amount: number }[];
  stops: { product_id: string; name: string; stops: number }[];
}

/** Which restaurants a read covers: one, several, or every one (null). */
export type Restaurants = readonly string[] | null;

const n = (v: unknown): number => Number(v ?? 0);

export function reportsRepository(q: Q, dialect: Dialect) {
  /** `restaurant_id in (...) and day between from and to`, on any of the figure tables. */
  const inPeriod = (restaurants: Restaurants, from: string, to: string) =>
    restaurants
      ? sql<boolean>`day >= ${from} and day <= ${to} and restaurant_id in (${sql.join(restaurants)})`
      : sql<boolean>`day >= ${from} and day <= ${to}`;

  return {
    /**
     * Marks days of a restaurant to be built again; call in the transaction of the change (the
     * days sorted, so two writers lock the same rows in the same order).
     */
    async markDirty(restaurantId: string, days: Iterable<string>): Promise<void> {
      for (const day of [...new Set(days)].sort()) {
        await q
          .insertInto('report_dirty')
          .values({ restaurant_id: restaurantId, day, version: 1 })
          .onConflict((oc) =>
            oc
              .columns(['restaurant_id', 'day'])
              .doUpdateSet({ version: sql<number>`report_dirty.version + 1` }),
          )
          .execute();
      }
    },

    /** The marked days of a period. */
    async dirtyDays(restaurants: Restaurants, from: string, to: string) {
      if (restaurants?.length === 0) return [];
      return q
        .selectFrom('report_dirty')
        .select(['restaurant_id', 'day'])
        .where(inPeriod(restaurants, from, to))
        .orderBy('restaurant_id')
        .orderBy('day')
        .execute();
    },

    /**
     * A day's mark, held until the transaction ends (PostgreSQL): a write marking it meanwhile
     * waits, then marks it again after the rebuild's commit.
     */
    async lockDirty(restaurantId: string, day: string): Promise<number | undefined> {
      const row = await q
        .selectFrom('report_dirty')
        .select('version')
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      return row ? Number(row.version) : undefined;
    },

    /** Clears a day's mark if no write marked it again since `version` was read. */
    async clearDirty(restaurantId: string, day: string, version: number): Promise<void> {
      await q
        .deleteFrom('report_dirty')
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .where('version', '=', version)
        .execute();
    },

    /** The stop-list's changes of a restaurant's day. */
    stopsOfDay: (restaurantId: string, day: string) =>
      q
        .selectFrom('stop_list_events')
        .select(['product_id', 'name', 'stopped', 'created_at'])
        .where('restaurant_id', '=', restaurantId)
        .where('day', '=', day)
        .execute(),

    async logStops(rows: readonly StopListEventsTable[]): Promise<void> {
      await insertChunked(q, 'stop_list_events', rows);
    },

    /** Replaces a restaurant's day's figures whole (a day without anything stores nothing). */
    async replaceDay(restaurantId: string, day: string, f: StoredDay): Promise<void> {
      for (const table of FIGURE_TABLES) {
        await q.deleteFrom(table).where('restaurant_id', '=', restaurantId).where('day', '=', day).execute();
      }
      const key = { restaurant_id: restaurantId, day };
      if (f.totals.orders > 0) {
        await q
          .insertInto('report_days')
          .values({
            ...key,
            ...f.totals,
            accept_seconds: JSON.stringify(f.totals.accept_seconds),
            ready_seconds: JSON.stringify(f.totals.ready_seconds),
          })
          .execute();
      }
      const keyed = <R>(rows: readonly R[]) => rows.map((r) => ({ ...key, ...r }));
      await insertChunked(q, 'report_dishes', keyed(f.dishes));
      await insertChunked(q, 'report_choices', keyed(f.choices));
      await insertChunked(q, 'report_hours', keyed(f.hours));
      await insertChunked(q, 'report_sources', keyed(f.sources));
      await insertChunked(q, 'report_rejects', keyed(f.rejects));
      await insertChunked(q, 'report_stops', keyed(f.stops));
    },

    // ---------- reads over a period ----------

    /**
     * The days' totals, a row per restaurant and day that had orders; with `times`, each day's
     * accept and kitchen times too (long lists: read only by the times' report).
     */
    async days(restaurants: Restaurants, from: string, to: string, times = false) {
      if (restaurants?.length === 0) return [];
      const rows = await q
        .selectFrom('report_days')
        .select([
          'restaurant_id',
          'day',
          'orders',
          'rejected_orders',
          'paid_orders',
          'paid',
          'unpaid',
          'rejected',
          'payme_orders',
          'payme',
          'click_orders',
          'click',
          'table_orders',
          'at_table',
        ])
        .$if(times, (qb) => qb.select(['accept_seconds', 'ready_seconds']))
        .where(inPeriod(restaurants, from, to))
        .orderBy('day')
        .execute();
      return rows.map((r) => ({
        restaurant_id: r.restaurant_id,
        day: r.day,
        orders: n(r.orders),
        rejected_orders: n(r.rejected_orders),
        paid_orders: n(r.paid_orders),
        paid: n(r.paid),
        unpaid: n(r.unpaid),
        rejected: n(r.rejected),
        payme_orders: n(r.payme_orders),
        payme: n(r.payme),
        click_orders: n(r.click_orders),
        click: n(r.click),
        table_orders: n(r.table_orders),
        at_table: n(r.at_table),
        accept_seconds: times
          ? (JSON.parse((r as { accept_seconds: string }).accept_seconds) as number[])
          : [],
        ready_seconds: times ? (JSON.parse((r as { ready_seconds: string }).ready_seconds) as number[]) : [],
      }));
    },

    /**
     * Dishes by product and the name they were ordered under, from `first` to `to` in one pass,
     * each sum split at `split` (the period asked: `split`..`to`; the one before: `first`..): a
     * year and the year before are one scan of the figures, not two. `last_day`: the name's last
     * day in the period asked (null: only before it).
     */
    async dishes(restaurantId: string, first: string, split: string, to: string) {
      const now = (col: string) =>
        sql<number>`sum(case when day >= ${split} then ${sql.ref(col)} else 0 end)`;
      const before = (col: string) =>
        sql<number>`sum(case when day < ${split} then ${sql.ref(col)} else 0 end)`;
      const rows = await q
        .selectFrom('report_dishes')
        .select([
          'product_id',
          'name',
          sql<string | null>`max(case when day >= ${split} then day end)`.as('last_day'),
          now('quantity').as('quantity'),
          now('orders').as('orders'),
          now('revenue').as('revenue'),
          before('quantity').as('previous_quantity'),
          before('revenue').as('previous_revenue'),
        ])
        .where(inPeriod([restaurantId], first, to))
        .groupBy(['product_id', 'name'])
        .execute();
      return rows.map((r) => ({
        product_id: r.product_id,
        name: r.name,
        last_day: r.last_day === null ? null : String(r.last_day),
        quantity: n(r.quantity),
        orders: n(r.orders),
        revenue: n(r.revenue),
        previous_quantity: n(r.previous_quantity),
        previous_revenue: n(r.previous_revenue),
      }));
    },

    async choices(restaurantId: string, from: string, to: string) {
      const rows = await q
        .selectFrom('report_choices')
        .select((eb) => [
          'product_id',
          'option_name',
          'row_name',
          eb.fn.sum<number>('quantity').as('quantity'),
        ])
        .where(inPeriod([restaurantId], from, to))
        .groupBy(['product_id', 'option_name', 'row_name'])
        .execute();
      return rows.map((r) => ({ ...r, quantity: n(r.quantity) }));
    },

    /** Orders by day and hour (the weekday is the day's). */
    async hours(restaurantId: string, from: string, to: string) {
      const rows = await q
        .selectFrom('report_hours')
        .select(['day', 'hour', 'orders'])
        .where(inPeriod([restaurantId], from, to))
        .execute();
      return rows.map((r) => ({ day: r.day, hour: n(r.hour), orders: n(r.orders) }));
    },

    /**
     * Orders by placement ('' none), language and the placement's name, from `first` to `to` in one
     * pass, split at `split` as `dishes` splits (`last_day` null: the name only before it).
     */
    async sources(restaurantId: string, first: string, split: string, to: string) {
      const rows = await q
        .selectFrom('report_sources')
        .select([
          'placement_id',
          'language',
          'name',
          sql<string | null>`max(case when day >= ${split} then day end)`.as('last_day'),
          sql<number>`sum(case when day >= ${split} then orders else 0 end)`.as('orders'),
          sql<number>`sum(case when day < ${split} then orders else 0 end)`.as('previous_orders'),
        ])
        .where(inPeriod([restaurantId], first, to))
        .groupBy(['placement_id', 'language', 'name'])
        .execute();
      return rows.map((r) => ({
        placement_id: r.placement_id,
        language: r.language,
        name: r.name,
        last_day: r.last_day === null ? null : String(r.last_day),
        orders: n(r.orders),
        previous_orders: n(r.previous_orders),
      }));
    },

    async rejects(restaurantId: string, from: string, to: string) {
      const rows = await q
        .selectFrom('report_rejects')
        .select((eb) => [
          'reason',
          eb.fn.sum<number>('orders').as('orders'),
          eb.fn.sum<number>('amount').as('amount'),
        ])
        .where(inPeriod([restaurantId], from, to))
        .groupBy('reason')
        .execute();
      return rows.map((r) => ({ reason: r.reason, orders: n(r.orders), amount: n(r.amount) }));
    },

    async stops(restaurantId: string, from: string, to: string) {
      const rows = await q
        .selectFrom('report_stops')
        .select((eb) => [
          'product_id',
          'name',
          eb.fn.max('day').as('last_day'),
          eb.fn.sum<number>('stops').as('stops'),
        ])
        .where(inPeriod([restaurantId], from, to))
        .groupBy(['product_id', 'name'])
        .execute();
      return rows.map((r) => ({
        product_id: r.product_id,
        name: r.name,
        last_day: String(r.last_day),
        stops: n(r.stops),
      }));
    },

    /** The restaurants of these ids that exist, with their names. */
    async restaurantNames(ids: Restaurants) {
      let qb = q.selectFrom('restaurants').select(['id', 'name']);
      if (ids) {
        if (ids.length === 0) return [];
        const out: { id: string; name: string }[] = [];
        for (const part of chunks(ids)) out.push(...(await qb.where('id', 'in', part).execute()));
        return out;
      }
      qb = qb.orderBy('name').orderBy('id');
      return qb.execute();
    },
  };
}

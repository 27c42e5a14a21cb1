/**
 * The live streams' log (docs/ORDERS.md, "Live updates"): one row per change of an order or a
 * call, numbered by the database's own sequence, written in the change's transaction. A stream
 * replays from a number; a server's hub reads what is newer than what it has seen.
 *
 * On PostgreSQL the numbers are taken from a sequence when a row is inserted, and transactions may
 * commit in another order: a reader that saw 11 could miss 10 committed a moment later. So the
 * insert first takes a transaction-level advisory lock (released at commit): event writers
 * commit one at a time in number order, and whoever sees a number sees every smaller one.
 * SQLite has one writer at a time anyway.
 */
import { sql } from 'kysely';
import type { Dialect, Q } from './query';

export type EventKind = 'order' | 'call';

export interface EventRow {
  seq: number;
  restaurant_id: string;
  kind: string;
  entity_id: string;
}

const COLUMNS = ['seq', 'restaurant_id', 'kind', 'entity_id'] as const;

export function orderEventsRepository(q: Q, dialect: Dialect) {
  /** The events after `seq`, in order, at most `limit`: every one, or one restaurant's or one order's. */
  async function eventsAfter(
    seq: number,
    limit: number,
    only?: readonly ['restaurant_id' | 'entity_id', string],
  ): Promise<EventRow[]> {
    let query = q.selectFrom('order_events').select(COLUMNS).where('seq', '>', seq);
    if (only) query = query.where(only[0], '=', only[1]);
    const rows = await query.orderBy('seq').limit(limit).execute();
    return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
  }
  return {
    /** Appends an event (inside the change's transaction); its number is the database's. */
    async append(restaurantId: string, kind: EventKind, entityId: string, at: string): Promise<number> {
      if (dialect === 'postgres') {
        // the lock and the insert in one statement, one round trip: a subquery in FROM with a
        // volatile function is neither flattened nor dropped, so it runs (and waits) before the
        // row's number is drawn from the sequence
        const { rows } = await sql<{ seq: string | number }>`
          insert into order_events (restaurant_id, kind, entity_id, created_at)
          select ${restaurantId}, ${kind}, ${entityId}, ${at}
          from (select pg_advisory_xact_lock(hashtext('qrmenu.order_events.' || current_schema()))) as turn
          returning seq`.execute(q);
        return Number(rows[0]?.seq);
      }
      const row = await q
        .insertInto('order_events')
        .values({ restaurant_id: restaurantId, kind, entity_id: entityId, created_at: at })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return Number(row.seq);
    },

    /** Every event after `seq`, in order, at most `limit` (a hub's read). */
    after: (seq: number, limit: number): Promise<EventRow[]> => eventsAfter(seq, limit),

    /** A restaurant's events after `seq`, in order (a staff stream's replay). */
    ofRestaurantAfter: (restaurantId: string, seq: number, limit: number): Promise<EventRow[]> =>
      eventsAfter(seq, limit, ['restaurant_id', restaurantId]),

    /** One order's events after `seq`, in order (a guest's replay). */
    ofEntityAfter: (entityId: string, seq: number, limit: number): Promise<EventRow[]> =>
      eventsAfter(seq, limit, ['entity_id', entityId]),

    /** The smallest and largest numbers kept (null when there is none). */
    async bounds(): Promise<{ min: number | null; max: number | null }> {
      const row = await q
        .selectFrom('order_events')
        .select((eb) => [eb.fn.min('seq').as('min'), eb.fn.max('seq').as('max')])
        .executeTakeFirst();
      return {
        min: row?.min == null ? null : Number(row.min),
        max: row?.max == null ? null : Number(row.max),
      };
    },

    /**
     * Deletes events made before `before`, always keeping the newest (so the kept bounds say
     * how far back a replay can go).
     */
    async prune(before: string): Promise<number> {
      const newest = await q
        .selectFrom('order_events')
        .select((eb) => eb.fn.max('seq').as('max'))
        .executeTakeFirst();
      if (newest?.max == null) return 0;
      const res = await q
        .deleteFrom('order_events')
        .where('created_at', '<', before)
        .where('seq', '<', Number(newest.max))
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

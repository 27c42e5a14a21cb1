/**
 * Guests' orders from the table (docs/ORDERS.md):
 * - `restaurants.takes_orders`, `placements.takes_orders`: the ordering switches, off by default;
 * - `orders`: each order with a snapshot of its lines (JSON text: one write, and later menu edits
 *   do not change what was ordered), unique per restaurant and idempotency key (a retry makes no
 *   second order) and per restaurant, day and number;
 * - `order_day_numbers`: the last number given per restaurant and Tashkent day (`#1`, `#2`, ...);
 * - `order_events`: the live streams' log, numbered by the database (a reconnect replays from a
 *   number), kept a day;
 * - `table_calls`: waiter calls and bill requests, one pending per table and kind (a partial
 *   unique index, so two servers cannot both add one).
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  addColumns,
  createIndex,
  createTable,
  double,
  dropColumns,
  dropTables,
  flag,
  id,
  integer,
  restaurantId,
  sequence,
  text,
  timestamps,
} from './migration-kit';

/** A table's placement: the order or call stays when the placement is deleted. */
const placementId = text.references('placements.id', 'set null');

export const ordersMigration: Migration = {
  async up(db) {
    for (const table of ['restaurants', 'placements']) await addColumns(db, table, { takes_orders: flag(0) });

    await createTable(db, 'orders', {
      id,
      restaurant_id: restaurantId,
      day: text.notNull,
      number: integer.notNull,
      placement_id: placementId,
      table_name: text.notNull,
      status: text.notNull,
      reject_reason: text,
      language: text.notNull,
      comment: text,
      items: text.notNull,
      total: double.notNull,
      idempotency_key: text.notNull,
      guest_key: text.notNull,
      client_address: text,
      ...timestamps,
    });
    await createIndex(
      db,
      'orders_restaurant_idempotency_uq',
      'orders',
      ['restaurant_id', 'idempotency_key'],
      {
        unique: true,
      },
    );
    // the day's list (newest first) and the history's per-day totals
    await createIndex(db, 'orders_restaurant_day_number_uq', 'orders', ['restaurant_id', 'day', 'number'], {
      unique: true,
    });
    // orders per table in the last minute (the limit every server counts alike)
    await createIndex(db, 'orders_placement_created_idx', 'orders', ['placement_id', 'created_at']);

    await createTable(
      db,
      'order_day_numbers',
      { restaurant_id: restaurantId, day: text.notNull, last: integer.notNull },
      { primaryKey: ['restaurant_id', 'day'] },
    );

    await createTable(db, 'table_calls', {
      id,
      restaurant_id: restaurantId,
      placement_id: placementId,
      table_name: text.notNull,
      kind: text.notNull,
      status: text.notNull,
      created_at: text.notNull,
      done_at: text,
    });
    await sql`create unique index table_calls_pending_uq on table_calls (placement_id, kind) where status = 'pending'`.execute(
      db,
    );
    await createIndex(db, 'table_calls_restaurant_status_idx', 'table_calls', ['restaurant_id', 'status']);
    await createIndex(db, 'table_calls_placement_created_idx', 'table_calls', ['placement_id', 'created_at']);

    // the sequence is the database's own: every server numbers events on one line
    await createTable(db, 'order_events', {
      seq: sequence(db),
      restaurant_id: text.notNull,
      kind: text.notNull,
      entity_id: text.notNull,
      created_at: text.notNull,
    });
    // a staff stream's replay, and a guest's (one order's events)
    await createIndex(db, 'order_events_restaurant_seq_idx', 'order_events', ['restaurant_id', 'seq']);
    await createIndex(db, 'order_events_entity_seq_idx', 'order_events', ['entity_id', 'seq']);
    await createIndex(db, 'order_events_created_idx', 'order_events', ['created_at']);
  },
  async down(db) {
    await dropTables(db, ['order_events', 'table_calls', 'order_day_numbers', 'orders']);
    for (const table of ['placements', 'restaurants']) await dropColumns(db, table, ['takes_orders']);
  },
};

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
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const ordersMigration: Migration = {
  async up(db: AnyDb) {
    for (const table of ['restaurants', 'placements']) {
      await db.schema
        .alterTable(table)
        .addColumn('takes_orders', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('placement_id', 'text', (c) => c.references('placements.id').onDelete('set null'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reject_reason', 'text')
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('comment', 'text')
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('total', 'double precision', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('guest_key', 'text', (c) => c.notNull())
      .addColumn('client_address', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('orders_restaurant_idempotency_uq')
      .on('orders')
      .columns(['restaurant_id', 'idempotency_key'])
      .unique()
      .execute();
    // the day's list (newest first) and the history's per-day totals
    await db.schema
      .createIndex('orders_restaurant_day_number_uq')
      .on('orders')
      .columns(['restaurant_id', 'day', 'number'])
      .unique()
      .execute();
    // orders per table in the last minute (the limit every server counts alike)
    await db.schema
      .createIndex('orders_placement_created_idx')
      .on('orders')
      .columns(['placement_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('order_day_numbers')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_day_numbers_pk', ['restaurant_id', 'day'])
      .execute();

    await db.schema
      .createTable('table_calls')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('placement_id', 'text', (c) => c.references('placements.id').onDelete('set null'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .execute();
    await sql`create unique index table_calls_pending_uq on table_calls (placement_id, kind) where status = 'pending'`.execute(
      db,
    );
    await db.schema
      .createIndex('table_calls_restaurant_status_idx')
      .on('table_calls')
      .columns(['restaurant_id', 'status'])
      .execute();
    await db.schema
      .createIndex('table_calls_placement_created_idx')
      .on('table_calls')
      .columns(['placement_id', 'created_at'])
      .execute();

    // the sequence is the database's own: every server numbers events on one line
    const postgres = isPostgres(db);
    await db.schema
      .createTable('order_events')
      .addColumn('seq', postgres ? 'bigint' : 'integer', (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('restaurant_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // a staff stream's replay, and a guest's (one order's events)
    await db.schema
      .createIndex('order_events_restaurant_seq_idx')
      .on('order_events')
      .columns(['restaurant_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('order_events_entity_seq_idx')
      .on('order_events')
      .columns(['entity_id', 'seq'])
      .execute();
    await db.schema.createIndex('order_events_created_idx').on('order_events').column('created_at').execute();
  },
  async down(db: AnyDb) {
    for (const table of ['order_events', 'table_calls', 'order_day_numbers', 'orders']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    for (const table of ['placements', 'restaurants']) {
      await db.schema.alterTable(table).dropColumn('takes_orders').execute();
    }
  },
};

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

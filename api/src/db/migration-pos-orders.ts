/**
 * Guests' orders into the POS (docs/ORDERS.md, "Into the POS"):
 * - `integration_accounts.orders_send`: when a POS restaurant's orders go into its POS (`off`,
 *   `accepted`, `at_once`); `terminal_group_id`: the iiko terminal group its tables belong to;
 * - `placements.pos_table_id`: the POS's table a placement (a table's QR code) stands for;
 * - `order_pos`: an order's way into the POS, one row per order, queued in `seq` order (a
 *   restaurant's orders go in that order), with its state, the POS's ids, a refusal's lines, the
 *   attempts and the next try (ms since 1970; null: none planned); `received`: the POS holds it
 *   and only its decision is awaited (it no longer holds the orders after it).
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const posOrdersMigration: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .alterTable('integration_accounts')
      .addColumn('orders_send', 'text', (c) => c.notNull().defaultTo('off'))
      .execute();
    await db.schema.alterTable('integration_accounts').addColumn('terminal_group_id', 'text').execute();
    await db.schema.alterTable('placements').addColumn('pos_table_id', 'text').execute();
    await db.schema
      .createTable('order_pos')
      .addColumn('seq', postgres ? 'bigint' : 'integer', (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('ticket', 'text')
      .addColumn('pos_order_id', 'text')
      .addColumn('pos_number', 'text')
      .addColumn('pos_total', 'double precision')
      .addColumn('reason', 'text')
      .addColumn('refused_lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint')
      .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // a restaurant's queue: what is still on its way, oldest first
    await sql`create index order_pos_open_idx on order_pos (restaurant_id, seq) where state in ('waiting', 'sending', 'pending', 'failed')`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('order_pos').ifExists().execute();
    await db.schema.alterTable('placements').dropColumn('pos_table_id').execute();
    await db.schema.alterTable('integration_accounts').dropColumn('terminal_group_id').execute();
    await db.schema.alterTable('integration_accounts').dropColumn('orders_send').execute();
  },
};

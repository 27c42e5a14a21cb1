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
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  addColumns,
  bigint,
  createTable,
  double,
  dropColumns,
  dropTables,
  flag,
  integer,
  restaurantId,
  sequence,
  text,
  timestamps,
} from './migration-kit';

export const posOrdersMigration: Migration = {
  async up(db) {
    await addColumns(db, 'integration_accounts', {
      orders_send: text.notNull.default('off'),
      terminal_group_id: text,
    });
    await addColumns(db, 'placements', { pos_table_id: text });
    await createTable(db, 'order_pos', {
      seq: sequence(db),
      order_id: text.notNull.unique.references('orders.id', 'cascade'),
      restaurant_id: restaurantId,
      state: text.notNull,
      ticket: text,
      pos_order_id: text,
      pos_number: text,
      pos_total: double,
      reason: text,
      refused_lines: text.notNull.default('[]'),
      attempts: integer.notNull.default(0),
      next_at: bigint,
      received: flag(0),
      ...timestamps,
    });
    // a restaurant's queue: what is still on its way, oldest first
    await sql`create index order_pos_open_idx on order_pos (restaurant_id, seq) where state in ('waiting', 'sending', 'pending', 'failed')`.execute(
      db,
    );
  },
  async down(db) {
    await dropTables(db, ['order_pos']);
    await dropColumns(db, 'placements', ['pos_table_id']);
    await dropColumns(db, 'integration_accounts', ['terminal_group_id', 'orders_send']);
  },
};

/**
 * A bill's payment recorded in the POS as an external payment (docs/PAYMENTS.md, "Into the POS"):
 * `payment_pos`, one row per payment and POS order (a bill's orders may sit in several POS orders),
 * queued in the transaction that marks the bill paid; its id is made from our payment's id, so a
 * payment is queued once. `amount` in tiyin; `state`: `waiting` (a try due at `next_at`),
 * `pending` (the POS is working on it: `ticket`), `recorded`, `failed` (the POS down: tried again
 * at `next_at`; a refused token: `next_at` null, the staff told), `refused` (the POS said no).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const paymentPosMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('payment_pos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('pos_order_id', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('ticket', 'text')
      .addColumn('reason', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_pos_bill_idx').on('payment_pos').column('bill_id').execute();
    await db.schema
      .createIndex('payment_pos_due_idx')
      .on('payment_pos')
      .columns(['state', 'next_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('payment_pos').ifExists().execute();
  },
};

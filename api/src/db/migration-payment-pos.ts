/**
 * A bill's payment recorded in the POS as an external payment (docs/PAYMENTS.md, "Into the POS"):
 * `payment_pos`, one row per payment and POS order (a bill's orders may sit in several POS orders),
 * queued in the transaction that marks the bill paid; its id is made from our payment's id, so a
 * payment is queued once. `amount` in tiyin; `state`: `waiting` (a try due at `next_at`),
 * `pending` (the POS is working on it: `ticket`), `recorded`, `failed` (the POS down: tried again
 * at `next_at`; a refused token: `next_at` null, the staff told), `refused` (the POS said no).
 */
import type { Migration } from 'kysely/migration';
import {
  bigint,
  createIndex,
  createTable,
  dropTables,
  id,
  integer,
  restaurantId,
  text,
  timestamps,
} from './migration-kit';

export const paymentPosMigration: Migration = {
  async up(db) {
    await createTable(db, 'payment_pos', {
      id,
      restaurant_id: restaurantId,
      bill_id: text.notNull.references('bills.id', 'cascade'),
      method: text.notNull,
      pos_order_id: text.notNull,
      amount: bigint.notNull,
      state: text.notNull,
      ticket: text,
      reason: text,
      attempts: integer.notNull.default(0),
      next_at: bigint,
      ...timestamps,
    });
    await createIndex(db, 'payment_pos_bill_idx', 'payment_pos', ['bill_id']);
    await createIndex(db, 'payment_pos_due_idx', 'payment_pos', ['state', 'next_at']);
  },
  async down(db) {
    await dropTables(db, ['payment_pos']);
  },
};

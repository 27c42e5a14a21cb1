/**
 * `payment_releases` (docs/PAYMENTS.md, "A hold that ends"): a payment's hold on its bill ended
 * before the payment finished, by its time running out (Payme's 12 hours, Click's 30 minutes) or
 * by an admin with a reason: which transaction, of which bill, why, who and when.
 */
import type { Migration } from 'kysely/migration';
import { createIndex, createTable, dropTables, id, restaurantId, text } from './migration-kit';

export const paymentReleasesMigration: Migration = {
  async up(db) {
    await createTable(db, 'payment_releases', {
      id,
      restaurant_id: restaurantId,
      bill_id: text.notNull.references('bills.id', 'cascade'),
      method: text.notNull,
      transaction_id: text.notNull,
      cause: text.notNull,
      reason: text,
      released_by: text.references('users.id', 'set null'),
      released_at: text.notNull,
    });
    await createIndex(db, 'payment_releases_restaurant_idx', 'payment_releases', [
      'restaurant_id',
      'released_at',
    ]);
  },
  async down(db) {
    await dropTables(db, ['payment_releases']);
  },
};

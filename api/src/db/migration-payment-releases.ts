/**
 * `payment_releases` (docs/PAYMENTS.md, "A hold that ends"): a payment's hold on its bill ended
 * before the payment finished, by its time running out (Payme's 12 hours, Click's 30 minutes) or
 * by an admin with a reason: which transaction, of which bill, why, who and when.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const paymentReleasesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('payment_releases')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('cause', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('released_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('released_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payment_releases_restaurant_idx')
      .on('payment_releases')
      .columns(['restaurant_id', 'released_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('payment_releases').ifExists().execute();
  },
};

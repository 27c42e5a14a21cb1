/**
 * The payments' daily statement (docs/PAYMENTS.md, "Reconciliation"): `payment_statements`, one
 * row per restaurant, Tashkent day and method, built by the nightly run (or «Hisobotni
 * yangilash») and rebuilt in place, so building a day twice leaves one row. Amounts in tiyin.
 * `differences` is the JSON list of what does not agree (shared `statementDifference`);
 * `provider` the provider's list the admin added for the day (JSON, null until then), kept so a
 * rebuild compares it again; `notified_at` when the staff's chat was told of the differences
 * (once per row).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const paymentStatementsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('payment_statements')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('refunds', 'integer', (c) => c.notNull())
      .addColumn('refunds_total', 'bigint', (c) => c.notNull())
      .addColumn('difference_count', 'integer', (c) => c.notNull())
      .addColumn('differences', 'text', (c) => c.notNull())
      .addColumn('provider', 'text')
      .addColumn('provider_at', 'text')
      .addColumn('built_at', 'text', (c) => c.notNull())
      .addColumn('notified_at', 'text')
      .addPrimaryKeyConstraint('payment_statements_pk', ['restaurant_id', 'day', 'method'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('payment_statements').ifExists().execute();
  },
};

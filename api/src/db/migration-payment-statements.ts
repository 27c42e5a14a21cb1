/**
 * The payments' daily statement (docs/PAYMENTS.md, "Reconciliation"): `payment_statements`, one
 * row per restaurant, Tashkent day and method, built by the nightly run (or «Hisobotni
 * yangilash») and rebuilt in place, so building a day twice leaves one row. Amounts in tiyin.
 * `differences` is the JSON list of what does not agree (shared `statementDifference`);
 * `provider` the provider's list the admin added for the day (JSON, null until then), kept so a
 * rebuild compares it again; `notified_at` when the staff's chat was told of the differences
 * (once per row).
 */
import type { Migration } from 'kysely/migration';
import { bigint, createTable, dropTables, integer, restaurantId, text } from './migration-kit';

export const paymentStatementsMigration: Migration = {
  async up(db) {
    await createTable(
      db,
      'payment_statements',
      {
        restaurant_id: restaurantId,
        day: text.notNull,
        method: text.notNull,
        count: integer.notNull,
        total: bigint.notNull,
        refunds: integer.notNull,
        refunds_total: bigint.notNull,
        difference_count: integer.notNull,
        differences: text.notNull,
        provider: text,
        provider_at: text,
        built_at: text.notNull,
        notified_at: text,
      },
      { primaryKey: ['restaurant_id', 'day', 'method'] },
    );
  },
  async down(db) {
    await dropTables(db, ['payment_statements']);
  },
};

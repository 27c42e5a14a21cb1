/**
 * Paying the table's bill from the phone (docs/PAYMENTS.md). Every amount is an integer number of
 * tiyin (`bigint`), never a float:
 * - `payment_accounts`: a restaurant's merchant credentials, the secrets sealed for it
 *   (integration/secrets.ts) like the POS's; a provider without its credentials is off;
 * - `bills`: a table's bill, the orders it covers (`orders.bill_id`) and its amount, fixed once a
 *   payment began; one open bill per table (a partial unique index, so two servers cannot both
 *   open one);
 * - `orders.bill_id` and the copy of the bill's payment on its orders (`payment_*`), so every
 *   reader of an order (the board, the guest's page, the live streams, Telegram) sees it paid
 *   without a join; the bill is the record, the copy is written in the same transaction;
 * - `payme_transactions`: Payme's transactions, Payme's id unique, their states and times as
 *   first answered (a repeated call answers them again);
 * - `click_transactions`: Click's, `click_trans_id` unique; `prepare_id` is the number answered
 *   as `merchant_prepare_id` (the database's own sequence).
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  type AnyDb,
  addColumns,
  bigint,
  createIndex,
  createTable,
  dropColumns,
  dropIndexes,
  dropTables,
  id,
  integer,
  restaurantId,
  restaurantKey,
  sequence,
  text,
  timestamps,
} from './migration-kit';

const billId = text.notNull.references('bills.id', 'cascade');

/**
 * Payme's and Click's transactions as this migration made them: 0031 (migration-payment-keys.ts)
 * builds them again on SQLite from these, with their keys per restaurant or, undoing, as here.
 */
export const paymeTransactions = {
  id,
  restaurant_id: restaurantId,
  bill_id: billId,
  transaction: text.notNull.unique,
  time: bigint.notNull,
  amount: bigint.notNull,
  account: text.notNull,
  state: integer.notNull,
  reason: integer,
  create_time: bigint.notNull,
  perform_time: bigint.notNull.default(0),
  cancel_time: bigint.notNull.default(0),
};
export const clickTransactions = (db: AnyDb) => ({
  prepare_id: sequence(db),
  click_trans_id: text.notNull.unique,
  click_paydoc_id: text,
  restaurant_id: restaurantId,
  bill_id: billId,
  amount: bigint.notNull,
  status: text.notNull,
  created_at: text.notNull,
  completed_at: text,
  cancelled_at: text,
});

export const paymentsMigration: Migration = {
  async up(db) {
    await createTable(db, 'payment_accounts', {
      restaurant_id: restaurantKey,
      payme_merchant_id: text,
      payme_key_enc: text,
      click_service_id: text,
      click_merchant_id: text,
      click_secret_enc: text,
      updated_at: text.notNull,
    });

    await createTable(db, 'bills', {
      id,
      restaurant_id: restaurantId,
      placement_id: text.references('placements.id', 'set null'),
      table_name: text.notNull,
      amount: bigint.notNull,
      status: text.notNull,
      paid_method: text,
      paid_at: text,
      ...timestamps,
    });
    await sql`create unique index bills_open_uq on bills (placement_id) where status = 'open'`.execute(db);
    await createIndex(db, 'bills_restaurant_idx', 'bills', ['restaurant_id', 'created_at']);

    await addColumns(db, 'orders', {
      bill_id: text,
      payment_status: text,
      payment_method: text,
      payment_amount: bigint,
      payment_at: text,
    });
    await createIndex(db, 'orders_bill_idx', 'orders', ['bill_id']);

    await createTable(db, 'payme_transactions', paymeTransactions);
    await createIndex(db, 'payme_transactions_statement_idx', 'payme_transactions', [
      'restaurant_id',
      'time',
    ]);
    await createIndex(db, 'payme_transactions_bill_idx', 'payme_transactions', ['bill_id']);

    await createTable(db, 'click_transactions', clickTransactions(db));
    await createIndex(db, 'click_transactions_bill_idx', 'click_transactions', ['bill_id']);
    await createIndex(db, 'click_transactions_restaurant_idx', 'click_transactions', [
      'restaurant_id',
      'created_at',
    ]);
  },
  async down(db) {
    await dropTables(db, ['click_transactions', 'payme_transactions']);
    await dropIndexes(db, ['orders_bill_idx']);
    await dropColumns(db, 'orders', [
      'payment_at',
      'payment_amount',
      'payment_method',
      'payment_status',
      'bill_id',
    ]);
    await dropTables(db, ['bills', 'payment_accounts']);
  },
};

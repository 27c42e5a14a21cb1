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
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const paymentsMigration: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('payment_accounts')
      .addColumn('restaurant_id', 'text', (c) =>
        c.primaryKey().references('restaurants.id').onDelete('cascade'),
      )
      .addColumn('payme_merchant_id', 'text')
      .addColumn('payme_key_enc', 'text')
      .addColumn('click_service_id', 'text')
      .addColumn('click_merchant_id', 'text')
      .addColumn('click_secret_enc', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('bills')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('placement_id', 'text', (c) => c.references('placements.id').onDelete('set null'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('paid_method', 'text')
      .addColumn('paid_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index bills_open_uq on bills (placement_id) where status = 'open'`.execute(db);
    await db.schema
      .createIndex('bills_restaurant_idx')
      .on('bills')
      .columns(['restaurant_id', 'created_at'])
      .execute();

    await db.schema.alterTable('orders').addColumn('bill_id', 'text').execute();
    await db.schema.alterTable('orders').addColumn('payment_status', 'text').execute();
    await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
    await db.schema.alterTable('orders').addColumn('payment_amount', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('payment_at', 'text').execute();
    await db.schema.createIndex('orders_bill_idx').on('orders').column('bill_id').execute();

    await db.schema
      .createTable('payme_transactions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id').onDelete('cascade'))
      .addColumn('transaction', 'text', (c) => c.notNull().unique())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('reason', 'integer')
      .addColumn('create_time', 'bigint', (c) => c.notNull())
      .addColumn('perform_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cancel_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('payme_transactions_statement_idx')
      .on('payme_transactions')
      .columns(['restaurant_id', 'time'])
      .execute();
    await db.schema
      .createIndex('payme_transactions_bill_idx')
      .on('payme_transactions')
      .column('bill_id')
      .execute();

    await db.schema
      .createTable('click_transactions')
      .addColumn('prepare_id', postgres ? 'bigint' : 'integer', (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('click_trans_id', 'text', (c) => c.notNull().unique())
      .addColumn('click_paydoc_id', 'text')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('bill_id', 'text', (c) => c.notNull().references('bills.id').onDelete('cascade'))
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .addColumn('cancelled_at', 'text')
      .execute();
    await db.schema
      .createIndex('click_transactions_bill_idx')
      .on('click_transactions')
      .column('bill_id')
      .execute();
    await db.schema
      .createIndex('click_transactions_restaurant_idx')
      .on('click_transactions')
      .columns(['restaurant_id', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['click_transactions', 'payme_transactions']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.dropIndex('orders_bill_idx').ifExists().execute();
    for (const column of ['payment_at', 'payment_amount', 'payment_method', 'payment_status', 'bill_id']) {
      await db.schema.alterTable('orders').dropColumn(column).execute();
    }
    await db.schema.dropTable('bills').ifExists().execute();
    await db.schema.dropTable('payment_accounts').ifExists().execute();
  },
};

/**
 * The restaurants' Telegram bots (docs/TELEGRAM.md):
 * - `telegram_bots`: a restaurant's checked bot and chat (the token itself stays sealed in
 *   `restaurants.bot_token`), its webhook's secret (sealed), and how far it has read the orders'
 *   events (`events_seq`: what happened after it was set up is posted, nothing before);
 * - `telegram_outbox`: every message to send or edit, one row each, sent in `seq` order per
 *   restaurant and marked sent once; a post of an order or a call has a `post_key` unique per
 *   restaurant, so a second one can never be queued;
 * - `telegram_updates`: the updates handled, by `update_id` (unique per restaurant): an update
 *   delivered twice, or to two servers, is handled once.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const telegramMigration: Migration = {
  async up(db: AnyDb) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('telegram_bots')
      .addColumn('restaurant_id', 'text', (c) =>
        c.primaryKey().references('restaurants.id').onDelete('cascade'),
      )
      .addColumn('bot_id', 'text', (c) => c.notNull())
      .addColumn('bot_username', 'text', (c) => c.notNull())
      .addColumn('chat_id', 'text')
      .addColumn('chat_title', 'text')
      .addColumn('webhook_secret_enc', 'text')
      .addColumn('events_seq', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('telegram_outbox')
      .addColumn('seq', postgres ? 'bigint' : 'integer', (c) =>
        postgres ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('post_key', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('message_id', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema
      .createIndex('telegram_outbox_post_uq')
      .unique()
      .on('telegram_outbox')
      .columns(['restaurant_id', 'post_key'])
      .execute();
    await sql`create index telegram_outbox_pending_idx on telegram_outbox (restaurant_id, seq) where status = 'pending'`.execute(
      db,
    );
    await db.schema
      .createTable('telegram_updates')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('update_id', 'bigint', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('telegram_updates_pk', ['restaurant_id', 'update_id'])
      .execute();
    await db.schema
      .createIndex('telegram_updates_received_idx')
      .on('telegram_updates')
      .column('received_at')
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['telegram_updates', 'telegram_outbox', 'telegram_bots']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

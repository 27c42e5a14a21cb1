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
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  bigint,
  createIndex,
  createTable,
  dropTables,
  integer,
  restaurantId,
  restaurantKey,
  sequence,
  text,
  timestamps,
} from './migration-kit';

export const telegramMigration: Migration = {
  async up(db) {
    await createTable(db, 'telegram_bots', {
      restaurant_id: restaurantKey,
      bot_id: text.notNull,
      bot_username: text.notNull,
      chat_id: text,
      chat_title: text,
      webhook_secret_enc: text,
      events_seq: bigint.notNull.default(0),
      ...timestamps,
    });
    await createTable(db, 'telegram_outbox', {
      seq: sequence(db),
      restaurant_id: restaurantId,
      kind: text.notNull,
      ref: text.notNull,
      post_key: text,
      payload: text.notNull,
      status: text.notNull,
      attempts: integer.notNull.default(0),
      next_at: bigint.notNull,
      message_id: bigint,
      last_error: text,
      created_at: text.notNull,
      sent_at: text,
    });
    await createIndex(db, 'telegram_outbox_post_uq', 'telegram_outbox', ['restaurant_id', 'post_key'], {
      unique: true,
    });
    await sql`create index telegram_outbox_pending_idx on telegram_outbox (restaurant_id, seq) where status = 'pending'`.execute(
      db,
    );
    await createTable(
      db,
      'telegram_updates',
      { restaurant_id: restaurantId, update_id: bigint.notNull, received_at: text.notNull },
      { primaryKey: ['restaurant_id', 'update_id'] },
    );
    await createIndex(db, 'telegram_updates_received_idx', 'telegram_updates', ['received_at']);
  },
  async down(db) {
    await dropTables(db, ['telegram_updates', 'telegram_outbox', 'telegram_bots']);
  },
};

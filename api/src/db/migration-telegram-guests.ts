/**
 * A Mini App guest's order and their Telegram (docs/TELEGRAM.md, "The menu inside Telegram";
 * docs/PRIVACY.md): `telegram_guests` keeps, per order placed from the Mini App by a guest who
 * allowed the bot to write to them, their Telegram user id (their private chat with the bot has
 * the same id) and nothing else: no name, no username, no phone. The order's statuses go there;
 * the row is forgotten with the outbox's rows (yesterday and today, or while the order is open)
 * and with its order or restaurant.
 */
import type { Migration } from 'kysely/migration';
import { createIndex, createTable, dropTables, restaurantId, text } from './migration-kit';

export const telegramGuestsMigration: Migration = {
  async up(db) {
    await createTable(db, 'telegram_guests', {
      order_id: text.primaryKey.references('orders.id', 'cascade'),
      restaurant_id: restaurantId,
      telegram_user_id: text.notNull,
      created_at: text.notNull,
    });
    await createIndex(db, 'telegram_guests_user_idx', 'telegram_guests', [
      'restaurant_id',
      'telegram_user_id',
    ]);
    await createIndex(db, 'telegram_guests_created_idx', 'telegram_guests', ['created_at']);
  },
  async down(db) {
    await dropTables(db, ['telegram_guests'], { ifExists: false });
  },
};

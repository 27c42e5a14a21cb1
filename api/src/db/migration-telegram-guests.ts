/**
 * A Mini App guest's order and their Telegram (docs/TELEGRAM.md, "The menu inside Telegram";
 * docs/PRIVACY.md): `telegram_guests` keeps, per order placed from the Mini App by a guest who
 * allowed the bot to write to them, their Telegram user id (their private chat with the bot has
 * the same id) and nothing else: no name, no username, no phone. The order's statuses go there;
 * the row is forgotten with the outbox's rows (yesterday and today, or while the order is open)
 * and with its order or restaurant.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const telegramGuestsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('telegram_guests')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('telegram_user_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('telegram_guests_user_idx')
      .on('telegram_guests')
      .columns(['restaurant_id', 'telegram_user_id'])
      .execute();
    await db.schema
      .createIndex('telegram_guests_created_idx')
      .on('telegram_guests')
      .column('created_at')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('telegram_guests').execute();
  },
};

/**
 * The chat of every message in the bots' outbox (docs/TELEGRAM.md, "A change of chat"): a
 * message id means something only in its own chat (the Bot API numbers messages per chat), so
 * `telegram_outbox.chat_id` keeps the chat a row was queued for, and an edit goes only to the chat
 * its post is in. `parts_sent` counts the parts of a message too long for one Telegram message
 * that have gone (the last part, with the buttons, is the post's own `message_id`).
 *
 * Rows already there: a waiting one was queued for the bot's chat of now; a sent one is known to
 * be in that chat only when it was sent after the bot was last saved (the chat changes only with
 * a save). Any other sent row keeps no chat, and its message is left alone.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, integer, text } from './migration-kit';

export const telegramOutboxChatMigration: Migration = {
  async up(db) {
    await addColumns(db, 'telegram_outbox', { chat_id: text, parts_sent: integer.notNull.default(0) });
    await sql`
      update telegram_outbox
      set chat_id = (select b.chat_id from telegram_bots b where b.restaurant_id = telegram_outbox.restaurant_id)
      where status = 'pending'
        or sent_at >= (select b.updated_at from telegram_bots b where b.restaurant_id = telegram_outbox.restaurant_id)
    `.execute(db);
  },
  async down(db) {
    await dropColumns(db, 'telegram_outbox', ['parts_sent', 'chat_id']);
  },
};

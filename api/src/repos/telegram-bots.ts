/** The restaurants' checked bots and chats (docs/TELEGRAM.md): one row a restaurant. */
import type { TelegramBotRow } from '../db';
import type { Q } from './query';

export function telegramBotsRepository(q: Q) {
  return {
    find: (restaurantId: string) =>
      q.selectFrom('telegram_bots').selectAll().where('restaurant_id', '=', restaurantId).executeTakeFirst(),

    /** Writes the restaurant's bot (a new one, or the checked values of the one it has). */
    async put(row: TelegramBotRow): Promise<void> {
      const { restaurant_id: _id, created_at: _created, events_seq: _seq, ...changed } = row;
      await q
        .insertInto('telegram_bots')
        .values(row)
        .onConflict((oc) => oc.column('restaurant_id').doUpdateSet(changed))
        .execute();
    },

    async remove(restaurantId: string): Promise<void> {
      await q.deleteFrom('telegram_bots').where('restaurant_id', '=', restaurantId).execute();
    },

    /**
     * Every restaurant's bot, what the outbox follows: the staff chat's posts where the bot has
     * one, the staff members' and the Mini App guests' private chats with or without it.
     */
    all: () => q.selectFrom('telegram_bots').selectAll().execute(),

    /** Moves a bot's reading of the orders' events on to `seq` (only ever forwards). */
    async advance(restaurantId: string, seq: number): Promise<void> {
      await q
        .updateTable('telegram_bots')
        .set({ events_seq: seq })
        .where('restaurant_id', '=', restaurantId)
        .where('events_seq', '<', seq)
        .execute();
    },
  };
}

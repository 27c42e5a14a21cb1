/**
 * The Telegram updates handled (docs/TELEGRAM.md): one row per restaurant and `update_id`, taken
 * before the update is handled. Telegram repeats an update it thinks was not received, and two
 * servers behind a balancer may both get it: the row is taken once, so it is handled once.
 */
import type { Q } from './query';

export function telegramUpdatesRepository(q: Q) {
  return {
    /** Takes the update: false when it was taken already (handled, or being handled). */
    async claim(restaurantId: string, updateId: number, at: string): Promise<boolean> {
      const row = await q
        .insertInto('telegram_updates')
        .values({ restaurant_id: restaurantId, update_id: updateId, received_at: at })
        .onConflict((oc) => oc.columns(['restaurant_id', 'update_id']).doNothing())
        .returning('update_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives an update back (handling it failed): Telegram's next delivery handles it. */
    async release(restaurantId: string, updateId: number): Promise<void> {
      await q
        .deleteFrom('telegram_updates')
        .where('restaurant_id', '=', restaurantId)
        .where('update_id', '=', updateId)
        .execute();
    },

    /** Forgets updates received before `before` (Telegram keeps repeating one for a day at most). */
    async prune(before: string): Promise<void> {
      await q.deleteFrom('telegram_updates').where('received_at', '<', before).execute();
    },
  };
}

/**
 * Mini App guests' orders and their Telegram user id (docs/TELEGRAM.md, "The menu inside
 * Telegram"; docs/PRIVACY.md, "A guest in Telegram"): one row per order, its guest's id only,
 * forgotten with the outbox's rows done with (made before yesterday, the order no longer open).
 */
import type { Q } from './query';

export function telegramGuestsRepository(q: Q) {
  return {
    /** Ties an order to its guest's Telegram; an order tied already keeps its first guest. */
    async add(row: {
      order_id: string;
      restaurant_id: string;
      telegram_user_id: string;
      created_at: string;
    }): Promise<void> {
      await q
        .insertInto('telegram_guests')
        .values(row)
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    },

    /** The Telegram user id of the order's guest, if the order came from the Mini App. */
    async ofOrder(orderId: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('telegram_guests')
        .select('telegram_user_id')
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row?.telegram_user_id;
    },

    /** The guest's orders at the restaurant still in `statuses`, newest first (`/orders`). */
    async openOf(restaurantId: string, telegramUserId: string, statuses: readonly string[]) {
      return q
        .selectFrom('telegram_guests as g')
        .innerJoin('orders as o', 'o.id', 'g.order_id')
        .select(['o.id', 'o.number', 'o.status', 'o.guest_key', 'o.created_at'])
        .where('g.restaurant_id', '=', restaurantId)
        .where('g.telegram_user_id', '=', telegramUserId)
        .where('o.status', 'in', [...statuses])
        .orderBy('o.created_at', 'desc')
        .limit(20)
        .execute();
    },

    /** Forgets the guests of orders made before `before` (ISO) and no longer in `openStatuses`. */
    async prune(before: string, openStatuses: readonly string[]): Promise<number> {
      const res = await q
        .deleteFrom('telegram_guests')
        .where('created_at', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('orders')
                .select('orders.id')
                .whereRef('orders.id', '=', 'telegram_guests.order_id')
                .where('orders.status', 'in', [...openStatuses]),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}

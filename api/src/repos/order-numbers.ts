/**
 * The day's order numbers: one counter row per restaurant and Tashkent day. Taking a number
 * increments the row in the order's transaction (the row stays locked until it commits), so
 * numbers are unique and without gaps whatever the number of servers.
 */
import type { Q } from './query';

export function orderNumbersRepository(q: Q) {
  return {
    async next(restaurantId: string, day: string): Promise<number> {
      const row = await q
        .insertInto('order_day_numbers')
        .values({ restaurant_id: restaurantId, day, last: 1 })
        .onConflict((oc) =>
          oc
            .columns(['restaurant_id', 'day'])
            .doUpdateSet((eb) => ({ last: eb('order_day_numbers.last', '+', 1) })),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return Number(row.last);
    },

    /** Counters of days before `day` (history keeps the orders themselves). */
    async pruneBefore(day: string): Promise<void> {
      await q.deleteFrom('order_day_numbers').where('day', '<', day).execute();
    },
  };
}

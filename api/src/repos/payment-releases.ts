/**
 * Payments' holds ended before the payments finished (docs/PAYMENTS.md, "A hold that ends"): one
 * row per released transaction, written in the transaction that released it, never changed.
 */
import type { PaymentReleaseRow } from '../db';
import type { Q } from './query';

export function paymentReleasesRepository(q: Q) {
  return {
    async add(row: PaymentReleaseRow): Promise<void> {
      await q.insertInto('payment_releases').values(row).execute();
    },

    /** A restaurant's releases, newest first. */
    async ofRestaurant(restaurantId: string, limit = 100): Promise<PaymentReleaseRow[]> {
      return q
        .selectFrom('payment_releases')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .orderBy('released_at', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

/**
 * Keeping the daily figures (docs/REPORTS.md, "How the figures are kept"). A change of an order,
 * of its payment or of the stop-list marks its restaurant's days in the change's own transaction
 * (`markDays`); a read first builds the marked days of its period again from their raw rows
 * (`refresh`), so a figure is never older than the raw rows it is read after, and a view reads
 * only the days' sums, never every order of a year.
 *
 * A rebuild replaces a day's figures whole, in one transaction holding the day's mark (PostgreSQL:
 * `FOR UPDATE`), and clears the mark only if no write marked it again meanwhile (its version):
 * a write committed during the rebuild leaves the day marked, and the next read builds it again.
 * Building a day twice gives the same rows.
 */
import { newId } from '../../db';
import type { Repositories } from '../../repos';
import type { Restaurants } from '../../repos/reports';
import { dayOf } from '../../visits/day';
import { dayFigures } from './figures';

/** Marks a restaurant's days to be built again: call in the transaction of the change. */
export async function markDays(
  trx: Repositories,
  restaurantId: string,
  days: Iterable<string>,
): Promise<void> {
  await trx.reports.markDirty(restaurantId, days);
}

/** Builds one restaurant's day from its raw rows, if it is still marked. */
export async function rebuildDay(repos: Repositories, restaurantId: string, day: string): Promise<void> {
  await repos.transaction(async (trx) => {
    const version = await trx.reports.lockDirty(restaurantId, day);
    if (version === undefined) return;
    const orders = await trx.orders.listDay(restaurantId, day);
    const billIds = [...new Set(orders.map((o) => o.bill_id).filter((b): b is string => !!b))];
    const closedBills = new Set(
      (await trx.bills.findMany(billIds)).filter((b) => b.status === 'closed').map((b) => b.id),
    );
    const stops = await trx.reports.stopsOfDay(restaurantId, day);
    await trx.reports.replaceDay(restaurantId, day, dayFigures({ orders, closedBills, stops }));
    await trx.reports.clearDirty(restaurantId, day, version);
  });
}

/** Builds the marked days of restaurants (null: every one) from `from` to `to`. */
export async function refresh(repos: Repositories, restaurants: Restaurants, from: string, to: string) {
  for (const { restaurant_id, day } of await repos.reports.dirtyDays(restaurants, from, to)) {
    await rebuildDay(repos, restaurant_id, day);
  }
}

/**
 * Products put on the stop-list (`stopped` 1) or taken off it (0), logged with their day, which is
 * marked: call in the transaction of the change.
 */
export async function logStops(
  trx: Repositories,
  restaurantId: string,
  changes: readonly { product_id: string; name: string; stopped: 0 | 1 }[],
  source: 'manager' | 'pos',
  at: string,
): Promise<void> {
  if (changes.length === 0) return;
  const day = dayOf(Date.parse(at));
  await trx.reports.logStops(
    changes.map((c) => ({
      id: newId(),
      restaurant_id: restaurantId,
      product_id: c.product_id,
      name: c.name,
      day,
      stopped: c.stopped,
      source,
      created_at: at,
    })),
  );
  await trx.reports.markDirty(restaurantId, [day]);
}

/** What the orders' parts share: the repositories, the limits and the stream hub. */
import type { Repositories } from '../../repos';
import type { ServiceContext } from '../context';
import type { AddressWindow, OrderRateLimits } from './limits';
import type { OrderLive } from './live';

export interface OrdersContext extends ServiceContext {
  limits: OrderRateLimits;
  /** The per-address counts of this process (one for the whole app, not per transaction). */
  addresses: AddressWindow;
  live: OrderLive;
}

/**
 * After a committed change: every server's streams hear of it, and now and then events older
 * than a day are deleted.
 */
export function announce(ctx: OrdersContext): void {
  ctx.live.announce();
  void ctx.live.pruneSometimes();
}

/**
 * Queues an order for the POS (docs/ORDERS.md, "Into the POS") inside the transaction that
 * places or accepts it, when the restaurant sends its orders at that moment (`when`): the
 * order's own event then shows it waiting, and the sender hears of it by the same notice.
 */
export async function queueForPos(
  trx: Repositories,
  order: { id: string; restaurant_id: string },
  when: 'accepted' | 'at_once',
  at: string,
): Promise<void> {
  const account = await trx.integrationAccounts.find(order.restaurant_id);
  if (account?.orders_send === when) await trx.orderPos.enqueue(order.id, order.restaurant_id, at);
}

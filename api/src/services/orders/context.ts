/** What the orders' parts share: the repositories, the limits and the stream hub. */
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

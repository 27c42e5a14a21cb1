/** What the orders' parts share: the repositories, the limits and the stream hub. */
import type { IntegrationAccountRow, PlacementRow } from '../../db';
import { notFound } from '../../domain/errors';
import type { Repositories } from '../../repos';
import { addressKey } from '../../state/login-rules';
import type { ServiceContext } from '../context';
import type { AddressWindow, OrderRateLimits } from './limits';
import type { OrderLive } from './live';

export interface OrdersContext extends ServiceContext {
  limits: OrderRateLimits;
  /** The per-address counts of this process (one for the whole app, not per transaction). */
  addresses: AddressWindow;
  /** Each address's lookups of tables that do not exist (limits.ts), in this process. */
  tableMisses: AddressWindow;
  live: OrderLive;
}

/**
 * The table a guest's request names (its placement), or 404; a miss counts against the address,
 * and an address past its misses is refused every table (429) before anything is read, so that
 * the answers cannot tell it a code exists (docs/ORDERS.md, "Limits").
 */
export async function guestTableOf(
  ctx: OrdersContext,
  placementId: string,
  address: string,
): Promise<PlacementRow> {
  const [placement] = await guestTableAnd(ctx, placementId, address, async () => undefined);
  return placement;
}

/** The same, with another read made beside the table's (one round trip, not two). */
export async function guestTableAnd<T>(
  ctx: OrdersContext,
  placementId: string,
  address: string,
  alongside: () => Promise<T>,
): Promise<[PlacementRow, T]> {
  const key = addressKey(address);
  const { tableMissesPerAddress: max } = ctx.limits;
  ctx.tableMisses.refuseIfPast(key, max, 'unknown tables');
  const [placement, other] = await Promise.all([ctx.repos.placements.find(placementId), alongside()]);
  if (placement) return [placement, other];
  ctx.tableMisses.take(key, max, 'unknown tables');
  throw notFound('Table not found');
}

/**
 * After a committed change: every server's streams hear of it, and now and then events older
 * than a day are deleted.
 */
export function announce(ctx: OrdersContext): void {
  ctx.live.announce();
  void ctx.live.pruneSometimes();
}

/** Whether a restaurant (its integration account as read) sends its orders to the POS at `when`. */
export const sendsToPosAt = (
  account: Pick<IntegrationAccountRow, 'orders_send'> | undefined,
  when: 'accepted' | 'at_once',
): boolean => account?.orders_send === when;

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
  if (sendsToPosAt(account, when)) await trx.orderPos.enqueue(order.id, order.restaurant_id, at);
}

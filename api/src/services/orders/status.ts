/**
 * An order's life (docs/ORDERS.md, "The order's life"): only the edges of `ORDER_TRANSITIONS`;
 * a reason is required to reject (the guest reads it). An accept and a ready keep their time on the
 * order, and the order's day is marked for the reports (services/reports/build.ts). Another move answers 409 and changes
 * nothing; two staff tapping at once: the first move wins, the second answers 409. The move and
 * its stream event are one transaction.
 */
import { canMoveOrder, type Order, type OrderStatus } from '@qrmenu/shared/schemas';
import { now } from '../../db';
import { badRequest, conflict } from '../../http/errors';
import { toOrder } from '../../repos/orders';
import { type AssertOwner, owned } from '../context';
import { markDays } from '../reports/build';
import { announce, type OrdersContext, queueForPos } from './context';

export async function moveOrder(
  ctx: OrdersContext,
  id: string,
  body: { status: Exclude<OrderStatus, 'sent'>; reason?: string | undefined },
  assertOwner: AssertOwner,
): Promise<Order> {
  const row = await owned(await ctx.repos.orders.find(id), 'Order not found', assertOwner);
  const to = body.status;
  if (to === 'rejected' && !body.reason) {
    throw badRequest('A reason is required to reject', [{ path: 'reason', message: 'Required' }]);
  }
  const from = row.status as OrderStatus;
  if (!canMoveOrder(from, to)) throw conflict(`An order ${from} cannot become ${to}`);
  const reason = to === 'rejected' ? (body.reason ?? null) : row.reject_reason;
  const at = now();
  const moved = await ctx.repos.transaction(async (trx) => {
    const stamp = to === 'accepted' ? 'accepted_at' : to === 'ready' ? 'ready_at' : undefined;
    if (!(await trx.orders.moveStatus(row.id, from, to, reason, at, stamp))) return false;
    await markDays(trx, row.restaurant_id, [row.day]);
    if (to === 'accepted') await queueForPos(trx, row, 'accepted', at);
    await trx.orderEvents.append(row.restaurant_id, 'order', row.id, at);
    return true;
  });
  if (!moved) throw conflict('The order was changed meanwhile');
  announce(ctx);
  return toOrder(
    { ...row, status: to, reject_reason: reason, updated_at: at },
    await ctx.repos.orderPos.find(row.id),
    undefined,
    (await ctx.repos.telegramOutbox.post(row.restaurant_id, `order:${row.id}`)) ?? null,
  );
}

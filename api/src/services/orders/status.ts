/**
 * An order's life (docs/ORDERS.md, "The order's life"): only the edges of `ORDER_TRANSITIONS`;
 * a reason is required to reject (the guest reads it). An accept and a ready keep their time on the
 * order, and the order's day is marked for the reports (services/reports/build.ts). Another move
 * answers 409 and changes nothing; two staff tapping at once: the first move wins, the second
 * answers 409. Who moves it must be allowed to (services/staff/actor.ts: a waiter on their tables,
 * the kitchen «Tayyor» only), and the move is recorded under them. The move, its record and its
 * stream event are one transaction. A waiter takes over an order of another waiter's table with
 * one tap (recorded).
 */
import { canMoveOrder, type Order, type OrderStatus } from '@qrmenu/shared/schemas';
import { now, type OrderRow } from '../../db';
import { conflict, invalid } from '../../domain/errors';
import { toOrder } from '../../repos/orders';
import { type AssertOwner, owned } from '../context';
import { markDays } from '../reports/build';
import { type Actor, assertMayMove, takingOver } from '../staff/actor';
import { assertOwnsTable, recordMove } from '../staff/record';
import { announce, type OrdersContext, queueForPos } from './context';
import { withStaffView } from './staff-view';

/** The order a staff request names, if the caller may act in its restaurant (else 404). */
const ownedOrder = async (ctx: OrdersContext, id: string, assertOwner: AssertOwner) =>
  owned(await ctx.repos.orders.find(id), 'Order not found', assertOwner);

/** The staff's answer of one order, as the board reads it. */
async function answerOf(ctx: OrdersContext, row: OrderRow): Promise<Order> {
  const view = await withStaffView(ctx.repos, [row]);
  return {
    ...toOrder(
      row,
      await ctx.repos.orderPos.find(row.id),
      undefined,
      (await ctx.repos.telegramOutbox.post(row.restaurant_id, `order:${row.id}`)) ?? null,
    ),
    ...view.get(row.id),
  };
}

export async function moveOrder(
  ctx: OrdersContext,
  id: string,
  body: { status: Exclude<OrderStatus, 'sent'>; reason?: string | undefined },
  assertOwner: AssertOwner,
  actor: Actor,
): Promise<Order> {
  const row = await ownedOrder(ctx, id, assertOwner);
  const to = body.status;
  if (to === 'rejected' && !body.reason) {
    throw invalid('A reason is required to reject', [{ path: 'reason', message: 'Required' }]);
  }
  assertMayMove(actor, to);
  await assertOwnsTable(ctx.repos, actor, row);
  const from = row.status as OrderStatus;
  if (!canMoveOrder(from, to)) throw conflict(`An order ${from} cannot become ${to}`);
  const reason = to === 'rejected' ? (body.reason ?? null) : row.reject_reason;
  const at = now();
  const moved = await ctx.repos.transaction(async (trx) => {
    const stamp = to === 'accepted' ? 'accepted_at' : to === 'ready' ? 'ready_at' : undefined;
    if (!(await trx.orders.moveStatus(row.id, from, to, reason, at, stamp))) return false;
    await markDays(trx, row.restaurant_id, [row.day]);
    if (to === 'accepted') await queueForPos(trx, row, 'accepted', at);
    await recordMove(trx, 'order', row, to, actor, at);
    return true;
  });
  if (!moved) throw conflict('The order was changed meanwhile');
  announce(ctx);
  return answerOf(ctx, { ...row, status: to, reject_reason: reason, updated_at: at });
}

/**
 * A waiter takes over an order of another waiter's table (one tap, recorded): it is theirs to
 * move from then on, as well as the table's waiter's. Only a waiter takes over.
 */
export async function takeOrder(
  ctx: OrdersContext,
  id: string,
  assertOwner: AssertOwner,
  actor: Actor,
): Promise<Order> {
  const row = await ownedOrder(ctx, id, assertOwner);
  const userId = takingOver(actor);
  if (row.taken_by === userId) return answerOf(ctx, row);
  const at = now();
  await ctx.repos.transaction(async (trx) => {
    await trx.orders.takeOver(row.id, userId, at);
    await recordMove(trx, 'order', row, 'taken', actor, at);
  });
  announce(ctx);
  return answerOf(ctx, { ...row, taken_by: userId, updated_at: at });
}

/**
 * The table's bill (docs/PAYMENTS.md, "The bill"): the table's orders since it was last closed, but
 * rejected ones. A table is closed when its bill is paid (from the phone) or when the staff close
 * it («Hisob yopildi»: paid at the till); the orders after that make the next bill.
 *
 * While no payment holds the bill, opening it takes in the table's new orders and counts it again;
 * once a payment began (Payme's CreateTransaction, Click's Prepare) its orders and amount are
 * fixed, as Payme asks ("the order may not change while it is being paid"); orders made meanwhile
 * wait for the next bill. The whole bill is paid at once (no shares: one amount the providers check
 * to the tiyin).
 */
import { randomUUID } from 'node:crypto';
import type { Bill, PaymentMethod } from '@qrmenu/shared/schemas';
import type { BillRow, OrderRow } from '../../db';
import { now } from '../../db';
import { conflict, notFound } from '../../domain/errors';
import { sameSecret } from '../../integration/secrets';
import type { Repositories } from '../../repos';
import { DAY_MS, dayOf, nextDayStart } from '../../visits/day';
import { type AssertOwner, owned } from '../context';
import { markDays } from '../reports/build';
import { type Actor, assertFloor } from '../staff/actor';
import { assertClosesTable, recordAction } from '../staff/record';
import { orderAmounts, sumTiyin } from './amounts';
import type { PaymentsContext } from './context';
import { configuredMethods } from './credentials';
import { billHeld, type ReleasedHold, releaseHolds } from './holds';

/** The guest's order, opened with its key (a wrong key is the same 404 as no order). */
async function guestOrder(ctx: PaymentsContext, orderId: string, key: string): Promise<OrderRow> {
  const order = await ctx.repos.orders.find(orderId);
  if (!order || !sameSecret(key, order.guest_key)) throw notFound('Order not found');
  return order;
}

/**
 * The table's current bill, brought up to date in one transaction: made when there is none,
 * joined by the table's new orders and counted again while no payment holds it.
 */
async function currentBill(trx: Repositories, order: OrderRow, nowMs: number): Promise<BillRow> {
  if (order.bill_id) {
    const own = await trx.bills.find(order.bill_id);
    if (own && own.status !== 'open') return own;
  }
  if (!order.placement_id) throw conflict('The table is gone');
  const at = now();
  // locked: a payment beginning meanwhile waits, so the amount counted here is the one it checks
  const open = await trx.bills.openOf(order.placement_id, { lock: true });
  const unbilled = await trx.bills.unbilledOf(order.placement_id);
  if (!open) {
    if (unbilled.length === 0) throw conflict('Nothing to pay');
    const row: BillRow = {
      id: randomUUID(),
      restaurant_id: order.restaurant_id,
      placement_id: order.placement_id,
      table_name: order.table_name,
      amount: await sumTiyin(trx, unbilled),
      status: 'open',
      paid_method: null,
      paid_at: null,
      created_at: at,
      updated_at: at,
    };
    await trx.bills.insert(row);
    await trx.bills.attach(
      row.id,
      unbilled.map((o) => o.id),
    );
    return row;
  }
  if (await billHeld(trx, open, nowMs)) return open;
  await trx.bills.attach(
    open.id,
    unbilled.map((o) => o.id),
  );
  const covered = (await trx.bills.ordersOf(open.id)).filter((o) => o.status !== 'rejected');
  const amount = await sumTiyin(trx, covered);
  if (amount !== open.amount) await trx.bills.setAmount(open.id, amount, at);
  return { ...open, amount };
}

async function answer(ctx: PaymentsContext, bill: BillRow): Promise<Bill> {
  const orders = (await ctx.repos.bills.ordersOf(bill.id)).filter((o) => o.status !== 'rejected');
  return {
    _id: bill.id,
    table: bill.table_name,
    amount: bill.amount,
    status: bill.status as Bill['status'],
    paid_method: bill.paid_method as PaymentMethod | null,
    paid_at: bill.paid_at,
    // numbers only: the bill is a guest's answer, and the table's other orders' ids are not theirs
    orders: (await orderAmounts(ctx.repos, orders)).map((a) => ({
      number: a.order.number,
      amount: a.tiyin,
      menu_amount: a.menuTiyin,
    })),
    methods: await configuredMethods(ctx, bill.restaurant_id),
  };
}

/** The bill of the guest's table (their order's key opens it). */
export async function guestBill(ctx: PaymentsContext, orderId: string, key: string): Promise<Bill> {
  const order = await guestOrder(ctx, orderId, key);
  const bill = await ctx.repos.transaction((trx) => currentBill(trx, order, ctx.settings.clock()));
  return answer(ctx, bill);
}

/** The bill and the guest's order, for a checkout. */
export async function billForCheckout(
  ctx: PaymentsContext,
  orderId: string,
  key: string,
): Promise<{ bill: BillRow; order: OrderRow }> {
  const order = await guestOrder(ctx, orderId, key);
  const bill = await ctx.repos.transaction((trx) => currentBill(trx, order, ctx.settings.clock()));
  if (bill.status !== 'open') throw conflict('The bill is paid already');
  if (bill.amount <= 0) throw conflict('Nothing to pay');
  return { bill, order };
}

/**
 * The staff close a table («Hisob yopildi»: paid at the till): its open bill, with the orders no
 * bill covers yet, is closed; the table's next order starts a new one. A bill a payment holds
 * is not closed (409): the payment finishes or times out first. Who closes it is recorded on each
 * of its orders (a waiter: on their table, or one whose order or call they took over today; not
 * the kitchen).
 */
export async function closeTable(
  ctx: PaymentsContext,
  placementId: string,
  assertOwner: AssertOwner,
  actor: Actor,
): Promise<Bill | null> {
  const placement = await owned(
    await ctx.repos.placements.find(placementId),
    'Placement not found',
    assertOwner,
  );
  assertFloor(actor, 'bill');
  const at = Date.now();
  const since = new Date(nextDayStart(at) - DAY_MS).toISOString();
  await assertClosesTable(ctx.repos, actor, placement.id, { day: dayOf(at), since });
  const closed = await ctx.repos.transaction(async (trx) => {
    const at = now();
    const unbilled = await trx.bills.unbilledOf(placement.id);
    // locked: a payment beginning meanwhile waits, and one that began is seen below
    let bill = await trx.bills.openOf(placement.id, { lock: true });
    if (!bill) {
      if (unbilled.length === 0) return null;
      bill = {
        id: randomUUID(),
        restaurant_id: placement.restaurant_id,
        placement_id: placement.id,
        table_name: placement.name,
        amount: 0,
        status: 'open',
        paid_method: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      };
      await trx.bills.insert(bill);
    } else if (await billHeld(trx, bill, ctx.settings.clock())) {
      throw conflict('A payment of this bill is under way');
    }
    await trx.bills.attach(
      bill.id,
      unbilled.map((o) => o.id),
    );
    const covered = await trx.bills.ordersOf(bill.id);
    const amount = await sumTiyin(
      trx,
      covered.filter((o) => o.status !== 'rejected'),
    );
    await trx.bills.setAmount(bill.id, amount, at);
    await trx.bills.move(bill.id, 'open', 'closed', { method: null, at: null }, at);
    for (const order of covered) {
      if (order.status === 'rejected') continue;
      await recordAction(trx, 'order', order, 'bill_closed', actor, at);
    }
    // its orders are paid at the table now: their days' reports count them so
    await markDays(
      trx,
      placement.restaurant_id,
      covered.map((o) => o.day),
    );
    return { ...bill, amount, status: 'closed' };
  });
  return closed && answer(ctx, closed);
}

/**
 * An admin ends the payments that hold a table's bill (begun, never finished: a guest who left
 * Payme's or Click's page), with a reason, so the staff can close the table (docs/PAYMENTS.md,
 * "A hold that ends"). Payme's transaction is cancelled (state -1, reason 3), Click's Prepare
 * cancelled (its late Complete answered -9); each release is recorded with the admin and reason.
 * 404 for a placement not of the restaurant; 409 when no payment holds the table's bill.
 */
export async function releaseTableHold(
  ctx: PaymentsContext,
  restaurantId: string,
  placementId: string,
  by: { userId: string; reason: string },
): Promise<ReleasedHold[]> {
  const placement = await ctx.repos.placements.find(placementId);
  if (!placement || placement.restaurant_id !== restaurantId) throw notFound('Placement not found');
  const released = await ctx.repos.transaction(async (trx) => {
    const bill = await trx.bills.openOf(placement.id, { lock: true });
    return bill ? releaseHolds(trx, bill, ctx.settings.clock(), by) : [];
  });
  if (released.length === 0) throw conflict('No payment holds this table');
  // the log keeps it beside the recorded row: money's holds do not end silently
  ctx.log.warn(
    { restaurantId, placementId, released, by: by.userId, reason: by.reason },
    'payments: an admin released the holds on a bill',
  );
  return released;
}

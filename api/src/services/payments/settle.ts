/**
 * A bill paid, or its payment cancelled (docs/PAYMENTS.md, "What the staff see"): the bill moves, its
 * orders carry the payment, and each order writes its event, all in the caller's transaction, so
 * the guest's page, the board and the Telegram chat (which follow the orders' events) show it as
 * soon as it is committed, and never before.
 */
import type { PaymentMethod } from '@qrmenu/shared/schemas';
import { formatTiyin, t } from '@qrmenu/shared/texts';
import type { BillRow } from '../../db';
import type { Repositories } from '../../repos';
import { outboxRow } from '../../repos/telegram-outbox';
import { markDays } from '../reports/build';
import { orderAmounts } from './amounts';

/** Each order of the bill writes its event; their days are marked for the reports (paid or not). */
async function eventsOf(trx: Repositories, bill: BillRow, at: string): Promise<void> {
  const orders = await trx.bills.ordersOf(bill.id);
  for (const order of orders) {
    await trx.orderEvents.append(bill.restaurant_id, 'order', order.id, at);
  }
  await markDays(
    trx,
    bill.restaurant_id,
    orders.map((o) => o.day),
  );
}

/**
 * Marks an open bill paid; false when it is not open any more (paid another way, closed). For the
 * bill's orders the POS holds, "record this payment in the POS" is queued in the same transaction
 * (docs/PAYMENTS.md, "Into the POS"), one row per POS order, its id made from the restaurant and
 * our payment's id (`paymentId`: the provider's transaction), so a payment is queued once.
 */
export async function markPaid(
  trx: Repositories,
  bill: BillRow,
  method: PaymentMethod,
  at: string,
  paymentId: string,
): Promise<boolean> {
  if (!(await trx.bills.move(bill.id, 'open', 'paid', { method, at }, at))) return false;
  await trx.bills.copyPayment(bill.id, { status: 'paid', method, amount: bill.amount, at }, at);
  await eventsOf(trx, bill, at);
  await queueIntoPos(trx, bill, method, at, paymentId);
  return true;
}

async function queueIntoPos(
  trx: Repositories,
  bill: BillRow,
  method: PaymentMethod,
  at: string,
  paymentId: string,
): Promise<void> {
  const orders = (await trx.bills.ordersOf(bill.id)).filter((o) => o.status !== 'rejected');
  const perPosOrder = new Map<string, number>();
  for (const a of await orderAmounts(trx, orders)) {
    if (a.posOrderId) perPosOrder.set(a.posOrderId, (perPosOrder.get(a.posOrderId) ?? 0) + a.tiyin);
  }
  for (const [posOrderId, amount] of perPosOrder) {
    await trx.paymentPos.enqueue({
      // the restaurant's too: providers' ids and POS order ids are each restaurant's own
      id: `${bill.restaurant_id}:${method}:${paymentId}:${posOrderId}`,
      restaurant_id: bill.restaurant_id,
      bill_id: bill.id,
      method,
      pos_order_id: posOrderId,
      amount,
      created_at: at,
      updated_at: at,
    });
  }
}

/**
 * A payment cancelled after it was made (Payme's CancelTransaction after perform; a Click Complete
 * with an error never unpays: click.ts):
 * the bill is `refunded` and its orders leave it, so they are unpaid again and the table's next
 * bill covers them; each order says `refunded` until then (the staff see it, docs/TELEGRAM.md).
 */
export async function markRefunded(trx: Repositories, bill: BillRow, at: string): Promise<boolean> {
  if (
    !(await trx.bills.move(bill.id, 'paid', 'refunded', { method: bill.paid_method, at: bill.paid_at }, at))
  )
    return false;
  await trx.bills.copyPayment(
    bill.id,
    { status: 'refunded', method: bill.paid_method, amount: bill.amount, at },
    at,
  );
  await eventsOf(trx, bill, at);
  await trx.bills.detach(bill.id);
  await alertChat(trx, bill, at);
  await undoInPos(trx, bill, at);
  return true;
}

/**
 * The POS got (or may be getting) the payment now cancelled: neither iiko's Cloud API nor
 * Poster's documents a call that takes an external payment back out of a closed order, so the
 * staff are told to cancel it in the POS by hand; what has not gone yet does not go.
 */
async function undoInPos(trx: Repositories, bill: BillRow, at: string): Promise<void> {
  const rows = await trx.paymentPos.ofBills([bill.id]);
  for (const row of rows.filter((r) => r.state === 'waiting' || r.state === 'failed')) {
    await trx.paymentPos.move(row.id, row.state, {
      state: 'cancelled',
      next_at: null,
      reason: t.payments.pos.cancelledReason,
      updated_at: at,
    });
  }
  if (!rows.some((r) => r.state === 'recorded' || r.state === 'pending')) return;
  const method = t.payments.methods[bill.paid_method ?? ''] ?? bill.paid_method ?? '';
  await tellChat(
    trx,
    bill.restaurant_id,
    `refund-pos:${bill.id}`,
    t.payments.pos.refundAlert(bill.table_name, formatTiyin(bill.amount), method),
    at,
  );
}

/**
 * Money going back is told to the staff at once, not only in the order's edited post (an edit
 * rings no one): a message in the restaurant's chat, queued in the same transaction
 * (docs/TELEGRAM.md: the outbox sends it in turn).
 */
async function alertChat(trx: Repositories, bill: BillRow, at: string): Promise<void> {
  const method = t.payments.methods[bill.paid_method ?? ''] ?? bill.paid_method ?? '';
  await tellChat(
    trx,
    bill.restaurant_id,
    `refund:${bill.id}`,
    t.payments.refundedAlert(bill.table_name, formatTiyin(bill.amount), method),
    at,
  );
}

/** A message in the restaurant's chat, queued in the caller's transaction (none without a chat). */
export async function tellChat(
  trx: Repositories,
  restaurantId: string,
  ref: string,
  text: string,
  at: string,
): Promise<void> {
  const bot = await trx.telegramBots.find(restaurantId);
  if (!bot?.chat_id) return;
  await trx.telegramOutbox.add(
    outboxRow({
      restaurant_id: restaurantId,
      kind: 'text',
      ref,
      post_key: null,
      payload: JSON.stringify({ text }),
      created_at: at,
    }),
  );
}

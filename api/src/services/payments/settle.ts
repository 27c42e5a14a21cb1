/**
 * A bill paid, or its payment cancelled (docs/PAYMENTS.md, "After payment"): the bill moves, its
 * orders carry the payment, and each order writes its event, all in the caller's transaction, so
 * the guest's page, the board and the Telegram chat (which follow the orders' events) show it as
 * soon as it is committed, and never before.
 */
import type { PaymentMethod } from '@qrmenu/shared/schemas';
import { formatTiyin, t } from '@qrmenu/shared/texts';
import type { BillRow } from '../../db';
import type { Repositories } from '../../repos';

async function eventsOf(trx: Repositories, bill: BillRow, at: string): Promise<void> {
  for (const order of await trx.bills.ordersOf(bill.id)) {
    await trx.orderEvents.append(bill.restaurant_id, 'order', order.id, at);
  }
}

/** Marks an open bill paid; false when it is not open any more (paid another way, closed). */
export async function markPaid(
  trx: Repositories,
  bill: BillRow,
  method: PaymentMethod,
  at: string,
): Promise<boolean> {
  if (!(await trx.bills.move(bill.id, 'open', 'paid', { method, at }, at))) return false;
  await trx.bills.copyPayment(bill.id, { status: 'paid', method, amount: bill.amount, at }, at);
  await eventsOf(trx, bill, at);
  return true;
}

/**
 * A payment cancelled after it was made (Payme's CancelTransaction after perform, Click's cancel):
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
  return true;
}

/**
 * Money going back is told to the staff at once, not only in the order's edited post (an edit
 * rings no one): a message in the restaurant's chat, queued in the same transaction
 * (docs/TELEGRAM.md: the outbox sends it in turn).
 */
async function alertChat(trx: Repositories, bill: BillRow, at: string): Promise<void> {
  const bot = await trx.telegramBots.find(bill.restaurant_id);
  if (!bot?.chat_id) return;
  const method = t.payments.methods[bill.paid_method ?? ''] ?? bill.paid_method ?? '';
  await trx.telegramOutbox.add({
    restaurant_id: bill.restaurant_id,
    kind: 'text',
    ref: `refund:${bill.id}`,
    post_key: null,
    payload: JSON.stringify({
      text: t.payments.refundedAlert(bill.table_name, formatTiyin(bill.amount), method),
    }),
    status: 'pending',
    attempts: 0,
    next_at: 0,
    message_id: null,
    last_error: null,
    created_at: at,
    sent_at: null,
  });
}

/** Whether another payment holds the bill (its amount is fixed while one does). */
export async function billHeld(trx: Repositories, billId: string): Promise<boolean> {
  const [payme, click] = await Promise.all([
    trx.paymeTransactions.activeOfBill(billId),
    trx.clickTransactions.activeOfBill(billId),
  ]);
  return payme.length + click.length > 0;
}

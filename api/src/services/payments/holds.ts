/**
 * A payment that began holds its bill (docs/PAYMENTS.md, "A hold that ends"): its amount is fixed
 * and another payment or the staff's closing of the table waits. A hold never lasts for ever:
 *
 * - Payme: a transaction still created (state 1) past Payme's 12 hours from its `time` is
 *   cancelled with reason 4, as Payme's CreateTransaction page documents for its timeout; Payme's
 *   next call is answered so (CheckTransaction state -1 reason 4, PerformTransaction -31008).
 * - Click: a Prepare not completed within `CLICK_HOLD_MS` is cancelled; Click's late Complete is
 *   answered -9, which Click's requests page lists as the answer to a payment cancelled before
 *   (Click then cancels its side). Click documents no time of its own for this: 30 minutes is
 *   chosen, far past a card payment's confirmation (docs/PAYMENTS.md says so).
 *
 * Both are released the first time something needs the bill (`billHeld`: a payment beginning,
 * the bill counted again, the table closed), in that caller's transaction with the bill's row
 * locked; an admin may release a hold at once with a reason (`releaseHold`). Every release is
 * recorded in `payment_releases` (who, when, why, which transaction).
 */
import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@qrmenu/shared/schemas';
import type { BillRow } from '../../db';
import type { Repositories } from '../../repos';

/** Payme's timeout: 12 hours from its `time` (43 200 000 ms), cancelled with reason 4. */
export const PAYME_TIMEOUT_MS = 43_200_000;
export const PAYME_TIMEOUT_REASON = 4;
/**
 * Payme's reason for a transaction the merchant cancelled before it was performed: 3, "Ошибка
 * выполнения транзакции" (its data types page lists 1-5 and 10; none names a merchant's cancel).
 */
export const PAYME_RELEASE_REASON = 3;
/** How long a Click Prepare holds its bill without a Complete (chosen: Click documents none). */
export const CLICK_HOLD_MS = 30 * 60_000;

/** Why a hold ended: its time ran out, or an admin released it (with their words). */
export type ReleaseCause = { kind: 'timeout' } | { kind: 'admin'; userId: string; reason: string };

/** One released hold, as recorded and answered. */
export interface ReleasedHold {
  method: PaymentMethod;
  /** The provider's transaction id (Payme's id, Click's `click_trans_id`). */
  transaction: string;
}

async function record(
  trx: Repositories,
  bill: Pick<BillRow, 'id' | 'restaurant_id'>,
  released: ReleasedHold,
  cause: ReleaseCause,
  at: string,
): Promise<void> {
  await trx.paymentReleases.add({
    id: randomUUID(),
    restaurant_id: bill.restaurant_id,
    bill_id: bill.id,
    method: released.method,
    transaction_id: released.transaction,
    cause: cause.kind,
    reason: cause.kind === 'admin' ? cause.reason : null,
    released_by: cause.kind === 'admin' ? cause.userId : null,
    released_at: at,
  });
}

/**
 * Ends the bill's holds: those whose time ran out (`cause` timeout), or every hold not yet
 * performed (an admin's release). Answers what it ended. A performed payment is never touched:
 * its bill is paid, not held.
 */
async function endHolds(
  trx: Repositories,
  bill: Pick<BillRow, 'id' | 'restaurant_id'>,
  nowMs: number,
  cause: ReleaseCause,
): Promise<ReleasedHold[]> {
  const at = new Date(nowMs).toISOString();
  const released: ReleasedHold[] = [];
  const [payme, click] = await Promise.all([
    trx.paymeTransactions.activeOfBill(bill.restaurant_id, bill.id),
    trx.clickTransactions.activeOfBill(bill.restaurant_id, bill.id),
  ]);
  for (const tx of payme) {
    if (tx.state !== 1) continue;
    if (cause.kind === 'timeout' && nowMs - tx.time <= PAYME_TIMEOUT_MS) continue;
    const reason = cause.kind === 'timeout' ? PAYME_TIMEOUT_REASON : PAYME_RELEASE_REASON;
    if (
      await trx.paymeTransactions.move(bill.restaurant_id, tx.id, 1, {
        state: -1,
        cancel_time: nowMs,
        reason,
      })
    )
      released.push({ method: 'payme', transaction: tx.id });
  }
  for (const tx of click) {
    if (tx.status !== 'prepared') continue;
    if (cause.kind === 'timeout' && nowMs - Date.parse(tx.created_at) <= CLICK_HOLD_MS) continue;
    if (await trx.clickTransactions.move(bill.restaurant_id, tx.click_trans_id, 'prepared', 'cancelled', at))
      released.push({ method: 'click', transaction: tx.click_trans_id });
  }
  for (const r of released) await record(trx, bill, r, cause, at);
  return released;
}

/**
 * Whether a payment holds the bill (its amount is fixed while one does), once the holds whose
 * time ran out are ended. Asked with the bill's row locked (`bills.find`/`openOf` with `lock`),
 * so the answer holds until the commit.
 */
export async function billHeld(
  trx: Repositories,
  bill: Pick<BillRow, 'id' | 'restaurant_id'>,
  nowMs: number,
): Promise<boolean> {
  await endHolds(trx, bill, nowMs, { kind: 'timeout' });
  const [payme, click] = await Promise.all([
    trx.paymeTransactions.activeOfBill(bill.restaurant_id, bill.id),
    trx.clickTransactions.activeOfBill(bill.restaurant_id, bill.id),
  ]);
  return payme.length + click.length > 0;
}

/** An admin's release of every hold on the bill not yet performed (the bill's row locked by the caller). */
export function releaseHolds(
  trx: Repositories,
  bill: Pick<BillRow, 'id' | 'restaurant_id'>,
  nowMs: number,
  by: { userId: string; reason: string },
): Promise<ReleasedHold[]> {
  return endHolds(trx, bill, nowMs, { kind: 'admin', ...by });
}

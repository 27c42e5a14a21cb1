/**
 * Click's SHOP API, the two calls Click makes (docs/PAYMENTS.md, "Click"), as the recordings
 * under api/test/fixtures/click/ shape them: form fields, every value a string, the amount in
 * so'm as a decimal ("123456.78", read into tiyin digit by digit), `sign_string` the md5 of
 * click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id, Complete]
 * + amount + action + sign_time, the values exactly as sent. `merchant_trans_id` is the bill's id.
 *
 * Idempotent on `click_trans_id`: a repeated Prepare answers the same `merchant_prepare_id`, a
 * repeated Complete the same success; a Complete with Click's `error` below 0 cancels (after a
 * completion too: Click's cancel, the bill is unpaid again and the staff are told).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { BillRow, ClickTransactionRow } from '../../db';
import { now } from '../../db';
import type { PaymentsContext } from './context';
import { clickCredentials } from './credentials';
import { decimalSomToTiyin } from './money';
import { billHeld, markPaid, markRefunded } from './settle';

export const CLICK_ERRORS = {
  success: [0, 'Success'],
  sign: [-1, 'SIGN CHECK FAILED!'],
  amount: [-2, 'Incorrect parameter amount'],
  action: [-3, 'Action not found'],
  alreadyPaid: [-4, 'Already paid'],
  noUser: [-5, 'User does not exist'],
  noTransaction: [-6, 'Transaction does not exist'],
  cannotUpdate: [-7, 'Failed to update user'],
  badRequest: [-8, 'Error in request from click'],
  cancelled: [-9, 'Transaction cancelled'],
} as const satisfies Record<string, readonly [number, string]>;
type ClickError = keyof typeof CLICK_ERRORS;

export type ClickAnswer = Record<string, string | number> & { error: number; error_note: string };

/** Ends a transaction without its writes, with the answer to give. */
class RolledBack extends Error {
  constructor(readonly answer: ClickAnswer) {
    super('rolled back');
  }
}

const REQUIRED = [
  'click_trans_id',
  'service_id',
  'merchant_trans_id',
  'amount',
  'action',
  'sign_time',
  'sign_string',
];

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

function signMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The sign Click computes for these fields (Complete adds merchant_prepare_id). */
export function clickSign(p: Record<string, string>, secretKey: string, complete: boolean): string {
  return md5(
    `${p.click_trans_id}${p.service_id}${secretKey}${p.merchant_trans_id}${complete ? p.merchant_prepare_id : ''}${p.amount}${p.action}${p.sign_time}`,
  );
}

function answer(
  p: Record<string, string>,
  code: ClickError,
  extra: Record<string, number> = {},
): ClickAnswer {
  const [error, note] = CLICK_ERRORS[code];
  return {
    ...(p.click_trans_id ? { click_trans_id: p.click_trans_id } : {}),
    ...(p.merchant_trans_id ? { merchant_trans_id: p.merchant_trans_id } : {}),
    ...extra,
    error,
    error_note: note,
  };
}

/** The checks both calls share: the fields, the restaurant's Click, the sign, the action. */
async function checkCall(
  ctx: PaymentsContext,
  restaurantId: string,
  p: Record<string, string>,
  complete: boolean,
): Promise<ClickError | { tiyin: number }> {
  if (REQUIRED.some((k) => typeof p[k] !== 'string' || p[k] === '')) return 'badRequest';
  if (complete && !p.merchant_prepare_id) return 'badRequest';
  const click = await clickCredentials(ctx, restaurantId);
  if (!click || p.service_id !== click.serviceId) return 'sign';
  if (!signMatches(p.sign_string ?? '', clickSign(p, click.secretKey, complete))) return 'sign';
  if (p.action !== (complete ? '1' : '0')) return 'action';
  const tiyin = decimalSomToTiyin(p.amount ?? '');
  if (tiyin === undefined) return 'amount';
  return { tiyin };
}

const own = (tx: ClickTransactionRow | undefined, restaurantId: string) =>
  tx && tx.restaurant_id === restaurantId ? tx : undefined;

export async function clickPrepare(
  ctx: PaymentsContext,
  restaurantId: string,
  p: Record<string, string>,
): Promise<ClickAnswer> {
  const checked = await checkCall(ctx, restaurantId, p, false);
  if (typeof checked === 'string') return answer(p, checked);
  const clickTransId = p.click_trans_id as string;
  return ctx.repos.transaction(async (trx) => {
    const known = await trx.clickTransactions.find(clickTransId);
    if (known) {
      if (!own(known, restaurantId) || known.bill_id !== p.merchant_trans_id)
        return answer(p, 'noTransaction');
      if (known.status === 'cancelled') return answer(p, 'cancelled');
      if (known.amount !== checked.tiyin) return answer(p, 'amount');
      return answer(p, 'success', { merchant_prepare_id: known.prepare_id });
    }
    // locked: a payment racing this one on the bill waits, then sees this one's hold (-7)
    const bill = await trx.bills.find(p.merchant_trans_id as string, { lock: true });
    if (!bill || bill.restaurant_id !== restaurantId) return answer(p, 'noUser');
    if (bill.status === 'paid' || bill.status === 'closed') return answer(p, 'alreadyPaid');
    if (bill.status !== 'open') return answer(p, 'cancelled');
    if (bill.amount !== checked.tiyin) return answer(p, 'amount');
    // another payment (Payme's, another Click's) holds the bill: this one cannot take it now
    if (await billHeld(trx, bill.id)) return answer(p, 'cannotUpdate');
    const prepareId = await trx.clickTransactions.insert({
      click_trans_id: clickTransId,
      click_paydoc_id: p.click_paydoc_id ?? null,
      restaurant_id: restaurantId,
      bill_id: bill.id,
      amount: checked.tiyin,
      status: 'prepared',
      created_at: now(),
      completed_at: null,
      cancelled_at: null,
    });
    const id = prepareId ?? (await trx.clickTransactions.find(clickTransId))?.prepare_id;
    if (id === undefined) return answer(p, 'cannotUpdate');
    return answer(p, 'success', { merchant_prepare_id: id });
  });
}

export async function clickComplete(
  ctx: PaymentsContext,
  restaurantId: string,
  p: Record<string, string>,
): Promise<ClickAnswer> {
  const checked = await checkCall(ctx, restaurantId, p, true);
  if (typeof checked === 'string') return answer(p, checked);
  const clickTransId = p.click_trans_id as string;
  let changed = false;
  const result = await ctx.repos
    .transaction(async (trx) => {
      const tx = own(await trx.clickTransactions.find(clickTransId), restaurantId);
      if (!tx || String(tx.prepare_id) !== p.merchant_prepare_id || tx.bill_id !== p.merchant_trans_id)
        return answer(p, 'noTransaction');
      if (tx.amount !== checked.tiyin) return answer(p, 'amount');
      const confirm = { merchant_confirm_id: tx.prepare_id };
      const failed = Number(p.error ?? '0') < 0;
      const at = now();
      const bill = (await trx.bills.find(tx.bill_id)) as BillRow;
      if (tx.status === 'cancelled') return answer(p, 'cancelled');
      if (failed) {
        // Click says the payment failed or was cancelled: ours is cancelled (a paid bill unpaid again)
        if (await trx.clickTransactions.move(clickTransId, tx.status, 'cancelled', at)) {
          if (tx.status === 'completed') changed = await markRefunded(trx, bill, at);
        }
        return answer(p, 'cancelled');
      }
      if (tx.status === 'completed') return answer(p, 'success', confirm);
      if (bill.status !== 'open') return answer(p, 'alreadyPaid');
      if (!(await trx.clickTransactions.move(clickTransId, 'prepared', 'completed', at))) {
        const raced = await trx.clickTransactions.find(clickTransId);
        return raced?.status === 'completed' ? answer(p, 'success', confirm) : answer(p, 'cancelled');
      }
      // the bill was closed at the till meanwhile: nothing is written, Click is told it is paid
      if (!(await markPaid(trx, bill, 'click', at, String(clickTransId))))
        throw new RolledBack(answer(p, 'alreadyPaid'));
      changed = true;
      return answer(p, 'success', confirm);
    })
    .catch((err: unknown) => {
      if (err instanceof RolledBack) return err.answer;
      throw err;
    });
  if (changed) ctx.live.announce();
  return result;
}

/**
 * Click's SHOP API, the two calls Click makes (docs/PAYMENTS.md, "Click"), as Click's requests
 * page documents them (https://docs.click.uz/shop-api/requests) and the recordings under
 * api/test/fixtures/click/ shape them: form fields, every value a string, every documented field
 * required and well formed (-8 otherwise, before anything is read or written), the amount in so'm
 * as a decimal ("123456.78", read into tiyin digit by digit), `sign_string` the md5 of
 * click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id, Complete]
 * + amount + action + sign_time, the values exactly as sent. `merchant_trans_id` is the bill's id.
 *
 * As Click's test scenarios expect (fixtures/click/test-scenarios.documented.json): a repeated
 * Prepare answers the same `merchant_prepare_id`; a repeated Complete of a completed payment is
 * "Already paid" (-4), nothing paid twice; a Complete with Click's `error` below 0 cancels a
 * prepared payment (-9). `error` is not signed: on a completed payment it is answered -9 (Click's
 * scenario 8) and changes nothing, and a call signed over an hour ago is refused (-1), so a
 * captured call sent again cannot unpay a bill.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { BillRow } from '../../db';
import type { PaymentsContext } from './context';
import { clickCredentials } from './credentials';
import { billHeld } from './holds';
import { decimalSomToTiyin } from './money';
import { markPaid } from './settle';

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

/** An answer to Click; its ids are integers (`click_trans_id` a bigint: kept as its digits). */
export interface ClickAnswer {
  click_trans_id?: string;
  merchant_trans_id?: string;
  merchant_prepare_id?: number;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

/** Ends a transaction without its writes, with the answer to give. */
class RolledBack extends Error {
  constructor(readonly answer: ClickAnswer) {
    super('rolled back');
  }
}

/**
 * Every field Click's requests page lists for Prepare and Complete, with its type as sent in a
 * form: bigint and int ids as digits, amount a decimal (float), action and error integers,
 * sign_time «YYYY-MM-DD HH:mm:ss», sign_string an md5; error_note may be empty (Click sends ""
 * on success).
 */
const DIGITS = /^[0-9]{1,19}$/;
const FIELDS: Record<string, RegExp> = {
  click_trans_id: DIGITS,
  service_id: /^[0-9]{1,10}$/,
  click_paydoc_id: DIGITS,
  merchant_trans_id: /^.{1,255}$/s,
  amount: /^[0-9]+(\.[0-9]+)?$/,
  action: /^[0-9]{1,10}$/,
  error: /^-?[0-9]{1,10}$/,
  error_note: /^.{0,1000}$/s,
  sign_time: /^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$/,
  sign_string: /^[0-9a-fA-F]{32}$/,
};
const COMPLETE_FIELDS: Record<string, RegExp> = { ...FIELDS, merchant_prepare_id: /^[0-9]{1,10}$/ };

/** Every documented field present and well formed (Click's -8 otherwise). */
const wellFormed = (p: Record<string, string>, complete: boolean) =>
  Object.entries(complete ? COMPLETE_FIELDS : FIELDS).every(
    ([k, re]) => typeof p[k] === 'string' && re.test(p[k]),
  );

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
  extra: { merchant_prepare_id?: number; merchant_confirm_id?: number } = {},
): ClickAnswer {
  const [error, note] = CLICK_ERRORS[code];
  return {
    // the ids Click sent, when they are of their documented type
    ...(p.click_trans_id && DIGITS.test(p.click_trans_id) ? { click_trans_id: p.click_trans_id } : {}),
    ...(p.merchant_trans_id ? { merchant_trans_id: p.merchant_trans_id } : {}),
    ...extra,
    error,
    error_note: note,
  };
}

/**
 * A refusal before the call was read: -8 (the request), -7 (our failure), -1 (an address
 * CLICK_ALLOWED_ADDRESSES does not list: not Click's, like a wrong signature).
 */
export const clickRefusal = (code: 'badRequest' | 'cannotUpdate' | 'sign'): ClickAnswer => answer({}, code);

/**
 * The answer as JSON, its ids as integers the way Click's pages type them (`click_trans_id` a
 * bigint, written digit for digit: a JavaScript number would round one past 2^53).
 */
export function clickJson(a: ClickAnswer): string {
  const { click_trans_id: transId, ...rest } = a;
  const body = JSON.stringify(rest);
  return transId === undefined ? body : `{"click_trans_id":${BigInt(transId).toString()},${body.slice(1)}`;
}

/**
 * How long a signed call stays good (docs/PAYMENTS.md, "Click"): `sign_time` is Click's moment of
 * signing, written in Tashkent's local time (UTC+5, no daylight saving) as `YYYY-MM-DD HH:mm:ss`,
 * and `error` is not signed, so a call captured once could be sent again with another `error`.
 * A call signed more than an hour ago, or more than five minutes ahead of our clock, is refused
 * (-1) and nothing is read or written. An hour is twice the time a Prepare holds its bill
 * (`CLICK_HOLD_MS`): Click's retries of a Complete come while the payment is under way, and one
 * later than the hold finds the Prepare cancelled anyway.
 */
export const CLICK_SIGN_MAX_AGE_MS = 3_600_000;
export const CLICK_SIGN_AHEAD_MS = 5 * 60_000;
const TASHKENT_OFFSET = '+05:00';

/** `sign_time` in ms, read as Tashkent's local time; NaN for a moment that does not exist. */
export function clickSignTimeMs(signTime: string): number {
  const [date, time] = signTime.split(' ');
  const ms = Date.parse(`${date}T${time}${TASHKENT_OFFSET}`);
  // Date.parse rolls "02-30" over to March: a date must read back as written
  const back = new Date(ms + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  return back === signTime ? ms : Number.NaN;
}

/**
 * Whether a call was signed within the window. Click's pages name no zone for `sign_time`: read
 * as Tashkent's time (what Click, in Uzbekistan, is expected to write) or as UTC (five hours
 * later), either reading inside the window is taken, so that a zone we guessed wrong never
 * refuses every real payment. The replay window is then at most five hours longer; a replay of
 * a completed payment changes nothing whatever its time (`clickComplete`).
 */
const signedRecently = (signTime: string, nowMs: number) => {
  const at = clickSignTimeMs(signTime);
  return [at, at + 5 * 3_600_000].some(
    (reading) => reading >= nowMs - CLICK_SIGN_MAX_AGE_MS && reading <= nowMs + CLICK_SIGN_AHEAD_MS,
  );
};

/** The checks both calls share: the fields, the restaurant's Click, the sign and its time, the action. */
async function checkCall(
  ctx: PaymentsContext,
  restaurantId: string,
  p: Record<string, string>,
  complete: boolean,
): Promise<ClickError | { tiyin: number }> {
  if (!wellFormed(p, complete)) return 'badRequest';
  const click = await clickCredentials(ctx, restaurantId);
  if (!click || p.service_id !== click.serviceId) return 'sign';
  if (!signMatches(p.sign_string ?? '', clickSign(p, click.secretKey, complete))) return 'sign';
  // a signature that was good once is not good for ever: a stale call is a replay, refused
  if (!signedRecently(p.sign_time as string, ctx.settings.clock())) {
    ctx.log.warn(
      { restaurantId, clickTransId: p.click_trans_id, signTime: p.sign_time },
      'click: a call signed too long ago (or ahead of our clock) refused',
    );
    return 'sign';
  }
  if (p.action !== (complete ? '1' : '0')) return 'action';
  const tiyin = decimalSomToTiyin(p.amount ?? '');
  if (tiyin === undefined) return 'amount';
  return { tiyin };
}

export async function clickPrepare(
  ctx: PaymentsContext,
  restaurantId: string,
  p: Record<string, string>,
): Promise<ClickAnswer> {
  const checked = await checkCall(ctx, restaurantId, p, false);
  if (typeof checked === 'string') return answer(p, checked);
  // Click's errors page: a negative error from Click is a cancelled payment; nothing is held for it
  if (Number(p.error) < 0) return answer(p, 'cancelled');
  const clickTransId = p.click_trans_id as string;
  return ctx.repos.transaction(async (trx) => {
    // click_trans_id within this restaurant only: another restaurant's ids are not its business
    const known = await trx.clickTransactions.find(restaurantId, clickTransId);
    if (known) {
      if (known.bill_id !== p.merchant_trans_id) return answer(p, 'noTransaction');
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
    if (await billHeld(trx, bill, ctx.settings.clock())) return answer(p, 'cannotUpdate');
    const prepareId = await trx.clickTransactions.insert({
      click_trans_id: clickTransId,
      click_paydoc_id: p.click_paydoc_id ?? null,
      restaurant_id: restaurantId,
      bill_id: bill.id,
      amount: checked.tiyin,
      status: 'prepared',
      // the payments' clock, as Payme's times are: a Prepare's age decides its hold (holds.ts)
      created_at: new Date(ctx.settings.clock()).toISOString(),
      completed_at: null,
      cancelled_at: null,
    });
    const id = prepareId ?? (await trx.clickTransactions.find(restaurantId, clickTransId))?.prepare_id;
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
      const tx = await trx.clickTransactions.find(restaurantId, clickTransId);
      if (!tx || String(tx.prepare_id) !== p.merchant_prepare_id || tx.bill_id !== p.merchant_trans_id)
        return answer(p, 'noTransaction');
      if (tx.amount !== checked.tiyin) return answer(p, 'amount');
      const confirm = { merchant_confirm_id: tx.prepare_id };
      const failed = Number(p.error) < 0;
      const at = new Date(ctx.settings.clock()).toISOString();
      const bill = (await trx.bills.find(tx.bill_id)) as BillRow;
      if (tx.status === 'cancelled') return answer(p, 'cancelled');
      if (failed && tx.status === 'completed') {
        // `error` is not signed: a captured Complete sent again with error -5017 would unpay a paid
        // bill. Click's own flow never cancels a completed payment this way (its requests page: a
        // payment taken is taken back by the merchant's reversal), so nothing changes; the answer
        // is Click's scenario 8's -9, and the staff see Click's own list in the reconciliation
        ctx.log.warn(
          { restaurantId, clickTransId, billId: tx.bill_id, error: p.error },
          'click: a Complete with an error for a completed payment; the bill stays paid',
        );
        return answer(p, 'cancelled');
      }
      if (failed) {
        // Click says the payment failed: the prepared one is cancelled and holds the bill no more
        await trx.clickTransactions.move(restaurantId, clickTransId, 'prepared', 'cancelled', at);
        return answer(p, 'cancelled');
      }
      // a repeated confirmation: already paid (Click's test scenario 7), nothing paid twice
      if (tx.status === 'completed') return answer(p, 'alreadyPaid');
      if (bill.status !== 'open') return answer(p, 'alreadyPaid');
      if (!(await trx.clickTransactions.move(restaurantId, clickTransId, 'prepared', 'completed', at))) {
        // a repeat that raced this call completed it first: this one is the repeat
        const raced = await trx.clickTransactions.find(restaurantId, clickTransId);
        return raced?.status === 'completed' ? answer(p, 'alreadyPaid') : answer(p, 'cancelled');
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

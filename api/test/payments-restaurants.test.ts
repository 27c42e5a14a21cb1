/**
 * One restaurant's payments are its own (docs/PAYMENTS.md): a provider's transaction id is keyed
 * by the restaurant it was sent to, so a restaurant that takes ids on its own bill (its own Click
 * secret, its own Payme cashbox) changes nothing for another restaurant's real payment with the
 * same id; and what each restaurant's statement and GetStatement list is its own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clickTransId, fakeClick } from './fakes/click';
import { fakePayme, paymeId } from './fakes/payme';
import { TEST_SECRET_KEY } from './helpers';
import {
  billOf,
  CLICK,
  clickCodes,
  guestOrders,
  PAYME,
  type PaymentWorld,
  paymentWorld,
} from './payments-support';
import { fileWorld } from './world';

/** The restaurant whose guest pays. */
const { ctx, world: honest } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);
/** Another restaurant on the same platform, with its own credentials, taking ids first. */
let other: PaymentWorld;

beforeAll(async () => {
  other = await paymentWorld(ctx);
});

const clickOf = (w: PaymentWorld) => fakeClick(ctx.app, w.w.restaurantId, CLICK.service_id, CLICK.secret_key);
const paymeOf = (w: PaymentWorld) => fakePayme(ctx.app, w.w.restaurantId, PAYME.key);
const statusOf = async (billId: string) =>
  (await ctx.db.selectFrom('bills').select('status').where('id', '=', billId).executeTakeFirstOrThrow())
    .status;

describe("a provider's id taken by another restaurant", () => {
  it('Click: a click_trans_id prepared and cancelled on another restaurant pays this one', async () => {
    const transId = clickTransId();
    const theirs = await billOf(ctx, await guestOrders(ctx, other.w));
    const theirAmount = (theirs.amount / 100).toFixed(2);
    const taken = await clickOf(other).prepare(transId, theirs._id, theirAmount);
    expect(taken.error).toBe(0);
    const cancelled = await clickOf(other).complete(
      transId,
      theirs._id,
      String(taken.merchant_prepare_id),
      theirAmount,
      { error: '-5017' },
    );
    expect(cancelled.error).toBe(clickCodes.cancelled?.error);

    const bill = await billOf(ctx, await guestOrders(ctx, honest.w));
    const { prepared, completed } = await clickOf(honest).pay(
      bill._id,
      (bill.amount / 100).toFixed(2),
      transId,
    );
    expect(prepared.error).toBe(0);
    expect(completed.error).toBe(0);
    expect(await statusOf(bill._id)).toBe('paid');
    // each restaurant keeps its own row for the id
    const rows = await ctx.db
      .selectFrom('click_transactions')
      .select(['restaurant_id', 'status'])
      .where('click_trans_id', '=', transId)
      .orderBy('prepare_id')
      .execute();
    expect(rows).toEqual([
      { restaurant_id: other.w.restaurantId, status: 'cancelled' },
      { restaurant_id: honest.w.restaurantId, status: 'completed' },
    ]);
  });

  it("Payme: an id created on another restaurant's cashbox pays this one, and each GetStatement lists its own", async () => {
    const id = paymeId();
    const theirs = await billOf(ctx, await guestOrders(ctx, other.w, 1));
    expect((await paymeOf(other).create(id, theirs._id, theirs.amount)).result).toMatchObject({ state: 1 });

    const bill = await billOf(ctx, await guestOrders(ctx, honest.w, 1));
    const { create, perform } = await paymeOf(honest).pay(bill._id, bill.amount, id);
    expect(create.error).toBeUndefined();
    expect(perform.result).toMatchObject({ state: 2 });
    expect(await statusOf(bill._id)).toBe('paid');
    // the other restaurant's transaction is still its own, untouched: created, on its bill
    expect((await paymeOf(other).check(id)).result).toMatchObject({ state: 1, perform_time: 0 });
    const day = { from: Date.now() - 3_600_000, to: Date.now() + 3_600_000 };
    const listed = async (w: PaymentWorld) => {
      const { result } = await paymeOf(w).statement(day.from, day.to);
      const all = (result?.transactions ?? []) as { id: string; account: object }[];
      return all.filter((t) => t.id === id).map((t) => t.account);
    };
    expect(await listed(honest)).toEqual([{ bill_id: bill._id }]);
    expect(await listed(other)).toEqual([{ bill_id: theirs._id }]);
  });
});

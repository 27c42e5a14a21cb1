/**
 * One payment per bill under concurrency (docs/PAYMENTS.md, "The bill": a second payment of a
 * held bill is refused), on SQLite and (with TEST_DATABASE_URL) on PostgreSQL: payments that
 * begin on one bill at the same moment, each with its own provider id, leave exactly one stored;
 * every other is answered with the provider's documented refusal (Payme -31008, its sandbox's
 * answer to a new transaction on a held account, Click -7), as a lone second payment already is.
 */
import { describe, expect, it } from 'vitest';
import { clickTransId, fakeClick } from './fakes/click';
import { fakePayme, paymeId } from './fakes/payme';
import { TEST_SECRET_KEY } from './helpers';
import {
  billOf,
  CLICK,
  clickCodes,
  guestOrders,
  PAYME,
  PAYME_BILL_BUSY,
  paymentWorld,
} from './payments-support';
import { fileWorld } from './world';

const BILL_BUSY = PAYME_BILL_BUSY;
/** Click's "cannot update" (another payment holds the bill), as its recordings number it. */
const CLICK_BUSY = clickCodes.failed_to_update?.error;
/** Calls at once (each its own transaction, on PostgreSQL its own connection of the pool). */
const AT_ONCE = 8;

const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);

const payme = () => fakePayme(ctx.app, world.w.restaurantId, PAYME.key);
const click = () => fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key);

/** The provider's transactions stored for the bill (any state). */
const stored = async (billId: string) => ({
  payme: await ctx.db.selectFrom('payme_transactions').select('id').where('bill_id', '=', billId).execute(),
  click: await ctx.db
    .selectFrom('click_transactions')
    .select('click_trans_id')
    .where('bill_id', '=', billId)
    .execute(),
});

describe('payments racing on one bill', () => {
  it(`${AT_ONCE} Payme CreateTransaction calls at once, each its own id: one stored, the others -31008`, async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    const ids = Array.from({ length: AT_ONCE }, paymeId);
    const replies = await Promise.all(ids.map((id) => payme().create(id, bill._id, bill.amount)));

    const created = replies.filter((r) => r.result?.state === 1);
    expect(created).toHaveLength(1);
    const refused = replies.filter((r) => r.error);
    expect(refused).toHaveLength(AT_ONCE - 1);
    for (const r of refused) expect(r.error).toMatchObject({ code: BILL_BUSY });
    const rows = await stored(bill._id);
    expect(rows.payme).toHaveLength(1);
    expect(rows.click).toHaveLength(0);
    // the one stored is the one answered created, and it can be paid
    const winner = ids[replies.indexOf(created[0] as (typeof replies)[number])] as string;
    expect(rows.payme[0]?.id).toBe(winner);
    expect((await payme().perform(winner)).result).toMatchObject({ state: 2 });
  });

  it(`${AT_ONCE} Click Prepare calls at once, each its own click_trans_id: one stored, the others -7`, async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const som = (bill.amount / 100).toFixed(2);
    const transIds = Array.from({ length: AT_ONCE }, clickTransId);
    const replies = await Promise.all(transIds.map((id) => click().prepare(id, bill._id, som)));

    const prepared = replies.filter((r) => r.error === 0);
    expect(prepared).toHaveLength(1);
    expect(replies.filter((r) => r.error === CLICK_BUSY)).toHaveLength(AT_ONCE - 1);
    const rows = await stored(bill._id);
    expect(rows.click).toHaveLength(1);
    expect(rows.payme).toHaveLength(0);
    const winner = prepared[0] as (typeof replies)[number];
    expect(rows.click[0]?.click_trans_id).toBe(String(winner.click_trans_id));
    const completed = await click().complete(
      String(winner.click_trans_id),
      bill._id,
      String(winner.merchant_prepare_id),
      som,
    );
    expect(completed.error).toBe(0);
  });

  it('Payme and Click beginning at once: one of them holds the bill, the other is refused', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const som = (bill.amount / 100).toFixed(2);
    const [paymeReplies, clickReplies] = await Promise.all([
      Promise.all(
        Array.from({ length: AT_ONCE / 2 }, () => payme().create(paymeId(), bill._id, bill.amount)),
      ),
      Promise.all(Array.from({ length: AT_ONCE / 2 }, () => click().prepare(clickTransId(), bill._id, som))),
    ]);
    const holders =
      paymeReplies.filter((r) => r.result?.state === 1).length +
      clickReplies.filter((r) => r.error === 0).length;
    expect(holders).toBe(1);
    for (const r of paymeReplies) if (r.error) expect(r.error.code).toBe(BILL_BUSY);
    for (const r of clickReplies) if (r.error !== 0) expect(r.error).toBe(CLICK_BUSY);
    const rows = await stored(bill._id);
    expect(rows.payme.length + rows.click.length).toBe(1);
  });
});

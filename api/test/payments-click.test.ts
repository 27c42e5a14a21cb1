/**
 * Click's SHOP API (docs/PAYMENTS.md, "Click") driven by the fake Click through the recorded
 * requests (api/test/fixtures/click/): Prepare then Complete; each repeated (idempotent on
 * click_trans_id), a forged sign (-1), a wrong amount (-2), a wrong action (-3), a paid bill
 * (-4), an unknown bill (-5) or transaction (-6), Click's failure (-9) and Click's cancel after a
 * completion (the bill unpaid again). Answers checked as recorded; the rows show nothing paid twice.
 */
import { describe, expect, it } from 'vitest';
import { resealSecrets } from '../src/integration/rotate-secrets';
import { secretBox } from '../src/integration/secrets';
import { clickTransId, fakeClick } from './fakes/click';
import { recorded } from './fixtures/recorded';
import { TEST_SECRET_KEY } from './helpers';
import { ok } from './orders-support';
import { billOf, CLICK, clickCodes, guestOrders, guestView, PAYME, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const code = (name: string) => clickCodes[name]?.error;

const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);

const click = () => fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key);
const status = async (billId: string) =>
  (await ctx.db.selectFrom('bills').select('status').where('id', '=', billId).executeTakeFirstOrThrow())
    .status;

describe('the documented sequence', () => {
  it('prepares and completes; the bill and its orders are paid; the answers carry the recorded fields', async () => {
    const order = await guestOrders(ctx, world.w);
    const bill = await billOf(ctx, order);
    const link = await ok(
      ctx.app.inject({
        method: 'POST',
        url: '/api/public/checkout',
        payload: { order_id: order._id, key: order.key, method: 'click' },
      }),
    );
    const shape = recorded<{ base: string; params: Record<string, string> }>('click/pay-link.recorded.json');
    const url = new URL(link.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(shape.base);
    expect([...url.searchParams.keys()].sort()).toEqual(Object.keys(shape.params).sort());
    // so'm as N.NN, as Click's button page writes it
    expect(url.searchParams.get('amount')).toBe('75000.00');
    expect(url.searchParams.get('transaction_param')).toBe(bill._id);

    const { prepared, completed } = await click().pay(bill._id, '75000.00');
    const recordedPrepare = recorded<{ response: object }>('click/prepare.recorded.json').response;
    const recordedComplete = recorded<{ response: object }>('click/complete.recorded.json').response;
    expect(Object.keys(prepared).sort()).toEqual(Object.keys(recordedPrepare).sort());
    expect(Object.keys(completed).sort()).toEqual(Object.keys(recordedComplete).sort());
    expect(prepared).toMatchObject({ error: 0, error_note: 'Success', merchant_trans_id: bill._id });
    expect(completed).toMatchObject({ error: 0, merchant_confirm_id: prepared.merchant_prepare_id });
    expect(await status(bill._id)).toBe('paid');
    expect((await guestView(ctx, order)).payment).toMatchObject({
      status: 'paid',
      method: 'click',
      amount: 7_500_000,
    });
  });
});

describe('idempotent on click_trans_id', () => {
  it('answers a repeated Prepare as the first and a repeated Complete "Already paid" (-4), paying once; a second payment of the paid bill is -4', async () => {
    const order = await guestOrders(ctx, world.w, 1);
    const bill = await billOf(ctx, order);
    const c = click();
    const id = clickTransId();
    const first = await c.prepare(id, bill._id, '75000');
    expect(await c.prepare(id, bill._id, '75000')).toEqual(first);
    const prepareId = String(first.merchant_prepare_id);
    const done = await c.complete(id, bill._id, prepareId, '75000');
    const events = await ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('entity_id', '=', order._id)
      .execute();
    expect(done.error).toBe(0);
    // Click's test scenario 7: the confirmation repeated is answered -4, nothing paid twice
    expect((await c.complete(id, bill._id, prepareId, '75000')).error).toBe(code('already_paid'));
    expect(
      await ctx.db.selectFrom('order_events').selectAll().where('entity_id', '=', order._id).execute(),
    ).toHaveLength(events.length);
    expect(
      await ctx.db.selectFrom('click_transactions').selectAll().where('bill_id', '=', bill._id).execute(),
    ).toHaveLength(1);
    expect((await c.prepare(clickTransId(), bill._id, '75000')).error).toBe(code('already_paid'));
  });
});

describe('refusals', () => {
  it('answers a forged sign, a wrong amount, a wrong action, an unknown bill or transaction, storing nothing', async () => {
    const order = await guestOrders(ctx, world.w, 2);
    const bill = await billOf(ctx, order);
    const c = click();
    const before = await ctx.db.selectFrom('click_transactions').selectAll().execute();
    expect((await c.prepare(clickTransId(), bill._id, '75000', { secret: 'forged' })).error).toBe(
      code('sign_failed'),
    );
    expect((await c.prepare(clickTransId(), bill._id, '75000', { after: { amount: '1' } })).error).toBe(
      code('sign_failed'),
    );
    expect((await c.prepare(clickTransId(), bill._id, '75000.01')).error).toBe(code('wrong_amount'));
    // an amount that is not a number is a malformed field: Click's -8
    expect((await c.prepare(clickTransId(), bill._id, '75000', { after: { amount: '7 5000' } })).error).toBe(
      code('bad_request'),
    );
    expect((await c.prepare(clickTransId(), 'no-such-bill', '75000')).error).toBe(code('user_not_found'));
    expect((await c.complete(clickTransId(), bill._id, '1', '75000')).error).toBe(
      code('transaction_not_found'),
    );
    expect(
      (await c.prepare(clickTransId(), bill._id, '75000', { after: { click_trans_id: '' } })).error,
    ).toBe(code('bad_request'));
    expect(await ctx.db.selectFrom('click_transactions').selectAll().execute()).toEqual(before);
    // Prepare's fields, half of them, sent with Complete's action: refused as a request Click
    // would not send (-8), before any sign or action is read
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, '75000');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/click/${world.w.restaurantId}/prepare`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        click_trans_id: id,
        service_id: CLICK.service_id,
        merchant_trans_id: bill._id,
        amount: '75000',
        action: '1',
        sign_time: 't',
        sign_string: 'x',
      }).toString(),
    });
    expect(res.json().error).toBe(code('bad_request'));
    expect(prepared.error).toBe(0);
  });

  it("Click's failure cancels the prepared transaction (-9) and the bill stays open", async () => {
    const order = await guestOrders(ctx, world.w, 2);
    const bill = await billOf(ctx, order);
    const c = click();
    // the previous test's prepared transaction holds the bill: it is cancelled first
    const held = await ctx.db
      .selectFrom('click_transactions')
      .selectAll()
      .where('bill_id', '=', bill._id)
      .where('status', '=', 'prepared')
      .execute();
    for (const t of held)
      expect(
        (await c.complete(t.click_trans_id, bill._id, String(t.prepare_id), '75000', { error: '-5017' }))
          .error,
      ).toBe(code('cancelled'));
    const fresh = await billOf(ctx, order);
    const id = clickTransId();
    const prepared = await c.prepare(id, fresh._id, (fresh.amount / 100).toFixed(2));
    const failed = await c.complete(
      id,
      fresh._id,
      String(prepared.merchant_prepare_id),
      (fresh.amount / 100).toFixed(2),
      {
        error: '-5017',
      },
    );
    expect(failed.error).toBe(code('cancelled'));
    expect(await status(fresh._id)).toBe('open');
    expect((await c.prepare(id, fresh._id, (fresh.amount / 100).toFixed(2))).error).toBe(code('cancelled'));
  });
});

describe('a captured call sent again', () => {
  it("a Complete with Click's error on a completed payment changes nothing: -9, the bill stays paid", async () => {
    const order = await guestOrders(ctx, world.w, 0);
    const bill = await billOf(ctx, order);
    const amount = (bill.amount / 100).toFixed(2);
    const c = click();
    const { transId, prepared } = await c.pay(bill._id, amount);
    const events = (await ctx.db.selectFrom('order_events').selectAll().execute()).length;
    // the same signed fields, `error` (not signed) changed to a cancel
    const replayed = await c.complete(transId, bill._id, String(prepared.merchant_prepare_id), amount, {
      error: '-5017',
    });
    expect(replayed.error).toBe(code('cancelled'));
    expect(await status(bill._id)).toBe('paid');
    expect((await guestView(ctx, order)).payment).toMatchObject({ status: 'paid', method: 'click' });
    const row = await ctx.db
      .selectFrom('click_transactions')
      .select('status')
      .where('restaurant_id', '=', world.w.restaurantId)
      .where('click_trans_id', '=', transId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(await ctx.db.selectFrom('order_events').selectAll().execute()).toHaveLength(events);
  });

  it('a call signed over an hour ago, or ahead of our clock, is refused (-1) and nothing is written', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const amount = (bill.amount / 100).toFixed(2);
    const c = click();
    const before = await ctx.db.selectFrom('click_transactions').selectAll().execute();
    for (const signedAt of [
      Date.now() - 2 * 3_600_000,
      Date.now() - 3_600_000 - 60_000,
      Date.now() + 10 * 60_000,
    ])
      expect((await c.prepare(clickTransId(), bill._id, amount, { signedAt })).error).toBe(
        code('sign_failed'),
      );
    expect(await ctx.db.selectFrom('click_transactions').selectAll().execute()).toEqual(before);
    // Click names no zone: a time written in UTC (5 hours behind Tashkent's) is read as such too,
    // so a call signed now in UTC's clock is taken, and one signed two hours ago in it is not
    const staleUtc = await c.prepare(clickTransId(), bill._id, amount, {
      signedAt: Date.now() - 7 * 3_600_000,
    });
    expect(staleUtc.error).toBe(code('sign_failed'));
    expect(await ctx.db.selectFrom('click_transactions').selectAll().execute()).toEqual(before);
    const other = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const asUtc = await c.prepare(clickTransId(), other._id, (other.amount / 100).toFixed(2), {
      signedAt: Date.now() - 5 * 3_600_000,
    });
    expect(asUtc.error).toBe(0);
    // within the hour: Click's own retries of a call go through
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, amount, { signedAt: Date.now() - 40 * 60_000 });
    expect(prepared.error).toBe(0);
    const completed = await c.complete(id, bill._id, String(prepared.merchant_prepare_id), amount, {
      signedAt: Date.now() - 20 * 60_000,
    });
    expect(completed.error).toBe(0);
  });

  it('reads sign_time as Tashkent time, and a moment that does not exist as none', async () => {
    const { clickSignTimeMs } = await import('../src/services/payments/click');
    expect(clickSignTimeMs('2026-05-01 05:00:00')).toBe(Date.parse('2026-05-01T00:00:00Z'));
    expect(clickSignTimeMs('2026-02-30 10:00:00')).toBeNaN();
    expect(clickSignTimeMs('2026-05-01 24:00:00')).toBeNaN();
  });
});

describe('exact to the tiyin', () => {
  it("reads Click's decimal so'm digit by digit", async () => {
    const { decimalSomToTiyin, somToTiyin, tiyinToDecimalSom } = await import(
      '../src/services/payments/money'
    );
    expect(decimalSomToTiyin('123456.78')).toBe(12_345_678);
    expect(decimalSomToTiyin('0.1')).toBe(10);
    expect(decimalSomToTiyin('1000.00')).toBe(100_000);
    expect(decimalSomToTiyin('1000.001')).toBeUndefined();
    expect(decimalSomToTiyin('-5')).toBeUndefined();
    expect(somToTiyin(123456.78)).toBe(12_345_678);
    expect(somToTiyin(0.1 + 0.2)).toBe(30);
    expect(tiyinToDecimalSom(12_345_678)).toBe('123456.78');
    expect(tiyinToDecimalSom(100_000)).toBe('1000');
    expect(tiyinToDecimalSom(1_005)).toBe('10.05');
  });
});

describe('rotating INTEGRATION_SECRET_KEY', () => {
  it("seals the restaurant's Payme key and Click secret again under the new key (pnpm rotate-secrets)", async () => {
    const next = secretBox('b'.repeat(64));
    const report = await resealSecrets(ctx.app.repos, { box: next, oldKey: TEST_SECRET_KEY });
    expect(report.failed).toEqual([]);
    expect(report.payments).toBe(1);
    const row = await ctx.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('restaurant_id', '=', world.w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(next.open(row.payme_key_enc as string, world.w.restaurantId)).toBe(PAYME.key);
    expect(next.open(row.click_secret_enc as string, world.w.restaurantId)).toBe(CLICK.secret_key);
    expect((await resealSecrets(ctx.app.repos, { box: next, oldKey: TEST_SECRET_KEY })).payments).toBe(0);
  });
});

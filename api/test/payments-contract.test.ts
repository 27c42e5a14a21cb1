/**
 * The contract with Payme and Click (docs/PAYMENTS.md): every request our code builds for them
 * (the guest's checkout links) and every answer it gives them, run through the providers'
 * documented fields written as JSON Schema fixtures (fixtures/payme/*.schema.json,
 * fixtures/click/*.schema.json) with fakes/request-check.ts. The answers are checked by the fakes
 * on every call (fakes/payme.ts, fakes/click.ts); here each method and each refusal is called once,
 * so that every answer shape our code builds passes through that check, and the check itself is
 * shown to refuse an answer that breaks the documents.
 */
import { describe, expect, it } from 'vitest';
import { paymeLink } from '../src/services/payments/links';
import { checkClickAnswer, clickTransId, fakeClick } from './fakes/click';
import { checkPaymeAnswer, fakePayme, paymeId } from './fakes/payme';
import { requestChecks } from './fakes/request-check';
import { recorded } from './fixtures/recorded';
import { createCategory, createProduct, TEST_SECRET_KEY } from './helpers';
import { ok, placeAs } from './orders-support';
import { billOf, CLICK, type GuestOrder, guestOrders, PAYME, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const paymeLinkCheck = requestChecks(recorded('payme/checkout-link.schema.json'))('#/link');
const clickLinkCheck = requestChecks(recorded('click/pay-link.schema.json'))('#/link');
const clickRequestCheck = requestChecks(recorded('click/requests.schema.json'));

const { ctx, world } = fileWorld({ integrationSecretKey: TEST_SECRET_KEY }, paymentWorld);

async function checkout(order: GuestOrder, method: 'payme' | 'click'): Promise<URL> {
  const res = await ok(
    ctx.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: { order_id: order._id, key: order.key, method },
    }),
  );
  return new URL(res.data.url);
}

/** Payme's link taken apart as its page describes it: `<checkout>/base64(k=v;k=v...)`. */
function paymeParts(url: URL) {
  const decoded = Buffer.from(url.pathname.slice(1), 'base64').toString('utf8');
  const pairs = decoded.split(';').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]);
  const keys = pairs.map(([k]) => k);
  expect(new Set(keys).size, `a parameter twice in ${decoded}`).toBe(keys.length);
  return { origin: url.origin, params: Object.fromEntries(pairs), decoded };
}

/** Click's link taken apart: its page and each query parameter (once). */
function clickParts(url: URL) {
  const keys = [...url.searchParams.keys()];
  expect(new Set(keys).size, `a parameter twice in ${url}`).toBe(keys.length);
  return { page: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}

/** A guest's order of one product at `price` so'm at table 3 (a bill of its own). */
async function orderOf(price: number): Promise<GuestOrder> {
  const category = await createCategory(ctx, world.w.restaurantId, { title: `Narx ${price}` });
  const product = await createProduct(ctx, world.w.restaurantId, category.id, {
    name: `Narx ${price}`,
    price,
  });
  const made = await ok(
    placeAs(ctx, {
      placement_id: world.w.tables[2]?._id,
      idempotency_key: crypto.randomUUID(),
      language: 'uz',
      items: [{ product_id: product.id, quantity: 1, price }],
    }),
    201,
  );
  return made.data as GuestOrder;
}

describe('the checkout links we build', () => {
  it("encode Payme's documented example exactly as its page does", () => {
    const example = recorded<{ checkout_url: string; decoded: string; url: string }>(
      'payme/checkout-link.documented.json',
    );
    const url = paymeLink(example.checkout_url, '587f72c72cac0d162c722ae2', { order_id: '197' }, 500);
    expect(url).toBe(example.url);
    expect(paymeParts(new URL(url)).decoded).toBe(example.decoded);
    expect(paymeLinkCheck(paymeParts(new URL(url)))).toEqual([]);
  });

  it("give Payme and Click only their documented parameters, the amount in each one's unit", async () => {
    for (const [price, tiyin, som] of [
      [75000, 7_500_000, '75000.00'],
      [123456.78, 12_345_678, '123456.78'],
      [0.5, 50, '0.50'],
    ] as const) {
      const order = await orderOf(price);
      const bill = await billOf(ctx, order);
      expect(bill.amount).toBe(tiyin);

      const payme = paymeParts(await checkout(order, 'payme'));
      expect(paymeLinkCheck(payme), payme.decoded).toEqual([]);
      expect(payme.params).toMatchObject({
        m: PAYME.merchant_id,
        [`ac.bill_id`]: bill._id,
        a: String(tiyin),
      });
      expect(payme.params.c).toContain(`/orders/${order._id}?key=`);

      const click = clickParts(await checkout(order, 'click'));
      expect(clickLinkCheck(click), JSON.stringify(click)).toEqual([]);
      expect(click.params).toMatchObject({
        service_id: CLICK.service_id,
        merchant_id: CLICK.merchant_id,
        amount: som,
        transaction_param: bill._id,
      });
      // the bill is paid off before the next price opens its own
      expect(
        (await fakePayme(ctx.app, world.w.restaurantId, PAYME.key).pay(bill._id, tiyin)).perform.error,
      ).toBe(undefined);
    }
  });

  it('refuse a link that breaks the documents (the checks are not empty)', () => {
    expect(
      paymeLinkCheck({ origin: 'https://checkout.paycom.uz', params: { m: 'x', a: '1.5' } }),
    ).not.toEqual([]);
    expect(
      clickLinkCheck({
        page: 'https://my.click.uz/services/pay',
        params: { service_id: '1', merchant_id: '2', amount: '75000', transaction_param: 'b' },
      }),
    ).toEqual(['/params/amount must match pattern "^[0-9]+\\.[0-9]{2}$"']);
  });
});

describe('every answer we give, as the providers document it', () => {
  it('Payme: each method and each refusal passes the documented answer fields', async () => {
    const p = fakePayme(ctx.app, world.w.restaurantId, PAYME.key);
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    // every call below is checked by the fake: a broken answer throws
    await p.checkPerform(bill._id, bill.amount);
    await p.checkPerform(bill._id, bill.amount + 1);
    await p.checkPerform('no-such-bill', bill.amount);
    const { id } = await p.pay(bill._id, bill.amount);
    await p.check(id);
    await p.checkPerform(bill._id, bill.amount);
    await p.cancel(id, 5);
    await p.check(id);
    const held = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const first = paymeId();
    await p.create(first, held._id, held.amount);
    await p.create(paymeId(), held._id, held.amount);
    await p.cancel(first, 3);
    await p.perform(first);
    await p.perform(paymeId());
    await p.statement(0, Date.now() + 60_000);
    await p.call('ChangePassword', { password: PAYME.key });
    await p.call('Transfer', {});
    await p.call('CheckTransaction', {}, { raw: '{' });
    await p.checkPerform(bill._id, bill.amount, { key: 'wrong' });
  });

  it('Click: each step and each refusal passes the documented answer fields, and the fake sends documented fields', async () => {
    const c = fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key);
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const amount = (bill.amount / 100).toFixed(2);
    const { transId, prepared } = await c.pay(bill._id, amount);
    await c.complete(transId, bill._id, String(prepared.merchant_prepare_id), amount);
    await c.complete(transId, bill._id, String(prepared.merchant_prepare_id), amount, { error: '-5017' });
    await c.prepare(clickTransId(), 'no-such-bill', amount);
    await c.prepare(clickTransId(), bill._id, amount, { secret: 'forged' });
    await c.prepare(clickTransId(), bill._id, amount, { omit: ['click_paydoc_id'] });
    await c.complete(clickTransId(), bill._id, '1', amount);
    // the recorded requests' fields are the documented ones
    const documented = {
      ...recorded<{ request: Record<string, string> }>('click/prepare.recorded.json').request,
      sign_time: '2026-11-26 14:05:00',
      sign_string: 'a'.repeat(32),
    };
    expect(clickRequestCheck('#/prepare')(documented)).toEqual([]);
  });

  it('refuse an answer that breaks the documents (the checks are not empty)', () => {
    expect(() =>
      checkPaymeAnswer(
        'CreateTransaction',
        200,
        JSON.stringify({ id: 1, result: { transaction: 5, state: 1 } }),
      ),
    ).toThrow(/create_time|transaction/);
    expect(() =>
      checkPaymeAnswer(
        'CheckTransaction',
        200,
        JSON.stringify({ id: 1, error: { code: -31003, message: 'x' } }),
      ),
    ).toThrow(/message/);
    expect(() => checkPaymeAnswer('CheckTransaction', 415, '{}')).toThrow(/200/);
    expect(() =>
      checkClickAnswer(
        'prepare',
        200,
        JSON.stringify({
          click_trans_id: '1',
          merchant_trans_id: 'b',
          merchant_prepare_id: 1,
          error: 0,
          error_note: 'Success',
        }),
      ),
    ).toThrow(/click_trans_id/);
  });
});

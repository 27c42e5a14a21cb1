/**
 * Click's published test scenarios (fixtures/click/test-scenarios.documented.json, the table of
 * Click's test generator), each a test named after the scenario, sent as Click sends it
 * (fakes/click.ts: form fields, `application/x-www-form-urlencoded`, signed) and answered as the
 * table expects, every answer checked against the documented fields by the fake; then every
 * documented field of Prepare and Complete left out or spoiled: -8 before anything is stored or
 * paid (Click's errors page: "-8 Error in request from click: not all transmitted parameters").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickTransId, fakeClick } from './fakes/click';
import { recorded } from './fixtures/recorded';
import { createTestApp, TEST_SECRET_KEY, type TestCtx } from './helpers';
import { billOf, CLICK, guestOrders, type PaymentWorld, paymentWorld } from './payments-support';

interface Scenario {
  n: number;
  call: 'prepare' | 'complete';
  error: number;
  what: string;
}
const scenarios = recorded<{ scenarios: Scenario[] }>('click/test-scenarios.documented.json').scenarios;
const scenario = (n: number) => scenarios.find((s) => s.n === n) as Scenario;
const named = (...ns: number[]) =>
  ns.map((n) => `${n}. ${scenario(n).what} (${scenario(n).error})`).join('; ');
const BAD_REQUEST = -8;

let ctx: TestCtx;
let world: PaymentWorld;

beforeAll(async () => {
  // a bill per check: more orders from one table than a guest may place
  ctx = await createTestApp({
    integrationSecretKey: TEST_SECRET_KEY,
    orderLimits: { ordersPerTable: 10_000, ordersPerAddress: 10_000, callsPerTable: 10_000 },
  });
  world = await paymentWorld(ctx);
});
afterAll(async () => ctx?.close());

const click = () => fakeClick(ctx.app, world.w.restaurantId, CLICK.service_id, CLICK.secret_key);
const billStatus = async (id: string) =>
  (await ctx.db.selectFrom('bills').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const clickRows = () => ctx.db.selectFrom('click_transactions').selectAll().execute();
/** The bill's amount as Click writes it: so'm with two decimals. */
const som = (tiyin: number) => (tiyin / 100).toFixed(2);

describe("Click's test scenarios", () => {
  it(`scenarios 1-8 on one payment: ${named(1, 2, 3, 4, 5, 6, 7, 8)}`, async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 0));
    const amount = som(bill.amount);
    const c = click();
    const id = clickTransId();

    expect((await c.prepare(id, bill._id, amount, { secret: 'not-the-key' })).error).toBe(scenario(1).error);
    expect((await c.prepare(id, 'no-such-order', amount)).error).toBe(scenario(2).error);
    expect(await clickRows()).toEqual([]);

    const prepared = await c.prepare(id, bill._id, amount);
    expect(prepared).toMatchObject({
      error: scenario(3).error,
      click_trans_id: Number(id),
      merchant_trans_id: bill._id,
    });
    const prepareId = String(prepared.merchant_prepare_id);

    expect((await c.complete(id, bill._id, prepareId, amount, { secret: 'not-the-key' })).error).toBe(
      scenario(4).error,
    );
    expect((await c.complete(id, bill._id, prepareId, '300')).error).toBe(scenario(5).error);
    expect(await billStatus(bill._id)).toBe('open');

    const completed = await c.complete(id, bill._id, prepareId, amount);
    expect(completed).toMatchObject({
      error: scenario(6).error,
      merchant_confirm_id: prepared.merchant_prepare_id,
    });
    expect(await billStatus(bill._id)).toBe('paid');
    const events = await ctx.db.selectFrom('order_events').selectAll().execute();

    // the confirmation repeated: already paid, nothing paid twice
    expect((await c.complete(id, bill._id, prepareId, amount)).error).toBe(scenario(7).error);
    expect(await ctx.db.selectFrom('order_events').selectAll().execute()).toHaveLength(events.length);
    expect(await billStatus(bill._id)).toBe('paid');

    // Click's scenario 8 (error -5017 on the confirmed payment) is answered -9 as it expects, but
    // `error` is not signed: a paid bill is never unpaid on it (docs/PAYMENTS.md, "Click")
    expect((await c.complete(id, bill._id, prepareId, amount, { error: '-5017' })).error).toBe(
      scenario(8).error,
    );
    expect(await billStatus(bill._id)).toBe('paid');
  });

  it(`scenarios 9-11 on a fresh payment: ${named(9, 10, 11)}`, async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const amount = som(bill.amount);
    const c = click();
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, amount);
    expect(prepared.error).toBe(scenario(9).error);
    expect((await c.complete(id, bill._id, '999999999', amount)).error).toBe(scenario(10).error);
    expect(await billStatus(bill._id)).toBe('open');
    expect((await c.complete(id, bill._id, String(prepared.merchant_prepare_id), amount)).error).toBe(
      scenario(11).error,
    );
    expect(await billStatus(bill._id)).toBe('paid');
  });

  it(`scenarios 12-15 on another: ${named(12, 13, 14, 15)}`, async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const amount = som(bill.amount);
    const c = click();
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, amount);
    expect(prepared.error).toBe(scenario(12).error);
    const prepareId = String(prepared.merchant_prepare_id);
    expect((await c.complete(id, bill._id, prepareId, amount, { error: '-5017' })).error).toBe(
      scenario(13).error,
    );
    expect((await c.complete(id, bill._id, prepareId, amount, { error: '-5017' })).error).toBe(
      scenario(14).error,
    );
    expect((await c.complete(id, bill._id, prepareId, amount)).error).toBe(scenario(15).error);
    expect(await billStatus(bill._id)).toBe('open');
  });

  it("a Prepare for a bill paid already answers -4 (Already paid); one with Click's own error answers -9, storing nothing", async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const c = click();
    const { completed } = await c.pay(bill._id, som(bill.amount));
    expect(completed.error).toBe(0);
    expect((await c.prepare(clickTransId(), bill._id, som(bill.amount))).error).toBe(-4);
    const next = await billOf(ctx, await guestOrders(ctx, world.w, 1));
    const before = await clickRows();
    expect((await c.prepare(clickTransId(), next._id, som(next.amount), { error: '-5017' })).error).toBe(-9);
    expect(await clickRows()).toEqual(before);
  });
});

describe('every documented field, missing or malformed: -8 before anything is stored or paid', () => {
  const common = [
    'click_trans_id',
    'service_id',
    'click_paydoc_id',
    'merchant_trans_id',
    'amount',
    'action',
    'error',
    'error_note',
    'sign_time',
    'sign_string',
  ];

  it.each(common)('Prepare without %s', async (field) => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const before = await clickRows();
    const reply = await click().prepare(clickTransId(), bill._id, som(bill.amount), { omit: [field] });
    expect(reply.error).toBe(BAD_REQUEST);
    expect(await clickRows()).toEqual(before);
  });

  it.each([...common, 'merchant_prepare_id'])('Complete without %s: the bill is not paid', async (field) => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const c = click();
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, som(bill.amount));
    expect(prepared.error).toBe(0);
    const before = await clickRows();
    const reply = await c.complete(id, bill._id, String(prepared.merchant_prepare_id), som(bill.amount), {
      omit: [field],
    });
    expect(reply.error).toBe(BAD_REQUEST);
    expect(await billStatus(bill._id)).toBe('open');
    expect(await clickRows()).toEqual(before);
    // the same Complete, whole, goes through: nothing was spent on the refused one
    expect(
      (await c.complete(id, bill._id, String(prepared.merchant_prepare_id), som(bill.amount))).error,
    ).toBe(0);
  });

  it.each([
    ['click_trans_id', 'abc'],
    ['click_trans_id', '-5'],
    ['service_id', '8x'],
    ['click_paydoc_id', 'pd1'],
    ['amount', '7 5000'],
    ['amount', '75,000.00'],
    ['action', 'prepare'],
    ['error', 'none'],
    ['sign_time', '26.11.2026 14:05'],
    ['sign_string', 'not-an-md5'],
  ])('Prepare with %s = %j', async (field, value) => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const before = await clickRows();
    const reply = await click().prepare(clickTransId(), bill._id, som(bill.amount), {
      after: { [field]: value },
    });
    expect(reply.error).toBe(BAD_REQUEST);
    expect(await clickRows()).toEqual(before);
  });

  it('Complete with merchant_prepare_id = "x1": the bill is not paid', async () => {
    const bill = await billOf(ctx, await guestOrders(ctx, world.w, 2));
    const c = click();
    const id = clickTransId();
    const prepared = await c.prepare(id, bill._id, som(bill.amount));
    const reply = await c.complete(id, bill._id, String(prepared.merchant_prepare_id), som(bill.amount), {
      after: { merchant_prepare_id: 'x1' },
    });
    expect(reply.error).toBe(BAD_REQUEST);
    expect(await billStatus(bill._id)).toBe('open');
  });
});

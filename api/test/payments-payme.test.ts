/**
 * Payme's Merchant API (docs/PAYMENTS.md, "Payme") driven by the fake Payme through the documented
 * requests (api/test/fixtures/payme/): the sequence check, create, perform; every method twice
 * with the same id, out of order, with a wrong amount, with wrong auth; the 12-hour timeout; a
 * cancel after perform; GetStatement; the reconciliation; the exact tiyin of 123 456,78 so'm.
 * Each answer is checked as Payme documents it, and the stored rows show nothing paid twice.
 */
import { describe, expect, it } from 'vitest';
import { fakePayme, paymeId } from './fakes/payme';
import { recorded } from './fixtures/recorded';
import { apiCall, createCategory, createProduct, expectError, TEST_SECRET_KEY } from './helpers';
import { ok, placeAs } from './orders-support';
import { billOf, guestOrders, guestView, PAYME, PAYME_BILL_BUSY, paymentWorld } from './payments-support';
import { fileWorld } from './world';

const codes = recorded<{ codes: Record<string, number>; timeout_ms: number }>('payme/errors.documented.json');
const E = codes.codes as Record<string, number>;
/** Ours in Payme's account range (-31050..-31099): docs/PAYMENTS.md. */
const BILL_PAID = -31051;
const BILL_BUSY = PAYME_BILL_BUSY;

let clock = Date.now();

const { ctx, world } = fileWorld(
  { integrationSecretKey: TEST_SECRET_KEY, paymentsClock: () => clock },
  paymentWorld,
);

const payme = () => fakePayme(ctx.app, world.w.restaurantId, PAYME.key, () => clock);

const countPaid = async (billId: string) =>
  (await ctx.db.selectFrom('bills').select('status').where('id', '=', billId).executeTakeFirstOrThrow())
    .status;

describe('the credentials', () => {
  it('are answered without the secret, sealed at rest, and payments stay off without them', async () => {
    const id = world.w.restaurantId;
    const res = await apiCall(ctx, 'GET', `/admin/restaurants/${id}/payments`, world.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PAYME.key);
    expect(res.json().data.payme).toEqual({ merchant_id: PAYME.merchant_id, key_set: true });
    const row = await ctx.db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('restaurant_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.payme_key_enc).toMatch(/^v2\./);
    expect(row.payme_key_enc).not.toContain(PAYME.key);
    // a manager may not read them
    expectError(await apiCall(ctx, 'GET', `/admin/restaurants/${id}/payments`, world.w.manager.token), 403);

    const other = await paymentWorld(ctx, false);
    const order = await guestOrders(ctx, other.w);
    expect((await billOf(ctx, order)).methods).toEqual([]);
    const checkout = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/checkout',
      payload: { order_id: order._id, key: order.key, method: 'payme' },
    });
    expectError(checkout, 409);
    const reply = await fakePayme(ctx.app, other.w.restaurantId, PAYME.key).checkPerform('x', 100);
    expect(reply.error?.code).toBe(E.insufficient_privileges);
  });
});

describe('the documented sequence', () => {
  it('checks, creates and performs; the bill and its orders are paid, live', async () => {
    const order = await guestOrders(ctx, world.w);
    const bill = await billOf(ctx, order);
    expect(bill.amount).toBe(7_500_000);
    expect(bill.methods).toEqual(['payme', 'click']);

    const link = await ok(
      ctx.app.inject({
        method: 'POST',
        url: '/api/public/checkout',
        payload: { order_id: order._id, key: order.key, method: 'payme' },
      }),
    );
    const shape = recorded<{ host: string; decoded: string }>('payme/checkout-link.recorded.json');
    expect(link.data.url.startsWith(shape.host)).toBe(true);
    const decoded = Buffer.from(link.data.url.slice(shape.host.length), 'base64').toString('utf8');
    expect(decoded).toMatch(
      new RegExp(`^m=${PAYME.merchant_id};ac\\.bill_id=${bill._id};a=7500000;c=http://`),
    );
    expect(decoded).toContain(`/orders/${order._id}?key=`);

    const eventsBefore = await ctx.db.selectFrom('order_events').select('seq').execute();
    const { id, check, create, perform } = await payme().pay(bill._id, bill.amount);
    expect(check.result).toEqual({ allow: true });
    expect(create.result).toMatchObject({ state: 1, receivers: null });
    expect(typeof create.result?.transaction).toBe('string');
    expect(perform.result).toMatchObject({ state: 2, transaction: create.result?.transaction });

    expect(await countPaid(bill._id)).toBe('paid');
    const view = await guestView(ctx, order);
    expect(view.payment).toMatchObject({ status: 'paid', method: 'payme', amount: 7_500_000 });
    const eventsAfter = await ctx.db.selectFrom('order_events').select('seq').execute();
    expect(eventsAfter.length).toBe(eventsBefore.length + 1);
    const checked = await payme().check(id);
    expect(Object.keys(checked.result ?? {}).sort()).toEqual(
      Object.keys(
        recorded<{ response: { result: object } }>('payme/CheckTransaction.assembled.json').response.result,
      ).sort(),
    );
  });
});

describe("the order's page", () => {
  it("shows the table's bill and sends «To'lash» on to Payme without JavaScript", async () => {
    const order = await guestOrders(ctx, world.w, 1);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/m/${world.w.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('75 000 сум');
    expect(page.body).toContain(`${order._id}/pay?`);
    const pay = await ctx.app.inject({
      method: 'GET',
      url: `/m/${world.w.slug}/orders/${order._id}/pay?key=${encodeURIComponent(order.key)}&method=payme`,
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toMatch(/^https:\/\/checkout\.paycom\.uz\//);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/m/${world.w.slug}/orders/${order._id}/pay?key=wrong&method=payme`,
    });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toContain('pay=failed');
  });
});

describe("what a guest's answers say of the table's other orders", () => {
  it("their numbers and amounts, never their ids: the bill, the order, the page name no other guest's order", async () => {
    // two guests at one table: each bill answer, order answer and page carries only its own order's id
    const { w } = await paymentWorld(ctx);
    const first = await guestOrders(ctx, w, 0);
    const second = await guestOrders(ctx, w, 0);
    const bill = await billOf(ctx, second);
    expect(bill.orders.map((o) => o.number)).toHaveLength(2);
    for (const o of bill.orders) expect(Object.keys(o).sort()).toEqual(['amount', 'menu_amount', 'number']);
    const answers = [
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/public/bill',
          payload: { order_id: second._id, key: second.key },
        })
      ).body,
      (await ctx.app.inject({ method: 'GET', url: `/api/public/orders/${second._id}?key=${second.key}` }))
        .body,
      (await ctx.app.inject({ method: 'GET', url: `/m/${w.slug}/orders/${second._id}?key=${second.key}` }))
        .body,
      (await ctx.app.inject({ method: 'GET', url: `/api/public/tables/${w.tables[0]?._id}` })).body,
    ];
    for (const body of answers) expect(body).not.toContain(first._id);
  });
});

describe('idempotent, out of order, wrong amount, wrong auth', () => {
  it('answers every repeated call as the first, and nothing is paid twice', async () => {
    const order = await guestOrders(ctx, world.w, 1);
    const bill = await billOf(ctx, order);
    const p = payme();
    const id = paymeId();
    const time = Date.now();
    const created = await p.create(id, bill._id, bill.amount, time);
    expect(await p.create(id, bill._id, bill.amount, time)).toMatchObject({ result: created.result });
    const performed = await p.perform(id);
    clock += 5_000;
    const again = await p.perform(id);
    expect(again.result).toEqual(performed.result);
    expect(await p.create(id, bill._id, bill.amount, time)).toMatchObject({
      error: { code: E.cannot_perform },
    });
    const txs = await ctx.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('bill_id', '=', bill._id)
      .execute();
    expect(txs).toHaveLength(1);
    const events = await ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('entity_id', '=', order._id)
      .execute();
    const paidEvents = events.length;
    await p.perform(id);
    expect(
      await ctx.db.selectFrom('order_events').selectAll().where('entity_id', '=', order._id).execute(),
    ).toHaveLength(paidEvents);

    // a second transaction for the paid bill is refused as an account error
    expect((await p.checkPerform(bill._id, bill.amount)).error?.code).toBe(BILL_PAID);
    expect((await p.create(paymeId(), bill._id, bill.amount)).error?.code).toBe(BILL_PAID);
  });

  it('answers calls out of order and for unknown ids as Payme documents', async () => {
    const p = payme();
    const unknown = paymeId();
    expect((await p.perform(unknown)).error?.code).toBe(E.transaction_not_found);
    expect((await p.cancel(unknown)).error?.code).toBe(E.transaction_not_found);
    expect((await p.check(unknown)).error?.code).toBe(E.transaction_not_found);
    expect((await p.checkPerform('no-such-bill', 100)).error).toMatchObject({
      code: E.account_first,
      data: 'bill_id',
    });

    const order = await guestOrders(ctx, world.w, 2);
    const bill = await billOf(ctx, order);
    const first = paymeId();
    await p.create(first, bill._id, bill.amount);
    // another transaction while the first holds the bill
    expect((await p.create(paymeId(), bill._id, bill.amount)).error?.code).toBe(BILL_BUSY);
    // cancelled before perform: state -1, then perform is refused, the bill stays open
    const cancelled = await p.cancel(first, 3);
    expect(cancelled.result).toMatchObject({ state: -1 });
    expect((await p.cancel(first, 3)).result).toEqual(cancelled.result);
    expect((await p.perform(first)).error?.code).toBe(E.cannot_perform);
    expect(await countPaid(bill._id)).toBe('open');
    expect((await p.check(first)).result).toMatchObject({ state: -1, reason: 3, perform_time: 0 });
  });

  it('refuses a wrong amount (-31001) and wrong auth (-32504), storing nothing', async () => {
    const order = await guestOrders(ctx, world.w, 2);
    const bill = await billOf(ctx, order);
    const p = payme();
    expect((await p.checkPerform(bill._id, bill.amount + 1)).error?.code).toBe(E.wrong_amount);
    expect((await p.create(paymeId(), bill._id, bill.amount - 100)).error?.code).toBe(E.wrong_amount);
    expect(
      (
        await p.call('CreateTransaction', {
          id: paymeId(),
          time: Date.now(),
          amount: 10.5,
          account: { bill_id: bill._id },
        })
      ).error?.code,
    ).toBe(E.wrong_amount);
    const before = await ctx.db.selectFrom('payme_transactions').selectAll().execute();
    for (const reply of [
      await p.checkPerform(bill._id, bill.amount, { key: 'wrong' }),
      await p.create(paymeId(), bill._id, bill.amount, Date.now(), { key: 'wrong' }),
      await p.perform(paymeId(), { key: '' }),
      await p.cancel(paymeId(), 1, { key: 'wrong' }),
    ]) {
      expect(reply.error?.code).toBe(E.insufficient_privileges);
      expect(reply.error?.message.ru).toBe('Недостаточно привилегий для выполнения метода');
    }
    expect(await ctx.db.selectFrom('payme_transactions').selectAll().execute()).toEqual(before);
    expect((await p.call('X', {}, { raw: '{not json' })).error?.code).toBe(E.parse_error);
    expect((await p.call('Transfer', {})).error?.code).toBe(E.method_not_found);
  });
});

describe("Payme's 12 hours", () => {
  it('cancels a created transaction with reason 4 once its time has passed, and refuses one too old', async () => {
    const order = await guestOrders(ctx, world.w, 2);
    const bill = await billOf(ctx, order);
    const p = payme();
    expect((await p.create(paymeId(), bill._id, bill.amount, clock - codes.timeout_ms - 1)).error?.code).toBe(
      E.cannot_perform,
    );
    const id = paymeId();
    expect((await p.create(id, bill._id, bill.amount, clock)).result).toMatchObject({ state: 1 });
    clock += codes.timeout_ms + 1;
    expect((await p.perform(id)).error?.code).toBe(E.cannot_perform);
    expect((await p.check(id)).result).toMatchObject({ state: -1, reason: 4 });
    expect(await countPaid(bill._id)).toBe('open');
    // the bill is free again: a new payment goes through
    expect((await p.pay(bill._id, bill.amount)).perform.result).toMatchObject({ state: 2 });
  });
});

describe('a cancel after perform', () => {
  it('marks the bill unpaid again (refunded), tells the orders, and the next bill takes them', async () => {
    const order = await guestOrders(ctx, world.w, 0);
    const bill = await billOf(ctx, order);
    const p = payme();
    const { id } = await p.pay(bill._id, bill.amount);
    const cancelled = await p.cancel(id, 5);
    expect(cancelled.result).toMatchObject({ state: -2 });
    expect(Object.keys(cancelled.result ?? {}).sort()).toEqual(
      Object.keys(
        recorded<{ response: { result: object } }>('payme/CancelTransaction.documented.json').response.result,
      ).sort(),
    );
    expect((await p.cancel(id, 5)).result).toEqual(cancelled.result);
    expect(await countPaid(bill._id)).toBe('refunded');
    expect((await guestView(ctx, order)).payment).toMatchObject({ status: 'refunded', method: 'payme' });
    const staff = await ok(apiCall(ctx, 'GET', '/manager/orders', world.w.manager.token));
    expect(staff.data.find((o: { _id: string }) => o._id === order._id).payment.status).toBe('refunded');
    const next = await billOf(ctx, order);
    expect(next._id).not.toBe(bill._id);
    expect(next.orders.map((o) => o.number)).toContain(order.number);
    expect(next.status).toBe('open');
  });
});

describe('GetStatement and the reconciliation', () => {
  it("lists the period's transactions in Payme's fields and shows every difference", async () => {
    const p = payme();
    const listed = await p.statement(0, clock + 10 * 86_400_000);
    const sample = recorded<{ response: { result: { transactions: object[] } } }>(
      'payme/GetStatement.documented.json',
    );
    const mine = listed.result?.transactions as { id: string; amount: number; state: number; time: number }[];
    expect(mine.length).toBeGreaterThan(3);
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(
      Object.keys(sample.response.result.transactions[0] ?? {}).sort(),
    );
    expect(mine.map((t) => t.time)).toEqual([...mine.map((t) => t.time)].sort((a, b) => a - b));

    const day = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);
    const today = mine.filter((t) => new Date(t.time + 5 * 3_600_000).toISOString().slice(0, 10) === day);
    const [first, second, ...rest] = today;
    const theirs = [
      ...(second ? [{ id: second.id, amount: second.amount + 1, state: second.state }] : []),
      ...rest.map((t) => ({ id: t.id, amount: t.amount, state: t.state })),
      { id: 'only-at-payme', amount: 100, state: 2 },
    ];
    const res = await ok(
      apiCall(
        ctx,
        'POST',
        `/admin/restaurants/${world.w.restaurantId}/payments/reconcile`,
        world.admin.token,
        {
          day,
          method: 'payme',
          transactions: theirs,
        },
      ),
    );
    // the day's statement also shows what our own records say (a payment past its 12 hours): here, the comparison
    const against = ['missing_here', 'missing_there', 'amount', 'state'];
    const problems = res.data.differences
      .filter((d: { problem: string }) => against.includes(d.problem))
      .map((d: { id: string; problem: string }) => `${d.id}:${d.problem}`)
      .sort();
    expect(problems).toEqual(
      [`${first?.id}:missing_there`, `${second?.id}:amount`, 'only-at-payme:missing_here'].sort(),
    );
  });
});

describe('exact to the tiyin', () => {
  it("charges and records a bill of 123 456,78 so'm as 12 345 678 tiyin", async () => {
    const category = await createCategory(ctx, world.w.restaurantId, { title: 'Banket' });
    const feast = await createProduct(ctx, world.w.restaurantId, category.id, {
      name: 'Banket',
      price: 123456.78,
    });
    const made = await ok(
      placeAs(ctx, {
        placement_id: world.w.tables[1]?._id,
        idempotency_key: crypto.randomUUID(),
        language: 'uz',
        items: [{ product_id: feast.id, quantity: 1, price: 123456.78 }],
      }),
      201,
    );
    const order = made.data as { _id: string; key: string };
    // table 2's earlier orders were paid: this bill holds the feast alone
    const bill = await billOf(ctx, order);
    expect(bill.amount).toBe(12_345_678);
    const link = await ok(
      ctx.app.inject({
        method: 'POST',
        url: '/api/public/checkout',
        payload: { order_id: order._id, key: order.key, method: 'click' },
      }),
    );
    expect(new URL(link.data.url).searchParams.get('amount')).toBe('123456.78');
    const { id, perform } = await payme().pay(bill._id, 12_345_678);
    expect(perform.result).toMatchObject({ state: 2 });
    const tx = await ctx.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(tx.amount)).toBe(12_345_678);
    expect((await guestView(ctx, order)).payment?.amount).toBe(12_345_678);
    expect((await payme().checkPerform(bill._id, 12_345_677)).error?.code).toBe(BILL_PAID);
  });
});

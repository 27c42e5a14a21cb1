/**
 * The payments' daily statement (docs/PAYMENTS.md, "Reconciliation"): the nightly run on a moved
 * clock (a paid day with no difference; each difference our own records show; a rebuild that
 * changes nothing; the staff's chat told once), the provider's list added to a day (Payme's
 * GetStatement answer as documented, a list, CSV, bad ones refused with nothing changed), and who
 * may read and change it.
 */
import { parseProviderFile, paymentAnswers } from '@qrmenu/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeClick } from './fakes/click';
import { fakePayme, paymeId } from './fakes/payme';
import { recorded } from './fixtures/recorded';
import {
  adminUser,
  apiCall,
  createTestApp,
  createUser,
  expectError,
  expectShape,
  TEST_SECRET_KEY,
} from './helpers';
import { ok } from './orders-support';
import {
  billOf,
  CLICK,
  connectTestChat,
  guestOrders,
  PAYME,
  type PaymentWorld,
  paymentWorld,
} from './payments-support';
import { fileApp } from './world';

const HOUR = 3_600_000;
const TASHKENT = 5 * HOUR;
// the day the payments are made: today in Tashkent (both providers' times are the payments' clock)
const day = new Date(Date.now() + TASHKENT).toISOString().slice(0, 10);
const noon = Date.parse(`${day}T12:00:00Z`) - TASHKENT;
const nextNight = Date.parse(`${day}T00:00:00Z`) - TASHKENT + 24 * HOUR + 1.5 * HOUR;

let clock = noon;

const ctx = fileApp({ integrationSecretKey: TEST_SECRET_KEY, paymentsClock: () => clock });

const payme = (w: PaymentWorld) => fakePayme(ctx.app, w.w.restaurantId, PAYME.key, () => clock);

/** The night after `day`: the clock moved past Tashkent's 01:00 of the next day, the run made. */
async function runNight() {
  clock = nextNight;
  expect(await ctx.app.payments.buildNight()).toBe(day);
}

const withChat = (restaurantId: string) => connectTestChat(ctx, restaurantId);

const notes = (restaurantId: string) =>
  ctx.db
    .selectFrom('telegram_outbox')
    .select(['ref', 'payload'])
    .where('restaurant_id', '=', restaurantId)
    .where('ref', 'like', 'statement:%')
    .execute();

const dayOf = async (w: PaymentWorld) =>
  expectShape(
    paymentAnswers.dayStatements,
    await ok(
      apiCall(ctx, 'GET', `/admin/restaurants/${w.w.restaurantId}/payments/statements/${day}`, w.admin.token),
    ),
  ).data;
/** The restaurant's statement lines, the first page. */
const linesOf = async (w: PaymentWorld) =>
  expectShape(
    paymentAnswers.statements,
    await ok(
      apiCall(ctx, 'GET', `/admin/restaurants/${w.w.restaurantId}/payments/statements`, w.admin.token),
    ),
  );
const methodOf = async (w: PaymentWorld, method: string) => (await dayOf(w)).find((s) => s.method === method);

describe('the nightly run', () => {
  let clean: PaymentWorld;
  let messy: PaymentWorld;
  const expected: Record<string, string> = {};

  beforeAll(async () => {
    clock = noon;
    clean = await paymentWorld(ctx);
    messy = await paymentWorld(ctx);
    await withChat(clean.w.restaurantId);
    await withChat(messy.w.restaurantId);

    // the clean restaurant: one bill paid with Payme, one with Click, one Payme payment cancelled after
    const first = await billOf(ctx, await guestOrders(ctx, clean.w, 0));
    await payme(clean).pay(first._id, first.amount);
    const second = await billOf(ctx, await guestOrders(ctx, clean.w, 1));
    const clicked = await fakeClick(
      ctx.app,
      clean.w.restaurantId,
      CLICK.service_id,
      CLICK.secret_key,
      () => clock,
    ).pay(second._id, '75000.00');
    expect(clicked.completed).toMatchObject({ error: 0 });
    const third = await billOf(ctx, await guestOrders(ctx, clean.w, 2));
    const refunded = await payme(clean).pay(third._id, third.amount);
    await payme(clean).cancel(refunded.id, 5);

    // the messy one: each thing our own records can show wrong
    const p = payme(messy);
    const notPaid = await billOf(ctx, await guestOrders(ctx, messy.w, 0));
    expected.bill_not_paid = (await p.pay(notPaid._id, notPaid.amount)).id;
    await ctx.db.updateTable('bills').set({ status: 'closed' }).where('id', '=', notPaid._id).execute();

    const otherAmount = await billOf(ctx, await guestOrders(ctx, messy.w, 1));
    expected.bill_amount = (await p.pay(otherAmount._id, otherAmount.amount)).id;
    await ctx.db
      .updateTable('bills')
      .set({ amount: otherAmount.amount + 1 })
      .where('id', '=', otherAmount._id)
      .execute();

    const noTransaction = await billOf(ctx, await guestOrders(ctx, messy.w, 2));
    await ctx.db
      .updateTable('bills')
      .set({ status: 'paid', paid_method: 'payme', paid_at: new Date(clock).toISOString() })
      .where('id', '=', noTransaction._id)
      .execute();
    expected.no_transaction = noTransaction._id;

    // a payment created and never performed: 13.5 hours old when the night comes
    const waiting = await billOf(ctx, await guestOrders(ctx, messy.w, 0));
    const id = paymeId();
    expect((await p.create(id, waiting._id, waiting.amount, clock)).result).toMatchObject({ state: 1 });
    expected.timed_out = id;

    // a paid bill whose payment the POS refused
    const posBill = await billOf(ctx, await guestOrders(ctx, messy.w, 1));
    expected.pos_not_received = (await p.pay(posBill._id, posBill.amount)).id;
    const at = new Date(clock).toISOString();
    await ctx.db
      .insertInto('payment_pos')
      .values({
        id: `payme:${expected.pos_not_received}:pos-1`,
        restaurant_id: messy.w.restaurantId,
        bill_id: posBill._id,
        method: 'payme',
        pos_order_id: 'pos-1',
        amount: posBill.amount,
        state: 'refused',
        ticket: null,
        reason: "Kassada to'lov turi yo'q",
        attempts: 1,
        next_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  });

  it('does nothing before Tashkent night has come', async () => {
    clock = nextNight - HOUR; // 00:30 in Tashkent
    expect(await ctx.app.payments.buildNight()).toBeNull();
    const list = await linesOf(clean);
    expect(list).toEqual({ data: [], count: 0 });
  });

  it('builds a paid day with no difference: the count, total and refunds per method, no message', async () => {
    await runNight();
    const [click, paymeDay] = await dayOf(clean);
    expect(paymeDay).toMatchObject({
      method: 'payme',
      count: 1,
      total: 7_500_000,
      refunds: 1,
      refunds_total: 7_500_000,
      difference_count: 0,
      differences: [],
      provider_count: null,
    });
    expect(click).toMatchObject({
      method: 'click',
      count: 1,
      total: 7_500_000,
      refunds: 0,
      difference_count: 0,
    });
    expect(await notes(clean.w.restaurantId)).toEqual([]);
    const list = await linesOf(clean);
    expect(list.count).toBe(2);
    expect(list.data.map((l: { day: string; method: string }) => `${l.day}:${l.method}`)).toEqual([
      `${day}:click`,
      `${day}:payme`,
    ]);
    expect(list.data[0]).not.toHaveProperty('differences');
  });

  it('shows each difference our own records can show, and tells the chat once', async () => {
    const paymeDay = await methodOf(messy, 'payme');
    const found = Object.fromEntries((paymeDay?.differences ?? []).map((d) => [d.problem, d.id]));
    expect(found).toEqual(expected);
    const amount = paymeDay?.differences.find((d) => d.problem === 'bill_amount');
    expect(amount?.ours).toEqual({ amount: 7_500_000, state: 2 });
    expect(amount?.bill).toMatchObject({ amount: 7_500_001, status: 'paid' });
    const pos = paymeDay?.differences.find((d) => d.problem === 'pos_not_received');
    expect(pos).toMatchObject({ reason: "Kassada to'lov turi yo'q" });
    const told = await notes(messy.w.restaurantId);
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]?.payload ?? '{}').text).toBe(
      `⚠️ Kunlik hisobot, ${day}, Payme: 5 ta farq topildi. Administrator tekshirsin`,
    );
  });

  it('rebuilds a day in place: the same statement, one row, no second message', async () => {
    const before = await dayOf(messy);
    // the night stored no empty line of Click; «Hisobotni yangilash» asks for every method
    expect(before.map((s) => s.method)).toEqual(['payme']);
    const rebuilt = await ok(
      apiCall(
        ctx,
        'POST',
        `/admin/restaurants/${messy.w.restaurantId}/payments/statements/${day}`,
        messy.admin.token,
      ),
    );
    const strip = (list: { built_at?: string }[]) => list.map(({ built_at: _b, ...rest }) => rest);
    expect(strip(rebuilt.data)).toEqual([
      expect.objectContaining({ method: 'click', count: 0, difference_count: 0 }),
      ...strip(before as never),
    ]);
    expect(await ctx.app.payments.buildNight()).toBe(day);
    const rows = await ctx.db
      .selectFrom('payment_statements')
      .select('method')
      .where('restaurant_id', '=', messy.w.restaurantId)
      .execute();
    expect(rows).toHaveLength(2);
    expect((await methodOf(messy, 'payme'))?.difference_count).toBe(5);
    expect(await notes(messy.w.restaurantId)).toHaveLength(1);
  });
});

describe("the provider's list", () => {
  let w: PaymentWorld;
  let ours: { id: string; amount: number };

  beforeAll(async () => {
    clock = noon;
    w = await paymentWorld(ctx);
    const bill = await billOf(ctx, await guestOrders(ctx, w.w, 0));
    ours = { id: (await payme(w).pay(bill._id, bill.amount)).id, amount: bill.amount };
    await runNight();
  });

  const add = (body: object) =>
    apiCall(ctx, 'POST', `/admin/restaurants/${w.w.restaurantId}/payments/reconcile`, w.admin.token, body);

  it("takes Payme's GetStatement answer as documented: ours agree, theirs alone is a difference", async () => {
    const documented = recorded<{ response: { result: { transactions: Record<string, unknown>[] } } }>(
      'payme/GetStatement.documented.json',
    ).response;
    const sample = documented.result.transactions[0] ?? {};
    const answer = {
      result: { transactions: [{ ...sample, id: ours.id, amount: ours.amount, state: 2 }, sample] },
    };
    const file = parseProviderFile(JSON.stringify(answer));
    expect(file).toEqual({
      ok: true,
      transactions: [
        { id: ours.id, amount: ours.amount, state: 2 },
        { id: '5305e3bab097f420a62ced0b', amount: 500_000, state: 2 },
      ],
    });
    if (!file.ok) return;
    const res = await ok(add({ day, method: 'payme', transactions: file.transactions }));
    expect(res.data).toMatchObject({ provider_count: 2, difference_count: 1 });
    expect(res.data.differences).toEqual([
      {
        id: '5305e3bab097f420a62ced0b',
        problem: 'missing_here',
        ours: null,
        theirs: { amount: 500_000, state: 2 },
        bill: null,
        reason: null,
      },
    ]);
    // stored with the day, and compared again when the day is rebuilt
    expect(await methodOf(w, 'payme')).toMatchObject({ provider_count: 2, difference_count: 1 });
    await ok(
      apiCall(
        ctx,
        'POST',
        `/admin/restaurants/${w.w.restaurantId}/payments/statements/${day}`,
        w.admin.token,
      ),
    );
    expect(await methodOf(w, 'payme')).toMatchObject({ provider_count: 2, difference_count: 1 });
  });

  it('takes a list and a CSV: another amount and a missing one are differences', async () => {
    const list = parseProviderFile(JSON.stringify([{ id: ours.id, amount: ours.amount + 100, state: 2 }]));
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(
      (await ok(add({ day, method: 'payme', transactions: list.transactions }))).data.differences,
    ).toEqual([
      expect.objectContaining({
        id: ours.id,
        problem: 'amount',
        theirs: { amount: ours.amount + 100, state: 2 },
      }),
    ]);
    const csv = parseProviderFile('id,amount,state\r\n"c-1",1500000,2\r\n');
    expect(csv).toEqual({ ok: true, transactions: [{ id: 'c-1', amount: 1_500_000, state: 2 }] });
    if (!csv.ok) return;
    const res = await ok(add({ day, method: 'payme', transactions: csv.transactions }));
    expect(res.data.differences.map((d: { problem: string }) => d.problem).sort()).toEqual([
      'missing_here',
      'missing_there',
    ]);
  });

  it('refuses a bad list with the contract error and changes nothing', async () => {
    const before = await dayOf(w);
    expectError(
      await add({ day, method: 'payme', transactions: [{ id: 'x', amount: 10.5, state: 2 }] }),
      400,
    );
    expectError(await add({ day: '2025-02-30', method: 'payme', transactions: [] }), 400);
    expectError(await add({ day, method: 'cash', transactions: [] }), 400);
    expect(await dayOf(w)).toEqual(before);
  });
});

describe('who may', () => {
  it('admins only: a manager gets 403 (its own restaurant or another), an unknown restaurant 404', async () => {
    const w = await paymentWorld(ctx);
    const stranger = await createUser(ctx, 'manager');
    const base = `/admin/restaurants/${w.w.restaurantId}/payments`;
    for (const token of [w.w.manager.token, stranger.token]) {
      expectError(await apiCall(ctx, 'GET', `${base}/statements`, token), 403);
      expectError(await apiCall(ctx, 'GET', `${base}/statements/${day}`, token), 403);
      expectError(await apiCall(ctx, 'POST', `${base}/statements/${day}`, token), 403);
      expectError(
        await apiCall(ctx, 'POST', `${base}/reconcile`, token, { day, method: 'payme', transactions: [] }),
        403,
      );
    }
    const admin = await adminUser(ctx);
    expectError(await apiCall(ctx, 'GET', '/admin/restaurants/nope/payments/statements', admin.token), 404);
    expectError(await apiCall(ctx, 'GET', `${base}/statements/2001-01-01`, admin.token), 404);
    expectError(await apiCall(ctx, 'GET', `${base}/statements/2001-13-01`, admin.token), 400);
    expectError(await apiCall(ctx, 'POST', `${base}/statements/2999-01-01`, admin.token), 400);
    const off = await paymentWorld(ctx, false);
    expectError(
      await apiCall(
        ctx,
        'POST',
        `/admin/restaurants/${off.w.restaurantId}/payments/statements/${day}`,
        admin.token,
      ),
      409,
    );
  });
});

describe('the schedule', () => {
  it('the lease holder builds the night by itself once its clock is past 01:00 in Tashkent', async () => {
    let scheduled = noon;
    const own = await createTestApp({
      integrationSecretKey: TEST_SECRET_KEY,
      paymentsClock: () => scheduled,
      nightlyStatements: { everyMs: 50 },
    });
    try {
      const w = await paymentWorld(own);
      const bill = await billOf(own, await guestOrders(own, w.w, 0));
      await fakePayme(own.app, w.w.restaurantId, PAYME.key, () => scheduled).pay(bill._id, bill.amount);
      scheduled = nextNight;
      const built = () =>
        own.db
          .selectFrom('payment_statements')
          .select(['day', 'method', 'count'])
          .where('restaurant_id', '=', w.w.restaurantId)
          .execute();
      await expect.poll(built, { timeout: 10_000 }).toEqual([{ day, method: 'payme', count: 1 }]);
    } finally {
      await own.close();
    }
  });
});

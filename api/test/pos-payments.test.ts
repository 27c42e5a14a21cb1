/**
 * A bill paid from the phone recorded in iiko as an external payment (docs/PAYMENTS.md, "Into the
 * POS"), against the fake iikoTransport (fakes/iiko-orders.ts, answering in the shapes of iiko's
 * recorded ones) and the fake Payme (its documented sequence): the bill counts iiko's amounts;
 * after PerformTransaction iiko receives one `add_payments` of the exact sum, processed
 * externally, into the table's iiko order; iiko down: retried, once after it is back; a lost
 * answer: no double; the board shows the payment's way; a cancel after it: the staff told to
 * cancel it in iiko by hand.
 */
import { answers } from '@qrmenu/shared/schemas';
import { formatTiyin, t } from '@qrmenu/shared/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { iikoOrderId } from '../src/integration/providers/iiko/orders';
import { IIKO_TABLES, IIKO_TERMINAL_GROUPS } from './fakes/iiko';
import { fakePayme } from './fakes/payme';
import { recorded } from './fixtures/recorded';
import { apiCall, expectShape } from './helpers';
import { newKey, ok, placeAs } from './orders-support';
import { billOf, connectTestChat, PAYME } from './payments-support';
import { drainPos, filePosOrdersWorld } from './pos-support';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const MASTAVA = uuid(5, 9001);
const PAYME_TYPE = recorded<{ paymentTypes: { id: string; code: string }[] }>(
  'iiko/payment_types_payme_click.assembled.json',
).paymentTypes.find((p) => p.code === 'PAYME')?.id;

describe('a bill paid from the phone, into iiko', () => {
  const { ctx, world, fake } = filePosOrdersWorld('iiko', {
    payments: { payme: PAYME },
    tables: ['Stol 5', 'Stol 6', 'Stol 7'],
  });
  let mastava = '';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    apiCall(ctx, method, url, world.manager.token, body);
  const payme = () => fakePayme(ctx.app, world.restaurantId, PAYME.key);
  /** The senders' turns until nothing more goes through now (iiko down: the rest wait behind it). */
  const settle = () => drainPos(ctx, () => fake.desk.state.down, 100);
  const board = async () => expectShape(answers.orders, await ok(call('GET', '/manager/orders'))).data;
  /** A guest's order of `n` Mastava at `table`, taken by iiko. */
  const ordered = async (table: string, n = 1) => {
    const made = await ok(
      placeAs(ctx, {
        placement_id: world.tables[table],
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ product_id: mastava, quantity: n, row_ids: [], price: 28000 }],
      }),
      201,
    );
    await settle();
    return made.data as { _id: string; key: string };
  };
  const paymentsInto = (orderId: string) =>
    fake.desk.state.payments.filter((p) => p.orderId === iikoOrderId({ orderId } as never));

  beforeAll(async () => {
    await ok(call('PUT', '/manager/pos/terminal-group', { terminal_group_id: IIKO_TERMINAL_GROUPS[0]?.id }));
    for (const [i, name] of ['Stol 5', 'Stol 6', 'Stol 7'].entries())
      await ok(
        call('PUT', `/manager/placements/${world.tables[name]}/pos-table`, {
          pos_table_id: IIKO_TABLES[4 + i]?.id,
        }),
      );
    mastava = (
      await ctx.db
        .selectFrom('products')
        .select('id')
        .where('external_id', '=', MASTAVA)
        .executeTakeFirstOrThrow()
    ).id;
  });

  it("counts iiko's amount, and iiko receives one external payment of it into the table's order", async () => {
    // iiko's front prices the dish itself, not as our menu (28 000): iiko's is the price, to the tiyin
    fake.desk.state.frontPrices.set(MASTAVA, 29000.5);
    const order = await ordered('Stol 5', 2);
    fake.desk.state.frontPrices.clear();
    const iikoOrder = fake.desk.orders.get(iikoOrderId({ orderId: order._id } as never));
    expect(iikoOrder?.creationStatus).toBe('Success');
    const iikoSum = iikoOrder?.items.reduce((s, i) => s + i.cost, 0) ?? 0;
    const bill = await billOf(ctx, order);
    // iiko's total in whole tiyin: the bill counts the POS's amount, and says the menu's
    expect(iikoSum).toBe(58001);
    expect(bill.amount).toBe(5_800_100);
    expect(bill.orders).toEqual([{ number: expect.any(Number), amount: 5_800_100, menu_amount: 5_600_000 }]);
    const { perform } = await payme().pay(bill._id, bill.amount);
    expect(perform.result).toMatchObject({ state: 2 });
    const queued = await ctx.db
      .selectFrom('payment_pos')
      .selectAll()
      .where('bill_id', '=', bill._id)
      .execute();
    expect(queued).toHaveLength(1);
    await settle();
    expect(paymentsInto(order._id)).toEqual([
      {
        organizationId: fake.data.organizations[0]?.id,
        orderId: iikoOrderId({ orderId: order._id } as never),
        payments: [
          {
            paymentTypeKind: 'Card',
            sum: bill.amount / 100,
            paymentTypeId: PAYME_TYPE,
            isProcessedExternally: true,
            isFiscalizedExternally: false,
            isPrepay: true,
          },
        ],
      },
    ]);
    expect(iikoOrder?.payments).toEqual([
      { paymentType: { id: PAYME_TYPE, kind: 'Card' }, sum: bill.amount / 100, isProcessedExternally: true },
    ]);
    const seen = (await board()).find((o) => o._id === order._id);
    expect(seen?.payment?.status).toBe('paid');
    expect(seen?.payment_pos).toEqual({ state: 'recorded', reason: null });
    // Payme repeats its perform: nothing goes twice
    await payme().perform(
      (await ctx.db.selectFrom('payme_transactions').select('id').executeTakeFirstOrThrow()).id,
    );
    await settle();
    expect(paymentsInto(order._id)).toHaveLength(1);
  });

  it('iiko down: the payment waits, the staff see why, and it goes once after iiko is back', async () => {
    const order = await ordered('Stol 6');
    const bill = await billOf(ctx, order);
    fake.desk.state.down = true;
    await payme().pay(bill._id, bill.amount);
    await ctx.app.posOrders.drain();
    await ctx.app.posOrders.drain();
    const waiting = (await board()).find((o) => o._id === order._id)?.payment_pos;
    expect(waiting?.state).toBe('failed');
    expect(waiting?.reason).toContain(t.orders.pos.reasons.down);
    expect(paymentsInto(order._id)).toHaveLength(0);
    fake.desk.state.down = false;
    await settle();
    expect(paymentsInto(order._id)).toHaveLength(1);
    expect((await board()).find((o) => o._id === order._id)?.payment_pos?.state).toBe('recorded');
  });

  it('a lost answer of add_payments: tried again, iiko has it, no double', async () => {
    const order = await ordered('Stol 7');
    const bill = await billOf(ctx, order);
    fake.fail('/api/1/order/add_payments', 'lost');
    await payme().pay(bill._id, bill.amount);
    await settle();
    expect(paymentsInto(order._id)).toHaveLength(1);
    const iikoOrder = fake.desk.orders.get(iikoOrderId({ orderId: order._id } as never));
    expect(iikoOrder?.payments).toHaveLength(1);
    expect((await board()).find((o) => o._id === order._id)?.payment_pos?.state).toBe('recorded');
  });

  it('a cancel after the POS got it: the staff are told to cancel it in iiko by hand', async () => {
    await connectTestChat(ctx, world.restaurantId);
    const tx = await ctx.db
      .selectFrom('payme_transactions')
      .select(['id', 'bill_id'])
      .orderBy('create_time')
      .executeTakeFirstOrThrow();
    const cancelled = await payme().cancel(tx.id);
    expect(cancelled.result).toMatchObject({ state: -2 });
    const texts = (await ctx.db.selectFrom('telegram_outbox').select(['ref', 'payload']).execute()).filter(
      (r) => r.ref === `refund-pos:${tx.bill_id}`,
    );
    expect(texts.map((r) => JSON.parse(r.payload).text)).toEqual([
      t.payments.pos.refundAlert('Stol 5', formatTiyin(5_800_100), 'Payme'),
    ]);
  });

  it('a payment iiko has no type for: refused, the board and the chat say so', async () => {
    await ctx.db.deleteFrom('telegram_outbox').execute();
    const order = await ordered('Stol 6');
    const bill = await billOf(ctx, order);
    const { perform } = await fakePayme(ctx.app, world.restaurantId, PAYME.key).pay(bill._id, bill.amount);
    expect(perform.result).toMatchObject({ state: 2 });
    // the restaurant deleted its Payme type in iiko meanwhile
    const types = fake.desk.paymentTypes();
    const payme = types.find((p) => p.id === PAYME_TYPE);
    if (payme) payme.isDeleted = true;
    await settle();
    if (payme) payme.isDeleted = false;
    const seen = (await board()).find((o) => o._id === order._id)?.payment_pos;
    expect(seen).toEqual({ state: 'refused', reason: 'iiko: no external payment type "payme"' });
    const texts = (await ctx.db.selectFrom('telegram_outbox').select(['ref', 'payload']).execute()).filter(
      (r) => r.ref.startsWith('payment-pos:'),
    );
    expect(texts).toHaveLength(1);
    expect(JSON.parse(texts[0]?.payload ?? '{}').text).toContain('iiko: no external payment type');
  });
});

/**
 * A bill paid from the phone with Click, recorded in Poster (docs/PAYMENTS.md, "Into the POS"),
 * against the fake joinposter API (fakes/poster.ts, Poster's documented shapes) and the fake
 * Click (Prepare, Complete): the online order the cashier accepted into a register's order is
 * paid and closed there once (`transactions.closeTransaction`, `payed_card` in kopecks = tiyin,
 * the register the order's history names); Poster down: retried, once after it is back; a lost
 * answer: no second close.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tiyinToDecimalSom } from '../src/services/payments/money';
import { fakeClick } from './fakes/click';
import { newKey, placeAs } from './orders-support';
import { billOf, CLICK } from './payments-support';
import { filePosOrdersWorld } from './pos-support';

describe('a bill paid with Click, into Poster', () => {
  const { ctx, world, fake } = filePosOrdersWorld('poster', {
    app: {
      posOrders: { schedule: false, backoffMs: 0, maxBackoffMs: 0, followMs: 0 },
    },
    payments: { click: CLICK },
    tables: ['Stol 5', 'Stol 6', 'Stol 7'],
  });
  const placements: string[] = [];
  let ip = 0;

  beforeAll(() => {
    placements.push(...Object.values(world.tables));
  });

  /** A guest's order at `table`, sent to Poster and accepted by its cashier. */
  async function accepted(table: number) {
    const kompot = await ctx.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('restaurant_id', '=', world.restaurantId)
      .where('external_id', '=', '115')
      .executeTakeFirstOrThrow();
    ip++;
    const res = await placeAs(
      ctx,
      {
        placement_id: placements[table],
        idempotency_key: newKey(),
        language: 'uz',
        items: [{ product_id: kompot.id, quantity: 2, price: Number(kompot.price) }],
      },
      `203.0.113.${ip}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data as { _id: string; key: string };
    await ctx.app.posOrders.drain();
    const online = fake.incomingOrders.at(-1);
    await fake.settle(online?.incoming_order_id as number, 'accepted');
    await ctx.app.posOrders.drain();
    const pos = await ctx.db
      .selectFrom('order_pos')
      .selectAll()
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(pos.state).toBe('accepted');
    return { order, transactionId: Number(pos.pos_order_id) };
  }
  const paymentState = async (billId: string) =>
    await ctx.db
      .selectFrom('payment_pos')
      .select(['state', 'reason'])
      .where('bill_id', '=', billId)
      .executeTakeFirstOrThrow();
  const closesOf = (transactionId: number) => fake.closes.filter((c) => c.transaction_id === transactionId);

  it("pays and closes the cashier's register order once, with the bill's exact amount by card", async () => {
    const { order, transactionId } = await accepted(0);
    const bill = await billOf(ctx, order);
    const click = fakeClick(ctx.app, world.restaurantId, CLICK.service_id, CLICK.secret_key);
    const { completed } = await click.pay(bill._id, tiyinToDecimalSom(bill.amount));
    expect(completed.error).toBe(0);
    await ctx.app.posOrders.drain();
    expect(closesOf(transactionId)).toEqual([
      { spot_id: 1, spot_tablet_id: 1, transaction_id: transactionId, payed_card: bill.amount },
    ]);
    expect(fake.transactions.find((t) => t.transaction_id === transactionId)).toMatchObject({
      status: 2,
      payed_card: bill.amount,
    });
    expect(await paymentState(bill._id)).toEqual({ state: 'recorded', reason: null });
    await ctx.app.posOrders.drain();
    expect(closesOf(transactionId)).toHaveLength(1);
  });

  it('Poster down: retried, and closed once after it is back', async () => {
    const { order, transactionId } = await accepted(1);
    const bill = await billOf(ctx, order);
    await fake.down('503');
    const click = fakeClick(ctx.app, world.restaurantId, CLICK.service_id, CLICK.secret_key);
    expect((await click.pay(bill._id, tiyinToDecimalSom(bill.amount))).completed.error).toBe(0);
    await ctx.app.posOrders.drain();
    await ctx.app.posOrders.drain();
    expect((await paymentState(bill._id)).state).toBe('failed');
    expect(closesOf(transactionId)).toHaveLength(0);
    await fake.up();
    await ctx.app.posOrders.drain();
    expect(closesOf(transactionId)).toHaveLength(1);
    expect((await paymentState(bill._id)).state).toBe('recorded');
  });

  it('a lost answer of closeTransaction: the next try finds it paid, and does not close it again', async () => {
    const { order, transactionId } = await accepted(2);
    const bill = await billOf(ctx, order);
    fake.fail('/api/transactions.closeTransaction', 'lost');
    const click = fakeClick(ctx.app, world.restaurantId, CLICK.service_id, CLICK.secret_key);
    expect((await click.pay(bill._id, tiyinToDecimalSom(bill.amount))).completed.error).toBe(0);
    await ctx.app.posOrders.drain();
    expect((await paymentState(bill._id)).state).toBe('failed');
    await ctx.app.posOrders.drain();
    expect(closesOf(transactionId)).toHaveLength(1);
    expect((await paymentState(bill._id)).state).toBe('recorded');
  });
});

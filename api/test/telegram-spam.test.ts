/**
 * Order spam against the restaurant's chat (docs/TELEGRAM.md, "Limits and faults"; docs/ORDERS.md,
 * "Limits"), on the outbox's own clock and Telegram's pace (one message a second, 20 a minute):
 * 30 orders from 3 tables as fast as the per-table limit allows, then a guest's real order at a
 * fourth: the real one is posted within seconds (the orders before it folded into one message
 * when it would wait longer), every spam order is in the chat as a post or in that message, and the
 * board says which were folded. An order rejected before its post's turn is not posted. A
 * restaurant takes at most ORDER_RATE_LIMIT_PER_RESTAURANT orders a minute from all its tables.
 */
import { answers } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickSettings } from '../src/config/settings';
import { DEFAULT_ORDER_RATE_LIMITS } from '../src/services/orders/limits';
import { apiCall, createTestApp, expectError, type TestCtx } from './helpers';
import { basket, type OrderWorld, ok, orderWorld, placeAs } from './orders-support';
import { fileTelegramWorld, type TelegramWorld } from './telegram-support';

let clockAt = Date.now();
const clock = () => clockAt;
/** Telegram's pace for a group, as in production; the fold after 10 s (the default). */
const PACED = { schedule: false, gapMs: 1000, perMinute: 20, backoffMs: 50, clock } as const;

const numberIn = (text: string) => Number(/^Yangi buyurtma #(\d+)/.exec(text)?.[1]);
const backlogNumbers = (text: string) =>
  [
    ...(/^\d+ ta buyurtma kutmoqda: (.*) — buyurtmalar panelida$/.exec(text)?.[1] ?? '').matchAll(/#(\d+)/g),
  ].map((m) => Number(m[1]));

async function boardOf(tw: TelegramWorld) {
  const day = answers.orders.parse(
    await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token)),
  );
  return new Map(day.data.map((o) => [o.number, o]));
}

describe('30 spam orders from 3 tables, then a real one', () => {
  const tw = fileTelegramWorld({ tables: 4, extra: { telegramOutbox: PACED } });

  it('the real order is posted within seconds; every spam order is in the chat, posted or folded into one message', async () => {
    const inChat = () => tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
    const step = async () => {
      clockAt += 250;
      await tw.ctx.app.telegram.drain();
    };
    // 4 a second, 10 from each of 3 tables (their limit), one address: the outbox drains meanwhile
    const spam: number[] = [];
    for (let i = 0; i < 30; i++) {
      spam.push((await ok(placeAs(tw.ctx, basket(tw.world, i % 3), '198.51.100.66'), 201)).data.number);
      await step();
    }
    const real = (await ok(placeAs(tw.ctx, basket(tw.world, 3), '203.0.113.20'), 201)).data.number;
    const placedAt = clockAt;
    let postedAt: number | undefined;
    while (postedAt === undefined && clockAt - placedAt < 120_000) {
      await step();
      if (inChat().some((m) => numberIn(m.text) === real)) postedAt = clockAt;
    }
    expect(postedAt, 'the real order was never posted').toBeDefined();
    const waited = (postedAt as number) - placedAt;
    console.log(`the real order waited ${waited} ms on the outbox's clock`);
    expect(waited).toBeLessThanOrEqual(12_000);
    expect(tw.fake.refused).toEqual([]);

    // let the rest go: every spam order is in the chat once, as its post or in a backlog message
    for (let i = 0; i < 400 && (await tw.ctx.app.telegram.status(tw.world.restaurantId)).waiting > 0; i++)
      await step();
    const posted = inChat()
      .map((m) => numberIn(m.text))
      .filter((n) => n > 0);
    const folded = inChat().flatMap((m) => backlogNumbers(m.text));
    expect(folded.length).toBeGreaterThan(0);
    expect([...posted, ...folded].sort((a, b) => a - b)).toEqual([...spam, real].sort((a, b) => a - b));
    // fewer messages than orders: the chat was not made to take every one
    expect(inChat().length).toBeLessThan(spam.length);
    // the board says which orders reached the chat only by their number
    const board = await boardOf(tw);
    for (const n of folded)
      expect(board.get(n)?.telegram, `#${n}`).toEqual({ state: 'failed', reason: t.telegram.unsent.folded });
    for (const n of posted) expect(board.get(n)?.telegram, `#${n}`).toEqual({ state: 'sent', reason: null });
    // the form shows no fault for them
    expect(
      (await ok(apiCall(tw.ctx, 'GET', '/manager/telegram', tw.world.manager.token))).data.last_error,
    ).toBe(null);
  });
});

describe('orders rejected before their turn', () => {
  const tw = fileTelegramWorld({ tables: 3, extra: { telegramOutbox: PACED } });

  const reject = (id: string) =>
    ok(
      apiCall(tw.ctx, 'PUT', `/manager/orders/${id}/status`, tw.world.manager.token, {
        status: 'rejected',
        reason: 'Soxta buyurtma',
      }),
    );

  it('are not posted, alone or in a backlog; the board says so; the newest goes after one message', async () => {
    const placed = [];
    for (let i = 0; i < 15; i++)
      placed.push((await ok(placeAs(tw.ctx, basket(tw.world, i % 3), `198.51.100.${i}`), 201)).data);
    // staff reject four of them on the board before the chat had its turn
    const rejected = [placed[1]!, placed[2]!, placed[7]!, placed[10]!];
    for (const o of rejected) await reject(o._id);
    clockAt += 250;
    await tw.ctx.app.telegram.drain();
    const inChat = () => tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
    // the first message is the backlog: the ten waiting before the newest, not the rejected ones
    const newest = placed[14]!;
    const others = placed.slice(0, 14).filter((o) => !rejected.includes(o));
    expect(inChat().map((m) => m.text)).toEqual([t.telegram.backlog(others.map((o) => o.number))]);
    // the newest a second later
    clockAt += 1000;
    await tw.ctx.app.telegram.drain();
    expect(inChat().map((m) => numberIn(m.text))).toEqual([Number.NaN, newest.number]);
    // nothing more: the rejected ones are never posted
    for (let i = 0; i < 10; i++) {
      clockAt += 1000;
      await tw.ctx.app.telegram.drain();
    }
    expect(inChat()).toHaveLength(2);
    const board = await boardOf(tw);
    for (const o of rejected)
      expect(board.get(o.number)?.telegram).toEqual({ state: 'failed', reason: t.telegram.unsent.rejected });

    // one alone, with no backlog: rejected before its turn, never posted; its rejection's edit is
    // left alone too, neither a fault
    const lone = (await ok(placeAs(tw.ctx, basket(tw.world, 0), '198.51.100.99'), 201)).data;
    await reject(lone._id);
    for (let i = 0; i < 3; i++) {
      clockAt += 1000;
      await tw.ctx.app.telegram.drain();
    }
    expect(inChat()).toHaveLength(2);
    expect((await boardOf(tw)).get(lone.number)?.telegram).toEqual({
      state: 'failed',
      reason: t.telegram.unsent.rejected,
    });
    const rows = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select(['kind', 'status'])
      .where('ref', 'in', [lone._id, `order:${lone._id}`])
      .execute();
    expect(rows).toEqual([
      { kind: 'order', status: 'skipped' },
      { kind: 'edit', status: 'skipped' },
    ]);
    expect(
      (await ok(apiCall(tw.ctx, 'GET', '/manager/telegram', tw.world.manager.token))).data.last_error,
    ).toBe(null);
  });
});

describe('a restaurant takes at most ORDER_RATE_LIMIT_PER_RESTAURANT orders a minute', () => {
  let ctx: TestCtx;
  let w: OrderWorld;
  beforeAll(async () => {
    ctx = await createTestApp({ orderLimits: { ordersPerRestaurant: 4 } });
    w = await orderWorld(ctx, 6);
  });
  afterAll(async () => ctx.close());

  it('all its tables together: 429 rate_limited with Retry-After past it, nothing stored; a retried order is not counted', async () => {
    const made = basket(w, 0);
    await ok(placeAs(ctx, made, '192.0.2.1'), 201);
    for (let i = 1; i < 4; i++) await ok(placeAs(ctx, basket(w, i), `192.0.2.${i + 1}`), 201);
    const res = await placeAs(ctx, basket(w, 4), '192.0.2.9');
    expectError(res, 429, 'rate_limited');
    expect(res.json().error.message).toBe('Too many orders for this restaurant');
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const count = await ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('restaurant_id', '=', w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
    await ok(placeAs(ctx, made, '192.0.2.1'), 200);
    // another restaurant is not held by this one's count
    const other = await orderWorld(ctx, 1);
    await ok(placeAs(ctx, basket(other, 0), '192.0.2.10'), 201);
    // the count is the database's: orders older than the window no longer count
    await ctx.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('restaurant_id', '=', w.restaurantId)
      .execute();
    await ok(placeAs(ctx, basket(w, 5), '192.0.2.11'), 201);
  });

  it('its default is 120 a minute, ORDER_RATE_LIMIT_PER_RESTAURANT sets it', () => {
    expect(DEFAULT_ORDER_RATE_LIMITS.ordersPerRestaurant).toBe(120);
    const read = (env: Record<string, string>) =>
      pickSettings(['ORDER_RATE_LIMIT_PER_RESTAURANT'], env).ORDER_RATE_LIMIT_PER_RESTAURANT;
    expect(read({})).toBe(120);
    expect(read({ ORDER_RATE_LIMIT_PER_RESTAURANT: '300' })).toBe(300);
    expect(() => read({ ORDER_RATE_LIMIT_PER_RESTAURANT: '0' })).toThrow(/ORDER_RATE_LIMIT_PER_RESTAURANT/);
  });
});

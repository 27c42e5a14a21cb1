/**
 * What a live stream may cost (docs/ORDERS.md, "Limits of the streams"), over real sockets: a
 * guest's streams are capped per order (the newest replaces the oldest), per address (429) and in
 * all (503), each refusal the contract's body before any stream opens; a guest's stream ends
 * (`end`, then closed) once its order is final and its bill settled; a staff stream ends when its
 * session does (a logout, a deactivation), and hears nothing after.
 */

import { errorBody } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import { fakePayme } from './fakes/payme';
import { apiCall, createUser, expectShape, signToken, TEST_SECRET_KEY } from './helpers';
import { basket, ok, orderWorld, placeAs } from './orders-support';
import { billOf, PAYME, paymentWorld } from './payments-support';
import { openSse, type SseStream } from './sse-client';
import { fileListening, fileWorld } from './world';

const { ctx, world: w } = fileWorld(
  {
    orderLimits: { ordersPerTable: 10_000, ordersPerAddress: 10_000 },
    streamLimits: { perOrder: 2, perAddress: 3, guests: 5, perAccount: 2 },
    // the tests speak for several guests through one socket address: X-Forwarded-For names them
    trustProxy: ['127.0.0.1'],
    integrationSecretKey: TEST_SECRET_KEY,
  },
  (app) => orderWorld(app, 3),
);
const listening = fileListening(ctx);

const guest = async (order: { _id: string; key: string }, address = '198.51.100.1') => {
  const s = await openSse(
    `${listening.base}/api/public/orders/${order._id}/events?key=${encodeURIComponent(order.key)}`,
    {
      'x-forwarded-for': address,
    },
  );
  listening.keep(s);
  return s;
};
const staff = async (token: string) => {
  const s = await openSse(`${listening.base}/api/manager/orders/events`, {
    authorization: `Bearer ${token}`,
  });
  listening.keep(s);
  return s;
};
const newOrder = async (world = w) =>
  (await ok(placeAs(ctx, basket(world, 0)), 201)).data as { _id: string; key: string };
const move = (id: string, status: string, token = w.manager.token) =>
  ok(
    apiCall(ctx, 'PUT', `/manager/orders/${id}/status`, token, {
      status,
      ...(status === 'rejected' ? { reason: 'Tugadi' } : {}),
    }),
  );
const closeAll = async (streams: SseStream[]) => {
  for (const s of streams) s.close();
  await expect.poll(() => ctx.app.orders.streams).toBe(0);
};

describe("a guest's streams are capped", () => {
  it('per order: the newest replaces the oldest (a reconnecting phone is never locked out)', async () => {
    const order = await newOrder();
    const first = await guest(order);
    await first.next((e) => e.event === 'order');
    const second = await guest(order);
    const third = await guest(order);
    expect([second.status, third.status]).toEqual([200, 200]);
    await third.next((e) => e.event === 'order');
    await first.ended;
    expect(ctx.app.orders.streams).toBe(2);
    await closeAll([second, third]);
  });

  it('per address: 429 rate_limited with Retry-After, before a stream opens; a closed one frees its place', async () => {
    const orders = [await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    const held = [await guest(orders[0]!), await guest(orders[1]!), await guest(orders[2]!)];
    const refused = await guest(orders[3]!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.headers.get('retry-after')).toBe('30');
    await refused.ended;
    // another address is not held back by this one
    const elsewhere = await guest(orders[3]!, '198.51.100.2');
    expect(elsewhere.status).toBe(200);
    held[0]!.close();
    await expect.poll(() => ctx.app.orders.streams).toBe(3);
    const again = await guest(orders[3]!);
    expect(again.status).toBe(200);
    await closeAll([...held, elsewhere, again]);
  });

  it('in all: 503 unavailable past the server’s guests’ streams; staff streams are not counted in it', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => newOrder()));
    const held: SseStream[] = [];
    for (let i = 0; i < 5; i++) held.push(await guest(orders[i]!, `198.51.100.${10 + i}`));
    expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const full = await openSse(
      `${listening.base}/api/public/orders/${orders[5]!._id}/events?key=${orders[5]!.key}`,
      {
        'x-forwarded-for': '198.51.100.20',
      },
    );
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('30');
    const board = await staff(w.manager.token);
    expect(board.status).toBe(200);
    await closeAll([...held, board]);
  });

  it('each refusal is the contract’s error body', async () => {
    const order = await newOrder();
    const held = [
      await guest(await newOrder(), '198.51.100.30'),
      await guest(await newOrder(), '198.51.100.30'),
      await guest(await newOrder(), '198.51.100.30'),
    ];
    const res = await fetch(`${listening.base}/api/public/orders/${order._id}/events?key=${order.key}`, {
      headers: { 'x-forwarded-for': '198.51.100.30' },
    });
    expect(res.status).toBe(429);
    expect(expectShape(errorBody, await res.json()).error.code).toBe('rate_limited');
    await closeAll(held);
  });
});

describe("a guest's stream ends when nothing more can change", () => {
  it('a rejected order: `end`, then the stream is closed; opening it again ends it at once', async () => {
    const order = await newOrder();
    const s = await guest(order);
    await s.next((e) => e.event === 'order');
    await move(order._id, 'rejected');
    const end = await s.next((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'final' });
    await s.ended;
    const later = await guest(order);
    await later.ended;
    expect(later.events.map((e) => e.event)).toEqual(['ready', 'order', 'end']);
    expect(ctx.app.orders.streams).toBe(0);
  });

  it('a served order of a restaurant that takes no payments: no bill to wait for', async () => {
    const order = await newOrder();
    const s = await guest(order);
    await s.next((e) => e.event === 'order');
    for (const status of ['accepted', 'ready', 'served']) await move(order._id, status);
    await s.next((e) => e.event === 'end');
    await s.ended;
  });

  it('a served order waits for its bill: paid from the phone, or closed at the till (no event: the hub looks)', async () => {
    const pw = await paymentWorld(ctx);
    const paid = await newOrder(pw.w);
    const s = await guest(paid, '198.51.100.40');
    await s.next((e) => e.event === 'order');
    for (const status of ['accepted', 'ready', 'served']) await move(paid._id, status, pw.w.manager.token);
    await s.next((e) => e.event === 'order' && (e.data as { status: string }).status === 'served', 10_000, 2);
    await ctx.app.orders.recheckStreams();
    expect(s.events.some((e) => e.event === 'end')).toBe(false);
    const bill = await billOf(ctx, paid);
    await fakePayme(ctx.app, pw.w.restaurantId, PAYME.key).pay(bill._id, bill.amount);
    await s.next((e) => e.event === 'end');
    await s.ended;

    const atTill = await newOrder(pw.w);
    const t = await guest(atTill, '198.51.100.41');
    for (const status of ['accepted', 'ready', 'served']) await move(atTill._id, status, pw.w.manager.token);
    await t.next((e) => e.event === 'order' && (e.data as { status: string }).status === 'served', 10_000, 2);
    await ok(apiCall(ctx, 'PUT', `/manager/tables/${pw.w.tables[0]!._id}/close`, pw.w.manager.token));
    await ctx.app.orders.recheckStreams();
    await t.next((e) => e.event === 'end');
    await t.ended;
  });
});

describe('a staff stream ends with its session', () => {
  it('a deactivated manager’s open stream hears no order after, and ends', async () => {
    const mw = await orderWorld(ctx, 1);
    const s = await staff(mw.manager.token);
    await s.next((e) => e.event === 'ready');
    const admin = await createUser(ctx, 'admin');
    expect(
      (
        await apiCall(ctx, 'PUT', `/admin/managers/${mw.manager.id}/active`, admin.token, {
          is_active: false,
        })
      ).statusCode,
    ).toBe(200);
    await ok(placeAs(ctx, basket(mw, 0)), 201);
    await s.ended;
    expect(s.events.filter((e) => e.event === 'order')).toEqual([]);
  });

  it('a logged-out session’s stream ends while idle (the hub looks); the account’s other sessions go on', async () => {
    const mw = await orderWorld(ctx, 1);
    const other = signToken(ctx, mw.manager.id);
    const ending = await staff(mw.manager.token);
    const going = await staff(other);
    await ending.next((e) => e.event === 'ready');
    await going.next((e) => e.event === 'ready');
    expect((await apiCall(ctx, 'POST', '/auth/logout', mw.manager.token)).statusCode).toBe(204);
    await ctx.app.orders.recheckStreams();
    await ending.ended;
    const placed = (await ok(placeAs(ctx, basket(mw, 0)), 201)).data as { _id: string };
    await going.next((e) => e.event === 'order' && (e.data as { _id: string })._id === placed._id);
    going.close();
  });

  it('per account: the newest replaces the oldest', async () => {
    const mw = await orderWorld(ctx, 1);
    const a = await staff(mw.manager.token);
    await a.next((e) => e.event === 'ready');
    const b = await staff(mw.manager.token);
    const c = await staff(mw.manager.token);
    await c.next((e) => e.event === 'ready');
    await a.ended;
    b.close();
    c.close();
  });
});

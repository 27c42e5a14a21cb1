/**
 * The orders' live streams (docs/ORDERS.md, "Live updates") over a real socket, on SQLite and
 * (with TEST_DATABASE_URL) on PostgreSQL: the staff's stream (bearer token in the header) and a
 * guest's (its key), each event numbered by `order_events`; a reconnect with `Last-Event-ID`
 * (or `?after=`) replays what it missed, in order, before anything new; a number older than the
 * kept events answers `reset`; the answer is neither compressed nor cached and carries the
 * security headers; a client that does not read is dropped; closing the server ends the streams.
 */
import { guestOrder, order, tableCall } from '@qrmenu/shared/schemas';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { type EventStream, onHeartbeat, openEventStream } from '../src/http/sse';
import { apiCall, createTestApp } from './helpers';
import { basket, ok, orderWorld, placeAs } from './orders-support';
import { openSse } from './sse-client';
import { fileListening, fileWorld } from './world';

const { ctx, world: w } = fileWorld(
  { orderLimits: { ordersPerTable: 10_000, ordersPerAddress: 10_000 } },
  (app) => orderWorld(app, 3),
);
const listening = fileListening(ctx);

const staff = async (token = w.manager.token, extra: Record<string, string> = {}, query = '') => {
  const s = await openSse(`${listening.base}/api/manager/orders/events${query}`, {
    authorization: `Bearer ${token}`,
    ...extra,
  });
  listening.keep(s);
  return s;
};
const guest = async (id: string, key: string, extra: Record<string, string> = {}, query = '') => {
  const s = await openSse(
    `${listening.base}/api/public/orders/${id}/events?key=${encodeURIComponent(key)}${query}`,
    extra,
  );
  listening.keep(s);
  return s;
};
const latestSeq = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('order_events')
        .select((eb) => eb.fn.max('seq').as('m'))
        .executeTakeFirstOrThrow()
    ).m ?? 0,
  );
const move = (id: string, status: string, reason?: string) =>
  ok(
    apiCall(ctx, 'PUT', `/manager/orders/${id}/status`, w.manager.token, {
      status,
      ...(reason ? { reason } : {}),
    }),
  );

describe("the staff's stream", () => {
  it('is an uncompressed, uncached event stream with the security headers; it opens with retry and ready', async () => {
    const s = await staff(w.manager.token, { 'accept-encoding': 'br, gzip' });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    expect(s.headers.get('referrer-policy')).toBe('no-referrer');
    const ready = await s.next((e) => e.event === 'ready');
    expect(s.retry).toBe(3000);
    expect(ready.id).toBe(await latestSeq());
    s.close();
  });

  it('refuses without a token (401), and another restaurant (404)', async () => {
    const anon = await openSse(`${listening.base}/api/manager/orders/events`);
    expect(anon.status).toBe(401);
    const other = await orderWorld(ctx, 1, false);
    const theirs = await openSse(
      `${listening.base}/api/manager/orders/events?restaurant_id=${w.restaurantId}`,
      {
        authorization: `Bearer ${other.manager.token}`,
      },
    );
    expect(theirs.status).toBe(404);
  });

  it("carries every order and call of its restaurant (current state, numbered), not another's", async () => {
    const s = await staff();
    await s.next((e) => e.event === 'ready');
    const other = await orderWorld(ctx, 1);
    await ok(placeAs(ctx, basket(other)), 201);
    const placed = (await ok(placeAs(ctx, basket(w, 0)), 201)).data;
    const created = await s.next(
      (e) => e.event === 'order' && (e.data as { _id: string })._id === placed._id,
    );
    expect(order.parse(created.data)).toMatchObject({
      status: 'sent',
      number: placed.number,
      table: 'Stol 1',
    });
    const row = await ctx.db
      .selectFrom('order_events')
      .selectAll()
      .where('entity_id', '=', placed._id)
      .executeTakeFirstOrThrow();
    expect(created.id).toBe(Number(row.seq));
    await move(placed._id, 'accepted');
    const accepted = await s.next(
      (e) => e.event === 'order' && (e.data as { status: string }).status === 'accepted',
    );
    expect(accepted.id).toBeGreaterThan(created.id!);
    const call = (
      await ok(
        ctx.app.inject({
          method: 'POST',
          url: '/api/public/calls',
          payload: { placement_id: w.tables[2]!._id, kind: 'bill' },
        }),
        201,
      )
    ).data;
    const called = await s.next((e) => e.event === 'call');
    expect(tableCall.parse(called.data)).toMatchObject({ _id: call._id, status: 'pending', kind: 'bill' });
    expect(
      s.events.every(
        (e) => e.event === 'ready' || (e.data as { restaurant_id: string }).restaurant_id === w.restaurantId,
      ),
    ).toBe(true);
    const ids = s.events.map((e) => e.id!);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    s.close();
  });

  it('a reconnect with Last-Event-ID replays what it missed, in order, then goes on live', async () => {
    const first = await staff();
    const ready = await first.next((e) => e.event === 'ready');
    const a = (await ok(placeAs(ctx, basket(w, 1)), 201)).data;
    const seen = await first.next((e) => e.event === 'order' && (e.data as { _id: string })._id === a._id);
    first.close(); // the phone sleeps
    const b = (await ok(placeAs(ctx, basket(w, 1)), 201)).data;
    await move(a._id, 'accepted');
    const c = (await ok(placeAs(ctx, basket(w, 2)), 201)).data;

    const again = await staff(w.manager.token, { 'last-event-id': String(seen.id) });
    await again.next((e) => (e.data as { _id?: string })._id === c._id);
    const replayed = again.events.map((e) => [e.event, (e.data as { _id: string })._id]);
    expect(replayed).toEqual([
      ['order', b._id],
      ['order', a._id],
      ['order', c._id],
    ]);
    // each event carries the state of now (applying it twice changes nothing)
    expect((again.events[1]!.data as { status: string }).status).toBe('accepted');
    const rows = await ctx.db
      .selectFrom('order_events')
      .select('seq')
      .where('restaurant_id', '=', w.restaurantId)
      .where('seq', '>', seen.id!)
      .orderBy('seq')
      .execute();
    expect(again.events.map((e) => e.id)).toEqual(rows.map((r) => Number(r.seq)));
    // then live
    await move(b._id, 'rejected', 'Tugadi');
    const live = await again.next((e) => (e.data as { status?: string }).status === 'rejected');
    expect(live.id).toBeGreaterThan(again.events[2]!.id!);
    again.close();

    // `?after=` does the same for a client that cannot set the header
    const fallback = await staff(w.manager.token, {}, `?after=${ready.id}`);
    await fallback.next((e) => (e.data as { status?: string }).status === 'rejected');
    expect(fallback.events.map((e) => (e.data as { _id: string })._id)).toEqual([
      a._id,
      b._id,
      a._id,
      c._id,
      b._id,
    ]);
    fallback.close();
  });

  it('a number older than the kept events answers reset (reload the list), then goes on live', async () => {
    const oldest = await latestSeq();
    await ok(placeAs(ctx, basket(w, 0)), 201);
    await ok(placeAs(ctx, basket(w, 0)), 201);
    // a day passes: the events are pruned (the newest is always kept)
    await ctx.db
      .updateTable('order_events')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .execute();
    const pruned = await ctx.app.repos.orderEvents.prune(new Date(Date.now() - 24 * 3600_000).toISOString());
    expect(pruned).toBeGreaterThan(0);
    expect((await ctx.app.repos.orderEvents.bounds()).min).toBe(await latestSeq());
    const s = await staff(w.manager.token, { 'last-event-id': String(oldest) });
    const reset = await s.next((e) => e.event === 'reset');
    expect(reset.id).toBe(await latestSeq());
    const d = (await ok(placeAs(ctx, basket(w, 0)), 201)).data;
    await s.next((e) => (e.data as { _id?: string })._id === d._id);
    // a number from the future (another database) resets too
    const future = await staff(w.manager.token, { 'last-event-id': String((await latestSeq()) + 1000) });
    await future.next((e) => e.event === 'reset');
    s.close();
    future.close();
  });
});

describe("a guest's stream", () => {
  it("opens with ready and the order's state, follows only its order, and replays after a reconnect", async () => {
    const mine = (await ok(placeAs(ctx, basket(w, 0)), 201)).data;
    const bad = await openSse(`${listening.base}/api/public/orders/${mine._id}/events?key=not-the-key`);
    expect(bad.status).toBe(404);
    const s = await guest(mine._id, mine.key);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await s.next((e) => e.event === 'order');
    expect(s.events.map((e) => e.event)).toEqual(['ready', 'order']);
    expect(guestOrder.parse(s.events[1]!.data)).toEqual(mine);
    await ok(placeAs(ctx, basket(w, 0)), 201); // another order: not on this stream
    await move(mine._id, 'accepted');
    const accepted = await s.next((e) => (e.data as { status: string }).status === 'accepted', 10_000, 2);
    expect((accepted.data as { items: { name: string }[] }).items[0]!.name).toBe('Плов');
    s.close();
    await move(mine._id, 'ready');
    await move(mine._id, 'served');
    const back = await guest(mine._id, mine.key, { 'last-event-id': String(accepted.id) });
    await back.next((e) => (e.data as { status: string }).status === 'served');
    const replayed = back.events.filter((e) => e.event === 'order');
    expect(replayed.map((e) => (e.data as { status: string }).status)).toEqual(['served', 'served']);
    expect(replayed.every((e) => (e.data as { _id: string })._id === mine._id)).toBe(true);
    // served, and its restaurant takes no payments: nothing more can change, the stream ends
    await back.ended;
    expect(back.events.map((e) => e.event)).toEqual(['order', 'order', 'end']);
  });
});

describe('slow clients and stopping', () => {
  it('drops a client whose unread bytes pass the bound (it reconnects and replays)', async () => {
    const app = Fastify();
    let result: { sent: number; dropped: boolean } | undefined;
    app.get('/stream', async (_request, reply) => {
      const stream = openEventStream(reply, { maxBufferedBytes: 64 * 1024 });
      let sent = 0;
      const big = 'x'.repeat(16 * 1024);
      // far more than the socket takes at once: the client below reads nothing
      await new Promise((r) => setTimeout(r, 50));
      for (let i = 0; i < 2000 && stream.send({ id: i, event: 'order', data: big }); i++) sent++;
      result = { sent, dropped: stream.closed };
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const { connect } = await import('node:net');
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.pause(); // never reads
    socket.write('GET /stream HTTP/1.1\r\nhost: x\r\n\r\n');
    const closed = new Promise((r) => socket.once('close', r));
    for (let i = 0; i < 100 && !result; i++) await new Promise((r) => setTimeout(r, 50));
    expect(result?.dropped).toBe(true);
    expect(result!.sent).toBeLessThan(2000);
    socket.resume();
    await closed;
    await app.close();
  });

  it("an event's JSON is made once for all the streams it goes to, and each receives it whole", async () => {
    const app = Fastify();
    const sinks: EventStream[] = [];
    app.get('/stream', async (_request, reply) => {
      sinks.push(openEventStream(reply));
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openSse(`${url}/stream`)));
      for (let i = 0; i < 100 && sinks.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      let made = 0;
      const data = {
        toJSON() {
          made++;
          return { _id: 'o1', status: 'accepted' };
        },
      };
      for (const sink of sinks) expect(sink.send({ id: 7, event: 'order', data })).toBe(true);
      const got = await Promise.all(streams.map((s) => s.next((e) => e.event === 'order')));
      expect(got.map((e) => [e.id, e.data])).toEqual(
        Array.from({ length: 3 }, () => [7, { _id: 'o1', status: 'accepted' }]),
      );
      expect(made).toBe(1);
      for (const s of streams) s.close();
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  });

  it('one heartbeat timer beats every open stream; a closed stream hears no more of it', async () => {
    const app = Fastify();
    app.get('/stream', async (_request, reply) => {
      openEventStream(reply, { heartbeatMs: 40 });
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const timers = vi.spyOn(globalThis, 'setInterval');
    try {
      const streams = await Promise.all([1, 2, 3].map(() => openSse(`${url}/stream`)));
      // the streams' memory is their connections': no timer of a stream's own
      expect(timers).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 100 && streams.some((s) => s.comments < 2); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(streams.map((s) => s.comments >= 2)).toEqual([true, true, true]);
      streams[0]!.close();
      await streams[0]!.ended;
      const heard = streams[0]!.comments;
      const before = streams[1]!.comments;
      for (let i = 0; i < 100 && streams[1]!.comments < before + 2; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(streams[1]!.comments).toBeGreaterThanOrEqual(before + 2);
      expect(streams[0]!.comments).toBe(heard);
      for (const s of streams) s.close();
    } finally {
      timers.mockRestore();
      app.server.closeAllConnections();
      await app.close();
    }
  });

  it("spreads a period's heartbeats over it: a tick beats a twentieth of the streams, each stream once a period", () => {
    vi.useFakeTimers();
    try {
      const period = 20_000;
      const heard = Array.from({ length: 400 }, () => 0);
      const stops = heard.map((_, i) =>
        onHeartbeat(period, () => {
          heard[i] = (heard[i] ?? 0) + 1;
        }),
      );
      const total = () => heard.reduce((a, b) => a + b, 0);
      // streams opened at once do not all beat at once
      vi.advanceTimersByTime(period / 20);
      expect(total()).toBe(20);
      vi.advanceTimersByTime(period / 20);
      expect(total()).toBe(40);
      // every stream within its first period, and once a period after it
      vi.advanceTimersByTime(period - (2 * period) / 20);
      expect(heard.every((n) => n === 1)).toBe(true);
      vi.advanceTimersByTime(period);
      expect(heard.every((n) => n === 2)).toBe(true);
      // a stream opened now joins the slot with the fewest: the one stream 5 left (its slot, the
      // sixth, also holds stream 25), and beats on the same tick as stream 25
      stops[5]?.();
      let late = 0;
      const stopLate = onHeartbeat(period, () => {
        late += 1;
      });
      for (let tick = 0; tick < 20; tick++) {
        const before = heard[25];
        vi.advanceTimersByTime(period / 20);
        expect(late, `tick ${tick}`).toBe(heard[25] === before ? 0 : 1);
        if (late === 1) break;
      }
      expect(late).toBe(1);
      expect(heard[5]).toBe(2);
      stopLate();
      for (const stop of stops) stop();
      // the last stream gone, so is the timer
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closing the server ends its streams (clients reconnect to another server)', async () => {
    const own = await createTestApp();
    const ow = await orderWorld(own, 1);
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await openSse(`${url}/api/manager/orders/events`, {
      authorization: `Bearer ${ow.manager.token}`,
    });
    await s.next((e) => e.event === 'ready');
    await own.close();
    await s.ended;
  });
});

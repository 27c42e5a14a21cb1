/**
 * The live streams' hub (docs/ORDERS.md, "Live updates"), one per server. Every change of an
 * order or a call writes a numbered event in its own transaction (`order_events`); after the
 * commit a notice (`OrderNotices`: in process on SQLite, LISTEN/NOTIFY on PostgreSQL) wakes the
 * hub of every server, which reads the events newer than the last it read from the table and
 * passes each, with its entity's current state, to the streams that follow it. Nothing travels
 * only in memory: a lost notice is made up by the next one or by the poll every few seconds.
 *
 * A stream opened with a last event number first replays what it missed from the table, in
 * order, then takes the hub's events (those that arrived meanwhile were held and are sent once,
 * by number). A number older than the kept events (a day) answers `reset` (reload your list).
 * Without a number the stream starts at the hub's present (`ready`).
 */
import type { Repositories } from '../../repos';
import type { EventRow } from '../../repos/order-events';
import { paymentPosOf, telegramPostsOf, toGuestOrder, toOrder } from '../../repos/orders';
import { toTableCall } from '../../repos/table-calls';
import type { OrderNotices } from '../../state/types';
import type { Logger } from '../effects';

/** An open stream, as the HTTP layer gives it (http/sse.ts). */
export interface LiveSink {
  /** Writes one event; false once the stream is closed (or was just dropped for being slow). */
  send(event: { id: number; event: string; data: unknown }): boolean;
  readonly closed: boolean;
  onClose(listener: () => void): void;
  close(): void;
}

/** Whose events a stream follows: a restaurant's (staff) or one order's (its guest). */
export type LiveTarget = { restaurantId: string } | { orderId: string };

interface Follower {
  target: LiveTarget;
  sink: LiveSink;
  /** The last number sent: nothing at or below it is sent again. */
  sent: number;
  /** Events of the hub held while the replay runs. */
  held: Rendered[] | null;
}

interface Rendered {
  row: EventRow;
  /** The event's type and data for staff and for the order's guest (null: nothing to send). */
  staff: { event: string; data: unknown } | null;
  guest: { event: string; data: unknown } | null;
}

const PAGE = 500;
/** Events held per stream during its replay; past it the stream is dropped (it reconnects). */
const MAX_HELD = 1000;
export const LIVE_POLL_MS = 5000;
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const follows = (target: LiveTarget, row: EventRow) =>
  'orderId' in target
    ? row.kind === 'order' && row.entity_id === target.orderId
    : row.restaurant_id === target.restaurantId;

export function orderLive(repos: Repositories, notices: OrderNotices, log: Logger) {
  const followers = new Set<Follower>();
  let last: number | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let prunedAt = 0;

  /** Each event with its entity's current state, rendered once for every stream. */
  async function render(rows: EventRow[]): Promise<Rendered[]> {
    const orderIds = rows.filter((r) => r.kind === 'order').map((r) => r.entity_id);
    const callIds = rows.filter((r) => r.kind === 'call').map((r) => r.entity_id);
    const [orders, calls, posRows] = await Promise.all([
      orderIds.length ? repos.orders.byIds([...new Set(orderIds)]) : [],
      callIds.length ? repos.tableCalls.byIds([...new Set(callIds)]) : [],
      orderIds.length ? repos.orderPos.byOrders([...new Set(orderIds)]) : [],
    ]);
    const orderById = new Map(orders.map((o) => [o.id, o]));
    const posById = new Map(posRows.map((p) => [p.order_id, p]));
    const paidById = await paymentPosOf(repos, orders, posById);
    const postById = await telegramPostsOf(repos, orders);
    const callById = new Map(calls.map((c) => [c.id, c]));
    return rows.map((row) => {
      if (row.kind === 'order') {
        const o = orderById.get(row.entity_id);
        return {
          row,
          staff: o
            ? {
                event: 'order',
                data: toOrder(o, posById.get(o.id), paidById.get(o.id), postById.get(o.id) ?? null),
              }
            : null,
          guest: o ? { event: 'order', data: toGuestOrder(o, posById.get(o.id)) } : null,
        };
      }
      const c = callById.get(row.entity_id);
      return { row, staff: c ? { event: 'call', data: toTableCall(c) } : null, guest: null };
    });
  }

  function deliver(f: Follower, e: Rendered): void {
    if (e.row.seq <= f.sent) return;
    f.sent = e.row.seq;
    const what = 'orderId' in f.target ? e.guest : e.staff;
    if (what) f.sink.send({ id: e.row.seq, ...what });
  }

  async function readNew(): Promise<void> {
    if (last === null) last = (await repos.orderEvents.bounds()).max ?? 0;
    for (;;) {
      const rows = await repos.orderEvents.after(last, PAGE);
      if (rows.length === 0) return;
      const rendered = await render(rows);
      for (const e of rendered) {
        for (const f of followers) {
          if (!follows(f.target, e.row)) continue;
          if (f.held) {
            f.held.push(e);
            if (f.held.length > MAX_HELD) f.sink.close();
          } else deliver(f, e);
        }
      }
      last = (rows[rows.length - 1] as EventRow).seq;
      if (rows.length < PAGE) return;
    }
  }

  /** Reads what is new, once at a time; a wake-up during a read asks for one more. */
  function wake(): Promise<void> {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await readNew();
        } catch (err) {
          log.warn({ err }, 'order events not read; the next notice or poll retries');
        }
      } while (again);
      reading = null;
    })();
    return reading;
  }

  function start(): void {
    if (unsubscribe) return;
    unsubscribe = notices.subscribe(() => void wake());
    timer = setInterval(() => void wake(), LIVE_POLL_MS);
    timer.unref();
  }

  function stop(): void {
    unsubscribe?.();
    unsubscribe = undefined;
    clearInterval(timer);
    // no stream to feed: the next one starts from the table's present, not from hours back
    last = null;
  }

  async function replay(f: Follower, after: number): Promise<void> {
    let from = after;
    for (;;) {
      const rows =
        'orderId' in f.target
          ? await repos.orderEvents.ofEntityAfter(f.target.orderId, from, PAGE)
          : await repos.orderEvents.ofRestaurantAfter(f.target.restaurantId, from, PAGE);
      for (const e of await render(rows)) deliver(f, e);
      if (rows.length < PAGE) return;
      from = (rows[rows.length - 1] as EventRow).seq;
    }
  }

  return {
    /**
     * Follows `target` on `sink` from event number `after` (a reconnect's Last-Event-ID), or from
     * now. `current` sends the entity's state first (a guest's order) when there is no number.
     */
    async follow(target: LiveTarget, after: number | null, sink: LiveSink): Promise<void> {
      start();
      if (last === null) await wake();
      const f: Follower = { target, sink, sent: 0, held: [] };
      followers.add(f);
      sink.onClose(() => {
        followers.delete(f);
        if (followers.size === 0) stop();
      });
      try {
        const { min, max } = await repos.orderEvents.bounds();
        const now = Math.max(last ?? 0, max ?? 0);
        const tooOld = after !== null && min !== null && after < min - 1;
        const unknown = after !== null && after > now;
        if (after === null || tooOld || unknown) {
          f.sent = now;
          sink.send({ id: now, event: after === null ? 'ready' : 'reset', data: { seq: now } });
          if ('orderId' in target) {
            const order = await repos.orders.find(target.orderId);
            const pos = order ? await repos.orderPos.find(order.id) : undefined;
            if (order) sink.send({ id: now, event: 'order', data: toGuestOrder(order, pos) });
          }
        } else {
          f.sent = after;
          await replay(f, after);
        }
        const held = f.held ?? [];
        f.held = null;
        for (const e of held) deliver(f, e);
      } catch (err) {
        log.warn({ err }, 'stream replay failed; the client reconnects');
        sink.close();
      }
    },

    /** Tells every server's hub that events were committed (after the commit). */
    announce(): void {
      notices
        .publish()
        .catch((err: unknown) => log.warn({ err }, 'order notice not sent; the poll delivers it'));
    },

    /** Deletes events older than a day, at most once an hour per server (after a write). */
    async pruneSometimes(at = Date.now()): Promise<void> {
      if (at - prunedAt < PRUNE_EVERY_MS) return;
      prunedAt = at;
      try {
        await repos.orderEvents.prune(new Date(at - EVENTS_KEPT_MS).toISOString());
      } catch (err) {
        log.warn({ err }, 'old order events not pruned; the next write retries');
      }
    },

    /** Ends every stream (the server is stopping: clients reconnect to another one). */
    closeAll(): void {
      for (const f of [...followers]) f.sink.close();
      stop();
    },

    /** How many streams this server holds. */
    get streams(): number {
      return followers.size;
    },
  };
}

export type OrderLive = ReturnType<typeof orderLive>;

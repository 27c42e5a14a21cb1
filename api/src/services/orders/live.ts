/**
 * Kept whole: one hub holds the streams, their limits and the replay from the table; split, the
 * order of replay and live events would be read across files.
 *
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
 *
 * What a stream may cost (docs/ORDERS.md, "Limits of the streams"), in this server's memory:
 * - a guest's stream is admitted within its limits (`LiveLimits`): per order (the newest replaces
 *   the oldest: a phone that reconnects before its dead connection is noticed is not locked out),
 *   per address (429) and in all (503); the staff's, per account (the newest replaces the oldest);
 * - a guest's stream ends (`end`, then closed) once nothing it waits for can change: its order
 *   rejected, or served and its bill paid or closed (or its restaurant takes no payments);
 * - a staff stream ends when its session does (a logout, a new password, the account
 *   deactivated, its restaurant no longer the manager's): the session is checked before any
 *   event is passed to it, and every RECHECK_MS while it is idle;
 * - an event goes to the streams of its order and of its restaurant only (indexed), not past
 *   every stream of the server.
 */
import type { OrderRow } from '../../db';
import { DomainError, limitReached } from '../../domain/errors';
import type { Repositories } from '../../repos';
import type { EventRow } from '../../repos/order-events';
import { paymentPosOf, telegramPostsOf, toGuestOrder, toOrder } from '../../repos/orders';
import { methodsOf } from '../../repos/payment-accounts';
import { toTableCall } from '../../repos/table-calls';
import { addressKey } from '../../state/login-rules';
import type { OrderNotices } from '../../state/types';
import type { Logger } from '../effects';
import { shows, type Viewer, withStaffView } from './staff-view';
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from './stream-limits';

export { DEFAULT_LIVE_LIMITS, type LiveLimits } from './stream-limits';

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

/**
 * Who opens a stream: a guest (by its address) or a signed-in account with its session's check
 * and, for a staff account, whose board it is (a waiter's tables, the kitchen's orders).
 */
export type LiveClient = { guest: { address: string } } | { staff: StaffClient };

interface StaffClient {
  account: string;
  stillAllowed: () => Promise<boolean>;
  viewer?: Viewer | undefined;
}

interface Follower {
  target: LiveTarget;
  sink: LiveSink;
  /** The last number sent: nothing at or below it is sent again. */
  sent: number;
  /** Events of the hub held while the replay runs. */
  held: Rendered[] | null;
  /** A guest's address key (its count), or null. */
  address: string | null;
  /** A staff stream's account, session check and board, or null. */
  staff: StaffClient | null;
  /** When its session was last found valid (staff) or its order last looked at (a guest's). */
  checkedAt: number;
  /** A guest's order is served and waits for its bill: looked at again every RECHECK_MS. */
  waiting: boolean;
}

interface Rendered {
  row: EventRow;
  /** The event's type and data for staff and for the order's guest (null: nothing to send). */
  staff: { event: string; data: unknown } | null;
  guest: { event: string; data: unknown } | null;
  /** The order as read (an order's event), for the guest's end. */
  order: OrderRow | null;
}

const PAGE = 500;
/** Events held per stream during its replay; past it the stream is dropped (it reconnects). */
const MAX_HELD = 1000;
export const LIVE_POLL_MS = 5000;
/** How often an idle staff stream's session, and a waiting guest's bill, are looked at. */
export const RECHECK_MS = 10_000;
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A refused stream's Retry-After (seconds): EventSource retries by itself meanwhile. */
const STREAM_RETRY_AFTER_S = 30;

const isGuest = (f: Follower): f is Follower & { target: { orderId: string } } => 'orderId' in f.target;

/** Adds `f` under `key` of `index`. */
function index<K>(map: Map<K, Set<Follower>>, key: K, f: Follower): void {
  const set = map.get(key);
  if (set) set.add(f);
  else map.set(key, new Set([f]));
}

function unindex<K>(map: Map<K, Set<Follower>>, key: K, f: Follower): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(f);
  if (set.size === 0) map.delete(key);
}

export function orderLive(
  repos: Repositories,
  notices: OrderNotices,
  log: Logger,
  limits: LiveLimits = DEFAULT_LIVE_LIMITS,
) {
  const followers = new Set<Follower>();
  const byOrder = new Map<string, Set<Follower>>();
  const byRestaurant = new Map<string, Set<Follower>>();
  const byAccount = new Map<string, Set<Follower>>();
  const guestsByAddress = new Map<string, number>();
  let guests = 0;
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
    // independent reads at once: the time from an event to its streams is the longest, not the sum
    const [paidById, postById, view] = await Promise.all([
      paymentPosOf(repos, orders, posById),
      telegramPostsOf(repos, orders),
      withStaffView(repos, [...orders, ...calls]),
    ]);
    const callById = new Map(calls.map((c) => [c.id, c]));
    return rows.map((row) => {
      if (row.kind === 'order') {
        const o = orderById.get(row.entity_id);
        return {
          row,
          staff: o
            ? {
                event: 'order',
                data: {
                  ...toOrder(o, posById.get(o.id), paidById.get(o.id), postById.get(o.id) ?? null),
                  ...view.get(o.id),
                },
              }
            : null,
          guest: o ? { event: 'order', data: toGuestOrder(o, posById.get(o.id)) } : null,
          order: o ?? null,
        };
      }
      const c = callById.get(row.entity_id);
      return {
        row,
        staff: c ? { event: 'call', data: { ...toTableCall(c), ...view.get(c.id) } } : null,
        guest: null,
        order: null,
      };
    });
  }

  /**
   * The orders among `orders` whose guest waits for nothing more: rejected, or served and their
   * bill paid or closed, or their restaurant takes no payments (no bill to wait for).
   */
  async function finished(orders: readonly OrderRow[]): Promise<Set<string>> {
    const done = new Set<string>();
    const served: OrderRow[] = [];
    for (const o of orders) {
      if (o.status === 'rejected' || (o.status === 'served' && o.payment_status === 'paid')) done.add(o.id);
      else if (o.status === 'served') served.push(o);
    }
    if (served.length === 0) return done;
    const billIds = [...new Set(served.map((o) => o.bill_id).filter((b): b is string => !!b))];
    const bills = new Map((billIds.length ? await repos.bills.findMany(billIds) : []).map((b) => [b.id, b]));
    const restaurantIds = [...new Set(served.map((o) => o.restaurant_id))];
    const accounts = await Promise.all(restaurantIds.map((id) => repos.paymentAccounts.find(id)));
    const takesPayments = new Map(restaurantIds.map((id, i) => [id, methodsOf(accounts[i]).length > 0]));
    for (const o of served) {
      const bill = o.bill_id ? bills.get(o.bill_id) : undefined;
      if (bill?.status === 'closed' || bill?.status === 'paid' || !takesPayments.get(o.restaurant_id))
        done.add(o.id);
    }
    return done;
  }

  /** Ends a guest's stream whose order is final: `end`, then closed (its page does not reconnect). */
  function finish(f: Follower): void {
    f.sink.send({ id: f.sent, event: 'end', data: { reason: 'final' } });
    f.sink.close();
  }

  /** Ends the guests' streams among `list` whose order is final now (`orders`: as just read, if read). */
  async function finishIfFinal(list: Follower[], orders?: ReadonlyMap<string, OrderRow>): Promise<void> {
    const guestsOf = list.filter(isGuest).filter((f) => !f.sink.closed);
    if (guestsOf.length === 0) return;
    const ids = [...new Set(guestsOf.map((f) => f.target.orderId))];
    const rows = ids.every((id) => orders?.has(id))
      ? ids.map((id) => orders?.get(id) as OrderRow)
      : await repos.orders.byIds(ids);
    const done = await finished(rows);
    const status = new Map(rows.map((o) => [o.id, o.status]));
    const at = Date.now();
    for (const f of guestsOf) {
      f.checkedAt = at;
      f.waiting = status.get(f.target.orderId) === 'served';
      if (done.has(f.target.orderId) || !status.has(f.target.orderId)) finish(f);
    }
  }

  /** Closes the staff streams among `list` whose session ended; answers those still allowed. */
  async function checkSessions(list: Follower[]): Promise<Follower[]> {
    const at = Date.now();
    const results = await Promise.all(
      list.map(async (f) => {
        if (!f.staff) return true;
        try {
          return await f.staff.stillAllowed();
        } catch (err) {
          // the database did not answer: nothing is sent to it until it does
          log.warn({ err }, 'a stream session was not checked; the stream is closed (it reconnects)');
          return false;
        }
      }),
    );
    return list.filter((f, i) => {
      if (results[i]) {
        f.checkedAt = at;
        return true;
      }
      f.sink.close();
      return false;
    });
  }

  function deliver(f: Follower, e: Rendered): void {
    if (e.row.seq <= f.sent) return;
    f.sent = e.row.seq;
    const what = isGuest(f) ? e.guest : e.staff;
    if (!what) return;
    // a staff member's board: their tables' orders and calls (a waiter), the orders past new (the kitchen)
    const viewer = f.staff?.viewer;
    if (viewer && !shows(viewer, what.data as Parameters<typeof shows>[1], e.order ?? undefined)) return;
    f.sink.send({ id: e.row.seq, ...what });
  }

  /** The streams an event goes to: its order's guests and its restaurant's staff. */
  function followersOf(row: EventRow): Follower[] {
    const out = [...(byRestaurant.get(row.restaurant_id) ?? [])];
    if (row.kind === 'order') out.push(...(byOrder.get(row.entity_id) ?? []));
    return out;
  }

  async function readNew(): Promise<void> {
    if (last === null) last = (await repos.orderEvents.bounds()).max ?? 0;
    for (;;) {
      const rows = await repos.orderEvents.after(last, PAGE);
      if (rows.length === 0) return;
      const rendered = await render(rows);
      const due = new Map<Follower, Rendered[]>();
      for (const e of rendered) {
        for (const f of followersOf(e.row)) {
          if (f.held) {
            f.held.push(e);
            if (f.held.length > MAX_HELD) f.sink.close();
          } else {
            const list = due.get(f);
            if (list) list.push(e);
            else due.set(f, [e]);
          }
        }
      }
      // a staff stream hears nothing more once its session ended
      const allowed = await checkSessions([...due.keys()]);
      for (const f of allowed) for (const e of due.get(f) ?? []) deliver(f, e);
      const orders = new Map(rendered.flatMap((e) => (e.order ? [[e.order.id, e.order] as const] : [])));
      await finishIfFinal(allowed, orders);
      last = (rows[rows.length - 1] as EventRow).seq;
      if (rows.length < PAGE) return;
    }
  }

  /** The idle streams' looks: sessions of staff streams, bills of served orders' guests. */
  async function recheck(): Promise<void> {
    const at = Date.now() - RECHECK_MS;
    const stale = [...followers].filter((f) => !f.held && f.checkedAt <= at);
    await checkSessions(stale.filter((f) => f.staff));
    await finishIfFinal(stale.filter((f) => isGuest(f) && f.waiting));
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
    timer = setInterval(() => {
      void wake().then(() =>
        recheck().catch((err: unknown) => log.warn({ err }, 'streams not looked at; the next poll retries')),
      );
    }, LIVE_POLL_MS);
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

  /**
   * Refuses a stream past the limits (before it opens: the contract's error body), or makes room
   * for it by closing the oldest of its order's or account's streams.
   */
  function admit(target: LiveTarget, client: LiveClient): string | null {
    if ('staff' in client) {
      const mine = [...(byAccount.get(client.staff.account) ?? [])];
      for (const old of mine.slice(0, Math.max(0, mine.length - limits.perAccount + 1))) old.sink.close();
      return null;
    }
    const address = addressKey(client.guest.address);
    const same = 'orderId' in target ? [...(byOrder.get(target.orderId) ?? [])] : [];
    const replaced = same.slice(0, Math.max(0, same.length - limits.perOrder + 1));
    const freed = replaced.filter((f) => f.address === address).length;
    if ((guestsByAddress.get(address) ?? 0) - freed >= limits.perAddress) {
      throw limitReached('Too many live streams from this address', STREAM_RETRY_AFTER_S);
    }
    if (guests - replaced.length >= limits.guests) {
      throw new DomainError('full', 'This server holds all the live streams it may', undefined, {
        retryAfterSeconds: STREAM_RETRY_AFTER_S,
      });
    }
    for (const old of replaced) old.sink.close();
    return address;
  }

  function add(f: Follower): void {
    followers.add(f);
    if (isGuest(f)) {
      index(byOrder, f.target.orderId, f);
      guests++;
      if (f.address) guestsByAddress.set(f.address, (guestsByAddress.get(f.address) ?? 0) + 1);
    } else if ('restaurantId' in f.target) {
      index(byRestaurant, f.target.restaurantId, f);
    }
    if (f.staff) index(byAccount, f.staff.account, f);
  }

  function remove(f: Follower): void {
    if (!followers.delete(f)) return;
    if (isGuest(f)) {
      unindex(byOrder, f.target.orderId, f);
      guests--;
      if (f.address) {
        const n = (guestsByAddress.get(f.address) ?? 1) - 1;
        if (n > 0) guestsByAddress.set(f.address, n);
        else guestsByAddress.delete(f.address);
      }
    } else if ('restaurantId' in f.target) {
      unindex(byRestaurant, f.target.restaurantId, f);
    }
    if (f.staff) unindex(byAccount, f.staff.account, f);
  }

  return {
    /**
     * Follows `target` from event number `after` (a reconnect's Last-Event-ID), or from now, on
     * the stream `open` opens once the limits let it (else it throws the refusal). A guest's
     * stream sends the order's state first when there is no number, and ends at once when the
     * order is final.
     */
    async follow(
      target: LiveTarget,
      after: number | null,
      open: () => LiveSink,
      client: LiveClient,
    ): Promise<void> {
      const address = admit(target, client);
      const sink = open();
      const f: Follower = {
        target,
        sink,
        sent: 0,
        held: [],
        address,
        staff: 'staff' in client ? client.staff : null,
        checkedAt: Date.now(),
        waiting: false,
      };
      // counted at once, with no wait since the limits were read: streams opened together count
      add(f);
      sink.onClose(() => {
        remove(f);
        if (followers.size === 0) stop();
      });
      if (!sink.closed) start();
      try {
        if (last === null) await wake();
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
        await finishIfFinal([f]);
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

    /** Looks at the idle streams now (tests; the poll does it every RECHECK_MS). */
    recheckNow: async (): Promise<void> => {
      for (const f of followers) f.checkedAt = 0;
      await recheck();
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

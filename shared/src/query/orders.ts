/**
 * Orders from the table, for staff (docs/ORDERS.md): the query hooks of the board, the history,
 * the switches and the admin's summary, and the writers the board's live stream applies. A
 * manager's own restaurant goes without an id; an admin names it.
 *
 * The stream sends each order and call in its current state, so applying an event twice, or an
 * event and then a read of the day, ends in the same rows: a read applies the events heard while
 * it was on its way once more over its answer, and keeps a cached order whose `updatedAt` is newer.
 */
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { api, type OrderingSettingsBody } from '../api';
import type { Order, OrderingSettings, OrderStatus, TableCall } from '../schemas';
import { tashkentDay } from '../tashkent-day';
import { queryClient } from './client';
import { defineMutation, defineOptimisticMutation, defineQuery } from './define';
import { queryKeys as k } from './keys';

const has = (id: string | undefined): boolean => !!id;

export { tashkentDay };

/** Newest first (the contract's order of a day's list). */
const byNewest = (a: Order, b: Order) => b.createdAt.localeCompare(a.createdAt);

/** `order` in `list`: put in, or replaced when it is newer than the one there. */
function withOrder(list: readonly Order[], order: Order): Order[] {
  const at = list.findIndex((o) => o._id === order._id);
  if (at === -1) return [...list, order].sort(byNewest);
  if ((list[at] as Order).updatedAt > order.updatedAt) return list as Order[];
  const next = [...list];
  next[at] = order;
  return next;
}

/**
 * A fresh read of a list over the cached one: the server's rows, but a cached row the stream made
 * newer than the read (its `updatedAt` later) is kept, and so is one the read does not have yet.
 */
function mergeNewer(cached: readonly Order[] | undefined, fresh: readonly Order[]): Order[] {
  const list = [...fresh].sort(byNewest);
  for (const order of cached ?? []) {
    const at = list.findIndex((o) => o._id === order._id);
    if (at === -1) list.push(order);
    else if (order.updatedAt > (list[at] as Order).updatedAt) list[at] = order;
  }
  return list.sort(byNewest);
}

/**
 * The rows the stream brought while a read of today's orders or calls was on its way, per read.
 * The server may have read the day before they happened, and its answer lands after them: over
 * what they wrote, or (the day not loaded yet) with nothing written at all. So each read applies
 * them once more over its answer, in order: a row's last event is the row as it then was, so one
 * older than the answer changes nothing. (Without it, a waiter opening the board saw an order stay
 * «Kassaga yuborilmoqda» after the POS had taken it, until the order's next event.)
 */
interface ReadOnItsWay<T> {
  restaurantId: string | undefined;
  heard: T[];
}
const ordersReads = new Set<ReadOnItsWay<Order>>();
const callsReads = new Set<ReadOnItsWay<TableCall>>();

async function readHearing<T, R>(
  reads: Set<ReadOnItsWay<T>>,
  restaurantId: string | undefined,
  fetch: () => Promise<R>,
  merge: (fresh: R, heard: readonly T[]) => R,
): Promise<R> {
  const read: ReadOnItsWay<T> = { restaurantId, heard: [] };
  reads.add(read);
  try {
    return merge(await fetch(), read.heard);
  } finally {
    reads.delete(read);
  }
}

function heardBy<T>(reads: Set<ReadOnItsWay<T>>, row: T, restaurantId: string | undefined): void {
  for (const read of reads) if (read.restaurantId === restaurantId) read.heard.push(row);
}

// ---------- the reads ----------

/** Today's orders (newest first): the board's rows, kept live by its stream. */
export const useOrdersToday = defineQuery({
  key: (restaurantId?: string) => k.orders.today(restaurantId),
  fetch: (restaurantId?: string) =>
    readHearing(
      ordersReads,
      restaurantId,
      () => api.orders.list(restaurantId),
      (fresh, heard) => {
        const cached = queryClient.getQueryData<Order[]>(k.orders.today(restaurantId));
        const today = tashkentDay();
        return heard
          .filter((o) => o.day === today)
          .reduce((list, order) => withOrder(list, order), mergeNewer(cached, fresh));
      },
    ),
});

/** One day's orders (the history). */
export const useOrdersOfDay = defineQuery({
  key: (restaurantId: string | undefined, day: string | undefined) => k.orders.day(restaurantId, day ?? ''),
  fetch: (restaurantId, day) => api.orders.list(restaurantId, day),
  ready: (_restaurantId, day) => has(day),
});

/** Per-day counts and totals from `from` to `to` (YYYY-MM-DD). */
export const useOrderDays = defineQuery({
  key: (restaurantId: string | undefined, from: string | undefined, to: string | undefined) =>
    k.orders.days(restaurantId, from ?? '', to ?? ''),
  fetch: (restaurantId, from, to) =>
    api.orders.days(restaurantId, { ...(from ? { from } : {}), ...(to ? { to } : {}) }),
  ready: (_restaurantId, from, to) => has(from) && has(to),
});

/** The pending waiter calls and bill requests, oldest first. */
export const useTableCalls = defineQuery({
  key: (restaurantId?: string) => k.orders.calls(restaurantId),
  fetch: (restaurantId?: string) =>
    readHearing(
      callsReads,
      restaurantId,
      () => api.orders.calls(restaurantId),
      (fresh, heard) => heard.reduce(withCall, fresh),
    ),
});

/** Whether the restaurant and each of its placements take orders. */
export const useOrderingSettings = defineQuery({
  key: (restaurantId?: string) => k.orders.ordering(restaurantId),
  fetch: (restaurantId?: string) => api.orders.ordering(restaurantId),
});

export interface OrdersSummary {
  count: number;
  /** Sent, accepted or ready: still to be served. */
  active: number;
  /** Waiting to be accepted. */
  waiting: number;
  served: number;
  rejected: number;
  /** The served orders' sum (what the day's totals count). */
  revenue: number;
}

export function summarizeOrders(orders: readonly Order[]): OrdersSummary {
  const summary: OrdersSummary = { count: 0, active: 0, waiting: 0, served: 0, rejected: 0, revenue: 0 };
  for (const order of orders) {
    summary.count += 1;
    if (order.status === 'served') {
      summary.served += 1;
      summary.revenue += order.total;
    } else if (order.status === 'rejected') summary.rejected += 1;
    else {
      summary.active += 1;
      if (order.status === 'sent') summary.waiting += 1;
    }
  }
  return summary;
}

/** Today's orders counted (the admin's restaurant detail): the same cached rows as the board. */
export function useOrdersTodaySummary(restaurantId?: string) {
  const today = useOrdersToday(restaurantId);
  return { ...today, data: today.data ? summarizeOrders(today.data) : undefined };
}

/**
 * How many of the manager's own orders wait to be accepted, from the cache only (no request):
 * the bottom bar's badge, once the board has read today's orders and while its stream runs.
 */
export function useWaitingOrdersCount(): number {
  const { data } = useQuery(
    {
      queryKey: k.orders.today(undefined),
      queryFn: () => api.orders.list(),
      enabled: false,
      select: (orders: Order[]) => orders.filter((o) => o.status === 'sent').length,
    },
    queryClient,
  );
  return data ?? 0;
}

// ---------- the writes ----------

export interface OrderMove {
  order: Order;
  status: Exclude<OrderStatus, 'sent'>;
  /** Required when rejecting: the guest reads it. */
  reason?: string;
  /** On a shared device: the PIN of the person who moves it. */
  pin?: string;
}

/** A call marked done (on a shared device with the person's PIN). */
export type CallDone = TableCall & { pin?: string };

const LISTS: QueryKey = k.orders.lists();

/** One step along the order's life, shown at once; a refusal puts the order back. */
export const useMoveOrder = defineOptimisticMutation<OrderMove, Order>({
  run: ({ order, status, reason, pin }) =>
    api.orders.setStatus(order._id, reason === undefined ? { status } : { status, reason }, pin),
  shows: LISTS,
  apply: (data, { order, status, reason }) =>
    (data as Order[]).map((o) =>
      o._id === order._id
        ? { ...o, status, reject_reason: status === 'rejected' ? (reason ?? null) : null }
        : o,
    ),
  update: (order) => writeOrder(order),
  invalidates: [k.orders.daysAll()],
});

/** Marks a call done: it leaves the list at once; a refusal brings it back. */
export const useCallDone = defineOptimisticMutation<CallDone, TableCall>({
  run: (call) => api.orders.callDone(call._id, call.pin),
  shows: k.orders.callsAll(),
  apply: (data, call) => (data as TableCall[]).filter((c) => c._id !== call._id),
});

// ---------- a waiter's tables (docs/PRODUCT.md, "Tables to waiters") ----------

/**
 * A waiter's «Barcha stollar»: today's orders and calls of every table, the ones to take over
 * among them (the board's own list holds the waiter's tables, live).
 */
export const useOthersToday = defineQuery({
  key: () => k.orders.others(),
  fetch: async () => {
    const [orders, calls] = await Promise.all([
      api.orders.list(undefined, undefined, 'all'),
      api.orders.calls(undefined, 'all'),
    ]);
    return { orders, calls };
  },
});

/** A waiter takes over an order of another waiter's table: it joins their board. */
export const useTakeOrder = defineMutation({
  run: ({ order, pin }: { order: Order; pin?: string }) => api.orders.take(order._id, pin),
  update: (order: Order) => {
    writeOrder(order);
  },
  invalidates: [k.orders.others()],
});

/** A waiter takes over a call of another waiter's table: it joins their board. */
export const useTakeCall = defineMutation({
  run: ({ call, pin }: { call: TableCall; pin?: string }) => api.orders.takeCall(call._id, pin),
  update: (call: TableCall) => {
    writeCall(call);
  },
  invalidates: [k.orders.others()],
});

/** The switches: the restaurant's, and any placements' (only what changed is sent). */
export const useUpdateOrdering = defineOptimisticMutation<
  OrderingSettingsBody & { restaurantId?: string },
  OrderingSettings
>({
  run: ({ restaurantId, ...body }) => api.orders.updateOrdering(body, restaurantId),
  shows: k.orders.orderingAll(),
  apply: (data, change) => {
    const settings = data as OrderingSettings;
    const placed = new Map((change.placements ?? []).map((p) => [p._id, p.takes_orders]));
    return {
      ...settings,
      takes_orders: change.takes_orders ?? settings.takes_orders,
      pos: change.pos_send && settings.pos ? { ...settings.pos, send: change.pos_send } : settings.pos,
      placements: settings.placements.map((p) =>
        placed.has(p._id) ? { ...p, takes_orders: placed.get(p._id) as boolean } : p,
      ),
    };
  },
  update: (settings, { restaurantId }) => queryClient.setQueryData(k.orders.ordering(restaurantId), settings),
});

// ---------- into the POS (docs/ORDERS.md, "Into the POS") ----------

/** «Qayta yuborish»: the order back in the POS's queue (the answer and the stream show it). */
export const useRetryPosOrder = defineMutation({
  run: (order: Order) => api.orders.posRetry(order._id),
  update: (order: Order) => {
    writeOrder(order);
  },
  invalidates: [],
});

/** The POS's tables for the placements dialog (iiko: once its terminal group is chosen). */
export const usePosTables = defineQuery({
  key: (restaurantId?: string) => k.orders.posTables(restaurantId),
  fetch: (restaurantId?: string) => api.orders.posTables(restaurantId),
});

export const useChoosePosTerminalGroup = defineMutation({
  run: ({ terminalGroupId, restaurantId }: { terminalGroupId: string; restaurantId?: string }) =>
    api.orders.choosePosTerminalGroup(terminalGroupId, restaurantId),
  update: (tables, { restaurantId }) => queryClient.setQueryData(k.orders.posTables(restaurantId), tables),
  invalidates: [],
});

export const useMapPlacementTable = defineMutation({
  run: ({ placementId, posTableId }: { placementId: string; posTableId: string | null }) =>
    api.orders.mapPlacementTable(placementId, posTableId),
  invalidates: [k.orders.posTablesAll()],
});

// ---------- what the live stream writes ----------

/**
 * An order as the stream sent it, into every cached list of its day (today's when it is the one
 * loaded). Answers whether today's list did not have it yet (a new order: the board rings).
 */
export function writeOrder(order: Order, restaurantId?: string): boolean {
  heardBy(ordersReads, order, restaurantId);
  let added = false;
  const today = k.orders.today(restaurantId);
  const cached = queryClient.getQueryData<Order[]>(today);
  if (cached && order.day === tashkentDay()) {
    added = !cached.some((o) => o._id === order._id);
    queryClient.setQueryData(today, withOrder(cached, order));
  }
  const ofDay = k.orders.day(restaurantId, order.day);
  const day = queryClient.getQueryData<Order[]>(ofDay);
  if (day) queryClient.setQueryData(ofDay, withOrder(day, order));
  return added;
}

/** `call` in `list`: a pending one put in or replaced, a done one taken out. */
function withCall(list: readonly TableCall[], call: TableCall): TableCall[] {
  if (call.status === 'done') return list.filter((c) => c._id !== call._id);
  return list.some((c) => c._id === call._id)
    ? list.map((c) => (c._id === call._id ? call : c))
    : [...list, call];
}

/** A call as the stream sent it: a pending one joins the list, a done one leaves it. Answers whether it is new. */
export function writeCall(call: TableCall, restaurantId?: string): boolean {
  heardBy(callsReads, call, restaurantId);
  const key = k.orders.calls(restaurantId);
  const cached = queryClient.getQueryData<TableCall[]>(key);
  if (!cached) return false;
  const known = cached.some((c) => c._id === call._id);
  if (call.status !== 'done' || known) queryClient.setQueryData(key, withCall(cached, call));
  return call.status !== 'done' && !known;
}

/** The stream could not resume (`reset`), or came back after a gap: today's rows and calls read again. */
export function refetchLiveOrders(restaurantId?: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: k.orders.today(restaurantId) }),
    queryClient.invalidateQueries({ queryKey: k.orders.calls(restaurantId) }),
  ]);
}

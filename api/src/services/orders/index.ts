/**
 * `app.orders` (docs/ORDERS.md): guests order from the table and call the staff; the staff move
 * orders along their life, clear calls, read the day, the history and the CSV, switch ordering
 * on and off, and follow it all live. Each rule lives in its part: place.ts (prices,
 * idempotency, limits, durability), pricing.ts, status.ts (the state machine), calls.ts,
 * ordering.ts (the switches, a guest's table), history.ts (lists, totals, CSV, a guest's
 * order), limits.ts, live.ts (the streams' hub).
 */
import { type CallKind, isStaffRole, type OrderStatus, ROLES } from '@qrmenu/shared/schemas';
import { notAllowed } from '../../domain/errors';
import { dayOf } from '../../visits/day';
import type { AssertOwner, ServiceContext } from '../context';
import type { Actor } from '../staff/actor';
import { callTable, finishCall, takeCall } from './calls';
import type { OrdersContext } from './context';
import { dayCsv, dayOrders, dayTotals, guestOrderOf } from './history';
import type { AddressWindow, OrderRateLimits } from './limits';
import type { LiveSink, OrderLive } from './live';
import { changeOrdering, guestTable, orderingSettings } from './ordering';
import { type PlaceBody, placeOrder } from './place';
import { callsForStaff, shows, type Viewer } from './staff-view';
import { moveOrder, takeOrder } from './status';

export { AddressWindow, DEFAULT_ORDER_RATE_LIMITS, type OrderRateLimits } from './limits';
export { DEFAULT_LIVE_LIMITS, type LiveLimits, type LiveSink, type OrderLive, orderLive } from './live';
export type { Viewer } from './staff-view';

export interface OrdersShared {
  limits: OrderRateLimits;
  addresses: AddressWindow;
  tableMisses: AddressWindow;
  live: OrderLive;
}

export function ordersService(context: ServiceContext, shared: OrdersShared) {
  const ctx: OrdersContext = { ...context, ...shared };
  return {
    // ---------- guests ----------
    /** Places an order; `created` false when the key had already made it (200). */
    place: (body: PlaceBody, address: string) => placeOrder(ctx, body, address),
    /** A guest's order, opened with its key. */
    guestOrder: (id: string, key: string) => guestOrderOf(ctx, id, key),
    /** Whether a table takes orders, its name, its pending calls. */
    table: (placementId: string, address: string) => guestTable(ctx, placementId, address),
    /** A waiter call or a bill request; `created` false when one was pending (200). */
    call: (body: { placement_id: string; kind: CallKind }, address: string) => callTable(ctx, body, address),
    /**
     * Follows one order live (its guest: the key must open it; 404, and the streams' limits' 429
     * and 503, before the stream opens).
     */
    async followOrder(
      id: string,
      key: string,
      after: number | null,
      open: () => LiveSink,
      address: string,
    ): Promise<void> {
      await guestOrderOf(ctx, id, key);
      await shared.live.follow({ orderId: id }, after, open, { guest: { address } });
    },

    // ---------- staff (the route checked whose restaurant it is) ----------
    /**
     * A day's orders as `viewer` sees them (docs/ORDERS.md, "Who sees what"): a staff account
     * reads today only (403 on `day` for another day: the history is the manager's).
     */
    day: (restaurantId: string, day?: string, viewer?: Viewer) => {
      if (viewer && isStaffRole(viewer.role) && day !== undefined && day !== dayOf()) {
        throw notAllowed("A staff account reads today's orders only", [
          { path: 'day', message: 'today_only' },
        ]);
      }
      return dayOrders(ctx, restaurantId, day, viewer);
    },
    days: (restaurantId: string, from?: string, to?: string) => dayTotals(ctx, restaurantId, from, to),
    csv: (restaurantId: string, day?: string) => dayCsv(ctx, restaurantId, day),
    /** Moves an order along its life as `actor` (their role's moves, a waiter's tables), recorded. */
    move: (
      id: string,
      body: { status: Exclude<OrderStatus, 'sent'>; reason?: string | undefined },
      assertOwner: AssertOwner,
      actor: Actor,
    ) => moveOrder(ctx, id, body, assertOwner, actor),
    /** A waiter takes over an order of another waiter's table (recorded). */
    takeOrder: (id: string, assertOwner: AssertOwner, actor: Actor) => takeOrder(ctx, id, assertOwner, actor),
    /** The pending calls on `viewer`'s board (the kitchen has none). */
    pendingCalls: async (restaurantId: string, viewer?: Viewer) => {
      if (viewer?.role === ROLES.kitchen) return [];
      const calls = await callsForStaff(ctx.repos, await ctx.repos.tableCalls.pendingOf(restaurantId));
      return calls.filter((c) => shows(viewer, c));
    },
    finishCall: (id: string, assertOwner: AssertOwner, actor: Actor) =>
      finishCall(ctx, id, assertOwner, actor),
    /** A waiter takes over a call of another waiter's table (recorded). */
    takeCall: (id: string, assertOwner: AssertOwner, actor: Actor) => takeCall(ctx, id, assertOwner, actor),
    ordering: (restaurantId: string) => orderingSettings(ctx, restaurantId),
    changeOrdering: (restaurantId: string, body: Parameters<typeof changeOrdering>[2]) =>
      changeOrdering(ctx, restaurantId, body),
    /**
     * Follows a restaurant's orders and calls live, while `staff.stillAllowed()` says the
     * caller's session may (checked before every event and while idle).
     */
    followRestaurant: (
      restaurantId: string,
      after: number | null,
      open: () => LiveSink,
      staff: { account: string; stillAllowed: () => Promise<boolean>; viewer?: Viewer },
    ) => shared.live.follow({ restaurantId }, after, open, { staff }),
    /** Ends this server's streams (it is stopping). */
    closeStreams: () => shared.live.closeAll(),
    /** Looks at every idle stream now: ended sessions, settled bills (the poll does it every 10 s). */
    recheckStreams: () => shared.live.recheckNow(),
    /** How many live streams this server holds. */
    get streams(): number {
      return shared.live.streams;
    },
  };
}

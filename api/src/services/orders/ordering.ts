/**
 * The ordering switches (docs/ORDERS.md, "Who may order"): the restaurant's and each
 * placement's, both off by default. A change clears the guests' page of that restaurant from
 * every server's answer cache (the page offers the cart only when ordering is on). What a
 * guest's page asks of its table: whether it takes orders, its name, its pending calls.
 */
import type { CallKind, OrderingSettings, PosSendMode } from '@qrmenu/shared/schemas';
import { now } from '../../db';
import { invalid, notFound } from '../../domain/errors';
import { guestTableOf, type OrdersContext } from './context';

export async function orderingSettings(ctx: OrdersContext, restaurantId: string): Promise<OrderingSettings> {
  const [restaurant, placements, account] = await Promise.all([
    ctx.repos.restaurants.findById(restaurantId),
    ctx.repos.placements.list(restaurantId),
    ctx.repos.integrationAccounts.find(restaurantId),
  ]);
  if (!restaurant) throw notFound('Restaurant not found');
  return {
    takes_orders: restaurant.takes_orders === 1,
    placements: placements.map((p) => ({ _id: p.id, name: p.name, takes_orders: p.takes_orders === 1 })),
    pos: account ? { provider: account.provider, send: (account.orders_send ?? 'off') as PosSendMode } : null,
  };
}

export async function changeOrdering(
  ctx: OrdersContext,
  restaurantId: string,
  body: {
    takes_orders?: boolean | undefined;
    placements?: { _id: string; takes_orders: boolean }[] | undefined;
    pos_send?: PosSendMode | undefined;
  },
): Promise<OrderingSettings> {
  const placements = body.placements ?? [];
  if (body.pos_send !== undefined && !(await ctx.repos.integrationAccounts.find(restaurantId))) {
    throw invalid('Not a POS restaurant', [{ path: 'pos_send', message: 'Not a POS restaurant' }]);
  }
  if (placements.length > 0) {
    // another restaurant's placement is one that does not exist (docs/API.md, "Who may call what")
    const owners = await ctx.repos.placements.owners(placements.map((p) => p._id));
    if (placements.some((p) => owners.get(p._id) !== restaurantId)) throw notFound('Placement not found');
  }
  const at = now();
  await ctx.repos.transaction(async (trx) => {
    if (body.takes_orders !== undefined)
      await trx.restaurants.setTakesOrders(restaurantId, body.takes_orders, at);
    for (const on of [true, false]) {
      const ids = placements.filter((p) => p.takes_orders === on).map((p) => p._id);
      if (ids.length > 0) await trx.placements.setTakesOrders(restaurantId, ids, on, at);
    }
    if (body.pos_send !== undefined)
      await trx.integrationAccounts.setOrders(restaurantId, { orders_send: body.pos_send }, at);
  });
  ctx.effects.stale({ restaurants: [restaurantId] });
  return orderingSettings(ctx, restaurantId);
}

export async function guestTable(
  ctx: OrdersContext,
  placementId: string,
  address: string,
): Promise<{ takes_orders: boolean; table: string; menu: string; pending_calls: CallKind[] }> {
  const placement = await guestTableOf(ctx, placementId, address);
  const [restaurant, pending] = await Promise.all([
    ctx.repos.restaurants.findById(placement.restaurant_id),
    ctx.repos.tableCalls.pendingKinds(placement.id),
  ]);
  return {
    takes_orders:
      restaurant?.is_active === 1 && restaurant.takes_orders === 1 && placement.takes_orders === 1,
    table: placement.name,
    menu: restaurant?.slug ?? '',
    pending_calls: pending as CallKind[],
  };
}

/**
 * Placing an order (docs/ORDERS.md): the table must take orders (its restaurant active and
 * switched on, its placement switched on; else 409), the same idempotency key of the same
 * restaurant with the same request answers the order it made (no second one, not counted
 * against the limits) and with another request is refused (422, idempotency.ts; counted
 * against the address, as a new order is), the per-address, per-table and per-restaurant
 * limits (limits.ts), the server's prices (pricing.ts: refused lines
 * answer 409 `conflict` with one detail each, nothing stored), and durability: the order, its
 * day's number and its stream event are written in one transaction, committed before the answer.
 */
import { randomBytes } from 'node:crypto';
import { chosenRows, type GuestOrder, type orderCreateBody } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { isUniqueViolation, newId, now } from '../../db';
import { conflict } from '../../domain/errors';
import { toGuestOrder } from '../../repos/orders';
import { addressKey } from '../../state/login-rules';
import { dayOf } from '../../visits/day';
import { markDays } from '../reports/build';
import { announce, guestTableAnd, type OrdersContext, sendsToPosAt } from './context';
import { isSameRequest, keyReused, requestHash } from './idempotency';
import { checkTable, windowStart } from './limits';
import { priceItems } from './pricing';

/** The body as validated (rows default to none). */
export type PlaceBody = z.output<typeof orderCreateBody>;

export async function placeOrder(
  ctx: OrdersContext,
  body: PlaceBody,
  address: string,
): Promise<{ order: GuestOrder; created: boolean }> {
  const { repos, limits } = ctx;
  // the table and an earlier order with the same key, read at once
  const [placement, again] = await guestTableAnd(ctx, body.placement_id, address, () =>
    repos.orders.findByKeyAtTable(body.placement_id, body.idempotency_key),
  );
  const restaurantId = placement.restaurant_id;
  const hash = requestHash(body);
  // an address as the other limits count it (IPv6 by its /64: one subscriber holds a whole /64)
  const takeAddress = () =>
    ctx.addresses.take(`order:${addressKey(address)}`, limits.ordersPerAddress, 'orders');
  if (again) {
    if (isSameRequest(again, hash))
      return { order: toGuestOrder(again, await repos.orderPos.find(again.id)), created: false };
    // a refused reuse is no retry: it counts against the address like a new order
    takeAddress();
    throw keyReused();
  }

  takeAddress();
  // what the checks below read, read at once (the address is counted first, so a refused
  // address reads nothing more); the checks keep their order
  const since = windowStart(limits.windowMs);
  const [restaurant, placementRecent, restaurantRecent, menu, posAccount] = await Promise.all([
    repos.restaurants.findById(restaurantId),
    repos.orders.recentOfPlacement(placement.id, since, limits.ordersPerTable),
    repos.orders.recentOfRestaurant(
      restaurantId,
      since,
      dayOf(Date.parse(since)),
      limits.ordersPerRestaurant,
    ),
    repos.menu.orderable(
      restaurantId,
      body.items.map((i) => i.product_id),
    ),
    repos.integrationAccounts.find(restaurantId),
  ]);
  if (restaurant?.is_active !== 1 || restaurant.takes_orders !== 1 || placement.takes_orders !== 1) {
    throw conflict('This table does not take orders');
  }
  checkTable(placementRecent, limits.ordersPerTable, limits.windowMs, 'orders');
  checkTable(restaurantRecent, limits.ordersPerRestaurant, limits.windowMs, 'orders', 'for this restaurant');

  const priced = priceItems(
    body.items.map((i) => ({ ...i, rows: chosenRows(i) })),
    menu,
    body.language,
  );
  if ('problems' in priced) {
    throw conflict('Some items cannot be ordered as they are', priced.problems);
  }

  const at = now();
  const day = dayOf(Date.parse(at));
  try {
    const { row, queued } = await repos.transaction(async (trx) => {
      const number = await trx.orderNumbers.next(restaurantId, day);
      const order = {
        id: newId(),
        restaurant_id: restaurantId,
        day,
        number,
        placement_id: placement.id,
        table_name: placement.name,
        status: 'sent',
        reject_reason: null,
        language: body.language,
        comment: body.comment ? body.comment : null,
        items: JSON.stringify(priced.lines),
        total: priced.total,
        idempotency_key: body.idempotency_key,
        request_hash: hash,
        guest_key: randomBytes(18).toString('base64url'),
        client_address: address,
        created_at: at,
        updated_at: at,
      };
      await trx.orders.insert(order);
      await markDays(trx, restaurantId, [day]);
      const queued = sendsToPosAt(posAccount, 'at_once')
        ? await trx.orderPos.enqueue(order.id, restaurantId, at)
        : undefined;
      await trx.orderEvents.append(restaurantId, 'order', order.id, at);
      return { row: order, queued };
    });
    announce(ctx);
    // the answer shows the order as committed (its POS row as queued, not read again): what
    // happens next reaches the guest over the order's stream
    return { order: toGuestOrder(row, queued), created: true };
  } catch (err) {
    // the same key sent twice at once: the other request's order is the answer, when it is the
    // same request
    if (isUniqueViolation(err)) {
      const made = await repos.orders.findByKey(restaurantId, body.idempotency_key);
      if (made) {
        if (!isSameRequest(made, hash)) throw keyReused();
        return { order: toGuestOrder(made, await repos.orderPos.find(made.id)), created: false };
      }
    }
    throw err;
  }
}

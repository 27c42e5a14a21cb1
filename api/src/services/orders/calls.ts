/**
 * Waiter calls and bill requests (docs/ORDERS.md, "Calls"): from a table that takes orders;
 * one pending per table and kind (pressing again answers the pending one: 200, nothing new,
 * not counted against the limits); the per-address and per-table limits of limits.ts; the staff
 * mark a call done (again: the same answer). Each change writes its stream event in its
 * transaction.
 */
import type { CallKind, TableCall } from '@qrmenu/shared/schemas';
import { isUniqueViolation, newId, now } from '../../db';
import { conflict } from '../../http/errors';
import { toTableCall } from '../../repos/table-calls';
import { addressKey } from '../../state/login-rules';
import { type AssertOwner, owned } from '../context';
import { announce, guestTableOf, type OrdersContext } from './context';
import { checkTable, windowStart } from './limits';

export async function callTable(
  ctx: OrdersContext,
  body: { placement_id: string; kind: CallKind },
  address: string,
): Promise<{ call: TableCall; created: boolean }> {
  const { repos, limits } = ctx;
  const placement = await guestTableOf(ctx, body.placement_id, address);
  const pending = await repos.tableCalls.findPending(placement.id, body.kind);
  if (pending) return { call: toTableCall(pending), created: false };

  // IPv6 by its /64, as the orders' count takes it
  ctx.addresses.take(`call:${addressKey(address)}`, limits.callsPerAddress, 'calls');
  const restaurant = await repos.restaurants.findById(placement.restaurant_id);
  if (restaurant?.is_active !== 1 || restaurant.takes_orders !== 1 || placement.takes_orders !== 1) {
    throw conflict('This table does not take orders');
  }
  checkTable(
    await repos.tableCalls.recentOfPlacement(
      placement.id,
      windowStart(limits.windowMs),
      limits.callsPerTable,
    ),
    limits.callsPerTable,
    limits.windowMs,
    'calls',
  );
  const at = now();
  const row = {
    id: newId(),
    restaurant_id: placement.restaurant_id,
    placement_id: placement.id,
    table_name: placement.name,
    kind: body.kind,
    status: 'pending',
    created_at: at,
    done_at: null,
  };
  try {
    await repos.transaction(async (trx) => {
      await trx.tableCalls.insert(row);
      await trx.orderEvents.append(row.restaurant_id, 'call', row.id, at);
    });
  } catch (err) {
    // pressed at the same moment on two phones (or servers): the other one's call stands
    if (isUniqueViolation(err)) {
      const other = await repos.tableCalls.findPending(placement.id, body.kind);
      if (other) return { call: toTableCall(other), created: false };
    }
    throw err;
  }
  announce(ctx);
  return { call: toTableCall(row), created: true };
}

export async function finishCall(
  ctx: OrdersContext,
  id: string,
  assertOwner: AssertOwner,
): Promise<TableCall> {
  const row = await owned(await ctx.repos.tableCalls.find(id), 'Call not found', assertOwner);
  if (row.status !== 'pending') return toTableCall(row);
  const at = now();
  const done = await ctx.repos.transaction(async (trx) => {
    if (!(await trx.tableCalls.markDone(row.id, at))) return false;
    await trx.orderEvents.append(row.restaurant_id, 'call', row.id, at);
    return true;
  });
  if (!done) {
    const fresh = await ctx.repos.tableCalls.find(id);
    return toTableCall(fresh ?? row);
  }
  announce(ctx);
  return toTableCall({ ...row, status: 'done', done_at: at });
}

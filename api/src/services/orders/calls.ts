/**
 * Waiter calls and bill requests (docs/ORDERS.md, "Calls"): from a table that takes orders;
 * one pending per table and kind (pressing again answers the pending one: 200, nothing new,
 * not counted against the limits); the per-address and per-table limits of limits.ts; the staff
 * mark a call done (again: the same answer), a waiter on their tables only or on a call they took
 * over (one tap, recorded), never the kitchen. Each change writes its stream event, and who did
 * it, in its transaction.
 */
import type { CallKind, TableCall } from '@qrmenu/shared/schemas';
import { isUniqueViolation, newId, now, type TableCallRow } from '../../db';
import { conflict } from '../../domain/errors';
import { toTableCall } from '../../repos/table-calls';
import { addressKey } from '../../state/login-rules';
import { type AssertOwner, owned } from '../context';
import { type Actor, assertFloor, takingOver } from '../staff/actor';
import { assertOwnsTable, recordMove } from '../staff/record';
import { announce, guestTableOf, type OrdersContext } from './context';
import { checkTable, windowStart } from './limits';
import { callsForStaff } from './staff-view';

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

/** The call a staff request names, if the caller may act in its restaurant (else 404). */
const ownedCall = async (ctx: OrdersContext, id: string, assertOwner: AssertOwner) =>
  owned(await ctx.repos.tableCalls.find(id), 'Call not found', assertOwner);

/** The staff's answer of one call, as the board reads it. */
async function answerOf(ctx: OrdersContext, row: TableCallRow): Promise<TableCall> {
  return (await callsForStaff(ctx.repos, [row]))[0] as TableCall;
}

export async function finishCall(
  ctx: OrdersContext,
  id: string,
  assertOwner: AssertOwner,
  actor: Actor,
): Promise<TableCall> {
  const row = await ownedCall(ctx, id, assertOwner);
  assertFloor(actor, 'call');
  if (row.status !== 'pending') return answerOf(ctx, row);
  await assertOwnsTable(ctx.repos, actor, row);
  const at = now();
  const done = await ctx.repos.transaction(async (trx) => {
    if (!(await trx.tableCalls.markDone(row.id, at))) return false;
    await recordMove(trx, 'call', row, 'call_done', actor, at);
    return true;
  });
  if (!done) {
    const fresh = await ctx.repos.tableCalls.find(id);
    return answerOf(ctx, fresh ?? row);
  }
  announce(ctx);
  return answerOf(ctx, { ...row, status: 'done', done_at: at });
}

/** A waiter takes over a call of another waiter's table (one tap, recorded): then it is theirs to do. */
export async function takeCall(
  ctx: OrdersContext,
  id: string,
  assertOwner: AssertOwner,
  actor: Actor,
): Promise<TableCall> {
  const row = await ownedCall(ctx, id, assertOwner);
  const userId = takingOver(actor);
  if (row.taken_by === userId || row.status !== 'pending') return answerOf(ctx, row);
  const at = now();
  await ctx.repos.transaction(async (trx) => {
    await trx.tableCalls.takeOver(row.id, userId);
    await recordMove(trx, 'call', row, 'taken', actor, at);
  });
  announce(ctx);
  return answerOf(ctx, { ...row, taken_by: userId });
}

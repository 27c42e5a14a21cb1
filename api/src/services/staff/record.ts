/**
 * What every move of an order, a call or a bill leaves behind (docs/ORDERS.md, "Who did it"): a
 * row naming the actor, written in the move's own transaction, and the waiter's rule checked
 * before it (services/staff/actor.ts). The orders' and the payments' services both call these.
 */
import type { StaffActionKind } from '@qrmenu/shared/schemas';
import { newId } from '../../db';
import type { Repositories } from '../../repos';
import { type Actor, ownsTable, REFUSED } from './actor';

/** Records who did a move of an order or a call (docs/ORDERS.md, "Who did it"), in the move's transaction. */
export async function recordAction(
  trx: Repositories,
  kind: 'order' | 'call',
  item: { id: string; restaurant_id: string },
  action: StaffActionKind,
  actor: Actor,
  at: string,
): Promise<void> {
  await trx.staffActions.add({
    id: newId(),
    restaurant_id: item.restaurant_id,
    entity_kind: kind,
    entity_id: item.id,
    action,
    user_id: actor.userId,
    actor: actor.name,
    via: actor.via,
    created_at: at,
  });
}

/**
 * A move of an order or a call the boards hear (docs/ORDERS.md, "Live updates"): who did it
 * recorded, and the item's event appended, both in the move's transaction.
 */
export async function recordMove(...move: Parameters<typeof recordAction>): Promise<void> {
  const [trx, kind, item, , , at] = move;
  await recordAction(...move);
  await trx.orderEvents.append(item.restaurant_id, kind, item.id, at);
}

/**
 * A waiter acts only on their tables (docs/PRODUCT.md, "Tables to waiters"): a table given to them
 * or to nobody, or what they took over; anything else is refused (403, `table`: take it over
 * first) before anything is written. Other roles pass.
 */
export async function assertOwnsTable(
  repos: Repositories,
  actor: Actor,
  item: { placement_id: string | null; taken_by?: string | null | undefined },
): Promise<void> {
  if (actor.role !== 'waiter') return;
  const waiter = item.placement_id
    ? ((await repos.placements.waitersOf([item.placement_id])).get(item.placement_id) ?? null)
    : null;
  if (!ownsTable(actor, waiter, item.taken_by)) throw REFUSED.table();
}

/**
 * A waiter closes a table's bill on their table, or on a table whose order or call they took over
 * today (its bill is theirs then); anything else is refused (403, `table`). Other roles pass.
 */
export async function assertClosesTable(
  repos: Repositories,
  actor: Actor,
  placementId: string,
  today: { day: string; since: string },
): Promise<void> {
  if (actor.role !== 'waiter' || !actor.userId) return;
  const waiter = (await repos.placements.waitersOf([placementId])).get(placementId) ?? null;
  if (ownsTable(actor, waiter, null)) return;
  if (await repos.orders.tookOverAt(placementId, actor.userId, today.day)) return;
  if (await repos.tableCalls.tookOverAt(placementId, actor.userId, today.since)) return;
  throw REFUSED.table();
}

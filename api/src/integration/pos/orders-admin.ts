/**
 * The staff's side of orders into the POS (docs/ORDERS.md, "Into the POS"): the POS's tables for
 * the placements dialog (iiko: of the chosen terminal group; one group only is chosen by
 * itself), the terminal group, a placement's table, and «Qayta yuborish» of an order the POS
 * did not take.
 */
import type { Order, PosTables } from '@qrmenu/shared/schemas';
import { now } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { toOrder } from '../../repos/orders';
import type { App } from '../../types';
import { accountConnection } from './service';

/** The caller's access check (http/access.ts `ownerCheck`): throws 404 for another's restaurant. */
type AssertOwner = (restaurantId: string) => Promise<void>;

async function channelOf(app: App, restaurantId: string) {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  if (!account) throw notFound('Not a POS restaurant');
  const channel = accountConnection(app, account).orders;
  if (!channel)
    throw badRequest('This POS takes no orders', [{ path: 'provider', message: account.provider }]);
  return { account, channel };
}

export async function posTables(app: App, restaurantId: string): Promise<PosTables> {
  const { account, channel } = await channelOf(app, restaurantId);
  const groups = (await channel.listTerminalGroups?.(account.location_id)) ?? [];
  let group = account.terminal_group_id ?? null;
  if (group && groups.length > 0 && !groups.some((g) => g.id === group)) group = null; // gone from the POS
  if (!group && groups.length === 1) {
    group = groups[0]?.id ?? null;
    await app.repos.integrationAccounts.setOrders(restaurantId, { terminal_group_id: group }, now());
  }
  const needsGroup = channel.listTerminalGroups !== undefined;
  const tables = needsGroup && !group ? [] : await channel.listTables(account.location_id, group);
  const placements = await app.repos.placements.list(restaurantId);
  return {
    provider: account.provider,
    terminal_group_id: group,
    terminal_groups: groups,
    tables,
    placements: placements.map((p) => ({ _id: p.id, name: p.name, pos_table_id: p.pos_table_id ?? null })),
  };
}

export async function choosePosTerminalGroup(app: App, restaurantId: string, terminalGroupId: string) {
  const { account, channel } = await channelOf(app, restaurantId);
  const groups = (await channel.listTerminalGroups?.(account.location_id)) ?? [];
  if (!groups.some((g) => g.id === terminalGroupId)) {
    throw badRequest('Unknown terminal group', [
      { path: 'terminal_group_id', message: 'Unknown terminal group' },
    ]);
  }
  await app.repos.integrationAccounts.setOrders(restaurantId, { terminal_group_id: terminalGroupId }, now());
  return posTables(app, restaurantId);
}

export async function mapPlacementToPosTable(
  app: App,
  placementId: string,
  posTableId: string | null,
  assertOwner: AssertOwner,
) {
  const placement = await app.repos.placements.find(placementId);
  if (!placement) throw notFound('Placement not found');
  await assertOwner(placement.restaurant_id);
  if (posTableId !== null) {
    const tables = await posTables(app, placement.restaurant_id);
    if (!tables.tables.some((t) => t.id === posTableId)) {
      throw badRequest('Unknown POS table', [{ path: 'pos_table_id', message: 'Unknown POS table' }]);
    }
  }
  await app.repos.placements.setPosTable(placementId, posTableId, now());
  return { _id: placementId, name: placement.name, pos_table_id: posTableId };
}

/** «Qayta yuborish»: an order the POS refused or did not take goes back to the queue, in its place. */
export async function retryPosOrder(app: App, orderId: string, assertOwner: AssertOwner): Promise<Order> {
  const order = await app.repos.orders.find(orderId);
  if (!order) throw notFound('Order not found');
  await assertOwner(order.restaurant_id);
  const row = await app.repos.orderPos.find(orderId);
  if (!row) throw notFound('This order does not go to the POS');
  if (row.state !== 'failed' && row.state !== 'refused')
    throw conflict(`An order ${row.state} in the POS cannot be sent again`);
  const at = now();
  const moved = await app.repos.transaction(async (trx) => {
    const ok = await trx.orderPos.move(orderId, row.state, {
      state: 'waiting',
      reason: null,
      refused_lines: '[]',
      ticket: null,
      next_at: 0,
      updated_at: at,
    });
    if (ok) await trx.orderEvents.append(order.restaurant_id, 'order', orderId, at);
    return ok;
  });
  if (!moved) throw conflict('The order was changed meanwhile');
  await app.orderNotices.publish().catch(() => undefined);
  return toOrder(order, await app.repos.orderPos.find(orderId));
}

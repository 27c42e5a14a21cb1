/**
 * An order of ours in a POS's terms (outgoing-orders.ts `PosOrderDraft`): each line's product,
 * size and modifiers by the POS's ids kept on the order's lines when it was placed
 * (repos/orders.ts `StoredOrderLine`), the placement's mapped POS table, the restaurant's
 * location and terminal group.
 */
import type { IntegrationAccountRow, OrderRow, PlacementRow, RestaurantRow } from '../../db';
import { parseLines, type StoredOrderLine } from '../../repos/orders';
import type { PosOrderDraft, PosOrderLine } from './outgoing-orders';
import { isModifierGroup, SIZE_OPTION_ID } from './types';

/** The draft, or the indexes of lines the POS cannot know (a product or row made here, no external id). */
export type DraftOrMissing = { draft: PosOrderDraft } | { missing: number[] };

function lineOf(line: StoredOrderLine): PosOrderLine | null {
  if (!line.external_id) return null;
  let sizeId: string | null = null;
  const modifiers: PosOrderLine['modifiers'] = [];
  for (const row of line.rows) {
    if (!row.external_id) return null;
    if (row.option_external_id === SIZE_OPTION_ID) sizeId = row.external_id;
    else
      modifiers.push({
        id: row.external_id,
        // a single modifier has no group; an order stored before the option's id was kept: none known
        groupId: isModifierGroup(row.option_external_id) ? row.option_external_id : null,
        // as many as the guest took (an order placed before rows had counts: one)
        amount: row.quantity ?? 1,
        freeAmount: row.free_quantity ?? 0,
        price: row.price,
        name: row.name,
      });
  }
  return {
    productId: line.external_id,
    sizeId,
    modifiers,
    amount: line.quantity,
    price: line.price,
    name: line.name,
  };
}

export function draftOf(
  order: OrderRow,
  account: IntegrationAccountRow,
  placement: PlacementRow | undefined,
  restaurant?: Pick<RestaurantRow, 'phone_number'>,
): DraftOrMissing {
  const stored = parseLines(order.items);
  const lines = stored.map(lineOf);
  const missing = lines.flatMap((l, i) => (l === null ? [i] : []));
  if (missing.length > 0) return { missing };
  return {
    draft: {
      orderId: order.id,
      number: order.number,
      locationId: account.location_id,
      terminalGroupId: account.terminal_group_id ?? null,
      tableId: placement?.pos_table_id ?? null,
      tableName: order.table_name,
      comment: order.comment,
      lines: lines as PosOrderLine[],
      restaurantPhone: restaurant?.phone_number ?? null,
    },
  };
}

/**
 * What a bill counts for each of its orders (docs/PAYMENTS.md, "The bill"): the POS's amount when
 * the POS took the order and answered its total (`order_pos.pos_total`, the POS's price is the
 * price), else the menu's: each line's unit price in tiyin times its quantity. Tiyin throughout.
 */
import type { OrderRow } from '../../db';
import type { Repositories } from '../../repos';
import { parseLines } from '../../repos/orders';
import { somToTiyin } from './money';

/** An order's amount by the menu, in tiyin. */
export function menuTiyin(order: OrderRow): number {
  return parseLines(order.items).reduce((sum, line) => sum + somToTiyin(line.price) * line.quantity, 0);
}

export interface OrderAmount {
  order: OrderRow;
  /** What the bill counts. */
  tiyin: number;
  /** The menu's amount when the POS's differs; null otherwise. */
  menuTiyin: number | null;
  /** The POS order holding it (accepted there), or null. */
  posOrderId: string | null;
}

export async function orderAmounts(trx: Repositories, orders: readonly OrderRow[]): Promise<OrderAmount[]> {
  const pos = new Map((await trx.orderPos.byOrders(orders.map((o) => o.id))).map((p) => [p.order_id, p]));
  return orders.map((order) => {
    const menu = menuTiyin(order);
    const p = pos.get(order.id);
    const accepted = p?.state === 'accepted' ? p : undefined;
    const posTiyin =
      accepted?.pos_total !== null && accepted?.pos_total !== undefined
        ? somToTiyin(accepted.pos_total)
        : null;
    const tiyin = posTiyin ?? menu;
    return {
      order,
      tiyin,
      menuTiyin: posTiyin !== null && posTiyin !== menu ? menu : null,
      posOrderId: accepted?.pos_order_id ?? null,
    };
  });
}

export async function sumTiyin(trx: Repositories, orders: readonly OrderRow[]): Promise<number> {
  return (await orderAmounts(trx, orders)).reduce((s, a) => s + a.tiyin, 0);
}

/**
 * The staff's reads of orders: a day's orders (today by default, Tashkent days), the history's
 * per-day totals, and a day as CSV for Excel: UTF-8 with a byte-order mark (Excel reads UTF-8
 * only with one), commas with RFC 4180 quoting, CRLF line ends, Uzbek headers, and every part of
 * a cell a spreadsheet would run as a formula starting with a quote mark (`csvCell`).
 * A guest reads its own order with the key it was given.
 */
import { timingSafeEqual } from 'node:crypto';
import type { GuestOrder, Order, OrderStatus } from '@qrmenu/shared/schemas';
import { formatOrderRows } from '@qrmenu/shared/texts';
import { notFound } from '../../domain/errors';
import { parseLines, paymentPosOf, telegramPostsOf, toGuestOrder, toOrder } from '../../repos/orders';
import { addDays, dayOf } from '../../visits/day';
import type { OrdersContext } from './context';
import { shows, type Viewer, withStaffView } from './staff-view';

/** The history's default span: the last 30 days. */
const HISTORY_DAYS = 30;

/** The CSV's Uzbek headers and status words (the words of docs/ORDERS.md). */
export const CSV_HEADERS = ['Raqam', 'Vaqt', 'Stol', 'Holat', 'Taomlar', 'Izoh', "Jami (so'm)"] as const;
export const STATUS_WORDS: Record<OrderStatus, string> = {
  sent: 'Yuborildi',
  accepted: 'Qabul qilindi',
  ready: 'Tayyor',
  served: 'Berildi',
  rejected: 'Rad etildi',
};

/** A day's orders, newest first, with who moved each; only those on `viewer`'s board (staff/staff-view.ts). */
export async function dayOrders(
  ctx: OrdersContext,
  restaurantId: string,
  day = dayOf(),
  viewer?: Viewer,
): Promise<Order[]> {
  const rows = await ctx.repos.orders.listDay(restaurantId, day);
  const view = await withStaffView(ctx.repos, rows);
  const seen = rows.filter((r) => shows(viewer, view.get(r.id) ?? {}, r as { status: OrderStatus }));
  const pos = new Map((await ctx.repos.orderPos.byOrders(seen.map((r) => r.id))).map((p) => [p.order_id, p]));
  const paid = await paymentPosOf(ctx.repos, seen, pos);
  const posts = await telegramPostsOf(ctx.repos, seen);
  return seen.map((r) => ({
    ...toOrder(r, pos.get(r.id), paid.get(r.id), posts.get(r.id) ?? null),
    ...view.get(r.id),
  }));
}

export async function dayTotals(ctx: OrdersContext, restaurantId: string, from?: string, to?: string) {
  const last = to ?? dayOf();
  const first = from ?? addDays(last, -(HISTORY_DAYS - 1));
  const rows = await ctx.repos.orders.dayTotals(restaurantId, first, last);
  return rows.map((r) => ({
    day: r.day,
    orders: Number(r.orders),
    served: Number(r.served ?? 0),
    rejected: Number(r.rejected ?? 0),
    total: Number(r.total ?? 0),
  }));
}

/**
 * A segment of a cell a spreadsheet could take for a formula: the cell's start, or what follows
 * a `;`, `,`, tab or line break (a spreadsheet splitting on `;`, as Excel does in a Russian or
 * Uzbek locale, or ignoring the quotes, starts a cell there), then any spaces or double quotes
 * (trimmed or unquoted on import), then `=`, `+`, `-`, `@`, a tab or a carriage return: the
 * characters OWASP's CSV Injection page says no cell may begin with, minding the separators
 * and quotes (https://owasp.org/www-community/attacks/CSV_Injection).
 */
const FORMULA_START = /(^|[;,\t\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/**
 * One CSV cell: every segment that could start a formula starts with a quote mark instead (the
 * spreadsheet reads it as text), then RFC 4180 quoting, also for a cell holding `;` or a tab so
 * that a spreadsheet splitting on them keeps it one cell.
 */
export const csvCell = (value: string | number): string => {
  const safe = String(value).replace(FORMULA_START, "$1$2'");
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Tashkent's time of an ISO instant (`HH:MM`). */
const tashkentTime = (iso: string) => new Date(Date.parse(iso) + 5 * 3600_000).toISOString().slice(11, 16);

export async function dayCsv(ctx: OrdersContext, restaurantId: string, day = dayOf()): Promise<string> {
  const rows = (await ctx.repos.orders.listDay(restaurantId, day)).reverse();
  const lines = [CSV_HEADERS.map(csvCell).join(',')];
  for (const r of rows) {
    const items = parseLines(r.items)
      .map((l) => {
        const rowsText = formatOrderRows(l.rows);
        return `${l.quantity} × ${l.name}${rowsText ? ` (${rowsText})` : ''}`;
      })
      .join('; ');
    lines.push(
      [
        `#${r.number}`,
        tashkentTime(r.created_at),
        r.table_name,
        STATUS_WORDS[r.status as OrderStatus] ?? r.status,
        items,
        r.comment ?? '',
        r.total,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const sameKey = (given: string, stored: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** A guest's order, opened with its key; 404 for a wrong key (as for no order). */
export async function guestOrderOf(ctx: OrdersContext, id: string, key: string): Promise<GuestOrder> {
  const row = await ctx.repos.orders.find(id);
  if (!row || !sameKey(key, row.guest_key)) throw notFound('Order not found');
  return toGuestOrder(row, await ctx.repos.orderPos.find(row.id));
}

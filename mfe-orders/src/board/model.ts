/**
 * What the board shows of today's orders: the three columns of work (Yangi, Qabul qilingan,
 * Tayyor: oldest first, as the kitchen takes them), the finished ones (newest first), the moves
 * an order offers (`ORDER_TRANSITIONS`, the one state machine) and its age.
 */
import { ORDER_TRANSITIONS, type Order, type OrderStatus } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';

export const BOARD_COLUMNS = ['sent', 'accepted', 'ready'] as const satisfies readonly OrderStatus[];
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export interface Board {
  columns: Record<BoardColumn, Order[]>;
  /** Served or rejected today, newest first. */
  finished: Order[];
}

const oldestFirst = (a: Order, b: Order) => a.createdAt.localeCompare(b.createdAt);

export function groupBoard(orders: readonly Order[]): Board {
  const columns: Record<BoardColumn, Order[]> = { sent: [], accepted: [], ready: [] };
  const finished: Order[] = [];
  for (const order of orders) {
    if (order.status === 'served' || order.status === 'rejected') finished.push(order);
    else columns[order.status].push(order);
  }
  for (const column of BOARD_COLUMNS) columns[column].sort(oldestFirst);
  finished.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { columns, finished };
}

export interface Move {
  status: Exclude<OrderStatus, 'sent'>;
  label: string;
  /** The step forward is the card's main button; rejecting is the quiet one. */
  primary: boolean;
}

const MOVE_LABELS: Record<Exclude<OrderStatus, 'sent'>, string> = {
  accepted: t.orders.accept,
  rejected: t.orders.reject,
  ready: t.orders.markReady,
  served: t.orders.markServed,
};

/**
 * The moves each role makes (docs/ORDERS.md, "Who may move it"): a waiter never «Tayyor» (the
 * kitchen's), the kitchen only «Tayyor»; admins and managers every move.
 */
const ROLE_MOVES: Record<string, readonly Move['status'][]> = {
  waiter: ['accepted', 'rejected', 'served'],
  kitchen: ['ready'],
};

/** The buttons of an order in `status` for `role`, forward first. */
export function movesOf(status: OrderStatus, role?: string | null): Move[] {
  const allowed = role ? ROLE_MOVES[role] : undefined;
  return ORDER_TRANSITIONS[status]
    .filter((to): to is Move['status'] => to !== 'sent')
    .filter((to) => !allowed || allowed.includes(to))
    .map((to) => ({ status: to, label: MOVE_LABELS[to], primary: to !== 'rejected' }))
    .sort((a, b) => Number(b.primary) - Number(a.primary));
}

/** "Hozirgina", "7 daqiqa oldin", "1 soat 5 daqiqa oldin". */
export function ageText(createdAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return t.orders.justNow;
  if (minutes < 60) return t.orders.minutesAgo(minutes);
  return t.orders.hoursAgo(Math.floor(minutes / 60), minutes % 60);
}

/** "14:05", Tashkent time (the restaurant's clock, whatever the phone's zone). */
export function clockTime(at: string): string {
  return new Date(at).toLocaleTimeString('uz-UZ', {
    timeZone: 'Asia/Tashkent',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

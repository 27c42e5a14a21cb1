/**
 * The cart: its lines and the rules that change them, kept in localStorage per restaurant and
 * table so a reload or a lost connection loses nothing; and the guest's recent orders, so the
 * order's page is reachable again from the same phone. Nothing here leaves the phone until the
 * guest sends the order (no cookie, no name, no phone number).
 */
import type { GuestOrder, OrderCreateBody, OrderItemProblem } from '@qrmenu/shared/schemas';
import type { GuestScriptSettings } from './words';

export interface CartRow {
  id: string;
  /** The option's name ("Porsiya") and the row's ("To'liq"), as the page showed them. */
  option: string;
  name: string;
  price: number;
  /** Times taken on one portion («Qazi» x2); absent in a cart saved before rows had counts: 1. */
  quantity?: number;
}

export interface CartLine {
  product_id: string;
  name: string;
  /** The unit price the guest was shown: the product's price plus its rows' extras. */
  price: number;
  rows: CartRow[];
  quantity: number;
  /** Why the server refused the line on the last attempt. */
  problem?: OrderItemProblem;
  /** The current unit price, when the problem is `price_changed` and it is known. */
  newPrice?: number;
}

export interface Cart {
  lines: CartLine[];
  comment: string;
  /**
   * The attempt's idempotency key: made when the guest first presses "Buyurtma berish" and kept
   * (with the cart, in storage) until the server answers for certain, so a retry after a lost
   * connection or a double tap makes one order.
   */
  key: string | null;
  /**
   * What was sent with `key` and not answered for certain, oldest first. The server takes a key
   * with one request only (another answers 422 `idempotency_key_reused`): when the guest changed
   * the cart meanwhile, one of these is the order that arrived, and sending it again answers it.
   */
  tries: OrderCreateBody[];
}

type Limits = GuestScriptSettings['limits'];

export const emptyCart = (): Cart => ({ lines: [], comment: '', key: null, tries: [] });

/** A line's rows as one key: each row's id with its count («Qazi» x2 is another choice than «Qazi»). */
const choiceKey = (rows: { id?: string; _id?: string; quantity?: number }[]) =>
  rows.map((r) => `${r.id ?? r._id}*${r.quantity ?? 1}`).join();

const sameChoice = (a: CartLine, product: string, key: string) =>
  a.product_id === product && choiceKey(a.rows) === key;

/**
 * Adds a dish with its chosen rows: the same dish with the same rows adds to its line. False
 * when the order would have more lines than it may (the line limit); quantities stop at theirs.
 */
export function addLine(cart: Cart, line: Omit<CartLine, 'problem' | 'newPrice'>, limits: Limits): boolean {
  const same = cart.lines.find((l) => sameChoice(l, line.product_id, choiceKey(line.rows)) && !l.problem);
  if (same) {
    same.quantity = Math.min(limits.quantity, same.quantity + line.quantity);
    return true;
  }
  if (cart.lines.length >= limits.items) return false;
  cart.lines.push({ ...line, quantity: Math.min(limits.quantity, line.quantity) });
  return true;
}

/** A new quantity for a line; 0 or less removes it. */
export function setQuantity(cart: Cart, index: number, quantity: number, limits: Limits): void {
  if (quantity <= 0) cart.lines.splice(index, 1);
  else if (cart.lines[index]) cart.lines[index].quantity = Math.min(limits.quantity, quantity);
}

/** The guest accepts the new price of a line the server refused for its price. */
export function acceptNewPrice(line: CartLine): void {
  if (line.newPrice === undefined) return;
  line.price = line.newPrice;
  delete line.problem;
  delete line.newPrice;
}

export const itemCount = (cart: Cart): number => cart.lines.reduce((n, l) => n + l.quantity, 0);
export const cartTotal = (cart: Cart): number => cart.lines.reduce((n, l) => n + l.price * l.quantity, 0);
export const hasProblems = (cart: Cart): boolean => cart.lines.some((l) => l.problem);

/** What `POST /api/public/orders` receives: the table, the key, the language, the lines. */
export function orderBody(
  cart: Cart,
  placementId: string,
  lang: GuestScriptSettings['lang'],
): OrderCreateBody {
  const comment = cart.comment.trim();
  return {
    placement_id: placementId,
    idempotency_key: cart.key ?? '',
    language: lang,
    ...(comment ? { comment } : {}),
    items: cart.lines.map((l) => ({
      product_id: l.product_id,
      quantity: l.quantity,
      rows: l.rows.map((r) => ({ _id: r.id, quantity: r.quantity ?? 1 })),
      price: l.price,
    })),
  };
}

/** Keeps a body sent with the cart's key (once). */
export function rememberTry(cart: Cart, body: OrderCreateBody): void {
  const text = JSON.stringify(body);
  if (!cart.tries.some((t) => JSON.stringify(t) === text)) cart.tries.push(body);
}

/**
 * The cart once an earlier attempt turned out to have made `order`: its lines' portions come
 * off the cart's same lines (same dish, same rows), a comment it carried goes, and the attempt
 * is over (the next press makes a new key). What is left is what the guest added since.
 */
export function withoutOrder(cart: Cart, order: Pick<GuestOrder, 'items' | 'comment'>): void {
  for (const item of order.items) {
    const line = cart.lines.find((l) => sameChoice(l, item.product_id, choiceKey(item.rows)));
    if (line) line.quantity -= item.quantity;
  }
  cart.lines = cart.lines.filter((l) => l.quantity > 0);
  if (cart.comment.trim() === (order.comment ?? '')) cart.comment = '';
  cart.key = null;
  cart.tries = [];
}

/** A fresh key for one attempt: 128 random bits in hex (no `randomUUID`: it needs HTTPS). */
export const newKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

// ---------- kept on the phone ----------

/** localStorage, or nothing when the browser refuses it (private mode, full): the cart still works. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // a full or refused storage: the cart lives on in this page
  }
}

const cartKey = (slug: string, placement: string) => `qm-cart:${slug}:${placement}`;
const ordersKey = (slug: string) => `qm-orders:${slug}`;

export function loadCart(slug: string, placement: string): Cart {
  const saved = read<Partial<Cart>>(cartKey(slug, placement));
  if (!saved || !Array.isArray(saved.lines)) return emptyCart();
  return {
    lines: saved.lines.filter((l) => l && typeof l.product_id === 'string' && l.quantity > 0),
    comment: typeof saved.comment === 'string' ? saved.comment : '',
    key: typeof saved.key === 'string' ? saved.key : null,
    tries: Array.isArray(saved.tries) ? saved.tries.filter((t) => t && Array.isArray(t.items)) : [],
  };
}

export function saveCart(slug: string, placement: string, cart: Cart): void {
  if (cart.lines.length === 0 && !cart.comment && !cart.key) storage()?.removeItem(cartKey(slug, placement));
  else write(cartKey(slug, placement), cart);
}

export interface RecentOrder {
  id: string;
  key: string;
  number: number;
  /** When it was sent (ms): orders older than two days are forgotten. */
  at: number;
}

const KEEP_MS = 2 * 24 * 3600 * 1000;
const KEEP_ORDERS = 5;

/** The guest's orders at this restaurant from this phone, newest first. */
export function recentOrders(slug: string, now = Date.now()): RecentOrder[] {
  const list = read<RecentOrder[]>(ordersKey(slug));
  return Array.isArray(list) ? list.filter((o) => o && typeof o.id === 'string' && now - o.at < KEEP_MS) : [];
}

export function rememberOrder(slug: string, order: RecentOrder): void {
  const others = recentOrders(slug, order.at).filter((o) => o.id !== order.id);
  write(ordersKey(slug), [order, ...others].slice(0, KEEP_ORDERS));
}

/** The order's page: server-rendered, live with the script (`/m/<slug>/orders/<id>?key=`). */
export const orderPath = (slug: string, order: { id: string; key: string }) =>
  `/m/${slug}/orders/${order.id}?key=${encodeURIComponent(order.key)}`;

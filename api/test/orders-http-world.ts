/**
 * An ordering restaurant made over HTTP, as an admin and its manager would (for tests and benches
 * that talk to running servers: the cluster, the kill -9 test, `pnpm bench:orders`): a manager,
 * a restaurant, a category, dishes (one with an option and two rows), `tables` placements, and
 * ordering switched on everywhere.
 */
import { randomUUID } from 'node:crypto';

export interface HttpOrderWorld {
  managerToken: string;
  restaurantId: string;
  slug: string;
  tables: string[];
  /** A cart's lines, each with the unit price the menu shows. */
  dishes: { product_id: string; row_ids: string[]; price: number }[];
}

/** An API call on the server at `base` as a client makes it (bearer `token`, JSON `body`): its status, body and headers. */
export async function apiRequest(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** `apiRequest` that must succeed: its body. */
async function call<T = { data: unknown }>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await apiRequest(base, method, path, token, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  return res.body as T;
}

export async function login(base: string, credentials: { login: string; password: string }): Promise<string> {
  return (await call<{ data: { accessToken: string } }>(base, 'POST', '/auth/login', undefined, credentials))
    .data.accessToken;
}

export async function httpOrderWorld(
  base: string,
  admin: { login: string; password: string },
  tables = 10,
  dishes = 6,
): Promise<HttpOrderWorld> {
  const adminToken = await login(base, admin);
  const tag = randomUUID().slice(0, 8);
  const manager = { login: `m-${tag}`, password: `parol-${tag}-1` };
  const m = await call<{ data: { _id: string } }>(base, 'POST', '/admin/managers', adminToken, manager);
  const slug = `buyurtma-${tag}`;
  const r = await call<{ data: { _id: string } }>(base, 'POST', '/admin/restaurants/create', adminToken, {
    name: `Buyurtma ${tag}`,
    slug,
    address: 'Toshkent',
    phone_number: '+998901234567',
    work_time: '9-23',
    manager_id: m.data._id,
  });
  const restaurantId = r.data._id;
  const token = await login(base, manager);
  const c = await call<{ data: { _id: string } }>(base, 'POST', '/manager/category/create', token, {
    title: 'Taomlar',
    restaurant_id: restaurantId,
  });
  const lines: HttpOrderWorld['dishes'] = [];
  for (let i = 0; i < dishes; i++) {
    const price = 10000 + i * 2000;
    const p = await call<{ data: { id: string } }>(base, 'POST', '/manager/products', token, {
      name: `Taom ${i + 1}`,
      category_id: c.data._id,
      price,
      is_active: true,
    });
    lines.push({ product_id: p.data.id, row_ids: [], price });
  }
  const first = lines[0]!;
  const o = await call<{ data: { _id: string } }>(base, 'POST', '/manager/product-option', token, {
    product_id: first.product_id,
    name: 'Hajmi',
  });
  const big = await call<{ data: { _id: string } }>(base, 'POST', '/manager/product-option-row', token, {
    product_option_id: o.data._id,
    name: 'Katta',
    price: 4000,
  });
  lines.push({ product_id: first.product_id, row_ids: [big.data._id], price: first.price + 4000 });
  const placed = await call<{ data: { _id: string }[] }>(base, 'POST', '/manager/placements', token, {
    restaurant_id: restaurantId,
    names: Array.from({ length: tables }, (_, i) => `Stol ${i + 1}`),
  });
  const tableIds = placed.data.map((p) => p._id);
  await call(base, 'PUT', '/manager/ordering', token, {
    takes_orders: true,
    placements: tableIds.map((_id) => ({ _id, takes_orders: true })),
  });
  return { managerToken: token, restaurantId, slug, tables: tableIds, dishes: lines };
}

/** A cart of one to three of the world's dishes, for `table`. */
export function cart(world: HttpOrderWorld, table: number, n: number) {
  const items = [0, 1, 2].slice(0, 1 + (n % 3)).map((k) => {
    const d = world.dishes[(n + k) % world.dishes.length]!;
    return { product_id: d.product_id, row_ids: d.row_ids, quantity: 1 + ((n + k) % 2), price: d.price };
  });
  // one line per product: a dish and its sized twin share a product
  const seen = new Set<string>();
  return {
    placement_id: world.tables[table % world.tables.length]!,
    idempotency_key: randomUUID(),
    language: 'uz' as const,
    items: items.filter((i) => !seen.has(i.product_id) && seen.add(i.product_id)),
  };
}

/** POST /api/public/orders; `address` goes as X-Forwarded-For (servers started with TRUST_PROXY=loopback). */
export async function postOrder(base: string, body: unknown, address?: string) {
  const res = await fetch(`${base}/api/public/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as { data?: { _id: string; key: string; number: number } }) : {},
  };
}

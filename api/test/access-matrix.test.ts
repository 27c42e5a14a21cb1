/**
 * Every route of the API x {no token, admin, owning manager, another manager, the owning
 * restaurant's waiter and kitchen, another restaurant's waiter, a role that owns nothing}
 * -> the expected status. Each cell runs on fresh things (its own restaurant, category, product,
 * option and row owned by a fresh manager, with its own staff), so a delete in one cell does not
 * disturb another. A last test checks that the table covers every documented route of the app,
 * and that the document lists each route's roles (`x-roles`) as the table has them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeIiko, IIKO_API_LOGIN, startFakeIiko } from './fakes/iiko';
import {
  ADMIN,
  adminUser,
  apiCall,
  bearer,
  createCategory,
  createOption,
  createOptionRow,
  createProduct,
  createRestaurant,
  createTestApp,
  createUser,
  expectError,
  multipart,
  PASSWORD,
  PNG,
  rawCall,
  signToken,
  TEST_SECRET_KEY,
  type TestCtx,
  type TestUser,
  type WriteWatch,
  watchWrites,
} from './helpers';

type Who = 'none' | 'admin' | 'owner' | 'other' | 'waiter' | 'kitchen' | 'farWaiter' | 'nobody';
const WHO: Who[] = ['none', 'admin', 'owner', 'other', 'waiter', 'kitchen', 'farWaiter', 'nobody'];
type Access = 'pub' | 'any' | 'adm' | 'own' | 'key' | 'staff';
type StaffRole = 'waiter' | 'kitchen';
/** The same status for everyone (a call whose own guard answers before any login counts). */
const everyone = (status: number): Record<Who, number> =>
  Object.fromEntries(WHO.map((w) => [w, status])) as Record<Who, number>;
/** The same status for every signed-in account. */
const signedIn = (status: number): Partial<Record<Who, number>> =>
  Object.fromEntries(WHO.filter((w) => w !== 'none').map((w) => [w, status]));

interface Setup {
  admin: TestUser;
  owner: TestUser;
  other: TestUser;
  /** The owning restaurant's waiter and kitchen. */
  waiter: TestUser;
  kitchen: TestUser;
  /** A waiter of the other manager's restaurant. */
  farWaiter: TestUser;
  /** A role that owns nothing. */
  nobody: TestUser;
  restaurant: { id: string; slug: string };
  category: string;
  product: string;
  option: string;
  row: string;
}

interface Request {
  url: string;
  payload?: unknown;
  multipart?: { fields: Record<string, string> };
}

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI-style path under /api, as the docs list it. */
  path: string;
  access: Access;
  /** With `own`: the staff roles the route lets in too (on their own restaurant). */
  staff?: readonly StaffRole[];
  /** Status of a successful call (200, or 201 for creates). */
  ok?: number;
  build: (s: Setup, who: Who) => Request | Promise<Request>;
  /** Deviations from the access-derived expectation. */
  expect?: Partial<Record<Who, number>>;
  /** A live stream (never ends): a success is checked by its status, then the stream is dropped. */
  stream?: boolean;
}

let seq = 0;
const IIKO_CREDS = { apiLogin: IIKO_API_LOGIN };
let iiko: FakeIiko;
/** The iiko restaurant imported once (the second organization) for the admin's POS calls. */
let posRestaurant: string | undefined;
async function posTarget(s: Setup): Promise<string> {
  if (posRestaurant) return posRestaurant;
  const free = await createUser(ctx, 'manager');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/integration/pos/import',
    headers: bearer(s.admin.token),
    payload: {
      provider: 'iiko',
      credentials: IIKO_CREDS,
      location_id: iiko.data.organizations[1]?.id,
      manager_id: free.id,
    },
  });
  expect(res.statusCode).toBe(201);
  posRestaurant = res.json().data.restaurant._id as string;
  return posRestaurant;
}
/** The integration restaurant imported once for the admin's sync calls. */
let syncTarget: string | undefined;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

let ctx: TestCtx;
let nobody: TestUser;

/** The reports a restaurant's owner reads, each over a week of March 2026. */
const REPORTS = ['takings', 'dishes', 'times', 'guests', 'rejections'] as const;
const A_WEEK = 'from=2026-03-01&to=2026-03-07';

const CASES: Case[] = [
  { method: 'GET', path: '/health', access: 'pub', build: () => ({ url: '/health' }) },
  { method: 'GET', path: '/health/live', access: 'pub', build: () => ({ url: '/health/live' }) },
  { method: 'GET', path: '/health/ready', access: 'pub', build: () => ({ url: '/health/ready' }) },
  {
    method: 'POST',
    path: '/auth/login',
    access: 'pub',
    build: () => ({ url: '/auth/login', payload: { login: ADMIN.login, password: ADMIN.password } }),
  },
  { method: 'GET', path: '/auth/profile', access: 'any', build: () => ({ url: '/auth/profile' }) },
  { method: 'POST', path: '/auth/logout', access: 'any', ok: 204, build: () => ({ url: '/auth/logout' }) },
  {
    method: 'PUT',
    path: '/auth/password',
    access: 'any',
    // a wrong current password (400 for everyone with a token): a right one would end the sessions the other cells use
    expect: signedIn(400),
    build: () => ({
      url: '/auth/password',
      payload: { current_password: 'not-it', password: 'yangi-parol-1' },
    }),
  },
  { method: 'GET', path: '/admin/restaurants', access: 'adm', build: () => ({ url: '/admin/restaurants' }) },
  {
    method: 'GET',
    path: '/manager/restaurants/me',
    access: 'any',
    build: () => ({ url: '/manager/restaurants/me' }),
  },
  {
    method: 'POST',
    path: '/admin/restaurants/create',
    access: 'adm',
    ok: 201,
    build: () => ({
      url: '/admin/restaurants/create',
      payload: {
        name: 'Yangi',
        slug: `r-${uniq()}`,
        address: 'Toshkent',
        phone_number: '1',
        work_time: '9-18',
      },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/restaurants/update',
    access: 'own',
    build: (s) => ({
      url: `/manager/restaurants/update?slug=${s.restaurant.slug}`,
      payload: { name: 'Boshqa nom' },
    }),
  },
  {
    method: 'DELETE',
    path: '/admin/restaurants/delete',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/delete?slug=${s.restaurant.slug}` }),
  },
  {
    method: 'DELETE',
    path: '/manager/restaurants/delete',
    access: 'adm',
    build: (s) => ({ url: `/manager/restaurants/delete?restaurantId=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/admin/restaurants/{id}/old-slugs',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/old-slugs` }),
  },
  {
    method: 'DELETE',
    path: '/admin/restaurants/{id}/old-slugs/{slug}',
    access: 'adm',
    // the matrix's restaurant was never renamed: the admin passes the check and finds no such slug
    expect: { ...signedIn(403), admin: 404 },
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/old-slugs/eski-manzil` }),
  },
  {
    method: 'GET',
    path: '/user/restaurants/view',
    access: 'pub',
    build: (s) => ({ url: `/user/restaurants/view?slug=${s.restaurant.slug}` }),
  },
  {
    method: 'GET',
    path: '/admin/integration/restaurants',
    access: 'adm',
    build: () => ({ url: '/admin/integration/restaurants' }),
  },
  { method: 'GET', path: '/admin/managers', access: 'adm', build: () => ({ url: '/admin/managers' }) },
  {
    method: 'GET',
    path: '/admin/managers/accounts',
    access: 'adm',
    build: () => ({ url: '/admin/managers/accounts' }),
  },
  {
    method: 'PUT',
    path: '/admin/managers/{id}/password',
    access: 'adm',
    build: (s) => ({ url: `/admin/managers/${s.other.id}/password`, payload: { password: 'yangi-parol-1' } }),
  },
  {
    method: 'PUT',
    path: '/admin/managers/{id}/active',
    access: 'adm',
    build: (s) => ({ url: `/admin/managers/${s.other.id}/active`, payload: { is_active: false } }),
  },
  {
    method: 'POST',
    path: '/admin/managers',
    access: 'adm',
    ok: 201,
    build: () => ({ url: '/admin/managers', payload: { login: `m-${uniq()}`, password: 'parol123' } }),
  },
  {
    method: 'POST',
    path: '/admin/integration/restaurants/create',
    access: 'adm',
    ok: 201,
    build: async () => {
      const free = await createUser(ctx, 'manager');
      return { url: '/admin/integration/restaurants/create', payload: { id: 'ext-1', manager_id: free.id } };
    },
  },
  {
    method: 'PUT',
    path: '/admin/integration/restaurants/{_id}/sync',
    access: 'adm',
    build: async (s, who) => {
      if (who !== 'admin') return { url: `/admin/integration/restaurants/${s.restaurant.id}/sync` };
      if (syncTarget) return { url: `/admin/integration/restaurants/${syncTarget}/sync` };
      const free = await createUser(ctx, 'manager');
      const res = await apiCall(ctx, 'POST', '/admin/integration/restaurants/create', s.admin.token, {
        id: 'ext-2',
        manager_id: free.id,
      });
      expect(res.statusCode).toBe(201);
      syncTarget = res.json().data._id as string;
      return { url: `/admin/integration/restaurants/${syncTarget}/sync` };
    },
  },
  {
    method: 'POST',
    path: '/admin/integration/pos/locations',
    access: 'adm',
    build: () => ({
      url: '/admin/integration/pos/locations',
      payload: { provider: 'iiko', credentials: IIKO_CREDS },
    }),
  },
  {
    method: 'POST',
    path: '/admin/integration/pos/preview',
    access: 'adm',
    build: () => ({
      url: '/admin/integration/pos/preview',
      payload: { provider: 'iiko', credentials: IIKO_CREDS, location_id: iiko.data.organizations[0]?.id },
    }),
  },
  {
    method: 'POST',
    path: '/admin/integration/pos/import',
    access: 'adm',
    ok: 201,
    build: async () => {
      const free = await createUser(ctx, 'manager');
      return {
        url: '/admin/integration/pos/import',
        payload: {
          provider: 'iiko',
          credentials: IIKO_CREDS,
          location_id: iiko.data.organizations[0]?.id,
          manager_id: free.id,
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/admin/integration/pos/{_id}',
    access: 'adm',
    build: async (s, who) => ({
      url: `/admin/integration/pos/${who === 'admin' ? await posTarget(s) : s.restaurant.id}`,
    }),
  },
  {
    method: 'PUT',
    path: '/admin/integration/pos/{_id}/sync',
    access: 'adm',
    build: async (s, who) => ({
      url: `/admin/integration/pos/${who === 'admin' ? await posTarget(s) : s.restaurant.id}/sync`,
    }),
  },
  {
    // public: the webhook token is the guard (a wrong or missing one: 401 for everyone)
    method: 'POST',
    path: '/integrations/iiko/webhook/{_id}',
    access: 'pub',
    build: async (s) => ({
      url: `/integrations/iiko/webhook/${await posTarget(s)}`,
      payload: [{ eventType: 'StopListUpdate' }],
    }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    path: '/integrations/poster/webhook/{_id}',
    access: 'pub',
    build: (s) => ({
      url: `/integrations/poster/webhook/${s.restaurant.id}`,
      payload: { object: 'product', verify: 'x' },
    }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    path: '/manager/upload',
    access: 'own',
    build: (s) => ({
      url: '/manager/upload',
      multipart: { fields: { restaurant_id: s.restaurant.id, type: 'image' } },
    }),
  },
  {
    method: 'GET',
    path: '/manager/category',
    access: 'own',
    staff: ['kitchen'],
    build: (s) => ({ url: `/manager/category?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/user/category',
    access: 'pub',
    build: (s) => ({ url: `/user/category?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'POST',
    path: '/manager/category/create',
    access: 'own',
    ok: 201,
    build: (s) => ({
      url: '/manager/category/create',
      payload: { title: 'Ichimliklar', restaurant_id: s.restaurant.id, is_active: true },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/category/update/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/category/update/${s.category}`, payload: { title: 'Yangi' } }),
  },
  {
    method: 'DELETE',
    path: '/manager/category/delete/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/category/delete/${s.category}` }),
  },
  {
    method: 'GET',
    path: '/manager/products',
    access: 'own',
    staff: ['kitchen'],
    build: (s) => ({ url: `/manager/products?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/manager/restaurant-options',
    access: 'own',
    build: (s) => ({ url: `/manager/restaurant-options?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/user/products/',
    access: 'pub',
    build: (s) => ({ url: `/user/products/?restaurant_id=${s.restaurant.id}&category_id=${s.category}` }),
  },
  {
    method: 'GET',
    path: '/user/products/{id}',
    access: 'pub',
    build: (s) => ({ url: `/user/products/${s.product}` }),
  },
  {
    method: 'POST',
    path: '/manager/products',
    access: 'own',
    ok: 201,
    build: (s) => ({
      url: '/manager/products',
      payload: { name: 'Somsa', category_id: s.category, price: 8000, is_active: true },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/products/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/products/${s.product}`, payload: { price: 9000 } }),
  },
  {
    method: 'DELETE',
    path: '/manager/products/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/products/${s.product}` }),
  },
  {
    method: 'GET',
    path: '/manager/product-option/product/{productId}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option/product/${s.product}` }),
  },
  {
    method: 'POST',
    path: '/manager/product-option',
    access: 'own',
    ok: 201,
    build: (s) => ({ url: '/manager/product-option', payload: { product_id: s.product, name: 'Sous' } }),
  },
  {
    method: 'PUT',
    path: '/manager/product-option/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option/${s.option}`, payload: { name: 'Hajm' } }),
  },
  {
    method: 'DELETE',
    path: '/manager/product-option/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option/${s.option}` }),
  },
  {
    method: 'GET',
    path: '/manager/product-option-row/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option-row/${s.option}` }),
  },
  {
    method: 'POST',
    path: '/manager/product-option-row',
    access: 'own',
    ok: 201,
    build: (s) => ({
      url: '/manager/product-option-row',
      payload: { product_option_id: s.option, name: 'Katta', price: 3000 },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/product-option-row/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option-row/${s.row}`, payload: { price: 4000 } }),
  },
  {
    method: 'DELETE',
    path: '/manager/product-option-row/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option-row/${s.row}` }),
  },
  // moves: another restaurant's manager gets 404, like every catalog write
  {
    method: 'PUT',
    path: '/manager/category/position/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/category/position/${s.category}`, payload: { position: 0 } }),
  },
  {
    method: 'PUT',
    path: '/manager/products/position/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/products/position/${s.product}`, payload: { position: 0 } }),
  },
  {
    method: 'PUT',
    path: '/manager/product-option/position/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option/position/${s.option}`, payload: { position: 0 } }),
  },
  {
    method: 'PUT',
    path: '/manager/product-option-row/position/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/product-option-row/position/${s.row}`, payload: { position: 0 } }),
  },
  {
    method: 'POST',
    path: '/manager/stop-list',
    access: 'own',
    staff: ['kitchen'],
    build: (s) => ({ url: '/manager/stop-list', payload: { product_ids: [s.product], action: 'stop' } }),
  },
  {
    method: 'GET',
    path: '/manager/placements',
    access: 'own',
    build: (s) => ({ url: `/manager/placements?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'POST',
    path: '/manager/placements',
    access: 'own',
    ok: 201,
    build: (s) => ({
      url: '/manager/placements',
      payload: { restaurant_id: s.restaurant.id, names: ['Eshik'] },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/placements/{id}',
    access: 'own',
    build: async (s) => ({ url: `/manager/placements/${await placementOf(s)}`, payload: { name: 'Stol 2' } }),
  },
  {
    method: 'DELETE',
    path: '/manager/placements/{id}',
    access: 'own',
    build: async (s) => ({ url: `/manager/placements/${await placementOf(s)}` }),
  },
  {
    method: 'GET',
    path: '/manager/visits',
    access: 'own',
    build: (s) => ({ url: `/manager/visits?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/manager/visits/csv',
    access: 'own',
    build: (s) => ({ url: `/manager/visits/csv?restaurant_id=${s.restaurant.id}` }),
  },
  { method: 'GET', path: '/releases', access: 'adm', build: () => ({ url: '/releases' }) },
  {
    method: 'GET',
    path: '/releases/assignment',
    access: 'pub',
    build: () => ({ url: '/releases/assignment?visitor=matrix-visitor' }),
  },
  {
    method: 'POST',
    path: '/releases/reports',
    access: 'pub',
    ok: 204,
    // the token of a visitor's assignment (what its shell was given): no login
    build: async () => ({
      url: '/releases/reports',
      payload: {
        token: (await ctx.app.releases.assignment('visitor:access-matrix-1')).report_token,
        reports: [{ module: 'mfe_catalog', version: 'initial', loads: 1, failures: {} }],
      },
    }),
  },
  // (a deploy key's own cells are releases.test.ts's) the admin passes, then the rules answer:
  {
    method: 'POST',
    path: '/releases/modules/{module}',
    access: 'key',
    // an address of no allowed origin
    expect: { admin: 400 },
    build: () => ({
      url: '/releases/modules/mfe_catalog',
      payload: { manifest_url: 'https://elsewhere.example/mf-manifest.json' },
    }),
  },
  {
    method: 'PUT',
    path: '/releases/modules/{module}/canary',
    access: 'key',
    // no canary to set
    expect: { admin: 409 },
    build: () => ({ url: '/releases/modules/mfe_catalog/canary', payload: { share: 10 } }),
  },
  {
    method: 'POST',
    path: '/releases/modules/{module}/promote',
    access: 'key',
    expect: { admin: 409 },
    build: () => ({ url: '/releases/modules/mfe_catalog/promote' }),
  },
  {
    method: 'POST',
    path: '/releases/modules/{module}/rollback',
    access: 'key',
    expect: { admin: 409 },
    build: () => ({ url: '/releases/modules/mfe_catalog/rollback' }),
  },
  {
    method: 'POST',
    path: '/releases/modules/{module}/deploy-key',
    access: 'adm',
    ok: 201,
    build: () => ({ url: '/releases/modules/mfe_auth/deploy-key' }),
  },
  {
    method: 'POST',
    path: '/releases/origins',
    access: 'adm',
    ok: 201,
    // a new origin each time: one allowed already is a 409
    build: () => ({
      url: '/releases/origins',
      payload: { origin: `https://cdn-${Math.random().toString(36).slice(2, 10)}.example` },
    }),
  },
  {
    method: 'DELETE',
    path: '/releases/origins/{id}',
    access: 'adm',
    // an origin that is not there
    expect: { admin: 404 },
    build: () => ({ url: '/releases/origins/no-such-origin' }),
  },
  {
    method: 'GET',
    path: '/manager/ordering',
    access: 'own',
    build: (s) => ({ url: `/manager/ordering?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'PUT',
    path: '/manager/ordering',
    access: 'own',
    build: (s) => ({
      url: `/manager/ordering?restaurant_id=${s.restaurant.id}`,
      payload: { takes_orders: true },
    }),
  },
  {
    method: 'GET',
    path: '/manager/orders',
    access: 'own',
    staff: ['waiter', 'kitchen'],
    build: (s) => ({ url: `/manager/orders?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/manager/orders/days',
    access: 'own',
    build: (s) => ({ url: `/manager/orders/days?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/manager/orders/csv',
    access: 'own',
    build: (s) => ({ url: `/manager/orders/csv?restaurant_id=${s.restaurant.id}` }),
  },
  ...REPORTS.map(
    (kind): Case => ({
      method: 'GET',
      path: `/manager/reports/${kind}`,
      access: 'own',
      build: (s) => ({ url: `/manager/reports/${kind}?${A_WEEK}&restaurant_id=${s.restaurant.id}` }),
    }),
  ),
  {
    method: 'GET',
    path: '/manager/reports/{kind}/export',
    access: 'own',
    build: (s) => ({
      url: `/manager/reports/dishes/export?from=2026-03-01&to=2026-03-07&format=csv&restaurant_id=${s.restaurant.id}`,
    }),
  },
  {
    method: 'GET',
    path: '/admin/reports/restaurants',
    access: 'adm',
    build: () => ({ url: '/admin/reports/restaurants?from=2026-03-01&to=2026-03-07' }),
  },
  {
    method: 'GET',
    path: '/admin/reports/restaurants/export',
    access: 'adm',
    build: () => ({ url: '/admin/reports/restaurants/export?from=2026-03-01&to=2026-03-07&format=xlsx' }),
  },
  {
    method: 'PUT',
    path: '/manager/orders/{id}/status',
    access: 'own',
    staff: ['waiter', 'kitchen'],
    // the kitchen marks ready only: accepting is not its move
    expect: { kitchen: 403 },
    build: async (s) => ({
      url: `/manager/orders/${(await orderOf(s))._id}/status`,
      payload: { status: 'accepted' },
    }),
  },
  // into the POS: this restaurant is not from a POS (404 for those who may ask)
  {
    method: 'GET',
    path: '/manager/pos/tables',
    access: 'own',
    build: (s) => ({ url: `/manager/pos/tables?restaurant_id=${s.restaurant.id}` }),
    expect: { admin: 404, owner: 404 },
  },
  {
    method: 'PUT',
    path: '/manager/pos/terminal-group',
    access: 'own',
    build: (s) => ({
      url: `/manager/pos/terminal-group?restaurant_id=${s.restaurant.id}`,
      payload: { terminal_group_id: 'group-1' },
    }),
    expect: { admin: 404, owner: 404 },
  },
  {
    method: 'PUT',
    path: '/manager/placements/{id}/pos-table',
    access: 'own',
    build: async (s) => ({
      url: `/manager/placements/${await placementOf(s)}/pos-table`,
      payload: { pos_table_id: null },
    }),
  },
  {
    method: 'POST',
    path: '/manager/orders/{id}/pos-retry',
    access: 'own',
    build: async (s) => ({ url: `/manager/orders/${(await orderOf(s))._id}/pos-retry` }),
    expect: { admin: 404, owner: 404 },
  },
  {
    method: 'GET',
    path: '/manager/calls',
    access: 'own',
    staff: ['waiter'],
    build: (s) => ({ url: `/manager/calls?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'PUT',
    path: '/manager/calls/{id}/done',
    access: 'own',
    staff: ['waiter'],
    build: async (s) => ({ url: `/manager/calls/${await callOf(s)}/done` }),
  },
  {
    method: 'POST',
    path: '/manager/orders/{id}/take',
    access: 'own',
    staff: ['waiter'],
    // only a waiter takes over another waiter's table
    expect: { admin: 403, owner: 403 },
    build: async (s) => ({ url: `/manager/orders/${(await orderOf(s))._id}/take` }),
  },
  {
    method: 'POST',
    path: '/manager/calls/{id}/take',
    access: 'own',
    staff: ['waiter'],
    expect: { admin: 403, owner: 403 },
    build: async (s) => ({ url: `/manager/calls/${await callOf(s)}/take` }),
  },
  // the restaurant's staff («Xodimlar»)
  {
    method: 'GET',
    path: '/manager/staff',
    access: 'own',
    build: (s) => ({ url: `/manager/staff?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'POST',
    path: '/manager/staff',
    access: 'own',
    ok: 201,
    build: (s) => ({
      url: `/manager/staff?restaurant_id=${s.restaurant.id}`,
      payload: { login: `w-${uniq()}`, password: 'parol1234', name: 'Aziz', role: 'waiter' },
    }),
  },
  {
    method: 'PUT',
    path: '/manager/staff/{id}',
    access: 'own',
    build: (s) => ({ url: `/manager/staff/${s.waiter.id}`, payload: { name: 'Yangi ism' } }),
  },
  {
    method: 'PUT',
    path: '/manager/staff/{id}/password',
    access: 'own',
    build: (s) => ({ url: `/manager/staff/${s.waiter.id}/password`, payload: { password: 'yangi-parol-1' } }),
  },
  {
    method: 'POST',
    path: '/manager/staff/{id}/pin',
    access: 'own',
    build: (s) => ({ url: `/manager/staff/${s.kitchen.id}/pin` }),
  },
  {
    method: 'DELETE',
    path: '/manager/staff/{id}/telegram',
    access: 'own',
    build: (s) => ({ url: `/manager/staff/${s.waiter.id}/telegram` }),
  },
  {
    method: 'GET',
    path: '/manager/floor',
    access: 'own',
    build: (s) => ({ url: `/manager/floor?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'PUT',
    path: '/manager/floor',
    access: 'own',
    build: async (s) => ({
      url: `/manager/floor?restaurant_id=${s.restaurant.id}`,
      payload: { placement_ids: [await placementOf(s)], waiter_id: s.waiter.id, zone: 'Zal' },
    }),
  },
  {
    method: 'GET',
    path: '/manager/staff-devices',
    access: 'own',
    build: (s) => ({ url: `/manager/staff-devices?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'DELETE',
    path: '/manager/staff-devices/{id}',
    access: 'own',
    build: async (s) => ({ url: `/manager/staff-devices/${await deviceOf(s)}` }),
  },
  {
    method: 'POST',
    path: '/staff/telegram-code',
    access: 'staff',
    build: () => ({ url: '/staff/telegram-code' }),
  },
  {
    method: 'DELETE',
    path: '/staff/telegram',
    access: 'staff',
    build: () => ({ url: '/staff/telegram' }),
  },
  {
    method: 'GET',
    path: '/manager/orders/events',
    access: 'own',
    staff: ['waiter', 'kitchen'],
    stream: true,
    build: (s) => ({ url: `/manager/orders/events?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'GET',
    path: '/public/tables/{placementId}',
    access: 'pub',
    build: async (s) => ({ url: `/public/tables/${await orderingTable(s)}` }),
  },
  {
    method: 'POST',
    path: '/public/orders',
    access: 'pub',
    ok: 201,
    build: async (s) => ({ url: '/public/orders', payload: orderBody(s, await orderingTable(s)) }),
  },
  {
    method: 'GET',
    path: '/public/orders/{id}',
    access: 'pub',
    build: async (s) => {
      const order = await orderOf(s);
      return { url: `/public/orders/${order._id}?key=${order.key}` };
    },
  },
  {
    method: 'POST',
    path: '/public/telegram/orders/{id}',
    access: 'pub',
    // the guest's Telegram is known only by initData the restaurant's bot signed, never by a login
    expect: everyone(401),
    build: async (s) => {
      const order = await orderOf(s);
      return {
        url: `/public/telegram/orders/${order._id}`,
        payload: { key: order.key, init_data: 'user=%7B%22id%22%3A1%7D&auth_date=1&hash=00' },
      };
    },
  },
  {
    method: 'GET',
    path: '/public/orders/{id}/events',
    access: 'pub',
    stream: true,
    build: async (s) => {
      const order = await orderOf(s);
      return { url: `/public/orders/${order._id}/events?key=${order.key}` };
    },
  },
  {
    method: 'GET',
    path: '/manager/telegram',
    access: 'own',
    build: (s) => ({ url: `/manager/telegram?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'POST',
    path: '/manager/telegram/test',
    access: 'own',
    // the restaurant has no checked bot: its callers are told so (400), others as ever
    expect: { admin: 400, owner: 400 },
    build: (s) => ({ url: `/manager/telegram/test?restaurant_id=${s.restaurant.id}` }),
  },
  {
    method: 'POST',
    path: '/telegram/webhook/{id}',
    access: 'pub',
    // Telegram's own call: its secret, never a login, opens it
    expect: everyone(401),
    build: (s) => ({ url: `/telegram/webhook/${s.restaurant.id}`, payload: { update_id: 1 } }),
  },
  {
    method: 'POST',
    path: '/public/bill',
    access: 'pub',
    build: async (s) => {
      const order = await orderOf(s);
      return { url: '/public/bill', payload: { order_id: order._id, key: order.key } };
    },
  },
  {
    method: 'POST',
    path: '/public/checkout',
    access: 'pub',
    // the restaurant set no payment up: everyone is told so
    expect: everyone(409),
    build: async (s) => {
      const order = await orderOf(s);
      return { url: '/public/checkout', payload: { order_id: order._id, key: order.key, method: 'payme' } };
    },
  },
  {
    method: 'PUT',
    path: '/manager/tables/{placementId}/close',
    access: 'own',
    staff: ['waiter'],
    build: async (s) => ({ url: `/manager/tables/${await placementOf(s)}/close` }),
  },
  {
    method: 'GET',
    path: '/admin/restaurants/{id}/payments',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/payments` }),
  },
  {
    method: 'PUT',
    path: '/admin/restaurants/{id}/payments',
    access: 'adm',
    build: (s) => ({
      url: `/admin/restaurants/${s.restaurant.id}/payments`,
      payload: { payme: { merchant_id: 'm1', key: 'k1' } },
    }),
  },
  {
    method: 'POST',
    path: '/admin/restaurants/{id}/payments/reconcile',
    access: 'adm',
    build: (s) => ({
      url: `/admin/restaurants/${s.restaurant.id}/payments/reconcile`,
      payload: { day: '2026-01-01', method: 'payme', transactions: [] },
    }),
  },
  {
    method: 'POST',
    path: '/admin/restaurants/{id}/payments/release',
    access: 'adm',
    build: async (s) => ({
      url: `/admin/restaurants/${s.restaurant.id}/payments/release`,
      payload: { placement_id: await placementOf(s), reason: 'Mehmon ketdi' },
    }),
    // no payment holds the matrix's table: the admin may ask, and is told so
    expect: { admin: 409 },
  },
  {
    method: 'GET',
    path: '/admin/restaurants/{id}/payments/statements',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/payments/statements?page=1` }),
  },
  {
    method: 'GET',
    path: '/admin/restaurants/{id}/payments/statements/{day}',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/payments/statements/2026-01-01` }),
    // no statement of that day was built: the admin may look, and finds none
    expect: { admin: 404 },
  },
  {
    method: 'POST',
    path: '/admin/restaurants/{id}/payments/statements/{day}',
    access: 'adm',
    build: (s) => ({ url: `/admin/restaurants/${s.restaurant.id}/payments/statements/2026-01-01` }),
    // the matrix's restaurant takes no payments: the admin may ask, and is told so
    expect: { admin: 409 },
  },
  {
    method: 'POST',
    path: '/payments/payme/{id}',
    access: 'pub',
    // Payme's own call: answered 200 in its protocol (-32504 without the key), whoever calls
    build: (s) => ({
      url: `/payments/payme/${s.restaurant.id}`,
      payload: { method: 'CheckPerformTransaction', params: {}, id: 1 },
    }),
  },
  {
    method: 'POST',
    path: '/payments/click/{id}/prepare',
    access: 'pub',
    build: (s) => ({ url: `/payments/click/${s.restaurant.id}/prepare`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/payments/click/{id}/complete',
    access: 'pub',
    build: (s) => ({ url: `/payments/click/${s.restaurant.id}/complete`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/public/calls',
    access: 'pub',
    ok: 201,
    build: async (s) => ({
      url: '/public/calls',
      payload: { placement_id: await orderingTable(s), kind: 'waiter' },
    }),
  },
];

/** A fresh placement of the setup's restaurant, ordering on there and at the restaurant. */
async function orderingTable(s: Setup): Promise<string> {
  const id = await placementOf(s);
  await ctx.db.updateTable('placements').set({ takes_orders: 1 }).where('id', '=', id).execute();
  await ctx.db
    .updateTable('restaurants')
    .set({ takes_orders: 1 })
    .where('id', '=', s.restaurant.id)
    .execute();
  return id;
}

/** The setup's product with its row (25 000 + 5 000), as a guest's cart sends it. */
const orderBody = (s: Setup, table: string) => ({
  placement_id: table,
  idempotency_key: `matrix-${uniq()}-${uniq()}`,
  language: 'uz',
  items: [{ product_id: s.product, quantity: 1, row_ids: [s.row], price: 30000 }],
});

/** An order placed at a fresh table of the setup's restaurant. */
async function orderOf(s: Setup): Promise<{ _id: string; key: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/orders',
    payload: orderBody(s, await orderingTable(s)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A waiter call at a fresh table of the setup's restaurant. */
async function callOf(s: Setup): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/calls',
    payload: { placement_id: await orderingTable(s), kind: 'waiter' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A device session of the setup's kitchen (its login as a device): the device's id. */
async function deviceOf(s: Setup): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login: s.kitchen.login, password: PASSWORD, device: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await ctx.db
    .selectFrom('staff_devices')
    .select('id')
    .where('user_id', '=', s.kitchen.id)
    .execute();
  return rows[0]?.id as string;
}

/** A staff account of `restaurantId` (the DB's own: the matrix makes no call to make it). */
async function staffOf(role: StaffRole, restaurantId: string): Promise<TestUser> {
  const user = await createUser(ctx, role);
  await ctx.db.updateTable('users').set({ restaurant_id: restaurantId }).where('id', '=', user.id).execute();
  return user;
}

/** A fresh placement of the setup's restaurant (made by its owner). */
async function placementOf(s: Setup): Promise<string> {
  const res = await apiCall(ctx, 'POST', '/manager/placements', s.owner.token, {
    restaurant_id: s.restaurant.id,
    names: [`Stol ${uniq()}`],
  });
  expect(res.statusCode).toBe(201);
  return (res.json().data as { _id: string }[])[0]?._id as string;
}

function expected(c: Case, who: Who): number {
  const ok = c.ok ?? 200;
  const override = c.expect?.[who];
  if (override !== undefined) return override;
  if (c.access === 'pub') return ok;
  if (who === 'none') return 401;
  if (c.access === 'any') return ok;
  if (c.access === 'adm' || c.access === 'key') return who === 'admin' ? ok : 403;
  // a staff account's own things (another restaurant's waiter has its own too)
  if (c.access === 'staff') return who === 'waiter' || who === 'kitchen' || who === 'farWaiter' ? ok : 403;
  // own: and the staff roles the route names, of its restaurant (another restaurant's: not found)
  if (who === 'admin' || who === 'owner') return ok;
  if (who === 'other') return 404;
  if (who === 'waiter' || who === 'kitchen') return c.staff?.includes(who) ? ok : 403;
  if (who === 'farWaiter') return c.staff?.includes('waiter') ? 404 : 403;
  return 403;
}

/** The roles the document lists for a route (its `x-roles`), as the table has its access. */
function rolesOf(c: Case): string[] {
  const base: Record<Access, string[]> = {
    pub: ['anyone'],
    key: ['admin', 'deploy key'],
    any: ['admin', 'manager', 'waiter', 'kitchen'],
    adm: ['admin'],
    own: ['admin', 'manager'],
    staff: ['waiter', 'kitchen'],
  };
  return [...base[c.access], ...(c.staff ?? [])];
}

async function freshSetup(): Promise<Setup> {
  const owner = await createUser(ctx, 'manager');
  const other = await createUser(ctx, 'manager');
  const otherRestaurant = await createRestaurant(ctx, { manager_id: other.id });
  const restaurant = await createRestaurant(ctx, { manager_id: owner.id });
  const category = (await createCategory(ctx, restaurant.id)).id;
  const product = (await createProduct(ctx, restaurant.id, category)).id;
  const option = (await createOption(ctx, product)).id;
  const row = (await createOptionRow(ctx, option)).id;
  // a fresh admin token per cell: a logout cell ends only its own
  return {
    admin: await adminUser(ctx),
    owner,
    other,
    waiter: await staffOf('waiter', restaurant.id),
    kitchen: await staffOf('kitchen', restaurant.id),
    farWaiter: await staffOf('waiter', otherRestaurant.id),
    nobody: { ...nobody, token: signToken(ctx, nobody.id) },
    restaurant,
    category,
    product,
    option,
    row,
  };
}

let feedDir: string;
/** What a refused call wrote (nothing, it must be). */
let watch: WriteWatch;
beforeAll(async () => {
  const feed = {
    provider: 'feed',
    restaurants: ['ext-1', 'ext-2'].map((id) => ({
      id,
      name: `Tashqi ${id}`,
      categories: [
        { id: `${id}-c`, title: 'Taomlar', products: [{ id: `${id}-p`, name: 'Osh', price: 30000 }] },
      ],
    })),
  };
  feedDir = mkdtempSync(join(tmpdir(), 'qrmenu-feed-'));
  const file = join(feedDir, 'feed.json');
  writeFileSync(file, JSON.stringify(feed));
  iiko = await startFakeIiko({ products: 30 });
  ctx = await createTestApp({
    integrationFeedUrl: pathToFileURL(file).href,
    integrationSecretKey: TEST_SECRET_KEY,
    iikoApiUrl: iiko.url,
    posSchedule: false,
    // every cell orders from this one address
    orderLimits: { ordersPerAddress: 10_000, callsPerAddress: 10_000 },
  });
  // a role that owns nothing (an account of no restaurant)
  nobody = await createUser(ctx, 'cashier');
  watch = await watchWrites(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await iiko?.close();
  rmSync(feedDir, { recursive: true, force: true });
});

describe.each(CASES)('$method /api$path ($access)', (c) => {
  it.each(WHO)('as %s', async (who) => {
    const s = await freshSetup();
    const token = who === 'none' ? undefined : s[who].token;
    const req = await c.build(s, who);
    const want = expected(c, who);
    if (want >= 400) await watch.start();
    let res: Awaited<ReturnType<typeof ctx.app.inject>>;
    if (req.multipart) {
      const body = multipart(req.multipart.fields, [{ data: PNG }]);
      res = await ctx.app.inject({
        method: c.method,
        url: `/api${req.url}`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    } else if (c.stream && want < 400) {
      // the stream never ends: its status is read and it is dropped
      const streamed = await ctx.app.inject({
        method: c.method,
        url: `/api${req.url}`,
        headers: bearer(token),
        payloadAsStream: true,
      });
      expect(streamed.statusCode).toBe(want);
      expect(streamed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      streamed.stream().destroy();
      return;
    } else {
      res = await ctx.app.inject({
        method: c.method,
        url: `/api${req.url}`,
        headers: bearer(token),
        ...(req.payload === undefined ? {} : { payload: req.payload as object }),
      });
    }
    if (want >= 400) {
      expectError(res, want);
      // a refused call changes nothing
      expect(await watch.written()).toEqual([]);
    } else expect(res.statusCode, res.body).toBe(want);
  });
});

describe('the matrix', () => {
  it('sees an update and a delete in the watched tables', async () => {
    const s = await freshSetup();
    await watch.start();
    expect(await watch.written()).toEqual([]);
    await ctx.db
      .updateTable('restaurants')
      .set({ name: 'Boshqa nom' })
      .where('id', '=', s.restaurant.id)
      .execute();
    await ctx.db.deleteFrom('option_rows').where('id', '=', s.row).execute();
    const written = await watch.written();
    if (ctx.app.dbDialect === 'sqlite') expect(written).toEqual(['update restaurants', 'delete option_rows']);
    else expect(written).toHaveLength(1);
  });

  it('covers every documented route of the app', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const covered = new Set(CASES.map((c) => `${c.method} /api${c.path}`));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !documented.includes(r))).toEqual([]);
    // each operation says who may call it, as the table has it
    const listed = CASES.map((c) => {
      const op = doc.paths[`/api${c.path}`]?.[c.method.toLowerCase()] as { 'x-roles'?: string[] } | undefined;
      return [`${c.method} ${c.path}`, op?.['x-roles']];
    });
    expect(listed).toEqual(CASES.map((c) => [`${c.method} ${c.path}`, rolesOf(c)]));
  });
});

describe('garbage never yields 500', () => {
  const bodies: string[] = [
    'null',
    '"text"',
    '123',
    'true',
    '[]',
    '[{}]',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`,
    JSON.stringify({ name: 'x'.repeat(300_000) }),
  ];
  // (sync, logout, a new deploy key, a new PIN, marking a call done and closing a table take no body:
  // whatever is sent is ignored; Payme and Click answer garbage 200 in their protocols, an error
  // in the body: payments-payme.test.ts, payments-click.test.ts)
  it.each(
    CASES.filter(
      (c) =>
        c.method !== 'GET' &&
        c.method !== 'DELETE' &&
        !c.path.endsWith('/sync') &&
        !c.path.endsWith('/deploy-key') &&
        !c.path.endsWith('/pin') &&
        !c.path.endsWith('/done') &&
        !c.path.endsWith('/close') &&
        !c.path.startsWith('/payments/') &&
        c.path !== '/auth/logout',
    ),
  )('$method /api$path', async (c) => {
    const s = await freshSetup();
    const req = await c.build(s, 'admin');
    await watch.start();
    for (const body of bodies) {
      const res = await rawCall(ctx, c.method, req.url, body, { token: s.admin.token });
      expect(res.statusCode, `${body.slice(0, 40)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(await watch.written()).toEqual([]);
  });

  it.each(CASES)('$method /api$path with odd query strings', async (c) => {
    const s = await freshSetup();
    const req = await c.build(s, 'admin');
    const path = req.url.split('?')[0];
    for (const q of [
      '?slug[]=a&slug=b',
      '?restaurant_id[$ne]=1',
      '?restaurantId=&slug=',
      '?category_id=%00',
      `?slug=${'a'.repeat(5000)}`,
    ]) {
      const res = await ctx.app.inject({
        method: c.method,
        url: `/api${path}${q}`,
        headers: bearer(s.admin.token),
      });
      expect(res.statusCode, `${q} -> ${res.body}`).toBeLessThan(500);
    }
  });
});

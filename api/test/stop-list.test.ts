/** POST /manager/stop-list: both actions, the category rules, all-or-nothing 404, bad input. */
import { answers } from '@qrmenu/shared/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser, expectError, expectShape, snapshot } from './helpers';
import { fileApp, twoManagersApart } from './world';

let admin: string;
let m1: string;
let m2: string;
let waiter: string;
let r1: string;
let r2: string;

function stopList(token: string | null, payload: unknown): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/manager/stop-list',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as object,
  });
}

const active = async (table: 'products' | 'categories', id: string) =>
  (await ctx.db.selectFrom(table).select('is_active').where('id', '=', id).executeTakeFirstOrThrow())
    .is_active === 1;

const ctx = fileApp();

beforeAll(async () => {
  const apart = await twoManagersApart(ctx);
  ({ admin, m1, m2 } = apart);
  [r1, r2] = [apart.r1.id, apart.r2.id];
  waiter = (await createUser(ctx, 'waiter')).token;
});

describe('stop', () => {
  let drinks: string;
  let food: string;
  let empty: string;
  let tea: string;
  let coffee: string;
  let soup: string;
  let bread: string;
  beforeEach(async () => {
    // fresh categories each test: drinks (tea, coffee), food (soup, bread), empty
    drinks = (await createCategory(ctx, r1, { title: 'Ichimliklar' })).id;
    food = (await createCategory(ctx, r1, { title: 'Taomlar' })).id;
    empty = (await createCategory(ctx, r1, { title: "Bo'sh" })).id;
    tea = (await createProduct(ctx, r1, drinks, { name: 'Choy' })).id;
    coffee = (await createProduct(ctx, r1, drinks, { name: 'Qahva' })).id;
    soup = (await createProduct(ctx, r1, food, { name: "Sho'rva" })).id;
    bread = (await createProduct(ctx, r1, food, { name: 'Non', is_active: false })).id;
  });

  it('inactivates the products; a category whose products are all inactive follows', async () => {
    const res = await stopList(m1, { product_ids: [tea, soup], action: 'stop' });
    expect(res.statusCode).toBe(200);
    const { data } = expectShape(answers.stopList, res.json());
    expect(data.products.map((p) => p._id).sort()).toEqual([tea, soup].sort());
    expect(data.products.every((p) => !p.is_active)).toBe(true);
    expect(data.products.find((p) => p._id === soup)?.category).toEqual({ _id: food, name: 'Taomlar' });
    // food: soup now inactive, bread already was => inactive; drinks still has coffee => stays
    expect(data.categories.map((c) => c._id)).toEqual([food]);
    expect(data.categories[0]).toMatchObject({ is_active: false, restaurant_id: r1, title: 'Taomlar' });
    expect(await active('products', tea)).toBe(false);
    expect(await active('products', soup)).toBe(false);
    expect(await active('products', coffee)).toBe(true);
    expect(await active('categories', food)).toBe(false);
    expect(await active('categories', drinks)).toBe(true);
    expect(await active('categories', empty)).toBe(true);
  });

  it('answers only what changed (already inactive products are not repeated)', async () => {
    const res = await stopList(m1, { product_ids: [bread, coffee, coffee], action: 'stop' });
    const { data } = expectShape(answers.stopList, res.json());
    expect(data.products.map((p) => p._id)).toEqual([coffee]);
    expect(data.categories).toEqual([]);
    const again = expectShape(
      answers.stopList,
      (await stopList(m1, { product_ids: [bread], action: 'stop' })).json(),
    );
    expect(again.data).toEqual({ products: [], categories: [] });
  });

  it('an admin may do it for any restaurant', async () => {
    const res = await stopList(admin, { product_ids: [tea, coffee], action: 'stop' });
    const { data } = expectShape(answers.stopList, res.json());
    expect(data.categories.map((c) => c._id)).toEqual([drinks]);
  });
});

describe('resume', () => {
  /** A category switched off the way its manager does it: its own edit (not a stop). */
  const switchedOff = async (title: string) => {
    const id = (await createCategory(ctx, r1, { title })).id;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/category/update/${id}`,
      headers: { authorization: `Bearer ${m1}` },
      payload: { is_active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };

  it('activates the products, and a category only when a stop of its last product switched it off', async () => {
    // A and B were emptied by stops (their last products stopped); C has no product at all
    const a = (await createCategory(ctx, r1, { title: 'A' })).id;
    const b = (await createCategory(ctx, r1, { title: 'B' })).id;
    const c = (await createCategory(ctx, r1, { title: 'C', is_active: false })).id;
    const pa1 = (await createProduct(ctx, r1, a)).id;
    const pa2 = (await createProduct(ctx, r1, a)).id;
    const pb = (await createProduct(ctx, r1, b)).id;
    expect((await stopList(m1, { product_ids: [pa1, pa2, pb], action: 'stop' })).statusCode).toBe(200);
    expect(await active('categories', a)).toBe(false);
    const res = await stopList(m1, { product_ids: [pa1], action: 'resume' });
    expect(res.statusCode).toBe(200);
    const { data } = expectShape(answers.stopList, res.json());
    expect(data.products.map((p) => [p._id, p.is_active])).toEqual([[pa1, true]]);
    expect(data.categories.map((x) => [x._id, x.is_active])).toEqual([[a, true]]);
    expect(await active('products', pa2)).toBe(false);
    expect(await active('products', pb)).toBe(false);
    expect(await active('categories', b)).toBe(false);
    expect(await active('categories', c)).toBe(false);
  });

  it('never switches on a category its manager switched off: the guests do not get back what was hidden on purpose', async () => {
    const off = await switchedOff('Mavsumiy');
    const stopped = (await createProduct(ctx, r1, off, { is_active: false })).id;
    const kept = (await createProduct(ctx, r1, off)).id; // active, hidden by its category
    const res = expectShape(
      answers.stopList,
      (await stopList(m1, { product_ids: [stopped, kept], action: 'resume' })).json(),
    );
    expect(res.data.products.map((p) => p._id)).toEqual([stopped]);
    expect(res.data.categories).toEqual([]);
    expect(await active('categories', off)).toBe(false);

    // emptied by a stop, then switched off by its manager: the manager's word stands
    const later = (await createCategory(ctx, r1, { title: 'Keyin' })).id;
    const p = (await createProduct(ctx, r1, later)).id;
    await stopList(m1, { product_ids: [p], action: 'stop' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/category/update/${later}`,
      headers: { authorization: `Bearer ${m1}` },
      payload: { is_active: false },
    });
    await stopList(m1, { product_ids: [p], action: 'resume' });
    expect(await active('categories', later)).toBe(false);
  });
});

describe('all or nothing', () => {
  it('404 and nothing changes when any id is unknown, foreign or from two restaurants', async () => {
    const mine = (await createCategory(ctx, r1)).id;
    const theirs = (await createCategory(ctx, r2)).id;
    const p1 = (await createProduct(ctx, r1, mine)).id;
    const p2 = (await createProduct(ctx, r1, mine)).id;
    const q1 = (await createProduct(ctx, r2, theirs)).id;
    const before = await snapshot(ctx.db);
    expectError(await stopList(m1, { product_ids: [p1, 'nope'], action: 'stop' }), 404, 'not_found');
    expectError(await stopList(m1, { product_ids: [p1, p2, q1], action: 'stop' }), 404, 'not_found');
    expectError(await stopList(admin, { product_ids: [p1, q1], action: 'stop' }), 404, 'not_found');
    expectError(await stopList(m2, { product_ids: [p1, p2], action: 'stop' }), 404, 'not_found');
    expectError(await stopList(m2, { product_ids: [p1], action: 'resume' }), 404, 'not_found');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('refuses bad input, other roles and no token; nothing changes', async () => {
    const cat = (await createCategory(ctx, r1)).id;
    const p = (await createProduct(ctx, r1, cat)).id;
    const before = await snapshot(ctx.db);
    for (const payload of [
      {},
      { product_ids: [p] },
      { action: 'stop' },
      { product_ids: [], action: 'stop' },
      { product_ids: p, action: 'stop' },
      { product_ids: [p], action: 'pause' },
      { product_ids: [1], action: 'stop' },
      { product_ids: [''], action: 'stop' },
      { product_ids: ['x'.repeat(100)], action: 'stop' },
      { product_ids: Array.from({ length: 5001 }, (_, i) => `id${i}`), action: 'stop' },
      { product_ids: [p], action: 'stop', restaurant_id: r1 },
    ]) {
      expectError(await stopList(m1, payload), 400, 'validation');
    }
    expectError(await stopList(null, { product_ids: [p], action: 'stop' }), 401, 'unauthorized');
    expectError(await stopList(waiter, { product_ids: [p], action: 'stop' }), 403, 'forbidden');
    expect(await snapshot(ctx.db)).toBe(before);
  });
});

/**
 * Poster against the fake joinposter API (test/fakes/poster.ts): spots, import with prices in
 * so'm (kopecks / 100) per spot, tech variants and modifier groups as options, hidden products
 * (Poster's "sold out") inactive, signed webhooks triggering a sync, bad signatures refused.
 */
import { answers } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { describe, expect, it } from 'vitest';
import { posPicturesSettled } from '../src/integration/pos/pictures';
import { POSTER_APP_SECRET, POSTER_TOKEN, posterSign, startFakePoster } from './fakes/poster';
import { apiCall, bearer, createUser, expectError, expectShape, snapshot } from './helpers';
import { filePosApp, posProduct, previewThenImport, storedOptions } from './pos-support';

describe('Poster provider', () => {
  const { ctx, staff, fake } = filePosApp('poster', () => startFakePoster({ products: 200 }), {
    posHttp: { timeoutMs: 5_000, backoffMs: 5, attempts: 3 },
  });
  let restaurantId: string;
  const creds = { token: POSTER_TOKEN, appSecret: POSTER_APP_SECRET };
  type P = Record<string, unknown> & {
    product_id: string;
    product_name: string;
    spots: { spot_id: string; price: string; visible: string }[];
  };
  const item = (n: number) => fake.data.products[n - 1] as P;

  const post = (url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(staff.admin.token) });
  const product = (ext: string) => posProduct(ctx, restaurantId, ext);

  it('lists the spots; a wrong token answers 422 naming the field, with the Uzbek credentials text', async () => {
    const res = await post('/api/admin/integration/pos/locations', {
      provider: 'poster',
      credentials: creds,
    });
    expect(expectShape(answers.posLocations, res.json()).data).toEqual([
      { id: '1', name: 'Oqtepa Lavash Sergeli' },
      { id: '2', name: 'Oqtepa Lavash Chorsu' },
    ]);
    const wrong = { ...creds, token: '1:bad' };
    const bad = await post('/api/admin/integration/pos/locations', {
      provider: 'poster',
      credentials: wrong,
    });
    expectError(bad, 422, 'validation');
    expect(bad.json().error).toMatchObject({
      message: t.posErrorCredentials,
      details: [{ path: 'credentials.token', message: t.posErrorCredentials }],
    });
    // the same in the preview and the import, which bring nothing
    const before = await snapshot(ctx.db);
    const preview = await post('/api/admin/integration/pos/preview', {
      provider: 'poster',
      credentials: wrong,
      location_id: '1',
    });
    expectError(preview, 422, 'validation');
    const someone = await createUser(ctx, 'manager');
    const afterUser = await snapshot(ctx.db);
    const imported = await post('/api/admin/integration/pos/import', {
      provider: 'poster',
      credentials: wrong,
      location_id: '1',
      manager_id: someone.id,
    });
    expectError(imported, 422, 'validation');
    expect(await snapshot(ctx.db)).toBe(afterUser);
    expect(afterUser).not.toBe(before); // (the manager made for the import)
  });

  it('Poster failing (HTTP 500) answers 502, not the credentials text', async () => {
    fake.fail('/api/access.getSpots', '500', 3);
    const res = await post('/api/admin/integration/pos/locations', {
      provider: 'poster',
      credentials: creds,
    });
    expectError(res, 502, 'bad_gateway');
    expect(res.json().error.message).toBe(t.posErrorUnreachable);
  });

  it("imports a spot with prices in so'm (kopecks / 100), variants and modifier groups as options", async () => {
    const { preview, imported: res } = await previewThenImport(ctx, staff.admin.token, {
      provider: 'poster',
      credentials: creds,
      location_id: '1',
    });
    // 8 categories and the top screen's dish in a category of its own
    expect(expectShape(answers.posPreview, preview.json()).data).toMatchObject({
      categories: 9,
      products: 201,
      pictures: 50,
    });
    expect(res.statusCode).toBe(201);
    restaurantId = res.json().data.restaurant._id;
    // its picture links (on the fake, a host not allowed) are looked at in the background
    await posPicturesSettled(ctx.app, restaurantId);
    const first = item(1);
    expect((await product(first.product_id))?.price).toBe(Number(first.spots[0]?.price) / 100);
    expect(Number(first.spots[0]?.price) / 100).toBeGreaterThanOrEqual(12000); // so'm, not kopecks
    // variants (n = 9): option "Variant"; the product costs the cheapest, each row the difference
    const nine = await product(item(9).product_id);
    const variant = await storedOptions(ctx, nine?.id);
    expect(variant.map((o) => o.name)).toEqual(['Variant']);
    const rows = variant[0]!.rows;
    expect(rows.map((r) => Number(r.price)).sort((a, b) => a - b)).toEqual([0, 4000]);
    expect(nine?.price).toBe(Number(item(9).spots[0]?.price) / 100);
    // the top screen's dish: in a category of its own
    const top = await product('99');
    expect(top).toMatchObject({ name: 'Kombo set' });
    // modifier group (n = 6): option named after the group, modification prices as given
    const six = await product(item(6).product_id);
    const mods = await storedOptions(ctx, six?.id);
    expect(mods.map((o) => [o.name, o.min_choices, o.max_choices])).toEqual([['Souslar', 0, 2]]);
    // the variants' option is one to choose: a product sold in variants is sold as one of them
    expect(variant.map((o) => [o.min_choices, o.max_choices])).toEqual([[1, 1]]);
    // hidden (n = 17) and hidden at this spot (n = 23): Poster's "sold out" -> inactive
    expect((await product(item(17).product_id))?.is_active).toBe(0);
    expect((await product(item(23).product_id))?.is_active).toBe(0);
    expect((await product(item(22).product_id))?.is_active).toBe(1);
  });

  it('a product webhook with a bad signature or older than a few minutes is refused; a signed one answers 200 and syncs', async () => {
    const url = `/api/integrations/poster/webhook/${restaurantId}`;
    const target = item(5);
    target.spots = target.spots.map((s) => ({ ...s, price: '4550000' }));
    const hook: Record<string, unknown> = {
      account: 'oqtepa',
      object: 'product',
      object_id: Number(target.product_id),
      action: 'changed',
      time: String(Math.floor(Date.now() / 1000)),
    };
    const before = await snapshot(ctx.db);
    const bad = await ctx.app.inject({ method: 'POST', url, payload: { ...hook, verify: 'x'.repeat(32) } });
    expect(bad.statusCode).toBe(401);
    // signed, but sent ten minutes ago (a replay, or a queue that held it): refused
    const old = { ...hook, time: String(Math.floor(Date.now() / 1000) - 600) };
    const stale = await ctx.app.inject({ method: 'POST', url, payload: { ...old, verify: posterSign(old) } });
    expect(stale.statusCode).toBe(401);
    expect(await snapshot(ctx.db)).toBe(before);
    const res = await ctx.app.inject({ method: 'POST', url, payload: { ...hook, verify: posterSign(hook) } });
    expect(res.statusCode).toBe(200);
    const started = Date.now();
    while (Date.now() - started < 2000 && (await product(target.product_id))?.price !== 45500)
      await new Promise((r) => setTimeout(r, 25));
    expect((await product(target.product_id))?.price).toBe(45500);
  });

  it("an online order's webhook (incoming_order) is checked like any: a wrong verify 401, a signed one 200, no sync", async () => {
    const url = `/api/integrations/poster/webhook/${restaurantId}`;
    const hook = fake.webhook(7);
    const before = await snapshot(ctx.db);
    const syncs = fake.count('/api/menu.getProducts');
    const bad = await ctx.app.inject({ method: 'POST', url, payload: { ...hook, verify: 'f'.repeat(32) } });
    expect(bad.statusCode).toBe(401);
    const other = await ctx.app.inject({ method: 'POST', url, payload: fake.webhook(7, 'another-secret') });
    expect(other.statusCode).toBe(401);
    const res = await ctx.app.inject({ method: 'POST', url, payload: hook });
    expect(res.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.count('/api/menu.getProducts')).toBe(syncs);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it("a modifier group's rule changed in Poster (now 1 to 1) is the option's, counted as changed", async () => {
    const six = item(6) as P & { group_modifications: { num_min: number; num_max: number }[] };
    const [group] = six.group_modifications;
    Object.assign(group as object, { num_min: 1, num_max: 1 });
    const res = await apiCall(ctx, 'PUT', `/admin/integration/pos/${restaurantId}/sync`, staff.admin.token);
    const { data } = expectShape(answers.posSync, res.json());
    expect(data).toMatchObject({ result: 'ok', added: 0, removed: 0 });
    // each dish of that group (every sixth): its option's rule changed
    expect(data.changed).toBeGreaterThanOrEqual(1);
    const option = await ctx.db
      .selectFrom('product_options')
      .select(['min_choices', 'max_choices'])
      .where('product_id', '=', (await product(six.product_id))?.id as string)
      .executeTakeFirstOrThrow();
    expect(option).toEqual({ min_choices: 1, max_choices: 1 });
  });

  it('a product removed in Poster leaves the menu; a malformed answer changes nothing', async () => {
    const gone = fake.data.products.splice(-2, 1)[0] as P; // the last in a category
    const res = await apiCall(ctx, 'PUT', `/admin/integration/pos/${restaurantId}/sync`, staff.admin.token);
    expect(expectShape(answers.posSync, res.json()).data).toMatchObject({
      result: 'ok',
      removed: 1,
      products: 200,
    });
    expect(await product(gone.product_id)).toBeUndefined();
    fake.fail('/api/menu.getProducts', 'malformed');
    const before = await snapshot(ctx.db);
    const failed = await apiCall(
      ctx,
      'PUT',
      `/admin/integration/pos/${restaurantId}/sync`,
      staff.admin.token,
    );
    expectError(failed, 502, 'bad_gateway');
    expect(await snapshot(ctx.db)).toBe(before);
  });
});

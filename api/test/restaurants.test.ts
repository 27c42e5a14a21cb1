import { answers, BOT_TOKEN_MASK, publicRestaurant, restaurant } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  createRestaurant,
  createUser,
  createWorld,
  expectError,
  expectShape,
  type Method,
  ownPicture,
  rawCall,
  snapshot,
} from './helpers';
import { fileWorld } from './world';

const { ctx, world: w } = fileWorld({}, createWorld);

/** Takes away the restaurants a test made for itself, so the next test counts the world's own. */
const removeRestaurants = (made: { id: string }[]) =>
  ctx.db
    .deleteFrom('restaurants')
    .where(
      'id',
      'in',
      made.map((r) => r.id),
    )
    .execute();

const call = (method: Method, url: string, token?: string | null, payload?: unknown) =>
  apiCall(ctx, method, url, token, payload);

const validRestaurant = (slug: string) => ({
  name: 'Rayhon',
  slug,
  address: 'Toshkent',
  phone_number: '+998901112233',
  work_time: '09:00-22:00',
});

describe('GET /api/admin/restaurants', () => {
  it('lists every restaurant with counters', async () => {
    // 3 active and 1 inactive, so that swapped or miscounted counters cannot pass
    const extra = [await createRestaurant(ctx), await createRestaurant(ctx)];
    await ctx.db
      .updateTable('restaurants')
      .set({ is_active: 0 })
      .where('id', '=', w.other.restaurant.id)
      .execute();
    try {
      const rows = await ctx.db.selectFrom('restaurants').select(['id', 'is_active']).execute();
      const active = rows.filter((r) => r.is_active === 1).length;
      expect([rows.length, active]).toEqual([4, 3]);
      const res = await call('GET', '/admin/restaurants', w.admin.token);
      expect(res.statusCode).toBe(200);
      const body = expectShape(answers.adminRestaurants, res.json());
      expect(body.counts).toStrictEqual({ all_count: 4, active_count: 3, inactive_count: 1 });
      expect(body.restaurants.map((r) => r._id).sort()).toEqual(rows.map((r) => r.id).sort());
      const other = body.restaurants.find((r) => r._id === w.other.restaurant.id);
      // a saved bot token is answered masked, never in full (docs/TELEGRAM.md)
      expect(other).toMatchObject({ is_active: false, manager_id: w.manager2.id, bot_token: BOT_TOKEN_MASK });
    } finally {
      await ctx.db
        .updateTable('restaurants')
        .set({ is_active: 1 })
        .where('id', '=', w.other.restaurant.id)
        .execute();
      await removeRestaurants(extra);
    }
  });

  it('answers one page (newest first) with the counters of all; 400 for a bad page or limit', async () => {
    const extra = [await createRestaurant(ctx), await createRestaurant(ctx), await createRestaurant(ctx)];
    try {
      const all = expectShape(
        answers.adminRestaurants,
        (await call('GET', '/admin/restaurants', w.admin.token)).json(),
      );
      const ids = all.restaurants.map((r) => r._id);
      expect(ids.length).toBeGreaterThanOrEqual(5);
      const pages = [];
      for (let page = 1; page <= Math.ceil(ids.length / 2); page++) {
        const res = await call('GET', `/admin/restaurants?limit=2&page=${page}`, w.admin.token);
        expect(res.statusCode, res.body).toBe(200);
        const body = expectShape(answers.adminRestaurants, res.json());
        expect(body.counts).toStrictEqual(all.counts);
        expect(Object.keys(body.visits_30d ?? {}).sort()).toEqual(body.restaurants.map((r) => r._id).sort());
        pages.push(...body.restaurants.map((r) => r._id));
      }
      // the pages, one after another, are the whole list in its order
      expect(pages).toEqual(ids);
      const first = expectShape(
        answers.adminRestaurants,
        (await call('GET', '/admin/restaurants?limit=2', w.admin.token)).json(),
      );
      expect(first.restaurants.map((r) => r._id)).toEqual(ids.slice(0, 2));
      for (const bad of ['limit=0', 'limit=101', 'limit=2&page=0', 'limit=x', 'sort=name']) {
        expectError(await call('GET', `/admin/restaurants?${bad}`, w.admin.token), 400, 'validation');
      }
    } finally {
      await removeRestaurants(extra);
    }
  });

  it('is for admins only', async () => {
    expectError(await call('GET', '/admin/restaurants'), 401, 'unauthorized');
    expectError(await call('GET', '/admin/restaurants', w.manager1.token), 403, 'forbidden');
    expectError(await call('GET', '/admin/restaurants', w.waiter.token), 403, 'forbidden');
  });
});

describe('GET /api/manager/restaurants/me', () => {
  it("answers a manager's own restaurant", async () => {
    const res = await call('GET', '/manager/restaurants/me', w.manager1.token);
    expect(res.statusCode).toBe(200);
    const body = expectShape(answers.myRestaurant, res.json());
    expect(body.data?._id).toBe(w.own.restaurant.id);
  });

  it('answers null for a manager without a restaurant, an admin and other roles', async () => {
    const lonely = await createUser(ctx, 'manager');
    for (const token of [lonely.token, w.admin.token, w.waiter.token]) {
      const res = await call('GET', '/manager/restaurants/me', token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toStrictEqual({ data: null });
    }
    expectError(await call('GET', '/manager/restaurants/me'), 401);
  });
});

describe('POST /api/admin/restaurants/create', () => {
  it('creates with defaults type manual and is_active true', async () => {
    const res = await call('POST', '/admin/restaurants/create', w.admin.token, {
      ...validRestaurant('yangi-restoran'),
      name: '  Yangi  ',
      bot_token: '',
    });
    expect(res.statusCode).toBe(201);
    const body = expectShape(answers.restaurant, res.json());
    expect(body.data).toMatchObject({
      name: 'Yangi',
      slug: 'yangi-restoran',
      type: 'manual',
      is_active: true,
      manager_id: null,
      bot_token: null,
      channel_id: null,
      image: null,
      logotype: null,
    });
    expect(body.data.createdAt).toBe(body.data.updatedAt);
    expect(Number.isNaN(Date.parse(body.data.createdAt))).toBe(false);
    const row = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', body.data._id)
      .executeTakeFirst();
    expect(row?.slug).toBe('yangi-restoran');
  });

  it('assigns a free manager; 409 for a manager who already has one and for a duplicate slug', async () => {
    const free = await createUser(ctx, 'manager');
    const ok = await call('POST', '/admin/restaurants/create', w.admin.token, {
      ...validRestaurant('bosh-menejer'),
      manager_id: free.id,
      is_active: false,
      channel_id: '@kanal',
    });
    expect(ok.statusCode).toBe(201);
    // a bot token is checked with Telegram first: api/test/telegram.test.ts
    expect(expectShape(answers.restaurant, ok.json()).data).toMatchObject({
      manager_id: free.id,
      is_active: false,
      bot_token: null,
      channel_id: '@kanal',
    });
    const before = await snapshot(ctx.db);
    const taken = await call('POST', '/admin/restaurants/create', w.admin.token, {
      ...validRestaurant('boshqa-slug'),
      manager_id: free.id,
    });
    expectError(taken, 409, 'conflict');
    const dup = await call(
      'POST',
      '/admin/restaurants/create',
      w.admin.token,
      validRestaurant('bosh-menejer'),
    );
    expectError(dup, 409, 'conflict');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('rejects bad input with 400 naming the fields and stores nothing', async () => {
    const before = await snapshot(ctx.db);
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ ...validRestaurant('ok-slug'), name: '   ' }, 'name'],
      [{ ...validRestaurant('ok-slug'), name: 5 }, 'name'],
      [{ ...validRestaurant('ok-slug'), address: undefined }, 'address'],
      [{ ...validRestaurant('Bad Slug') }, 'slug'],
      [{ ...validRestaurant('bad--slug') }, 'slug'],
      [{ ...validRestaurant('ok-slug'), is_active: 'yes' }, 'is_active'],
      [{ ...validRestaurant('ok-slug'), name: 'x'.repeat(100_000) }, 'name'],
      [{ ...validRestaurant('ok-slug'), type: 'iiko' }, 'type'],
      [{ ...validRestaurant('ok-slug'), image: '/uploads/x.png' }, ''],
      [{ ...validRestaurant('ok-slug'), _id: 'forced' }, ''],
      [{ ...validRestaurant('ok-slug'), manager_id: w.waiter.id }, 'manager_id'],
      [{ ...validRestaurant('ok-slug'), manager_id: 'no-such-user' }, 'manager_id'],
      [[validRestaurant('ok-slug')], ''],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/admin/restaurants/create', w.admin.token, payload);
      expectError(res, 400, 'validation');
      const details = res.json().error.details as { path: string }[];
      expect(details.length).toBeGreaterThan(0);
      if (field) expect(details.map((d) => d.path)).toContain(field);
    }
    const malformed = await rawCall(ctx, 'POST', '/admin/restaurants/create', '{"name": ', {
      token: w.admin.token,
    });
    expectError(malformed, 400, 'validation');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('is for admins only, checked before the body', async () => {
    const before = await snapshot(ctx.db);
    expectError(await call('POST', '/admin/restaurants/create', undefined, validRestaurant('a1')), 401);
    expectError(
      await call('POST', '/admin/restaurants/create', w.manager1.token, validRestaurant('a2')),
      403,
    );
    expectError(await call('POST', '/admin/restaurants/create', w.waiter.token, {}), 403);
    expect(await snapshot(ctx.db)).toBe(before);
  });
});

describe('PUT /api/manager/restaurants/update', () => {
  it('lets a manager change its own restaurant, only the sent fields', async () => {
    const before = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', w.own.restaurant.id)
      .executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 5));
    const res = await call(
      'PUT',
      `/manager/restaurants/update?slug=${w.own.restaurant.slug}`,
      w.manager1.token,
      {
        name: 'Yangi nom',
        work_time: '10:00-20:00',
        channel_id: '',
      },
    );
    expect(res.statusCode).toBe(200);
    const body = expectShape(answers.restaurant, res.json());
    expect(body.data).toMatchObject({
      _id: w.own.restaurant.id,
      name: 'Yangi nom',
      work_time: '10:00-20:00',
      channel_id: null,
      address: before.address,
      bot_token: BOT_TOKEN_MASK,
      manager_id: w.manager1.id,
      createdAt: before.created_at,
    });
    expect(body.data.updatedAt > before.updated_at).toBe(true);
    const after = await ctx.db
      .selectFrom('restaurants')
      .selectAll()
      .where('id', '=', w.own.restaurant.id)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe('Yangi nom');
    expect(after.channel_id).toBeNull();
  });

  it('answers the unchanged restaurant for an empty change', async () => {
    const res = await call(
      'PUT',
      `/manager/restaurants/update?slug=${w.own.restaurant.slug}`,
      w.manager1.token,
      {},
    );
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.restaurant, res.json()).data._id).toBe(w.own.restaurant.id);
  });

  it('forbids a manager to change manager_id or is_active (403, nothing stored)', async () => {
    const before = await snapshot(ctx.db);
    for (const payload of [
      { is_active: false },
      { manager_id: w.manager2.id },
      { manager_id: null, name: 'X' },
    ]) {
      expectError(
        await call(
          'PUT',
          `/manager/restaurants/update?slug=${w.own.restaurant.slug}`,
          w.manager1.token,
          payload,
        ),
        403,
        'forbidden',
      );
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it("answers 404 for another manager's restaurant and an unknown slug; 403 for other roles", async () => {
    const before = await snapshot(ctx.db);
    expectError(
      await call('PUT', `/manager/restaurants/update?slug=${w.other.restaurant.slug}`, w.manager1.token, {
        name: 'Hack',
      }),
      404,
      'not_found',
    );
    expectError(
      await call('PUT', `/manager/restaurants/update?slug=${w.other.restaurant.slug}`, w.manager1.token, {
        is_active: false,
      }),
      404,
    );
    expectError(
      await call('PUT', '/manager/restaurants/update?slug=no-such', w.admin.token, { name: 'x' }),
      404,
    );
    expectError(
      await call('PUT', `/manager/restaurants/update?slug=${w.own.restaurant.slug}`, w.waiter.token, {
        name: 'x',
      }),
      403,
    );
    expectError(
      await call('PUT', `/manager/restaurants/update?slug=${w.own.restaurant.slug}`, undefined, {
        name: 'x',
      }),
      401,
    );
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('lets an admin change is_active, manager_id, slug, image; 409 for a taken slug or manager', async () => {
    const r = await call('POST', '/admin/restaurants/create', w.admin.token, validRestaurant('admin-tahrir'));
    const id = r.json().data._id as string;
    const picture = await ownPicture(ctx, id);
    const free = await createUser(ctx, 'manager');
    const res = await call('PUT', '/manager/restaurants/update?slug=admin-tahrir', w.admin.token, {
      is_active: false,
      manager_id: free.id,
      slug: 'admin-tahrir-2',
      image: picture,
    });
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.restaurant, res.json()).data).toMatchObject({
      _id: id,
      is_active: false,
      manager_id: free.id,
      slug: 'admin-tahrir-2',
      image: picture,
    });
    const before = await snapshot(ctx.db);
    expectError(
      await call('PUT', '/manager/restaurants/update?slug=admin-tahrir-2', w.admin.token, {
        slug: w.own.restaurant.slug,
      }),
      409,
      'conflict',
    );
    expectError(
      await call('PUT', '/manager/restaurants/update?slug=admin-tahrir-2', w.admin.token, {
        manager_id: w.manager1.id,
      }),
      409,
      'conflict',
    );
    expect(await snapshot(ctx.db)).toBe(before);
    const unset = await call('PUT', '/manager/restaurants/update?slug=admin-tahrir-2', w.admin.token, {
      manager_id: null,
    });
    expect(unset.json().data.manager_id).toBeNull();
  });

  it('rejects bad input with 400 and stores nothing', async () => {
    const before = await snapshot(ctx.db);
    const slugUrl = `/manager/restaurants/update?slug=${w.own.restaurant.slug}`;
    for (const payload of [
      { name: '' },
      { name: '   ' },
      { name: null },
      { address: 12 },
      { slug: 'Not A Slug' },
      { phone_number: 'x'.repeat(10_000) },
      { unknown_field: 1 },
      { type: 'feed' },
      { _id: 'x' },
      { createdAt: 'x' },
      [1, 2],
    ]) {
      expectError(await call('PUT', slugUrl, w.admin.token, payload), 400, 'validation');
    }
    expectError(
      await call('PUT', '/manager/restaurants/update', w.admin.token, { name: 'x' }),
      400,
      'validation',
    );
    expectError(
      await call('PUT', '/manager/restaurants/update?slug=BAD%20SLUG', w.admin.token, { name: 'x' }),
      400,
    );
    expect(await snapshot(ctx.db)).toBe(before);
  });
});

describe('DELETE restaurants', () => {
  const countOf = async (table: 'categories' | 'products' | 'product_options' | 'option_rows') =>
    (await ctx.db.selectFrom(table).select('id').execute()).length;

  it('by slug removes the restaurant with its categories, products, options and rows (admin)', async () => {
    const m = await createUser(ctx, 'manager');
    const { createRestaurant, createCategory, createProduct, createOption, createOptionRow } = await import(
      './helpers'
    );
    const r = await createRestaurant(ctx, { manager_id: m.id });
    const c = await createCategory(ctx, r.id);
    const p = await createProduct(ctx, r.id, c.id);
    const o = await createOption(ctx, p.id);
    await createOptionRow(ctx, o.id);
    const counts = [
      await countOf('categories'),
      await countOf('products'),
      await countOf('product_options'),
      await countOf('option_rows'),
    ];
    const res = await call('DELETE', `/admin/restaurants/delete?slug=${r.slug}`, w.admin.token);
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.deleted, res.json())).toStrictEqual({ data: { _id: r.id } });
    expect([
      await countOf('categories'),
      await countOf('products'),
      await countOf('product_options'),
      await countOf('option_rows'),
    ]).toEqual(counts.map((n) => n - 1));
    expect(
      await ctx.db.selectFrom('restaurants').select('id').where('id', '=', r.id).executeTakeFirst(),
    ).toBeUndefined();
    // the manager still exists and may get another restaurant
    expect(
      await ctx.db.selectFrom('users').select('id').where('id', '=', m.id).executeTakeFirst(),
    ).toBeDefined();
    expectError(
      await call('DELETE', `/admin/restaurants/delete?slug=${r.slug}`, w.admin.token),
      404,
      'not_found',
    );
  });

  it('by restaurantId likewise; managers get 403 and nothing changes', async () => {
    const { createRestaurant, createCategory } = await import('./helpers');
    const r = await createRestaurant(ctx);
    await createCategory(ctx, r.id);
    const before = await snapshot(ctx.db);
    expectError(
      await call(
        'DELETE',
        `/manager/restaurants/delete?restaurantId=${w.own.restaurant.id}`,
        w.manager1.token,
      ),
      403,
    );
    expectError(
      await call('DELETE', `/admin/restaurants/delete?slug=${w.own.restaurant.slug}`, w.manager1.token),
      403,
    );
    expectError(
      await call('DELETE', `/manager/restaurants/delete?restaurantId=${r.id}`, w.waiter.token),
      403,
    );
    expectError(await call('DELETE', `/manager/restaurants/delete?restaurantId=${r.id}`), 401);
    expectError(await call('DELETE', '/manager/restaurants/delete', w.admin.token), 400, 'validation');
    expectError(await call('DELETE', '/admin/restaurants/delete', w.admin.token), 400, 'validation');
    expectError(await call('DELETE', '/manager/restaurants/delete?restaurantId=nope', w.admin.token), 404);
    expect(await snapshot(ctx.db)).toBe(before);
    const res = await call('DELETE', `/manager/restaurants/delete?restaurantId=${r.id}`, w.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual({ data: { _id: r.id } });
    expect(
      await ctx.db.selectFrom('categories').select('id').where('restaurant_id', '=', r.id).execute(),
    ).toEqual([]);
  });
});

describe('GET /api/user/restaurants/view', () => {
  const url = () => `/user/restaurants/view?slug=${w.own.restaurant.slug}`;

  it('answers public fields only without a token, with a bad token, for another manager and other roles', async () => {
    for (const token of [undefined, 'garbage.token.x', w.manager2.token, w.waiter.token]) {
      const res = await call('GET', url(), token);
      expect(res.statusCode).toBe(200);
      const body = expectShape(answers.restaurantView, res.json());
      expectShape(publicRestaurant, body.data);
      expect(body.data).not.toHaveProperty('bot_token');
      expect(body.data).not.toHaveProperty('channel_id');
      expect(body.data).not.toHaveProperty('manager_id');
    }
  });

  it('answers every field to the owner and to an admin', async () => {
    for (const token of [w.manager1.token, w.admin.token]) {
      const res = await call('GET', url(), token);
      expect(res.statusCode).toBe(200);
      const data = expectShape(restaurant, res.json().data);
      expect(data.manager_id).toBe(w.manager1.id);
      expect(data).toHaveProperty('bot_token');
    }
  });

  it('404 for an unknown slug, 400 for a missing one', async () => {
    expectError(await call('GET', '/user/restaurants/view?slug=no-such-place'), 404, 'not_found');
    expectError(await call('GET', '/user/restaurants/view'), 400, 'validation');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, changedFields, hasChanges } from '../src/api';
import { setRuntimeConfig } from '../src/runtime-config';
import { getAccessToken, getRole, signIn, signOut } from '../src/session';
import { stubApi } from '../src/testing/fetch-stub';
import { fixtures } from '../src/testing/fixtures';

const restaurant = fixtures.restaurant({
  _id: 'r1',
  name: 'Rayhon',
  slug: 'rayhon',
  phone_number: '+998901234567',
  manager_id: 'm1',
});

describe('api client', () => {
  let assign: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    setRuntimeConfig({ apiBase: '/api' });
    signOut();
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost:3000/admin', assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    signOut();
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = stubApi({ '*': () => ({ body: { data: { accessToken: 'tok' } } }) });
    const res = await api.auth.login({ login: 'admin', password: 'secret' });
    expect(res).toEqual({ accessToken: 'tok' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url).toBe('http://localhost:3000/api/auth/login');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(calls[0]?.body).toEqual({ login: 'admin', password: 'secret' });
  });

  it('sends the bearer token on every call while one is stored, public ones included', async () => {
    signIn('abc.def', 'admin');
    const { calls } = stubApi({
      '*': (req) =>
        req.url.includes('/user/restaurants/view') ? { body: { data: restaurant } } : { body: { data: [] } },
    });
    await api.managers.list();
    const viewed = await api.restaurants.view('rayhon');
    expect(viewed.slug).toBe('rayhon');
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer abc.def', 'Bearer abc.def']);
    expect(calls[1]?.url).toBe('http://localhost:3000/api/user/restaurants/view?slug=rayhon');
  });

  it('drops the header once signed out', async () => {
    signIn('abc', 'admin');
    signOut();
    const { calls } = stubApi({ '*': () => ({ body: { data: [] } }) });
    await api.managers.list();
    expect(calls[0]?.headers.get('authorization')).toBeNull();
  });

  it("turns the contract's error body into ApiError", async () => {
    signIn('tok', 'admin');
    stubApi({
      '*': () => ({
        status: 409,
        body: {
          error: { code: 'conflict', message: 'slug taken', details: [{ path: 'slug', message: 'dup' }] },
        },
      }),
    });
    const err = await api.restaurants.create({ ...restaurant, _id: undefined } as never).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'conflict', message: 'slug taken' });
    expect(err.details).toEqual([{ path: 'slug', message: 'dup' }]);
    expect(err.isClientError).toBe(true);
    expect(getAccessToken()).toBe('tok');
  });

  it('falls back when the error has no contract body, and on network failures', async () => {
    stubApi({ '*': () => ({ status: 502, raw: '<html>bad gateway</html>' }) });
    const e1 = await api.managers.list().catch((e) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1).toMatchObject({ status: 502, code: 'http_502' });
    expect(e1.details).toEqual([]);

    stubApi({ '*': () => ({ status: 200, raw: '<!doctype html><html></html>' }) });
    await expect(api.managers.list()).rejects.toMatchObject({ status: 200, code: 'invalid_response' });

    stubApi({ '*': () => new TypeError('Failed to fetch') });
    const e2 = await api.managers.list().catch((e) => e);
    expect(e2).toBeInstanceOf(ApiError);
    expect(e2).toMatchObject({ status: 0, code: 'network' });
  });

  it('a 401 on a call that carried a token clears the session and goes to /', async () => {
    signIn('expired', 'manager');
    expect(localStorage.getItem('accessToken')).toBe('expired');
    stubApi({ '*': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'expired' } } }) });
    const err = await api.auth.profile().catch((e) => e);
    expect(err).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(getAccessToken()).toBeNull();
    expect(getRole()).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('asks for the profile with a token given, not the stored one; its 401 ends no session', async () => {
    const { calls } = stubApi({
      '*': () => ({
        body: { data: { _id: 'u1', login: 'bosh', role: 'admin', is_active: true } },
      }),
    });
    expect(await api.auth.profile('fresh.token')).toMatchObject({ role: 'admin' });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer fresh.token');

    signIn('stored', 'manager');
    stubApi({ '*': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'bad' } } }) });
    await expect(api.auth.profile('other.token')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBe('stored');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a 401 without a token (wrong password) does not redirect', async () => {
    stubApi({ '*': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'bad' } } }) });
    const err = await api.auth.login({ login: 'x', password: 'y' }).catch((e) => e);
    expect(err).toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a 403 keeps the session', async () => {
    signIn('tok', 'manager');
    stubApi({ '*': () => ({ status: 403, body: { error: { code: 'forbidden', message: 'no' } } }) });
    await expect(api.restaurants.deleteById('r1')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(getAccessToken()).toBe('tok');
    expect(assign).not.toHaveBeenCalled();
  });

  it('takes the base URL from the runtime config at call time', async () => {
    const { calls } = stubApi({ '*': () => ({ body: { data: [] } }) });
    setRuntimeConfig({ apiBase: 'https://api.example.test/v1/' });
    await api.integration.list();
    setRuntimeConfig({ apiBase: '/other' });
    await api.integration.list();
    expect(calls.map((c) => c.url)).toEqual([
      'https://api.example.test/v1/admin/integration/restaurants',
      'http://localhost:3000/other/admin/integration/restaurants',
    ]);
  });

  it('mine() accepts a list, an object or null', async () => {
    let answer: unknown = { data: [restaurant] };
    stubApi({ '*': () => ({ body: answer }) });
    expect((await api.restaurants.mine())?._id).toBe('r1');
    answer = { data: restaurant };
    expect((await api.restaurants.mine())?._id).toBe('r1');
    answer = { data: null };
    expect(await api.restaurants.mine()).toBeNull();
    answer = { data: [] };
    expect(await api.restaurants.mine()).toBeNull();
  });

  it('builds the paths, methods and queries of the contract', async () => {
    signIn('tok', 'admin');
    const { calls } = stubApi({
      '*': (req) => {
        if (req.url.endsWith('/manager/category?restaurant_id=r1')) return { body: { data: [], count: 0 } };
        if (req.url.includes('/manager/products') && req.method === 'GET')
          return { body: { data: [], count: 0 } };
        return { body: { data: { _id: 'x' } } };
      },
    });
    await api.restaurants.update('ray hon', { name: 'New' });
    await api.restaurants.deleteBySlug('rayhon');
    await api.restaurants.deleteById('r1');
    await api.integration.sync('r1');
    expect(await api.categories.managerList('r1')).toEqual({ items: [], count: 0 });
    await api.products.managerList();
    await api.categories.update('c1', { title: 'T' });
    await api.categories.remove('c1');
    await api.products.update('p1', { price: 5 });
    await api.options.listByProduct('p1');
    await api.optionRows.listByOption('o1');
    await api.optionRows.remove('w1');
    await api.stopList.apply({ product_ids: ['p1'], action: 'stop' });
    expect(calls.map((c) => `${c.method} ${c.url.replace('http://localhost:3000/api', '')}`)).toEqual([
      'PUT /manager/restaurants/update?slug=ray+hon',
      'DELETE /admin/restaurants/delete?slug=rayhon',
      'DELETE /manager/restaurants/delete?restaurantId=r1',
      'PUT /admin/integration/restaurants/r1/sync',
      'GET /manager/category?restaurant_id=r1',
      'GET /manager/products',
      'PUT /manager/category/update/c1',
      'DELETE /manager/category/delete/c1',
      'PUT /manager/products/p1',
      'GET /manager/product-option/product/p1',
      'GET /manager/product-option-row/o1',
      'DELETE /manager/product-option-row/w1',
      'POST /manager/stop-list',
    ]);
    expect(calls[0]?.body).toEqual({ name: 'New' });
    expect(calls.at(-1)?.body).toEqual({ product_ids: ['p1'], action: 'stop' });
  });

  it('uploads as multipart with the contract fields', async () => {
    signIn('tok', 'manager');
    const { calls } = stubApi({
      '*': (req) =>
        (req.body as FormData).has('product_id')
          ? { body: { data: [{ file: '/uploads/a.png' }] } }
          : { body: { url: '/uploads/logo.png' } },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    expect(await api.upload.restaurantImage('r1', 'logotype', [file])).toEqual({ url: '/uploads/logo.png' });
    expect(await api.upload.productImages('p1', [file, file])).toEqual([{ file: '/uploads/a.png' }]);
    const first = calls[0]?.body as FormData;
    expect(calls[0]?.url).toBe('http://localhost:3000/api/manager/upload');
    expect(first.get('restaurant_id')).toBe('r1');
    expect(first.get('type')).toBe('logotype');
    expect(first.getAll('files')).toHaveLength(1);
    expect((calls[1]!.body as FormData).getAll('files')).toHaveLength(2);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });
});

describe('changedFields', () => {
  const initial = { name: 'A', slug: 'a', price: 10, is_active: true, bot_token: null as string | null };

  it('returns an empty object when nothing changed', () => {
    const same = changedFields(initial, { ...initial });
    expect(same).toEqual({});
    expect(hasChanges(same)).toBe(false);
  });

  it('keeps only the changed fields', () => {
    expect(changedFields(initial, { ...initial, name: 'B', is_active: false })).toEqual({
      name: 'B',
      is_active: false,
    });
    expect(changedFields(initial, { ...initial, price: 12 })).toEqual({ price: 12 });
  });

  it('treats null, undefined and blank as the same empty value; trims strings', () => {
    expect(changedFields(initial, { ...initial, bot_token: '' })).toEqual({});
    expect(changedFields(initial, { ...initial, name: ' A ' })).toEqual({});
    expect(changedFields(initial, { ...initial, bot_token: 'x' })).toEqual({ bot_token: 'x' });
    expect(changedFields({ ...initial, bot_token: 'x' }, { ...initial, bot_token: '' })).toEqual({
      bot_token: '',
    });
  });

  it('compares arrays and objects by value', () => {
    const a = { images: [{ file: '1' }] };
    expect(changedFields(a, { images: [{ file: '1' }] })).toEqual({});
    expect(changedFields(a, { images: [{ file: '1' }, { file: '2' }] })).toEqual({
      images: [{ file: '1' }, { file: '2' }],
    });
  });
});

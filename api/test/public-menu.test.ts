/**
 * The guests' menu page `GET /m/:slug`: content and order, escaping of untrusted text, what is
 * hidden (inactive restaurant, category, product; secrets), the Uzbek 404, old slugs (301, one
 * hop, never another restaurant's), compression, ETag, the answer cache cleared by writes, and
 * the page size of a 40-category / 1,000-product menu.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { t } from '@qrmenu/shared/texts';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBigMenu } from '../bench/big-menu';
import { MENU_CSS } from '../src/public-menu/styles';
import { uniqueSlug } from '../src/services/restaurants/slugs';
import {
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
  snapshot,
  type TestCtx,
} from './helpers';
import { fileWorld } from './world';

const text = t.guestMenu;

const { ctx, world: admin } = fileWorld({}, adminUser);

const page = (url: string, headers: Record<string, string> = {}, app = ctx.app) =>
  app.inject({ method: 'GET', url, headers });

const dom = (html: string) => new JSDOM(html).window.document;
const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent?.trim());

/** A restaurant through the admin API (so slug rules apply), with a manager. */
async function restaurantWithManager(slug: string) {
  const manager = await createUser(ctx, 'manager');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/restaurants/create',
    headers: bearer(admin.token),
    payload: {
      name: `Restoran ${slug}`,
      slug,
      address: 'Toshkent, Navoiy 5',
      phone_number: '+998 90 123 45 67',
      work_time: '10:00-22:00',
      manager_id: manager.id,
      is_active: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data._id as string, slug, manager };
}

/** Fixtures made in one millisecond tie on created_at: make the creation order explicit. */
async function inCreationOrder(
  table: 'categories' | 'products' | 'option_rows',
  ids: (string | undefined)[],
  db = ctx.db,
): Promise<void> {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (const [i, id] of ids.entries()) {
    await db
      .updateTable(table)
      .set({ created_at: new Date(start + i).toISOString() })
      .where('id', '=', id!)
      .execute();
  }
}

const rename = (from: string, to: string, token: string) =>
  apiCall(ctx, 'PUT', `/manager/restaurants/update?slug=${from}`, token, { slug: to });

describe('GET /m/:slug', () => {
  let restaurant: { id: string; slug: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const manager = await createUser(ctx, 'manager', 'menu-manager-login');
    restaurant = await createRestaurant(ctx, { manager_id: manager.id, name: 'Rayhon & Co', slug: 'rayhon' });
    await ctx.db
      .updateTable('restaurants')
      .set({
        image: '/uploads/restaurants/cover.jpg',
        logotype: '/uploads/restaurants/logo.png',
        phone_number: '+998 71 234-56-78',
      })
      .where('id', '=', restaurant.id)
      .execute();
    // created in this order: the page lists them in the catalog's order
    ids.hot = (await createCategory(ctx, restaurant.id, { title: 'Issiq taomlar' })).id;
    ids.hidden = (
      await createCategory(ctx, restaurant.id, { title: 'Yashirin kategoriya', is_active: false })
    ).id;
    ids.drinks = (await createCategory(ctx, restaurant.id, { title: 'Ichimliklar' })).id;
    ids.allStopped = (await createCategory(ctx, restaurant.id, { title: "Bo'sh qolgan" })).id;
    ids.empty = (await createCategory(ctx, restaurant.id, { title: 'Mahsulotsiz' })).id;

    ids.osh = (
      await createProduct(ctx, restaurant.id, ids.hot, {
        name: 'Toshkent oshi',
        description: "Guruch, mol go'shti va sabzi",
        price: 45000,
        images: [{ file: '/uploads/products/osh.jpg' }, { file: '/uploads/products/osh-2.jpg' }],
      })
    ).id;
    const portion = (await createOption(ctx, ids.osh, 'Porsiya')).id;
    const half = (await createOptionRow(ctx, portion, { name: 'Yarim', price: 0 })).id;
    const full = (await createOptionRow(ctx, portion, { name: "To'liq", price: 20000.9 })).id;
    await inCreationOrder('option_rows', [half, full]);
    await createOption(ctx, ids.osh, 'Bo`sh opsiya'); // no rows: not shown
    ids.stopped = (await createProduct(ctx, restaurant.id, ids.hot, { name: 'Norin', is_active: false })).id;
    ids.evil = (
      await createProduct(ctx, restaurant.id, ids.hot, {
        name: '<script>alert(1)</script>',
        description: '<img src=x onerror=alert(2)> "quoted" & more',
        price: 1234567,
        images: [{ file: 'javascript:alert(3)' }],
      })
    ).id;
    ids.inHidden = (await createProduct(ctx, restaurant.id, ids.hidden, { name: 'Yashirin taom' })).id;
    ids.tea = (await createProduct(ctx, restaurant.id, ids.drinks, { name: "Ko'k choy", price: 8000 })).id;
    await createProduct(ctx, restaurant.id, ids.allStopped, { name: 'Muzqaymoq', is_active: false });
    await inCreationOrder('categories', [ids.hot, ids.hidden, ids.drinks, ids.allStopped, ids.empty]);
    await inCreationOrder('products', [ids.osh, ids.stopped, ids.evil, ids.inHidden, ids.tea]);
  });

  it('is a complete Uzbek HTML page: restaurant, then active categories and products in catalog order', async () => {
    const res = await page('/m/rayhon');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // a document: the page's own policy, framed by Telegram Web only (the bot's Mini App)
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(res.headers['content-security-policy'])).toMatch(
      /frame-ancestors https:\/\/web\.telegram\.org(;|$)/,
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body.startsWith('<!DOCTYPE html>')).toBe(true);
    const doc = dom(res.body);
    expect(doc.documentElement.lang).toBe('uz');
    expect(doc.title).toBe(text.title('Rayhon & Co'));
    expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toBe(
      'width=device-width, initial-scale=1',
    );
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      text.description('Rayhon & Co', 'Toshkent, Amir Temur 1'),
    );
    expect(texts(doc.querySelectorAll('h1'))).toEqual(['Rayhon & Co']);

    // name, logo, picture, address, phone (tel: link), working hours
    const facts = texts(doc.querySelectorAll('.facts dt, .facts dd'));
    expect(facts).toEqual([
      text.address,
      'Toshkent, Amir Temur 1',
      text.phone,
      '+998 71 234-56-78',
      text.workTime,
      '09:00-23:00',
    ]);
    expect(doc.querySelector('a.tel')?.getAttribute('href')).toBe('tel:+998712345678');
    const cover = doc.querySelector('img.cover')!;
    expect(cover.getAttribute('src')).toBe('/uploads/restaurants/cover.jpg');
    expect(cover.getAttribute('alt')).toBe(text.pictureAlt('Rayhon & Co'));
    expect(doc.querySelector('img.logo')?.getAttribute('src')).toBe('/uploads/restaurants/logo.png');

    // categories with an active product, in order; the sticky nav links to each
    expect(texts(doc.querySelectorAll('main h2'))).toEqual(['Issiq taomlar', 'Ichimliklar']);
    const links = [...doc.querySelectorAll('nav:not(.langs) a')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      [`#cat-${ids.hot}`, 'Issiq taomlar'],
      [`#cat-${ids.drinks}`, 'Ichimliklar'],
    ]);
    for (const a of links)
      expect(doc.getElementById(a.getAttribute('href')!.slice(1))?.tagName).toBe('SECTION');
    expect(doc.querySelector('nav:not(.langs)')?.getAttribute('aria-label')).toBe(text.categoriesNav);

    // products in order, with price in so'm (thousands separated), first picture, options
    const hot = doc.getElementById(`cat-${ids.hot}`)!;
    expect(texts(hot.querySelectorAll('h3'))).toEqual(['Toshkent oshi', '<script>alert(1)</script>']);
    const osh = hot.querySelector('li')!;
    expect(osh.querySelector('.desc')?.textContent).toBe("Guruch, mol go'shti va sabzi");
    expect(osh.querySelector('.price')?.textContent).toBe("45 000 so'm");
    const img = osh.querySelector('img')!;
    expect(['src', 'width', 'height', 'loading', 'alt'].map((a) => [a, img.getAttribute(a)])).toEqual([
      ['src', '/uploads/products/osh.jpg'],
      ['width', '88'],
      ['height', '88'],
      ['loading', 'lazy'],
      ['alt', ''], // the name is beside it
    ]);
    expect(texts(osh.querySelectorAll('dl.opt dt'))).toEqual(['Porsiya']); // the option without rows is left out
    expect(texts(osh.querySelectorAll('dl.opt dd'))).toEqual(['Yarim', "To'liq +20 000 so'm"]);
    const tea = doc.getElementById(`cat-${ids.drinks}`)!;
    expect(texts(tea.querySelectorAll('h3'))).toEqual(["Ko'k choy"]);
    expect(tea.querySelector('img')).toBeNull(); // no picture, no empty box
    expect(tea.querySelector('.price')?.textContent).toBe("8 000 so'm");

    // the cover (the first picture on screen) comes first and at once, every other one is lazy;
    // all have their size set (no layout jump)
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(cover.hasAttribute('loading')).toBe(false);
    for (const image of doc.querySelectorAll('img:not(.cover)')) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.hasAttribute('fetchpriority')).toBe(false);
    }
    for (const image of doc.querySelectorAll('img')) {
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
      expect(image.hasAttribute('alt')).toBe(true);
    }
  });

  it('shows untrusted text as text: no script, no markup, no unsafe picture address', async () => {
    const res = await page('/m/rayhon');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/<img src=x/i);
    expect(res.body).not.toContain('javascript:');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const doc = dom(res.body);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    const evil = [...doc.querySelectorAll('main li')].find((li) =>
      li.querySelector('h3')?.textContent?.includes('alert'),
    )!;
    expect(evil.querySelector('.desc')?.textContent).toBe('<img src=x onerror=alert(2)> "quoted" & more');
    expect(evil.querySelector('img')).toBeNull();
    expect(evil.querySelector('.price')?.textContent).toBe("1 234 567 so'm");
    // nothing needs scripts or inline style attributes: the one <style> is ours, allowed by its
    // hash (content-security-policy.test.ts)
    expect(doc.querySelectorAll('[style]')).toHaveLength(0);
    expect(
      [...doc.querySelectorAll('*')].flatMap((el) =>
        el.getAttributeNames().filter((a) => a.startsWith('on')),
      ),
    ).toEqual([]);
    const styles = doc.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent).toBe(MENU_CSS);
  });

  it('hides inactive categories and products, stop-listed ones, and every secret', async () => {
    const res = await page('/m/rayhon');
    for (const hidden of [
      'Yashirin kategoriya',
      'Yashirin taom',
      'Norin',
      "Bo'sh qolgan",
      'Muzqaymoq',
      'Mahsulotsiz',
    ]) {
      expect(res.body).not.toContain(hidden);
    }
    for (const id of [ids.hidden, ids.allStopped, ids.empty]) expect(res.body).not.toContain(`cat-${id}`);
    const manager = await ctx.db
      .selectFrom('restaurants')
      .innerJoin('users', 'users.id', 'restaurants.manager_id')
      .select(['users.id', 'users.login', 'restaurants.bot_token', 'restaurants.channel_id'])
      .where('restaurants.id', '=', restaurant.id)
      .executeTakeFirstOrThrow();
    expect(manager.bot_token).toBe('bot-secret');
    for (const secret of [
      manager.bot_token!,
      manager.channel_id!,
      manager.id,
      manager.login,
      restaurant.id,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('a stop-list write shows at once, and taking the product back shows it again', async () => {
    const stop = await apiCall(ctx, 'POST', '/manager/stop-list', admin.token, {
      product_ids: [ids.tea],
      action: 'stop',
    });
    expect(stop.statusCode).toBe(200);
    const stopped = dom((await page('/m/rayhon')).body);
    expect(texts(stopped.querySelectorAll('main h2'))).toEqual(['Issiq taomlar']); // its category emptied
    expect(stopped.body.textContent).not.toContain("Ko'k choy");
    const resume = await apiCall(ctx, 'POST', '/manager/stop-list', admin.token, {
      product_ids: [ids.tea],
      action: 'resume',
    });
    expect(resume.statusCode).toBe(200);
    expect(texts(dom((await page('/m/rayhon')).body).querySelectorAll('main h2'))).toEqual([
      'Issiq taomlar',
      'Ichimliklar',
    ]);
  });

  it('compresses for the client (br, else gzip), with Vary, an ETag and revalidation', async () => {
    const plain = await page('/m/rayhon');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const br = await page('/m/rayhon', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(br.headers.etag).toBe(etag);

    const gzip = await page('/m/rayhon', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(
      (await page('/m/rayhon', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();

    const again = await page('/m/rayhon', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await page('/m/rayhon', { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    const head = await ctx.app.inject({ method: 'HEAD', url: '/m/rayhon' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe('a menu that cannot be shown', () => {
  const expectNotFoundPage = (res: Awaited<ReturnType<typeof page>>) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = dom(res.body);
    expect(doc.documentElement.lang).toBe('uz');
    expect(doc.title).toBe(text.notFoundTitle);
    expect(texts(doc.querySelectorAll('h1'))).toEqual([text.notFoundTitle]);
    expect(doc.body.textContent).toContain(text.notFoundText);
  };

  it('an unknown slug, a malformed one and any other /m path answer the Uzbek 404 page', async () => {
    expectNotFoundPage(await page('/m/hech-qanday-restoran'));
    expectNotFoundPage(await page('/m/Katta-Harflar'));
    expectNotFoundPage(await page('/m/%3Cscript%3E'));
    expectNotFoundPage(await page('/m/a/b'));
    expectNotFoundPage(await page('/m/'));
    expectNotFoundPage(await page('/m'));
    const br = await page('/m/yoq', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(text.notFoundText);
  });

  it('an inactive restaurant answers the 404 page, with nothing of its menu', async () => {
    const closed = await createRestaurant(ctx, { slug: 'yopiq', name: 'Yopiq restoran', is_active: false });
    const c = await createCategory(ctx, closed.id, { title: 'Yopiq kategoriya' });
    await createProduct(ctx, closed.id, c.id, { name: 'Yopiq taom' });
    const res = await page('/m/yopiq');
    expectNotFoundPage(res);
    expect(res.body).not.toMatch(/Yopiq/);
  });

  it('a restaurant with no active product shows its card and says the menu is empty', async () => {
    await createRestaurant(ctx, { slug: 'yangi-ochilgan', name: 'Yangi' });
    const doc = dom((await page('/m/yangi-ochilgan')).body);
    expect(texts(doc.querySelectorAll('h1'))).toEqual(['Yangi']);
    expect(doc.querySelector('nav:not(.langs)')).toBeNull();
    expect(doc.querySelector('main')?.textContent).toBe(text.emptyMenu);
  });

  it('/m/<slug>/ drops the slash', async () => {
    const res = await page('/m/yangi-ochilgan/?stol=4');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/m/yangi-ochilgan?stol=4');
  });
});

describe('old slugs', () => {
  it('redirect permanently to the current slug in one hop, query kept; chains resolve', async () => {
    const r = await restaurantWithManager('eski-nom');
    expect((await rename('eski-nom', 'orta-nom', r.manager.token)).statusCode).toBe(200);
    let res = await page('/m/eski-nom?stol=7');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/m/orta-nom?stol=7');
    expect(res.headers['cache-control']).toBe('no-cache');

    expect((await rename('orta-nom', 'yangi-nom', r.manager.token)).statusCode).toBe(200);
    for (const old of ['eski-nom', 'orta-nom']) {
      res = await page(`/m/${old}`);
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/m/yangi-nom'); // one hop, never through orta-nom
    }
    expect((await page('/m/yangi-nom')).statusCode).toBe(200);

    // taking back an own old slug: it is the page again, the others now lead to it
    expect((await rename('yangi-nom', 'eski-nom', r.manager.token)).statusCode).toBe(200);
    expect((await page('/m/eski-nom')).statusCode).toBe(200);
    for (const old of ['orta-nom', 'yangi-nom'])
      expect((await page(`/m/${old}`)).headers.location).toBe('/m/eski-nom');
    const history = await ctx.db
      .selectFrom('restaurant_slug_history')
      .select('slug')
      .where('restaurant_id', '=', r.id)
      .orderBy('slug')
      .execute();
    expect(history.map((h) => h.slug)).toEqual(['orta-nom', 'yangi-nom']);
  });

  it('are never taken by another restaurant (409, nothing changes): a printed code keeps its restaurant', async () => {
    const owner = await restaurantWithManager('birinchi');
    expect((await rename('birinchi', 'birinchi-yangi', owner.manager.token)).statusCode).toBe(200);
    const other = await restaurantWithManager('ikkinchi');

    let before = await snapshot(ctx.db);
    expectError(await rename('ikkinchi', 'birinchi', other.manager.token), 409, 'conflict');
    expectError(await rename('ikkinchi', 'birinchi', admin.token), 409, 'conflict');
    expect(await snapshot(ctx.db)).toBe(before);

    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/restaurants/create',
      headers: bearer(admin.token),
      payload: {
        name: 'X',
        slug: 'birinchi',
        address: 'A',
        phone_number: '1',
        work_time: '9-18',
        is_active: true,
      },
    });
    expectError(create, 409, 'conflict');
    expect(await snapshot(ctx.db)).toBe(before);
    // an integration import picks a free slug around old ones
    expect(await uniqueSlug(ctx.app.repos, 'Birinchi')).toBe('birinchi-2');

    // a current slug is refused as before
    before = await snapshot(ctx.db);
    expectError(await rename('ikkinchi', 'birinchi-yangi', other.manager.token), 409, 'conflict');
    expect(await snapshot(ctx.db)).toBe(before);
    expect((await page('/m/birinchi')).headers.location).toBe('/m/birinchi-yangi');
  });

  it('of an inactive restaurant answer 404; a deleted restaurant frees its old slugs', async () => {
    const r = await restaurantWithManager('uchinchi');
    expect((await rename('uchinchi', 'uchinchi-yangi', admin.token)).statusCode).toBe(200);
    const off = await apiCall(ctx, 'PUT', '/manager/restaurants/update?slug=uchinchi-yangi', admin.token, {
      is_active: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await page('/m/uchinchi')).statusCode).toBe(404);
    expect((await page('/m/uchinchi-yangi')).statusCode).toBe(404);

    const del = await apiCall(ctx, 'DELETE', `/manager/restaurants/delete?restaurantId=${r.id}`, admin.token);
    expect(del.statusCode).toBe(200);
    expect(
      await ctx.db
        .selectFrom('restaurant_slug_history')
        .select('slug')
        .where('restaurant_id', '=', r.id)
        .execute(),
    ).toEqual([]);
    await restaurantWithManager('uchinchi');
    expect((await page('/m/uchinchi')).statusCode).toBe(200);
  });
});

describe('PUBLIC_MENU_URL', () => {
  it('must be an absolute http(s) address: a wrong one stops the start', async () => {
    await expect(createTestApp({ publicMenuUrl: 'menu.example.uz' })).rejects.toThrow(/PUBLIC_MENU_URL/);
    await expect(createTestApp({ publicMenuUrl: 'ftp://menu.example.uz' })).rejects.toThrow(
      /PUBLIC_MENU_URL/,
    );
  });
});

describe('with the answer cache on', () => {
  let cached: TestCtx;
  beforeAll(async () => {
    cached = await createTestApp({ answerCacheTtlMs: 60_000 }); // long enough that only a clear can refresh it
  });
  afterAll(async () => {
    await cached?.close();
  });

  it('serves the page from the cache; catalog, restaurant and stop-list writes show at once', async () => {
    const manager = await createUser(cached, 'manager');
    const r = await createRestaurant(cached, { manager_id: manager.id, slug: 'keshli' });
    const c = await createCategory(cached, r.id, { title: 'Taomlar' });
    const p = await createProduct(cached, r.id, c.id, { name: 'Manti', price: 35000 });
    const names = async () =>
      texts(
        dom((await page('/m/keshli', { 'accept-encoding': 'identity' }, cached.app)).body).querySelectorAll(
          'h3',
        ),
      );
    expect(await names()).toEqual(['Manti']);
    const br = await page('/m/keshli', { 'accept-encoding': 'br' }, cached.app);
    expect(br.headers['content-encoding']).toBe('br');

    const later = await createProduct(cached, r.id, c.id, { name: 'Somsa' }); // behind the API's back
    await inCreationOrder('products', [p.id, later.id], cached.db);
    expect(await names()).toEqual(['Manti']);

    const as = bearer(manager.token);
    const put = await cached.app.inject({
      method: 'PUT',
      url: `/api/manager/products/${p.id}`,
      headers: as,
      payload: { name: 'Chuchvara' },
    });
    expect(put.statusCode).toBe(200);
    expect(await names()).toEqual(['Chuchvara', 'Somsa']);
    // the compressed form follows the same page
    const brAfter = await page('/m/keshli', { 'accept-encoding': 'br' }, cached.app);
    expect(brotliDecompressSync(brAfter.rawPayload).toString()).toContain('Chuchvara');

    const stop = await cached.app.inject({
      method: 'POST',
      url: '/api/manager/stop-list',
      headers: as,
      payload: { product_ids: [p.id], action: 'stop' },
    });
    expect(stop.statusCode).toBe(200);
    expect(await names()).toEqual(['Somsa']);

    const renamed = await cached.app.inject({
      method: 'PUT',
      url: '/api/manager/restaurants/update?slug=keshli',
      headers: as,
      payload: { name: 'Yangi nom', slug: 'keshli-yangi' },
    });
    expect(renamed.statusCode).toBe(200);
    const old = await page('/m/keshli', {}, cached.app);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/m/keshli-yangi');
    const now = dom((await page('/m/keshli-yangi', {}, cached.app)).body);
    expect(now.querySelector('h1')?.textContent).toBe('Yangi nom');

    // a 404 is not kept: a restaurant that appears later shows at once
    expect((await page('/m/keyinroq', {}, cached.app)).statusCode).toBe(404);
    await createRestaurant(cached, { slug: 'keyinroq' });
    expect((await page('/m/keyinroq', {}, cached.app)).statusCode).toBe(200);
  });
});

describe('a 40-category, 1,000-product menu', () => {
  it('is complete on the page; compressed it stays small', async () => {
    const r = await createRestaurant(ctx, { slug: 'katta-menyu' });
    const rows = await insertBigMenu(ctx.app, r.id);
    const res = await page('/m/katta-menyu', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    const doc = dom(brotliDecompressSync(res.rawPayload).toString());
    expect(doc.querySelectorAll('main section')).toHaveLength(40);
    expect(doc.querySelectorAll('main h3')).toHaveLength(1000);
    expect(doc.querySelectorAll('dl.opt')).toHaveLength(2000);
    expect(texts(doc.querySelectorAll('main h2'))).toEqual(rows.categories.map((c) => c.title));
    // 1,000 unique pictures, names, descriptions and option rows: ~56 KiB in brotli (bench prints
    // it); a bound here catches markup that grows per product
    expect(res.rawPayload.length).toBeLessThan(64 * 1024);
  });
});

describe('processed pictures', () => {
  const cover = `/uploads/${'c'.repeat(32)}.jpg`;
  const dish = `/uploads/${'d'.repeat(32)}.jpg`;

  it('are <picture>s: AVIF, then WebP, then the JPEG, every width, with sizes for their box', async () => {
    const manager = await createUser(ctx, 'manager', 'pictures-manager-login');
    const r = await createRestaurant(ctx, { manager_id: manager.id, slug: 'rasmli' });
    await ctx.db.updateTable('restaurants').set({ image: cover }).where('id', '=', r.id).execute();
    const cat = await createCategory(ctx, r.id, { title: 'Taomlar' });
    await createProduct(ctx, r.id, cat.id, { name: 'Manti', images: [{ file: dish }] });
    const doc = dom((await page('/m/rasmli')).body);

    const coverPicture = doc.querySelector('img.cover')!.parentElement!;
    expect(coverPicture.tagName).toBe('PICTURE');
    const sources = [...coverPicture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [160, 240, 480, 960].map((w) => `/uploads/${'c'.repeat(32)}-${w}.avif ${w}w`).join(', '),
    );
    expect(sources[0]!.getAttribute('sizes')).toBe('(min-width: 720px) 720px, 100vw');
    const coverImg = doc.querySelector('img.cover')!;
    expect(coverImg.getAttribute('src')).toBe(cover);
    expect(coverImg.getAttribute('srcset')).toContain(`${cover} 960w`);
    expect(coverImg.getAttribute('fetchpriority')).toBe('high');

    const thumb = doc.querySelector('.items img')!;
    expect(thumb.parentElement!.tagName).toBe('PICTURE');
    expect(thumb.getAttribute('sizes')).toBe('88px');
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect([thumb.getAttribute('width'), thumb.getAttribute('height')]).toEqual(['88', '88']);
    expect(thumb.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toContain(
      `/uploads/${'d'.repeat(32)}-240.avif 240w`,
    );
  });

  it('without a cover or a logo, the first product picture is the one fetched first', async () => {
    const manager = await createUser(ctx, 'manager', 'pictures-manager-2');
    const r = await createRestaurant(ctx, { manager_id: manager.id, slug: 'rasmsiz-muqova' });
    const cat = await createCategory(ctx, r.id, { title: 'Taomlar' });
    const first = await createProduct(ctx, r.id, cat.id, { name: 'Birinchi', images: [{ file: dish }] });
    const second = await createProduct(ctx, r.id, cat.id, { name: 'Ikkinchi', images: [{ file: dish }] });
    await inCreationOrder('products', [first.id, second.id]);
    const doc = dom((await page('/m/rasmsiz-muqova')).body);
    const imgs = [...doc.querySelectorAll('.items img')];
    expect(imgs.map((i) => [i.getAttribute('fetchpriority'), i.getAttribute('loading')])).toEqual([
      ['high', null],
      [null, 'lazy'],
    ]);
  });
});

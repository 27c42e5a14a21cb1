/**
 * The guests' page in Uzbek, Russian and English: the language from `?lang=`, else
 * `Accept-Language`, else Uzbek; names per language with the Uzbek fallback per field (marked
 * `lang="uz"`), the page's words and prices per language, the switch and `hreflang`, one cached
 * page per language that every write clears, and the 404 page in the guest's language.
 */
import { brotliDecompressSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, bearer, createTestApp, createUser, type TestCtx } from './helpers';

let ctx: TestCtx;
let cached: TestCtx;

const dom = (html: string) => new JSDOM(html).window.document;
const texts = (nodes: Iterable<Element>) => [...nodes].map((n) => n.textContent?.trim());

/** A restaurant with a category, two products (one with an option) in three languages, partly. */
async function menuIn(c: TestCtx, slug: string) {
  const admin = await adminUser(c);
  const manager = await createUser(c, 'manager');
  const as = bearer(manager.token);
  const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await c.app.inject({ method, url: `/api${url}`, headers: as, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  const r = await c.app.inject({
    method: 'POST',
    url: '/api/admin/restaurants/create',
    headers: bearer(admin.token),
    payload: {
      name: 'Rayhon',
      slug,
      address: 'Toshkent, Navoiy 5',
      phone_number: '+998 90 123 45 67',
      work_time: '10:00-22:00',
      manager_id: manager.id,
      translations: { ru: { work_time: 'с 10 до 22' } },
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  const restaurantId = r.json().data._id as string;
  const category = await api('POST', '/manager/category/create', {
    restaurant_id: restaurantId,
    title: 'Issiq taomlar',
    translations: { ru: { title: 'Горячие блюда' } },
  });
  const osh = await api('POST', '/manager/products', {
    name: 'Osh',
    description: 'Toshkent oshi',
    category_id: category._id,
    price: 45000,
    translations: { ru: { name: 'Плов' }, en: { name: 'Pilaf', description: 'Tashkent pilaf' } },
  });
  await api('POST', '/manager/products', { name: 'Somsa', category_id: category._id, price: 1234567 });
  const option = await api('POST', '/manager/product-option', {
    product_id: osh.id,
    name: 'Hajmi',
    translations: { en: { name: 'Size' } },
  });
  await api('POST', '/manager/product-option-row', {
    product_option_id: option._id,
    name: 'Katta',
    price: 5000,
    translations: { ru: { name: 'Большой' } },
  });
  return { as, oshId: osh.id as string };
}

const get = (c: TestCtx, url: string, headers: Record<string, string> = {}) =>
  c.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

beforeAll(async () => {
  ctx = await createTestApp();
  await menuIn(ctx, 'tillar');
  cached = await createTestApp({ answerCacheTtlMs: 60_000 }); // only a write's clear can refresh it
});
afterAll(async () => {
  await ctx?.close();
  await cached?.close();
});

describe("the guest's language", () => {
  it('is Uzbek by default: the page as before, with the switch', async () => {
    const res = await get(ctx, '/m/tillar');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('uz');
    expect(res.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const doc = dom(res.body);
    expect(doc.documentElement.lang).toBe('uz');
    expect(texts(doc.querySelectorAll('h3'))).toEqual(['Osh', 'Somsa']);
    expect(doc.querySelector('.price')?.textContent).toBe("45 000 so'm");
    expect(doc.querySelectorAll('main [lang]')).toHaveLength(0);
  });

  it('follows Accept-Language: Russian names, Uzbek (lang="uz") where a translation is missing', async () => {
    const res = await get(ctx, '/m/tillar', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(res.headers['content-language']).toBe('ru');
    const doc = dom(res.body);
    expect(doc.documentElement.lang).toBe('ru');
    expect(doc.title).toBe('Rayhon — Меню');
    expect(texts(doc.querySelectorAll('main h2'))).toEqual(['Горячие блюда']);
    expect(texts(doc.querySelectorAll('main h3'))).toEqual(['Плов', 'Somsa']);
    const [plov, somsa] = [...doc.querySelectorAll('main h3')];
    expect(plov?.getAttribute('lang')).toBeNull();
    expect(somsa?.getAttribute('lang')).toBe('uz');
    // the description has no Russian: Uzbek, marked
    const desc = doc.querySelector('.desc');
    expect(desc?.textContent).toBe('Toshkent oshi');
    expect(desc?.getAttribute('lang')).toBe('uz');
    expect(doc.querySelector('dl.opt dt')?.getAttribute('lang')).toBe('uz');
    expect(doc.querySelector('dl.opt dd')?.textContent).toBe('Большой +5 000 сум');
    // the page's own words and prices in Russian, the address in Uzbek (no Russian given)
    const facts = doc.querySelector('.facts');
    expect(texts(facts?.querySelectorAll('dt') ?? [])).toEqual(['Адрес', 'Телефон', 'Часы работы']);
    expect(texts(facts?.querySelectorAll('dd') ?? [])).toContain('с 10 до 22');
    expect(facts?.querySelector('dd')?.getAttribute('lang')).toBe('uz');
    expect(texts(doc.querySelectorAll('.price'))).toEqual(['45 000 сум', '1 234 567 сум']);
    expect(doc.querySelector('.opt b')?.textContent).toBe('+5 000 сум');
  });

  it('?lang=en wins over the browser; English words, prices and fallbacks', async () => {
    const doc = dom((await get(ctx, '/m/tillar?lang=en', { 'accept-language': 'ru' })).body);
    expect(doc.documentElement.lang).toBe('en');
    expect(texts(doc.querySelectorAll('main h3'))).toEqual(['Pilaf', 'Somsa']);
    expect(doc.querySelector('.desc')?.textContent).toBe('Tashkent pilaf');
    expect(texts(doc.querySelectorAll('.price'))).toEqual(['45,000 UZS', '1,234,567 UZS']);
    expect(doc.querySelector('main h2')?.getAttribute('lang')).toBe('uz');
    expect(texts(doc.querySelectorAll('.facts dt'))).toEqual(['Address', 'Phone', 'Opening hours']);
  });

  it('an unknown ?lang= is ignored; no header: Uzbek', async () => {
    expect(dom((await get(ctx, '/m/tillar?lang=de')).body).documentElement.lang).toBe('uz');
    expect(
      dom((await get(ctx, '/m/tillar?lang=de', { 'accept-language': 'en' })).body).documentElement.lang,
    ).toBe('en');
  });

  it("has a switch of plain links under each language's own name, and hreflang alternates", async () => {
    const doc = dom((await get(ctx, '/m/tillar?lang=ru')).body);
    const nav = doc.querySelector('nav.langs');
    expect(nav?.getAttribute('aria-label')).toBe('Язык');
    const links = [...(nav?.querySelectorAll('a') ?? [])].map((a) => [
      a.getAttribute('href'),
      a.textContent,
      a.getAttribute('lang'),
      a.getAttribute('aria-current'),
    ]);
    expect(links).toEqual([
      ['?lang=uz&switch=1', "O'zbekcha", 'uz', null],
      ['?lang=ru&switch=1', 'Русский', 'ru', 'page'],
      ['?lang=en&switch=1', 'English', 'en', null],
    ]);
    const alternates = [...doc.querySelectorAll('link[rel="alternate"]')].map((l) => [
      l.getAttribute('hreflang'),
      l.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['uz', '/m/tillar?lang=uz'],
      ['ru', '/m/tillar?lang=ru'],
      ['en', '/m/tillar?lang=en'],
      ['x-default', '/m/tillar'],
    ]);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
  });

  it('says "not found" in the guest\'s language', async () => {
    const ru = await get(ctx, '/m/yoq-restoran', { 'accept-language': 'ru' });
    expect(ru.statusCode).toBe(404);
    const doc = dom(ru.body);
    expect(doc.documentElement.lang).toBe('ru');
    expect(doc.querySelector('h1')?.textContent).toBe('Страница не найдена');
    const en = dom((await get(ctx, '/m?lang=en')).body);
    expect(en.querySelector('h1')?.textContent).toBe('Page not found');
    expect(dom((await get(ctx, '/m/yoq-restoran')).body).querySelector('h1')?.textContent).toBe(
      'Sahifa topilmadi',
    );
  });
});

describe('with the answer cache on', () => {
  it('keeps one page per language, each compressed on its own, and a write clears them all', async () => {
    const { as, oshId } = await menuIn(cached, 'keshli-tillar');
    const names = async (headers: Record<string, string>) =>
      texts(dom((await get(cached, '/m/keshli-tillar', headers)).body).querySelectorAll('main h3'));
    expect(await names({ 'accept-language': 'ru' })).toEqual(['Плов', 'Somsa']);
    expect(await names({ 'accept-language': 'en' })).toEqual(['Pilaf', 'Somsa']);
    expect(await names({})).toEqual(['Osh', 'Somsa']);

    const ru = await get(cached, '/m/keshli-tillar', { 'accept-language': 'ru', 'accept-encoding': 'br' });
    const en = await get(cached, '/m/keshli-tillar', { 'accept-language': 'en', 'accept-encoding': 'br' });
    expect(ru.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(ru.rawPayload).toString()).toContain('Плов');
    expect(brotliDecompressSync(en.rawPayload).toString()).toContain('Pilaf');
    expect(ru.headers.etag).not.toBe(en.headers.etag);

    const put = await cached.app.inject({
      method: 'PUT',
      url: `/api/manager/products/${oshId}`,
      headers: as,
      payload: { translations: { ru: { name: 'Плов по-ташкентски' }, en: { name: null } } },
    });
    expect(put.statusCode).toBe(200);
    expect(await names({ 'accept-language': 'ru' })).toEqual(['Плов по-ташкентски', 'Somsa']);
    expect(await names({ 'accept-language': 'en' })).toEqual(['Osh', 'Somsa']);
  });
});

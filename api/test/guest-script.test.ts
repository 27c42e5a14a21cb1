/**
 * The guests' script as built and served (docs/DELIVERY.md, "The guests' cart script"):
 * - the budget: each language's file, as the build writes it, is at most GUEST_SCRIPT_BUDGET
 *   bytes of brotli; it is named by its content's hash, its `.br` and `.gz` twins are the same
 *   code, it carries its own language's words and no framework;
 * - the server sends it from `/m/assets/<file>` precompressed by Accept-Encoding, JavaScript,
 *   cached a year (immutable); an unknown file is the guests' 404;
 * - a restaurant that takes orders gets the script of its page's language, deferred, last in the
 *   body, and the ids and prices the cart reads; one that does not, the page as it always was;
 *   a server without the build renders every page without a script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBigMenu } from '../bench/big-menu';
import { GUEST_SCRIPT_BUDGET } from '../src/public-menu/guest-script-build';
import { GUEST_WORDS } from '../src/public-menu/language';
import { guestScriptsBuilt } from './guest-script-support';
import { createCategory, createOption, createOptionRow, createProduct, createRestaurant } from './helpers';
import { fileApp, fileWorld } from './world';

const { ctx, started: built } = fileWorld(
  (scripts) => ({ guestScriptsDir: scripts.dir }),
  async () => ({}),
  guestScriptsBuilt('guest-script'),
);
/** A server without the build. */
const bare = fileApp();

describe("the guests' script as built", () => {
  it.each(['uz', 'ru', 'en'] as const)(
    'the %s file is within the budget, named by its hash, with the same code in its twins',
    (lang) => {
      const entry = built.manifest[lang];
      expect(entry.file).toMatch(new RegExp(`^cart\\.${lang}\\.[0-9a-f]{8}\\.js$`));
      const code = readFileSync(join(built.dir, entry.file));
      const br = readFileSync(join(built.dir, `${entry.file}.br`));
      const gz = readFileSync(join(built.dir, `${entry.file}.gz`));
      console.log(`guest script ${lang}: ${code.length} B, brotli ${br.length} B, gzip ${gz.length} B`);
      expect(br.length).toBeLessThanOrEqual(GUEST_SCRIPT_BUDGET);
      expect(brotliDecompressSync(br).equals(code)).toBe(true);
      expect(gunzipSync(gz).equals(code)).toBe(true);
      const text = code.toString();
      // its own words (JSON in the bundle), none of another language's
      expect(text).toContain(JSON.stringify(GUEST_WORDS[lang].cart.send));
      for (const other of (['uz', 'ru', 'en'] as const).filter((l) => l !== lang))
        expect(text).not.toContain(JSON.stringify(GUEST_WORDS[other].cart.send));
      // no framework, no schema library: plain DOM code
      expect(text).not.toMatch(/react|zod/i);
    },
  );
});

describe("the guests' script as served", () => {
  it('is sent precompressed, as JavaScript, kept a year', async () => {
    const file = built.manifest.uz.file;
    const code = readFileSync(join(built.dir, file));
    const br = await ctx.app.inject({
      method: 'GET',
      url: `/m/assets/${file}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).equals(code)).toBe(true);
    const gz = await ctx.app.inject({
      method: 'GET',
      url: `/m/assets/${file}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(code)).toBe(true);
    const plain = await ctx.app.inject({ method: 'GET', url: `/m/assets/${file}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(code)).toBe(true);
  });

  it('answers an unknown file with the guests 404 page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/m/assets/cart.uz.00000000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const none = await bare.app.inject({ method: 'GET', url: `/m/assets/${built.manifest.uz.file}` });
    expect(none.statusCode).toBe(404);
  });
});

describe('the menu page and the script', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const [key, app] of [
      ['ordering', ctx],
      ['closed', ctx],
      ['bare', bare],
    ] as const) {
      const restaurant = await createRestaurant(app, { slug: `script-${key}` });
      const category = await createCategory(app, restaurant.id, { title: 'Issiq taomlar' });
      const product = await createProduct(app, restaurant.id, category.id, {
        name: 'Toshkent oshi',
        price: 45000,
      });
      const option = await createOption(app, product.id, 'Porsiya');
      const free = await createOptionRow(app, option.id, { name: 'Yarim', price: 0 });
      const row = await createOptionRow(app, option.id, { name: "To'liq", price: 20000.5 });
      ids[`${key}.product`] = product.id;
      ids[`${key}.free`] = free.id;
      ids[`${key}.row`] = row.id;
      if (key !== 'closed')
        await app.db
          .updateTable('restaurants')
          .set({ takes_orders: 1 })
          .where('id', '=', restaurant.id)
          .execute();
    }
  });

  const page = async (url: string, app = ctx, headers: Record<string, string> = {}) => {
    const res = await app.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return new JSDOM(res.body).window.document;
  };

  it('a restaurant that takes orders: the script of the page language, deferred, last; ids and prices on the dishes', async () => {
    for (const lang of ['uz', 'ru', 'en'] as const) {
      const doc = await page(`/m/script-ordering?lang=${lang}`);
      const scripts = doc.querySelectorAll('script');
      expect(scripts).toHaveLength(1);
      const script = scripts[0]!;
      expect(script.getAttribute('src')).toBe(`/m/assets/${built.manifest[lang].file}`);
      expect(script.hasAttribute('defer')).toBe(true);
      expect(doc.body.lastElementChild).toBe(script);
    }
    const doc = await page('/m/script-ordering');
    const li = doc.querySelector('[data-product]')!;
    expect(li.getAttribute('data-product')).toBe(ids['ordering.product']);
    expect(li.getAttribute('data-price')).toBe('45000');
    // an option is its <dl>: nothing the order does not send is marked
    expect(li.querySelector('dl')?.attributes).toHaveLength(1);
    const [free, full] = [...li.querySelectorAll('dd')];
    expect(free?.getAttribute('data-row')).toBe(ids['ordering.free']);
    expect(free?.hasAttribute('data-price')).toBe(false);
    expect(full?.getAttribute('data-row')).toBe(ids['ordering.row']);
    // the exact extra (the server sums the same numbers), shown rounded down
    expect(full?.getAttribute('data-price')).toBe('20000.5');
    expect(full?.textContent).toBe("To'liq +20 000 so'm");
  });

  it('a restaurant that does not take orders: no script, no data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/m/script-closed' });
    expect(res.body).not.toMatch(/<script|data-(product|row|option|price)=/);
  });

  it('a server without the build: the page without the cart, whatever the switch', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/m/script-bare' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|data-product=/);
  });

  it("the page's policy lets this origin's script run and nothing inline", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/m/script-ordering' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("'unsafe-inline' ;");
    expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe');
    expect(csp).toContain("connect-src 'self'");
  });
});

describe("the cart's data on a 40-category, 1,000-product menu", () => {
  it('costs a few dozen bytes of brotli a product', async () => {
    const r = await createRestaurant(ctx, { slug: 'katta-buyurtma' });
    await insertBigMenu(ctx.app, r.id);
    const size = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/m/katta-buyurtma',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload.length;
    };
    const without = await size();
    await ctx.db.updateTable('restaurants').set({ takes_orders: 1 }).where('id', '=', r.id).execute();
    const withData = await size();
    const perProduct = (withData - without) / 1000;
    console.log(
      `1,000-product page, brotli: ${without} B without ordering, ${withData} B with (${perProduct.toFixed(1)} B a product: its id and price, 6 rows' ids and extras)`,
    );
    // ids do not compress: the rows' ids are most of it (a menu of dishes without options costs
    // ~13 B a product, bench:photos)
    expect(perProduct).toBeGreaterThan(0);
    expect(perProduct).toBeLessThan(60);
  });
});

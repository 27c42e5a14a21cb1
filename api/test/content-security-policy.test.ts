/**
 * Styles without 'unsafe-inline' (docs/DELIVERY.md, "Compression, caching, security headers"):
 * no policy the server sends allows inline style or script wholesale.
 * - the guests' pages (the menu with the cart, its 404, an order's page): each inline <style> is
 *   allowed by its sha256 in the header, no element carries a `style` attribute (hashes do not
 *   cover those), and the cart script's own <style> is allowed by its hash too;
 * - the shell's index.html: a fresh nonce per answer, the same in the header's style-src and in
 *   the page's `csp-nonce` meta (where emotion reads it), never revalidated as a cached copy;
 *   `/index.html` is the same page, never the raw file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/rspack/precompress';
import { CART_CSS } from '../src/public-menu/cart/styles';
import { GUEST_SCRIPT_BUILD_TIMEOUT, guestScriptsBuilt } from './guest-script-support';
import { basket, orderWorld, placeAs } from './orders-support';
import { fileWorld } from './world';

const INDEX_HTML =
  '<!doctype html><html lang="uz"><head><meta charset="utf-8" /><title>QR</title>' +
  '<script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';

/** A web root with the shell's index.html as its build writes it (precompressed twins beside). */
async function shellWebRoot() {
  const dir = mkdtempSync(join(tmpdir(), 'qrmenu-csp-web-'));
  const shell = join(dir, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), INDEX_HTML);
  await precompressDir(shell);
  return { dir, close: async () => rmSync(dir, { recursive: true, force: true }) };
}

const { ctx, world } = fileWorld(
  ({ scripts, web }) => ({ guestScriptsDir: scripts.dir, webRoot: web.dir }),
  (ctx) => orderWorld(ctx, 1),
  Object.assign(async () => ({ scripts: await guestScriptsBuilt('csp')(), web: await shellWebRoot() }), {
    timeout: GUEST_SCRIPT_BUILD_TIMEOUT,
  }),
);

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
type Answer = Awaited<ReturnType<typeof get>>;

const directive = (res: Answer, name: string) =>
  String(res.headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's inline styles, each allowed by its hash; no style attribute; nothing unsafe. */
function expectStylesByHash(res: Answer): Document {
  expect(res.statusCode).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  const styleSrc = directive(res, 'style-src');
  expect(styleSrc).not.toContain("'unsafe-");
  expect(directive(res, 'script-src')).not.toContain("'unsafe-");
  const doc = new JSDOM(res.body).window.document;
  const styles = [...doc.querySelectorAll('style')];
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) expect(styleSrc).toContain(sha256(style.textContent ?? ''));
  expect(doc.querySelectorAll('[style]')).toHaveLength(0);
  return doc;
}

describe("the guests' pages", () => {
  it("the menu with the cart, and at a table that takes orders with the cart's rules: its <style> by hash", async () => {
    const res = await get(`/m/${world.slug}`);
    expect(res.statusCode).toBe(200);
    const doc = expectStylesByHash(res);
    expect(doc.querySelector('script[src^="/m/assets/cart."]')).not.toBeNull();
    const atTable = await get(`/m/${world.slug}?p=${world.tables[0]!._id}`);
    expect(expectStylesByHash(atTable).querySelector('style')?.textContent).toContain(CART_CSS);
  });

  it("the guests' 404 and an order's page", async () => {
    expectStylesByHash(await get('/m/hech-qanday-restoran'));
    const placed = await placeAs(ctx, basket(world, 0));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data as { _id: string; key: string };
    const page = await get(`/m/${world.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`);
    expect(page.statusCode).toBe(200);
    expectStylesByHash(page);
  });
});

describe("the shell's index.html", () => {
  const nonceOf = (res: Answer) => {
    const styleSrc = directive(res, 'style-src');
    expect(styleSrc).not.toContain("'unsafe-");
    expect(directive(res, 'script-src')).not.toContain("'unsafe-");
    const inHeader = styleSrc.match(/'nonce-([A-Za-z0-9+/]+={0,2})'/)?.[1];
    const meta = new JSDOM(res.body).window.document.querySelector('meta[property="csp-nonce"]');
    expect(inHeader).toBeDefined();
    expect(meta?.getAttribute('nonce')).toBe(inHeader);
    return inHeader;
  };

  it('carries a fresh nonce in the header and in the page, whatever the address', async () => {
    const answers = [
      await get('/'),
      await get('/', { 'accept-encoding': 'br, gzip' }),
      await get('/admin/restaurants'),
      await get('/index.html'),
    ];
    const nonces = new Set<string | undefined>();
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
      // a 304 would reuse a page whose nonce no longer matches the header
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['last-modified']).toBeUndefined();
      nonces.add(nonceOf(res));
    }
    expect(nonces.size).toBe(answers.length);
    for (const nonce of nonces) expect(Buffer.from(nonce ?? '', 'base64')).toHaveLength(16);
  });

  it('HEAD tells the same headers (Node leaves out the body)', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(directive(res, 'style-src')).toMatch(/'nonce-/);
  });
});

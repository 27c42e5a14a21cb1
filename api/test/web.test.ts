import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { answers } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/rspack/precompress';
import { JSON_CSP } from '../src/http/security-headers';
import { createTestApp, expectError, expectShape, type TestCtx } from './helpers';

let ctx: TestCtx;
let webRoot: string;
// big enough to be worth compressing, like a real bundle
const MAIN_JS = `console.log(1);${' /* padding padding padding */'.repeat(50)}`;
const INDEX_HTML = `<!doctype html><html lang="uz"><head><title>QR</title></head><body><div id="root">shell</div><script src="/assets/main.0123abcd.js"></script>${'<!-- -->'.repeat(20)}</body></html>`;
const REMOTE_ENTRY = `var mfe_auth=${JSON.stringify('x'.repeat(400))};`;
const MANIFEST = JSON.stringify({
  name: 'mfe_auth',
  exposes: Array.from({ length: 20 }, (_, i) => `./Page${i}`),
});
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'qrmenu-web-'));
  const shell = join(webRoot, 'shell', 'dist');
  mkdirSync(join(shell, 'assets'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), INDEX_HTML);
  writeFileSync(join(shell, 'assets', 'main.0123abcd.js'), MAIN_JS);
  writeFileSync(join(shell, 'assets', 'plain.js'), 'console.log(1)');
  const auth = join(webRoot, 'mfe-auth', 'dist');
  mkdirSync(auth, { recursive: true });
  writeFileSync(join(auth, 'mf-manifest.json'), MANIFEST);
  writeFileSync(join(auth, 'remoteEntry.js'), REMOTE_ENTRY);
  writeFileSync(join(auth, '__federation_expose_LoginPage.89abcdef.js'), MAIN_JS);
  mkdirSync(join(webRoot, 'mfe-restaurants', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'mfe-restaurants', 'dist', 'mf-manifest.json'), '{"name":"mfe_restaurants"}');
  // what the production build's PrecompressPlugin does
  await precompressDir(shell);
  await precompressDir(auth);
  ctx = await createTestApp({
    webRoot,
    remoteUrls: { mfe_restaurants: 'https://cdn.example.com/restaurants/mf-manifest.json' },
  });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('/config.json', () => {
  it('lists built remotes, overrides, null for the rest (their first stable releases); never cached', async () => {
    const res = await get('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const initial = { version: 'initial', fallback: null };
    expect(res.json()).toStrictEqual({
      apiBase: '/api',
      remotes: {
        mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
        mfe_restaurants: 'https://cdn.example.com/restaurants/mf-manifest.json',
        mfe_catalog: null,
        mfe_stoplist: null,
        mfe_orders: null,
        mfe_reports: null,
      },
      releases: { mfe_auth: initial, mfe_restaurants: initial },
      publicMenuBase: null,
      // nobody known (no visitor id, no account): no token, no reports
      reportToken: null,
    });
    // a visitor gets the token its shell reports with, the same on every load
    const token = (await get('/config.json?visitor=visitor-abc-123')).json().reportToken;
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect((await get('/config.json?visitor=visitor-abc-123')).json().reportToken).toBe(token);
  });

  it('PUBLIC_API_BASE overrides apiBase, PUBLIC_MENU_URL sets publicMenuBase; no web root means no remotes', async () => {
    const other = await createTestApp({
      publicApiBase: 'https://api.example.com/api',
      publicMenuUrl: ' https://menu.example.uz/ ',
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.json()).toStrictEqual({
        apiBase: 'https://api.example.com/api',
        remotes: {
          mfe_auth: null,
          mfe_restaurants: null,
          mfe_catalog: null,
          mfe_stoplist: null,
          mfe_orders: null,
          mfe_reports: null,
        },
        releases: {},
        publicMenuBase: 'https://menu.example.uz',
        reportToken: null,
      });
      // no shell either: a page path is the JSON 404
      expectError(await other.app.inject({ method: 'GET', url: '/admin' }), 404, 'not_found');
    } finally {
      await other.close();
    }
  });
});

describe('/remotes/<pkg>/', () => {
  it('serves a built remote with CORS and no-cache on the manifest', async () => {
    const res = await get('/remotes/mfe-auth/mf-manifest.json', { origin: 'http://elsewhere.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toStrictEqual(JSON.parse(MANIFEST));
    expect(res.headers['access-control-allow-origin']).toBeTruthy();
    expect(res.headers['cache-control']).toContain('no-cache');
    const entry = await get('/remotes/mfe-auth/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toContain('javascript');
  });

  it('404 for unknown packages, missing files and traversal', async () => {
    expectError(await get('/remotes/api/package.json'), 404, 'not_found');
    expectError(await get('/remotes/mfe-auth/nope.js'), 404, 'not_found');
    expectError(await get('/remotes/mfe-catalog/mf-manifest.json'), 404, 'not_found');
    const esc = await get('/remotes/mfe-auth/..%2F..%2Fshell%2Fdist%2Findex.html');
    expect(esc.statusCode).not.toBe(200);
  });
});

describe('shell and SPA fallback', () => {
  it('serves index.html at / and for client routes; static assets as files', async () => {
    for (const url of ['/', '/admin', '/admin/restaurants?x=1', '/viewRestaurant/abc', '/not-found']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    }
    const js = await get('/assets/main.0123abcd.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe(MAIN_JS);
  });

  it('keeps unknown /api paths and other methods JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/nope'],
      ['DELETE', '/admin'],
      ['GET', '/uploads/none.png'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expectError(res, 404, 'not_found');
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});

describe('API basics', () => {
  it('GET /api/health', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expectShape(answers.health, res.json());
  });

  it('OpenAPI documents every route with the error body; the docs page loads', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/auth/login',
      '/api/auth/profile',
      '/api/admin/restaurants',
      '/api/admin/restaurants/create',
      '/api/manager/restaurants/update',
      '/api/manager/upload',
      '/api/admin/managers',
      '/api/user/restaurants/view',
    ]) {
      expect(paths).toContain(p);
    }
    const create = doc.paths['/api/admin/restaurants/create'].post;
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
    expect(JSON.stringify(create.responses['409'])).toContain('error');
    const ui = await get('/api/docs/');
    expect(ui.statusCode).toBe(200);
  });

  it('answers CORS preflight for the API', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });
});

describe('cache headers', () => {
  it('index.html (direct and fallback) is no-cache', async () => {
    for (const url of ['/', '/admin/x']) {
      const res = await get(url);
      expect(res.headers['cache-control'], url).toContain('no-cache');
    }
  });
});

describe('delivery: precompressed files and cache lifetimes', () => {
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const enc = res.headers['content-encoding'];
    if (enc === 'br') return brotliDecompressSync(res.rawPayload).toString();
    if (enc === 'gzip') return gunzipSync(res.rawPayload).toString();
    return res.rawPayload.toString();
  };

  it('answers brotli when accepted, else gzip, else the file; the same bytes; Vary: Accept-Encoding', async () => {
    // (index.html goes as it is, stamped with a nonce per answer: content-security-policy.test.ts)
    for (const url of ['/assets/main.0123abcd.js', '/remotes/mfe-auth/remoteEntry.js']) {
      const cases = [
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const;
      let plain = '';
      for (const [accept, expected] of cases) {
        const res = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.headers['content-type']).toMatch(/javascript/);
        const body = decode(res);
        plain ||= body;
        expect(body).toBe(plain);
        if (expected) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain));
      }
    }
  });

  it('a file too small to gain from compression goes out as it is', async () => {
    const res = await get('/assets/plain.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('content-hashed files are immutable for a year; entry points and manifests are revalidated', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    for (const url of [
      '/assets/main.0123abcd.js',
      '/remotes/mfe-auth/__federation_expose_LoginPage.89abcdef.js',
    ]) {
      for (const enc of ['br', 'gzip', 'identity']) {
        const res = await get(url, { 'accept-encoding': enc });
        expect(res.headers['cache-control'], `${url} ${enc}`).toBe(immutable);
      }
    }
    for (const url of [
      '/remotes/mfe-auth/remoteEntry.js',
      '/remotes/mfe-auth/mf-manifest.json',
      '/assets/plain.js',
    ]) {
      for (const enc of ['br', 'identity']) {
        const res = await get(url, { 'accept-encoding': enc });
        expect(res.headers['cache-control'], `${url} ${enc}`).toBe('no-cache');
        expect(res.headers.etag, url).toBeTruthy();
      }
    }
    // index.html is revalidated too, without a validator (content-security-policy.test.ts)
    for (const url of ['/', '/index.html', '/admin/x']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/config.json')).headers['cache-control']).toBe('no-store');
  });

  it('ETag / 304 per encoding: a revalidation answers 304 without a body', async () => {
    for (const url of ['/remotes/mfe-auth/remoteEntry.js', '/assets/main.0123abcd.js']) {
      for (const enc of ['br', 'gzip', 'identity']) {
        const first = await get(url, { 'accept-encoding': enc });
        const etag = String(first.headers.etag);
        const again = await get(url, { 'accept-encoding': enc, 'if-none-match': etag });
        expect(again.statusCode, `${url} ${enc}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
      // a different encoding is a different representation: its own ETag
      const br = await get(url, { 'accept-encoding': 'br' });
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(br.headers.etag).not.toBe(gz.headers.etag);
      const wrong = await get(url, { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
      expect(wrong.statusCode).toBe(200);
    }
  });

  it('HEAD tells the same headers without a body', async () => {
    const res = await ctx.app.inject({
      method: 'HEAD',
      url: '/remotes/mfe-auth/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('security headers', () => {
  type Answer = Awaited<ReturnType<typeof get>>;
  const expectEverywhere = (res: Answer) => {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  };

  it('a document carries the CSP, no framing and the opener policy, besides nosniff', async () => {
    const documents = [await get('/'), await get('/admin/restaurants'), await get('/api/docs/')];
    for (const res of documents) {
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      expectEverywhere(res);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("script-src 'self'");
    }
  });

  it("a guest's page (the bot's Mini App) may be framed by Telegram Web and nothing else", async () => {
    const res = await get('/m/hech-qanday-restoran'); // the guests' 404 page
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expectEverywhere(res);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors https:\/\/web\.telegram\.org(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self'");
    // X-Frame-Options would refuse Telegram Web too: the CSP alone decides
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('a script, compressed or not, carries nosniff and the referrer policy only', async () => {
    const scripts = [
      await get('/assets/main.0123abcd.js', { 'accept-encoding': 'br' }),
      await get('/assets/main.0123abcd.js'),
      await get('/remotes/mfe-auth/remoteEntry.js'),
    ];
    for (const res of scripts) {
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/javascript/);
      expectEverywhere(res);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('a JSON answer (API, errors, config) keeps only the minimal policy: no loads, no frames', async () => {
    const json = [
      await get('/api/health'),
      await get('/config.json'),
      await get('/api/nope'),
      await get('/uploads/none.png'),
      await get('/api/admin/restaurants'),
      await get('/remotes/mfe-auth/mf-manifest.json'),
    ];
    for (const res of json) {
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expectEverywhere(res);
      expect(res.headers['content-security-policy']).toBe(JSON_CSP);
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('the CSP allows scripts from this origin and the configured remote origins only', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://cdn.example.com");
    expect(directive('connect-src')).toBe("connect-src 'self' https://cdn.example.com");
    // inline styles only by this answer's nonce (emotion's), never 'unsafe-inline'
    expect(directive('style-src')).toMatch(
      /^style-src 'self' https:\/\/cdn\.example\.com 'nonce-[\w+/]{22}=='$/,
    );
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('an API on another origin (PUBLIC_API_BASE) may be called and show its uploaded images', async () => {
    const other = await createTestApp({
      publicApiBase: 'https://api.example.uz/api',
      remoteUrls: {
        mfe_auth: 'http://127.0.0.1:4555/mf-manifest.json',
        mfe_catalog: '/remotes/x/mf-manifest.json',
      },
    });
    try {
      const csp = String(
        (await other.app.inject({ method: 'GET', url: '/m/yoq' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' http://127.0.0.1:4555;");
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:4555 https://api.example.uz;");
      expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4555 https://api.example.uz;");
    } finally {
      await other.close();
    }
  });
});

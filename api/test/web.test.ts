import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, expectShape, type TestCtx } from './helpers';

let ctx: TestCtx;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'qrmenu-web-'));
  mkdirSync(join(webRoot, 'shell', 'dist', 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root">shell</div>');
  writeFileSync(join(webRoot, 'shell', 'dist', 'assets', 'main.js'), 'console.log(1)');
  mkdirSync(join(webRoot, 'mfe-auth', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'mfe-auth', 'dist', 'mf-manifest.json'), '{"name":"mfe_auth"}');
  writeFileSync(join(webRoot, 'mfe-auth', 'dist', 'remoteEntry.js'), 'var mfe_auth;');
  mkdirSync(join(webRoot, 'mfe-restaurants', 'dist'), { recursive: true });
  writeFileSync(join(webRoot, 'mfe-restaurants', 'dist', 'mf-manifest.json'), '{"name":"mfe_restaurants"}');
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
  it('lists built remotes, overrides, null for the rest; never cached', async () => {
    const res = await get('/config.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toStrictEqual({
      apiBase: '/api',
      remotes: {
        mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
        mfe_restaurants: 'https://cdn.example.com/restaurants/mf-manifest.json',
        mfe_catalog: null,
        mfe_stoplist: null,
      },
      publicMenuBase: null,
    });
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
        remotes: { mfe_auth: null, mfe_restaurants: null, mfe_catalog: null, mfe_stoplist: null },
        publicMenuBase: 'https://menu.example.uz',
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
    expect(res.json()).toStrictEqual({ name: 'mfe_auth' });
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
    const js = await get('/assets/main.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
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

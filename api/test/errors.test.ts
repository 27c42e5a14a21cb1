import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../src/app';
import { DomainError, type DomainErrorKind } from '../src/domain/errors';
import { expectError } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-err-'));
let app: App;
beforeAll(async () => {
  const pg = process.env.TEST_DATABASE_URL?.trim();
  app = await buildApp({
    dataDir,
    databaseUrl: pg || undefined,
    isolateSchema: !!pg,
    jwtSecret: 'x'.repeat(32),
    adminPassword: 'admin-pass-1',
  });
  app.get('/api/test/boom', { config: { access: 'pub' } }, async () => {
    throw new Error('secret internals at /work/main/api/src/x.ts:1:1');
  });
  app.get(
    '/api/test/bad-answer',
    { config: { access: 'pub' }, schema: { response: { 200: z.object({ n: z.number() }) } } },
    async () => ({ n: 'not a number' }) as unknown as { n: number },
  );
  app.get<{ Params: { kind: DomainErrorKind } }>(
    '/api/test/refusal/:kind',
    { config: { access: 'pub' } },
    async (request) => {
      const { kind } = request.params;
      const retry = kind === 'limit' || kind === 'full' ? { retryAfterSeconds: 7 } : {};
      throw new DomainError(kind, `said by ${kind}`, [{ path: 'field', message: 'why' }], retry);
    },
  );
  app.get('/api/test/refusal-reason', { config: { access: 'pub' } }, async () => {
    throw new DomainError('too_large', 'too many pixels', undefined, { reason: 'too_many_pixels' });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('error handler', () => {
  it('a bug is 500 internal without any detail of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expectError(res, 500, 'internal');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('/work/');
  });

  it('an answer that does not match its schema is caught as 500 (responses are validated)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/bad-answer' });
    expectError(res, 500, 'internal');
  });

  // docs/ARCHITECTURE.md, "Errors": a service's refusal becomes the contract's status and code here
  it.each([
    ['invalid', 400, 'validation'],
    ['unauthenticated', 401, 'unauthorized'],
    ['refused', 403, 'forbidden'],
    ['not_found', 404, 'not_found'],
    ['conflict', 409, 'conflict'],
    ['too_large', 413, 'payload_too_large'],
    ['unsupported', 415, 'unsupported_media_type'],
    ['key_reused', 422, 'idempotency_key_reused'],
    ['limit', 429, 'rate_limited'],
    ['upstream', 502, 'bad_gateway'],
    ['full', 503, 'unavailable'],
  ])('a domain error of kind %s answers %i %s with its message and details', async (kind, status, code) => {
    const res = await app.inject({ method: 'GET', url: `/api/test/refusal/${kind}` });
    expectError(res, status, code);
    expect(res.json().error).toEqual({
      code,
      message: `said by ${kind}`,
      details: [{ path: 'field', message: 'why' }],
    });
    expect(res.headers['retry-after']).toBe(kind === 'limit' || kind === 'full' ? '7' : undefined);
  });

  it("a domain error's reason the contract names is its code", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/refusal-reason' });
    expectError(res, 413, 'too_many_pixels');
    expect(res.json().error).toEqual({ code: 'too_many_pixels', message: 'too many pixels' });
  });

  it('a route without config.access is refused at start-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrmenu-err2-'));
    const other = await buildApp({ dataDir: dir, jwtSecret: 'y'.repeat(32), adminPassword: 'admin-pass-1' });
    try {
      expect(() => other.get('/api/test/open', async () => ({}))).toThrow(/config\.access/);
    } finally {
      await other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unknown methods and routes answer the JSON 404', async () => {
    expectError(await app.inject({ method: 'PATCH', url: '/api/health' }), 404, 'not_found');
    expectError(await app.inject({ method: 'GET', url: '/api/admin/restaurants/nope' }), 404, 'not_found');
  });

  it("an address the router cannot read answers the API's error body, not Fastify's, with the API's headers", async () => {
    // a path segment past the router's 100 characters: no id is that long, so no such thing
    const long = 'a'.repeat(101);
    for (const url of [
      `/api/public/orders/${long}?key=secret-key`,
      `/api/payments/click/${long}/prepare`,
      `/api/manager/orders/${long}/status`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expectError(res, 404, 'not_found');
      expect(res.body).not.toContain('secret-key');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // a malformed %-escape: a bad request, without the address echoed
    const bad = await app.inject({ method: 'GET', url: '/api/public/orders/%zz?key=secret-key' });
    expectError(bad, 400, 'validation');
    expect(bad.body).not.toContain('secret-key');
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HEAD routes inherit the access rule of their GET', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/admin/restaurants' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});

import { answers } from '@qrmenu/shared/schemas';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  apiCall,
  bearer,
  createTestApp,
  createUser,
  expectError,
  expectShape,
  loginAs,
  PASSWORD,
  rawCall,
  snapshot,
} from './helpers';
import { fileApp } from './world';

const ctx = fileApp({ loginRateLimit: { max: 3, windowMs: 60_000 } });

describe('bootstrap admin', () => {
  it('exists with the configured login, hashed with argon2id', async () => {
    const rows = await ctx.db.selectFrom('users').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ login: ADMIN.login, role: 'admin', is_active: 1 });
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('is not created again on a non-empty database, and a generated password is reported once', async () => {
    const reported: string[] = [];
    const other = await createTestApp({
      adminPassword: undefined,
      adminLogin: 'boss',
      onAdminCreated: (login, password, generated) => reported.push(`${login}:${password}:${generated}`),
    });
    try {
      expect(reported).toHaveLength(1);
      const [login, password, generated] = reported[0]!.split(':');
      expect(login).toBe('boss');
      expect(generated).toBe('true');
      expect(password!.length).toBeGreaterThanOrEqual(12);
      expect(await loginAs(other.app, 'boss', password!)).toBeTruthy();
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token for the right password', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = expectShape(answers.login, res.json());
    expect(body.data.accessToken.split('.')).toHaveLength(3);
  });

  it('trims the login', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: `  ${ADMIN.login} `, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('rejects missing, blank, wrong-typed and huge fields with 400 validation naming the field', async () => {
    const before = await snapshot(ctx.db);
    for (const payload of [
      {},
      { login: 'admin' },
      { login: '   ', password: 'x' },
      { login: 1, password: 'x' },
      { login: 'admin', password: ['x'] },
      { login: 'a'.repeat(5000), password: 'x' },
      { login: 'a\u0000', password: 'x' },
      { login: 'admin', password: 'x\u0000y' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expectError(res, 400, 'validation');
      expect(res.json().error.details.length).toBeGreaterThan(0);
      for (const d of res.json().error.details) {
        expect(['login', 'password']).toContain(d.path);
      }
    }
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('rejects malformed JSON with 400 and a wrong content type with 415', async () => {
    expectError(await rawCall(ctx, 'POST', '/auth/login', '{"login": "admin",'), 400, 'validation');
    const text = await rawCall(ctx, 'POST', '/auth/login', '<a/>', { type: 'text/xml' });
    expectError(text, 415, 'unsupported_media_type');
  });

  it('rejects a body over the limit with 413', async () => {
    const body = JSON.stringify({ login: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await rawCall(ctx, 'POST', '/auth/login', body);
    expectError(res, 413, 'payload_too_large');
  });

  it('answers 401 for an inactive user even with the right password', async () => {
    const u = await createUser(ctx, 'manager', 'sleepy', false);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.9',
      payload: { login: u.login, password: PASSWORD },
    });
    expectError(res, 401, 'unauthorized');
  });

  it('an unknown login is 401 with the same message as a wrong password', async () => {
    const a = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.2.0.1',
      payload: { login: 'nobody', password: 'x' },
    });
    const b = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.2.0.2',
      payload: { login: ADMIN.login, password: 'x' },
    });
    expectError(a, 401, 'unauthorized');
    expectError(b, 401, 'unauthorized');
    expect(a.json().error.message).toBe(b.json().error.message);
  });
});

describe('GET /api/auth/profile', () => {
  it('answers the caller without the hash', async () => {
    const token = await loginAs(ctx.app, ADMIN.login, ADMIN.password);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = expectShape(answers.profile, res.json());
    expect(body.data).toMatchObject({ login: ADMIN.login, role: 'admin', is_active: true });
  });

  it('works for any role', async () => {
    const waiter = await createUser(ctx, 'waiter');
    const res = await apiCall(ctx, 'GET', '/auth/profile', waiter.token);
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.profile, res.json()).data.role).toBe('waiter');
  });

  it('answers 401 without a token, with garbage, with a bad signature, for a deleted or deactivated user', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expectError(none, 401, 'unauthorized');
    const garbage = await apiCall(ctx, 'GET', '/auth/profile', 'abc.def.ghi');
    expectError(garbage, 401, 'unauthorized');
    const basic = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expectError(basic, 401, 'unauthorized');
    const u = await createUser(ctx, 'manager');
    const [h, p] = u.token.split('.');
    const forged = await apiCall(ctx, 'GET', '/auth/profile', `${h}.${p}.AAAA`);
    expectError(forged, 401, 'unauthorized');
    await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', u.id).execute();
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(u.token) }),
      401,
    );
    await ctx.db.deleteFrom('users').where('id', '=', u.id).execute();
    expectError(
      await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(u.token) }),
      401,
    );
  });
});

describe('token expiry', () => {
  it('a token expires after TOKEN_TTL', async () => {
    const short = await createTestApp({ tokenTtl: 1 });
    try {
      const token = await loginAs(short.app, ADMIN.login, ADMIN.password);
      const ok = await short.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });
      expect(ok.statusCode).toBe(200);
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      expect(payload.exp - payload.iat).toBe(1);
      // the clock moved past the expiry (only Date: the app's timers keep the real one)
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 2100);
      expectError(
        await short.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) }),
        401,
        'unauthorized',
      );
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });

  it('defaults to 12 hours', async () => {
    const token = await loginAs(ctx.app, ADMIN.login, ADMIN.password);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    // the session epoch and the token's own id (sessions a server can end), nothing about the user
    expect(Object.keys(payload).sort()).toEqual(['ep', 'exp', 'iat', 'jti', 'sub']);
  });
});

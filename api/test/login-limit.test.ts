/** The failed-login limit: per address and per login, and which proxies may name the address. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, TrustProxyError } from '../src/http/trust-proxy';
import { LoginLimiter } from '../src/state/login-limiter';
import { addressKey } from '../src/state/login-rules';
import { createTestApp, createUser, expectError, PASSWORD, type TestCtx } from './helpers';
import { startServerProcess } from './server-process';
import { fileApp } from './world';

const MAX = 3;

const ctx = fileApp({ loginRateLimit: { max: MAX, windowMs: 60_000 } });

const login = (
  app: TestCtx['app'],
  from: string,
  body: { login: string; password: string },
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: from, headers, payload: body });

/** A fresh manager: its own login, so tests do not share per-login counts. */
const someone = async () => {
  const u = await createUser(ctx, 'manager');
  return { right: { login: u.login, password: PASSWORD }, wrong: { login: u.login, password: 'wrong-pass' } };
};

describe('failed-login limit', () => {
  it('blocks an address after MAX failures: 429 in the contract shape with Retry-After, even for the right password', async () => {
    const a = await someone();
    const b = await someone();
    for (let i = 0; i < MAX; i++) expectError(await login(ctx.app, '10.1.0.1', a.wrong), 401, 'unauthorized');
    for (const body of [a.right, b.right]) {
      const blocked = await login(ctx.app, '10.1.0.1', body);
      expectError(blocked, 429, 'rate_limited');
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    }
    // another login from another address is not affected
    expect((await login(ctx.app, '10.1.0.2', b.right)).statusCode).toBe(200);
  });

  it("another account's success from the same address does not reset the count (else one success would reopen guessing)", async () => {
    const victim = await someone();
    const attacker = await someone();
    const from = '10.2.0.1';
    for (let i = 0; i < MAX - 1; i++)
      expectError(await login(ctx.app, from, victim.wrong), 401, 'unauthorized');
    expect((await login(ctx.app, from, attacker.right)).statusCode).toBe(200);
    expectError(await login(ctx.app, from, victim.wrong), 401, 'unauthorized');
    expectError(await login(ctx.app, from, victim.wrong), 429, 'rate_limited');
  });

  it('a success clears only its own login: its user may fail again; the address keeps earlier failures', async () => {
    const u = await someone();
    const from = '10.3.0.1';
    expectError(await login(ctx.app, from, u.wrong), 401, 'unauthorized');
    expect((await login(ctx.app, from, u.right)).statusCode).toBe(200);
    // the address still holds 1 failure: MAX - 1 more, then blocked
    for (let i = 0; i < MAX - 1; i++) expectError(await login(ctx.app, from, u.wrong), 401, 'unauthorized');
    expectError(await login(ctx.app, from, u.right), 429, 'rate_limited');
  });

  it('counts per login across addresses: guesses spread over addresses are blocked too', async () => {
    const u = await someone();
    for (let i = 0; i < MAX; i++) {
      expectError(await login(ctx.app, `10.4.0.${i + 1}`, u.wrong), 401, 'unauthorized');
    }
    expectError(await login(ctx.app, '10.4.0.99', u.right), 429, 'rate_limited');
    expectError(await login(ctx.app, '10.4.0.98', u.wrong), 429, 'rate_limited');
  });

  it('a login blocked by strangers still works from an address it logged in from before', async () => {
    const u = await someone();
    expect((await login(ctx.app, '10.5.0.1', u.right)).statusCode).toBe(200);
    for (let i = 0; i < MAX; i++) {
      expectError(await login(ctx.app, `10.5.1.${i + 1}`, u.wrong), 401, 'unauthorized');
    }
    expectError(await login(ctx.app, '10.5.2.1', u.right), 429, 'rate_limited');
    expect((await login(ctx.app, '10.5.0.1', u.right)).statusCode).toBe(200);
  });

  it('parallel wrong passwords from one address get at most MAX guesses, the rest 429', async () => {
    const u = await someone();
    const results = await Promise.all(Array.from({ length: 12 }, () => login(ctx.app, '10.6.0.1', u.wrong)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - MAX);
    for (const r of results)
      expectError(r, r.statusCode, r.statusCode === 401 ? 'unauthorized' : 'rate_limited');
  });

  it('many successful logins from one address never block it', async () => {
    const u = await someone();
    for (let i = 0; i < MAX * 3; i++)
      expect((await login(ctx.app, '10.7.0.1', u.right)).statusCode).toBe(200);
  });

  it('a window ends: the address may try again, the login after a window without failures', () => {
    const limiter = new LoginLimiter(2, 1000);
    expect(limiter.attempt('10.0.0.1', 'x', 0)).toBe(0);
    expect(limiter.attempt('10.0.0.1', 'x', 10)).toBe(0);
    expect(limiter.attempt('10.0.0.1', 'x', 20)).toBe(1);
    // the login waits its delay from any address
    expect(limiter.attempt('10.0.0.2', 'x', 20)).toBe(1);
    expect(limiter.attempt('10.0.0.1', 'x', 1010)).toBe(0);
    expect(limiter.attempt('10.0.0.3', 'y', 3000)).toBe(0);
    expect(limiter.attempt('10.0.0.3', 'x', 3000)).toBe(0);
  });

  it('the per-login delay doubles with each failure (at most 5 min) instead of a window-long lock', () => {
    const limiter = new LoginLimiter(3, 15 * 60_000);
    let at = 0;
    // MAX failures from MAX addresses: free
    for (let i = 0; i < 3; i++) expect(limiter.attempt(`10.9.0.${i}`, 'x', at)).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = limiter.attempt(`10.9.1.${i}`, 'x', at);
      expect(wait).toBeGreaterThan(0);
      waits.push(wait);
      at += wait * 1000; // the stranger waits, then fails again
      expect(limiter.attempt(`10.9.2.${i}`, 'x', at)).toBe(0);
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(300);
    // an address the login succeeded from is not held by it
    limiter.succeed('10.9.9.9', 'x', at);
    for (let i = 0; i < 3; i++) limiter.attempt(`10.9.3.${i}`, 'x', at);
    expect(limiter.attempt('10.9.4.1', 'x', at)).toBeGreaterThan(0);
    expect(limiter.attempt('10.9.9.9', 'x', at)).toBe(0);
  });

  it('IPv6 clients are counted by their /64; IPv4-mapped addresses as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001:0002:ffff::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    const limiter = new LoginLimiter(2, 60_000);
    expect(limiter.attempt('2001:db8:5:6::1', 'a', 0)).toBe(0);
    expect(limiter.attempt('2001:db8:5:6::2', 'b', 0)).toBe(0);
    // another address of the same /64, another login: the address is spent
    expect(limiter.attempt('2001:db8:5:6:ffff::9', 'c', 0)).toBeGreaterThan(0);
    expect(limiter.attempt('2001:db8:5:7::1', 'c', 0)).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('parses addresses/CIDRs; refuses "everything", hop counts and nonsense with a clear message', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('10.0.0.5, 192.168.1.0/24,::1,loopback')).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      '::1',
      'loopback',
    ]);
    for (const bad of [
      'true',
      'TRUE',
      '*',
      'all',
      '0.0.0.0/0',
      '10.0.0.1,::/0',
      'proxy.local',
      '10.0.0.1/33',
      '99',
    ]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(TrustProxyError);
    }
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY="true".*addresses or CIDRs of the proxies/);
    expect(() => parseTrustProxy('1')).toThrow(/hop count/);
  });

  it('buildApp refuses to trust every sender', async () => {
    await expect(createTestApp({ trustProxy: true as unknown as false })).rejects.toThrow(TrustProxyError);
  });

  /** An app behind the proxy 10.9.0.1 with a limit of 2, a login to fail with and one to succeed with. */
  async function behindProxy() {
    const behind = await createTestApp({
      trustProxy: ['10.9.0.1'],
      loginRateLimit: { max: 2, windowMs: 60_000 },
    });
    const a = await createUser(behind, 'manager');
    const b = await createUser(behind, 'manager');
    return {
      behind,
      wrong: { login: a.login, password: 'wrong-pass' },
      right: { login: b.login, password: PASSWORD },
    };
  }

  it('X-Forwarded-For is honoured only from a listed proxy', async () => {
    const { behind, wrong, right } = await behindProxy();
    try {
      // through the proxy: the forwarded address is counted, not the proxy's
      for (let i = 0; i < 2; i++) {
        expectError(
          await login(behind.app, '10.9.0.1', wrong, { 'x-forwarded-for': '203.0.113.7' }),
          401,
          'unauthorized',
        );
      }
      expectError(
        await login(behind.app, '10.9.0.1', right, { 'x-forwarded-for': '203.0.113.7' }),
        429,
        'rate_limited',
      );
      expect(
        (await login(behind.app, '10.9.0.1', right, { 'x-forwarded-for': '203.0.113.8' })).statusCode,
      ).toBe(200);
      // from anywhere else the header is ignored: a client cannot pick a fresh address
      const c = await createUser(behind, 'manager');
      const wrongC = { login: c.login, password: 'wrong-pass' };
      for (let i = 0; i < 2; i++) {
        expectError(
          await login(behind.app, '10.9.9.9', wrongC, { 'x-forwarded-for': `198.51.100.${i}` }),
          401,
          'unauthorized',
        );
      }
      expectError(
        await login(behind.app, '10.9.9.9', right, { 'x-forwarded-for': '198.51.100.50' }),
        429,
        'rate_limited',
      );
    } finally {
      await behind.close();
    }
  });

  it("what the client wrote in front of the proxy's entry does not count", async () => {
    const { behind, wrong, right } = await behindProxy();
    try {
      // the proxy appends the real client (203.0.113.9) to whatever the client sent
      for (let i = 0; i < 2; i++) {
        const forged = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` };
        expectError(await login(behind.app, '10.9.0.1', wrong, forged), 401, 'unauthorized');
      }
      const again = { 'x-forwarded-for': '198.51.100.77, 203.0.113.9' };
      expectError(await login(behind.app, '10.9.0.1', right, again), 429, 'rate_limited');
    } finally {
      await behind.close();
    }
  });

  it('the server does not start with TRUST_PROXY=true and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-trust-'));
    try {
      const { child, output } = startServerProcess(dataDir, { PORT: '0', TRUST_PROXY: 'true' });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output()).toContain('TRUST_PROXY="true"');
      expect(output()).not.toContain('    at '); // a message, not a stack trace
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

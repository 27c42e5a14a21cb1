/**
 * Races closed: a login racing a password reset or a deactivation gets no token of the new
 * epoch; parallel uploads cannot pass the picture quota (PostgreSQL: the restaurant's row is
 * locked while the quota is read); the PostgreSQL failed-login counts write rows only for
 * counted attempts and are pruned on a timer; the in-process limit evicts by last use.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginLimiter } from '../src/state/login-limiter';
import { bearer, createTestApp, createUser, createWorld, PASSWORD, type TestCtx, uploadAs } from './helpers';

const pgUrl = process.env.TEST_DATABASE_URL?.trim();

// The quota's read waits a moment before the transaction goes on: without a lock, parallel
// uploads would all read the same use before any of them records its picture.
vi.mock('../src/repos/pictures', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/repos/pictures')>();
  return {
    ...original,
    picturesRepository: (...args: Parameters<typeof original.picturesRepository>) => {
      const repo = original.picturesRepository(...args);
      return {
        ...repo,
        async usedBytes(restaurantId: string) {
          const used = await repo.usedBytes(restaurantId);
          await new Promise((r) => setTimeout(r, 150));
          return used;
        },
      };
    },
  };
});

describe('a login racing a reset or a deactivation', () => {
  let ctx: TestCtx;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  /** Logs in while `meanwhile` runs between reading the user and checking the password. */
  async function loginRacing(login: string, meanwhile: () => Promise<unknown>) {
    const users = ctx.app.repos.users;
    const read = users.findByLogin.bind(users);
    const spy = vi.spyOn(users, 'findByLogin').mockImplementationOnce(async (l: string) => {
      const found = await read(l);
      await meanwhile();
      return found;
    });
    try {
      return await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.44',
        payload: { login, password: PASSWORD },
      });
    } finally {
      spy.mockRestore();
    }
  }

  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

  it('a reset: the old password gives no session that outlives the reset', async () => {
    const m = await createUser(ctx, 'manager');
    const res = await loginRacing(m.login, () => ctx.app.accounts.resetPassword(m.id, 'a-new-password-1'));
    // either refused, or a token of the epoch the reset ended
    if (res.statusCode === 200) expect((await profile(res.json().data.accessToken)).statusCode).toBe(401);
    else expect(res.statusCode).toBe(401);
  });

  it('a deactivation: no session for a deactivated account', async () => {
    const m = await createUser(ctx, 'manager');
    const res = await loginRacing(m.login, () => ctx.app.accounts.setActive(m.id, false));
    if (res.statusCode === 200) expect((await profile(res.json().data.accessToken)).statusCode).toBe(401);
    else expect(res.statusCode).toBe(401);
  });
});

describe('the picture quota under parallel uploads (PostgreSQL)', () => {
  it.skipIf(!pgUrl)('uploads at once cannot pass the quota together', async () => {
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a53' } })
      .png()
      .toBuffer();
    // the quota fits one picture (its variants) and not two
    const probe = await createTestApp();
    const w0 = await createWorld(probe);
    const first = await uploadAs(probe, w0.manager1.token, { product_id: w0.own.product.id }, [
      { data: picture, filename: 'a.png', type: 'image/png' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const one = await probe.app.repos.pictures.usedBytes(w0.own.restaurant.id);
    await probe.close();

    const ctx = await createTestApp({ pictureLimits: { quotaBytes: Math.floor(one * 1.5) } });
    try {
      const w = await createWorld(ctx);
      const parallel = await Promise.all(
        Array.from({ length: 4 }, async () => {
          return uploadAs(ctx, w.manager1.token, { product_id: w.own.product.id }, [
            { data: picture, filename: 'a.png', type: 'image/png' },
          ]);
        }),
      );
      const codes = parallel.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 413)).toHaveLength(3);
      expect(await ctx.app.repos.pictures.usedBytes(w.own.restaurant.id)).toBeLessThanOrEqual(
        Math.floor(one * 1.5),
      );
    } finally {
      await ctx.close();
    }
  });
});

describe('the failed-login counts on PostgreSQL', () => {
  it.skipIf(!pgUrl)('refused attempts write no rows; old rows are pruned on a timer', async () => {
    const ctx = await createTestApp({ loginRateLimit: { max: 2, windowMs: 60_000, pruneEveryMs: 50 } });
    try {
      const rows = async () =>
        Number(
          (
            await ctx.db
              .selectFrom('login_failures')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const from = (ip: string, login: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { login, password: 'wrong-pass' },
        });
      expect((await from('198.51.100.77', 'nobody-1')).statusCode).toBe(401);
      expect((await from('198.51.100.77', 'nobody-2')).statusCode).toBe(401);
      const counted = await rows();
      // the address is at its limit: 50 guesses at new logins are refused and leave no row each
      for (let i = 0; i < 50; i++) expect((await from('198.51.100.77', `guess-${i}`)).statusCode).toBe(429);
      expect(await rows()).toBe(counted);
      // a row no rule looks at any more goes within a timer's beat, with no login allowed meanwhile
      await ctx.db
        .insertInto('login_failures')
        .values({ key: 'l:long-ago', count: 1, since: 1, last: 1 })
        .execute();
      const started = Date.now();
      const gone = async () =>
        !(await ctx.db
          .selectFrom('login_failures')
          .select('key')
          .where('key', '=', 'l:long-ago')
          .executeTakeFirst());
      while (Date.now() - started < 3000 && !(await gone())) await new Promise((r) => setTimeout(r, 25));
      expect(await gone()).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

describe('the in-process failed-login limit at its cap', () => {
  it('evicts the least recently used entries, not the attacked login (and stays fast past the cap)', () => {
    const limiter = new LoginLimiter(3, 15 * 60_000);
    let at = 0;
    // the attacked login: past its free failures, it waits a delay
    for (let i = 0; i < 6; i++) {
      at += 400_000;
      limiter.attempt(`10.1.0.${i}`, 'admin', at);
    }
    // more fresh logins than the cap (a flood), while the attack on admin goes on
    for (let i = 0; i < 110_000; i++) {
      limiter.attempt(`10.2.${(i >> 8) & 255}.${i & 255}`, `someone-${i}`, at);
      if (i % 1000 === 0) limiter.attempt(`10.3.${(i >> 8) & 255}.${i & 255}`, 'admin', at);
    }
    // admin is still counted: a guess now waits
    expect(limiter.attempt('10.4.0.1', 'admin', at)).toBeGreaterThan(0);
  }, 20_000);
});

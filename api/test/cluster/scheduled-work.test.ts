/**
 * Two servers on one PostgreSQL database: scheduled work (the POS's polls and syncs, the visits'
 * fold) runs on one of them at a time (a lease in the database), not on each; the upload limit
 * is shared like the failed-login limit (61 uploads spread over both in 10 minutes: the 61st
 * refused); a POS's writes make only their restaurant's cached answers stale.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearIikoTokens } from '../../src/integration/providers/iiko';
import type { CacheScope } from '../../src/state';
import { type FakeIiko, IIKO_API_LOGIN, soldOnMenu, startFakeIiko } from '../fakes/iiko';
import {
  adminUser,
  bearer,
  createRestaurant,
  createSecondApp,
  createTestApp,
  createUser,
  multipart,
  TEST_SECRET_KEY,
  type TestCtx,
} from '../helpers';
import { sharedPostgres } from './needs';

const PG = sharedPostgres('scheduled work across servers');

describe.skipIf(!PG)('two servers on one database', () => {
  let fake: FakeIiko;
  let first: TestCtx;
  let second: TestCtx;
  let restaurantId: string;

  beforeAll(async () => {
    clearIikoTokens();
    fake = await startFakeIiko({ products: 30 });
    const options = {
      integrationSecretKey: TEST_SECRET_KEY,
      iikoApiUrl: fake.url,
      posHttp: { timeoutMs: 400, backoffMs: 5, attempts: 2 },
      posSchedule: { minIntervalMs: 50, stopListEveryMs: 100, syncEveryMs: 60_000 },
    };
    first = await createTestApp(options);
    second = await createSecondApp(first, PG!, options);
    const admin = await adminUser(first);
    const manager = await createUser(first, 'manager');
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/admin/integration/pos/import',
      headers: bearer(admin.token),
      payload: {
        provider: 'iiko',
        credentials: { apiLogin: IIKO_API_LOGIN },
        location_id: fake.data.organizations[0]?.id,
        manager_id: manager.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    restaurantId = res.json().data.restaurant._id;
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake?.close();
  });

  it('the POS schedule runs on one server at a time', async () => {
    // each tick that does the work reads the POS accounts first: count them per server
    const worked = [first, second].map((ctx) => vi.spyOn(ctx.app.repos.integrationAccounts, 'list'));
    await new Promise((r) => setTimeout(r, 1500));
    const counts = worked.map((spy) => spy.mock.calls.length);
    // who did the work, tick after tick (the spies' calls in the order they happened)
    const holders = worked
      .flatMap((spy, server) => spy.mock.invocationCallOrder.map((order) => ({ order, server })))
      .sort((a, b) => a.order - b.order)
      .map((call) => call.server);
    for (const spy of worked) spy.mockRestore();
    const handovers = holders.filter((server, i) => i > 0 && server !== holders[i - 1]).length;
    // both ticked ~10 times and one of them did the work: without the lease they alternate about
    // 20 times. A holder whose tick is late past its lease (300 ms here; a loaded machine) hands
    // over, as it would if it had died: once or twice, not at every tick.
    expect(Math.max(...counts)).toBeGreaterThan(2);
    expect(handovers, `the work by server, tick after tick: ${holders.join('')}`).toBeLessThanOrEqual(2);
  });

  it("a POS's sync and stop-list make only their restaurant's answers stale", async () => {
    const scopes: CacheScope[] = [];
    const publish = first.app.cacheBus.publish.bind(first.app.cacheBus);
    const spy = vi.spyOn(first.app.cacheBus, 'publish').mockImplementation(async (scope) => {
      scopes.push(scope);
      return publish(scope);
    });
    try {
      const dish = fake.data.products.find((p) => soldOnMenu(p)) as { id: string; name: string };
      fake.change(() => {
        dish.name = 'Yangi nom';
      });
      fake.data.stopItems.push({ productId: dish.id, sizeId: null, balance: 0 });
      const admin = await adminUser(first);
      const sync = () =>
        first.app.inject({
          method: 'PUT',
          url: `/api/admin/integration/pos/${restaurantId}/sync`,
          headers: bearer(admin.token),
        });
      // the schedule (a tick every few hundred ms here) may be syncing this restaurant at that
      // moment: a 409 says so, and the admin's next try runs
      await expect
        .poll(
          async () => {
            const res = await sync();
            expect([200, 409], res.body).toContain(res.statusCode);
            return res.statusCode;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(scopes.length).toBeGreaterThan(0);
    expect(scopes).not.toContain('answers');
    for (const scope of scopes) expect(scope).toEqual({ restaurants: [restaurantId] });
  });

  it('61 uploads spread over both servers in 10 minutes: the 61st is refused', async () => {
    const manager = await createUser(first, 'manager');
    const r = await createRestaurant(first, { manager_id: manager.id });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    const upload = (ctx: TestCtx) => {
      const body = multipart({ restaurant_id: r.id, type: 'image' }, [
        { data: png, filename: 'p.png', type: 'image/png' },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/manager/upload',
        headers: { ...bearer(manager.token), ...body.headers },
        payload: body.payload,
      });
    };
    for (let i = 0; i < 60; i++) {
      const res = await upload(i % 2 ? second : first);
      expect(res.statusCode, `upload ${i + 1}: ${res.body}`).toBe(200);
    }
    for (const ctx of [first, second]) {
      const refused = await upload(ctx);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 120_000);
});

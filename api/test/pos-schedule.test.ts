/**
 * The POS schedule: iiko's stop-list is polled (a missed webhook is caught up) and every POS
 * restaurant is synced on its interval, without any request. Intervals shortened for the test
 * (production: a poll a minute at most, a sync every POS_SYNC_INTERVAL_MINUTES).
 */
import { describe, expect, it } from 'vitest';
import { soldOnMenu } from './fakes/iiko';
import { filePosWorld, posProduct, startIiko } from './pos-support';

describe('POS schedule', () => {
  const { ctx, world, fake } = filePosWorld('iiko', () => startIiko({ products: 40 }), {
    app: {
      posHttp: { timeoutMs: 5_000, backoffMs: 5, attempts: 2 },
      posSchedule: { minIntervalMs: 50, stopListEveryMs: 100, syncEveryMs: 600 },
    },
  });

  const product = (ext: string) => posProduct(ctx, world.restaurantId, ext);
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const started = Date.now();
    while (Date.now() - started < ms && !(await check())) await new Promise((r) => setTimeout(r, 25));
    return check();
  };

  it('polls the stop-list without a webhook', async () => {
    const dish = fake.data.products.find((p) => soldOnMenu(p) && String(p.name).endsWith(' 4')) as {
      id: string;
    };
    expect((await product(dish.id))?.is_active).toBe(1);
    fake.data.stopItems.push({ productId: dish.id, sizeId: null, balance: 0 });
    expect(await until(async () => (await product(dish.id))?.is_active === 0, 3000)).toBe(true);
  });

  it('syncs the menu on its interval', async () => {
    const dish = fake.data.products.find((p) => soldOnMenu(p) && String(p.name).endsWith(' 5')) as {
      id: string;
      name: string;
    };
    fake.change(() => {
      dish.name = 'Jadval boʻyicha';
    });
    expect(await until(async () => (await product(dish.id))?.name === 'Jadval boʻyicha', 5000)).toBe(true);
  });
});

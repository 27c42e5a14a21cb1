/**
 * POS import bench (docs/BENCHMARKS.md, "POS import"): the fake iiko Cloud with 1,000 live
 * dishes (plus modifiers, sizes, deleted items), then through the API: first import (target <= 10 s,
 * pictures aside), a sync with nothing changed (target < 1 s, one nomenclature call), a sync
 * after one change. SQLite in a temp dir, or PostgreSQL with TEST_DATABASE_URL.
 *
 *   pnpm --filter @qrmenu/api exec tsx bench/pos-import.ts [products=1000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IIKO_API_LOGIN, soldOnMenu, startFakeIiko } from '../test/fakes/iiko';
import { benchAdminToken, benchApp, insertBenchManager } from './server';

const count = Number(process.argv[2] ?? 1000);
const fake = await startFakeIiko({ products: count });
const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-pos-bench-'));
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
const app = await benchApp(dataDir, pgUrl || undefined, 'bench-admin-pass', {
  // 32 bytes in hex: the only forms a key takes (with base64)
  integrationSecretKey: 'be'.repeat(32),
  iikoApiUrl: fake.url,
  posSchedule: false,
  logger: false,
});
await app.ready();
const token = await benchAdminToken(app);
const managerId = await insertBenchManager(app.db);
const headers = { authorization: `Bearer ${token}` };
const org = fake.data.organizations[0] as { id: string };

const time = async (label: string, run: () => Promise<{ statusCode: number; body: string }>) => {
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  if (res.statusCode >= 300) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
  console.log(`${label.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms`);
  return res;
};

console.log(`${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${count} products`);
const imported = await time('first import', () =>
  app.inject({
    method: 'POST',
    url: '/api/admin/integration/pos/import',
    headers,
    payload: {
      provider: 'iiko',
      credentials: { apiLogin: IIKO_API_LOGIN },
      location_id: org.id,
      manager_id: managerId,
    },
  }),
);
const restaurantId = JSON.parse(imported.body).data.restaurant._id as string;
const nomenclatureBefore = fake.count('/api/1/nomenclature');
await time('sync, nothing changed', () =>
  app.inject({ method: 'PUT', url: `/api/admin/integration/pos/${restaurantId}/sync`, headers }),
);
console.log(
  `${'  nomenclature calls'.padEnd(40)} ${String(fake.count('/api/1/nomenclature') - nomenclatureBefore).padStart(6)}`,
);
fake.change((d) => {
  (d.products.find(soldOnMenu) as { name: string }).name = 'Bench change';
});
await time('sync, one product changed', () =>
  app.inject({ method: 'PUT', url: `/api/admin/integration/pos/${restaurantId}/sync`, headers }),
);
await app.close();
await fake.close();
rmSync(dataDir, { recursive: true, force: true });

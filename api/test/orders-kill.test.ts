/**
 * Durability (docs/ORDERS.md, "Durable before Yuborildi"): the production server (src/server.ts)
 * on SQLite in WAL takes a burst of concurrent orders and is killed with SIGKILL in the middle of
 * it; started again on the same data, every order that was answered 201 is there exactly once.
 * Then every order of the burst is sent again with its idempotency key: those that were made
 * answer 200 with the same order, the others are made now, and no key has two orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './cluster/harness';
import { cart, httpOrderWorld, postOrder } from './orders-http-world';
import { startServerProcess } from './server-process';

const ADMIN = { login: 'admin', password: 'kill-admin-pass-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-orders-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(port: number) {
  const proc = startServerProcess(dataDir, {
    PORT: String(port),
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'loopback',
    // this test runs the real entry point, but not in production mode's silence
    LOG_LEVEL: 'error',
    // the burst is 200 orders at once in one restaurant, above its per-minute limit
    ORDER_RATE_LIMIT_PER_RESTAURANT: '10000',
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => proc.child.once('exit', r));
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`server exited:\n${proc.output()}`);
    try {
      if ((await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok)
        return { ...proc, base, exited };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready:\n${proc.output()}`);
}

describe('kill -9 during a burst of orders', () => {
  it('loses no order a guest was told about, and a retry makes no second one', async () => {
    const port = await freePort();
    let server = await start(port);
    const world = await httpOrderWorld(server.base, ADMIN, 50);
    const BURST = 200;
    const bodies = Array.from({ length: BURST }, (_, i) => cart(world, i, i));
    const address = (i: number) => `198.51.100.${i % 40}`;
    const told = new Map<string, string>(); // idempotency key -> order id answered with 201
    let failed = 0;
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < BURST) {
        const i = next++;
        try {
          const res = await postOrder(server.base, bodies[i], address(i));
          if (res.status === 201) told.set(bodies[i]!.idempotency_key, res.body.data!._id);
          else failed++;
        } catch {
          failed++; // the connection died with the process
        }
        if (!killed && told.size >= 40) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(killed).toBe(true);
    expect(told.size).toBeGreaterThanOrEqual(40);
    expect(failed).toBeGreaterThan(0); // the kill came mid-burst
    await server.exited;

    server = await start(port);
    const db = new SQLite(join(dataDir, 'data', 'qrmenu.sqlite'), { readonly: true });
    try {
      const byKey = new Map(
        (db.prepare('select idempotency_key as k, id from orders').all() as { k: string; id: string }[]).map(
          (r) => [r.k, r.id],
        ),
      );
      for (const [key, id] of told) expect(byKey.get(key), key).toBe(id);
      const doubles = db
        .prepare(
          'select idempotency_key from orders group by restaurant_id, idempotency_key having count(*) > 1',
        )
        .all();
      expect(doubles).toEqual([]);

      // every order of the burst again, with its key
      const again = await Promise.all(bodies.map((b, i) => postOrder(server.base, b, address(i + 7))));
      again.forEach((res, i) => {
        const key = bodies[i]!.idempotency_key;
        if (told.has(key) || byKey.has(key)) {
          expect(res.status, key).toBe(200);
          expect(res.body.data!._id).toBe(byKey.get(key));
        } else expect(res.status, JSON.stringify(res.body)).toBe(201);
      });
      const count = db
        .prepare('select count(*) as n, count(distinct idempotency_key) as k from orders')
        .get() as { n: number; k: number };
      expect(count).toEqual({ n: BURST, k: BURST });
      // numbers stay unique per day
      const numbers = db.prepare('select count(distinct number) as n from orders').get() as { n: number };
      expect(numbers.n).toBe(BURST);
    } finally {
      db.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 180_000);
});

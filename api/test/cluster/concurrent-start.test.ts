/**
 * Three servers started at the same moment on an empty PostgreSQL database all come up: the
 * migrations and the first admin run under one advisory lock, so no server crashes on the
 * admin's unique login (1 run in 3 before) and the admin exists once.
 */
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, CLUSTER_ADMIN, clusterEnv, freshDatabase, serverSpec, startApi } from './harness';
import { sharedPostgres } from './needs';

const PG = sharedPostgres('concurrent start');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(!PG)('servers started together on an empty PostgreSQL database', () => {
  it('all come up, with one admin, in each of 2 rounds', async () => {
    for (let round = 0; round < 2; round++) {
      const db = await freshDatabase(PG!);
      cleanups.push(db.drop);
      const servers: ApiProcess[] = [];
      cleanups.push(async () => {
        await Promise.all(servers.map((s) => s.stop()));
      });
      const started = await Promise.allSettled(
        [1, 2, 3].map(async (i) => {
          const spec = await serverSpec(i, 'start', 'src', clusterEnv(db.url));
          cleanups.push(async () => rmSync(spec.dataDir, { recursive: true, force: true }));
          const proc = await startApi(spec);
          servers.push(proc);
          return proc;
        }),
      );
      for (const r of started) {
        if (r.status === 'rejected') throw r.reason;
      }
      const created = servers.filter((s) => s.output().includes('Admin "admin" created'));
      expect(created).toHaveLength(1);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from users');
      await client.end();
      expect(rows[0].n).toBe(1);
      // a token from one is taken by the others (one JWT_SECRET)
      const login = await fetch(`${servers[0]!.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CLUSTER_ADMIN),
      });
      const { data } = (await login.json()) as { data: { accessToken: string } };
      for (const s of servers) {
        const res = await fetch(`${s.url}/api/auth/profile`, {
          headers: { authorization: `Bearer ${data.accessToken}` },
        });
        expect(res.status).toBe(200);
      }
      await Promise.all(servers.map((s) => s.stop()));
      for (const s of servers) expect(await s.exited).toBe(0);
    }
  }, 120_000);
});

/**
 * PostgreSQL ending the server's idle pooled connections (a restart, a failover, an
 * administrator's `pg_terminate_backend`, a `drop database ... with (force)`): the pool drops
 * them, the server logs it and answers the next request on a new connection. Before the pool had
 * an error listener, node-postgres threw such an error as an uncaught exception, which ends a
 * server (and failed a test run that dropped its database after closing two apps).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { freshDatabase } from './harness';

const PG = process.env.TEST_DATABASE_URL?.trim();

describe.skipIf(!PG)('idle database connections lost', () => {
  it('are dropped and logged; the next request is answered on a new connection', async () => {
    const db = await freshDatabase(PG as string);
    const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-conn-loss-'));
    const warnings: string[] = [];
    const app = await buildApp({
      dataDir,
      databaseUrl: db.url,
      jwtSecret: 'x'.repeat(40),
      adminLogin: 'admin',
      adminPassword: 'admin-pass-1',
      logger: {
        level: 'warn',
        stream: { write: (line: string) => warnings.push(JSON.parse(line).msg) },
      },
    });
    try {
      const login = () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { login: 'admin', password: 'admin-pass-1' },
        });
      expect((await login()).statusCode).toBe(200);
      // every connection of the database but this one ended, as an administrator would
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      let pooled = 0;
      try {
        const ended = await admin.query<{ query: string }>(
          'select pg_terminate_backend(pid), query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [db.name],
        );
        // the pool's idle connections; the others are the cache's and the orders' LISTEN connections
        pooled = ended.rows.filter((r) => !/^\s*listen\b/i.test(r.query)).length;
        expect(pooled).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      // each idle connection hears of its end on its own (on a loaded machine, one after another):
      // the next request must not be handed one that has not yet
      await expect
        .poll(() => warnings.filter((w) => w.startsWith('an idle database connection was lost')).length)
        .toBe(pooled);
      expect((await login()).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

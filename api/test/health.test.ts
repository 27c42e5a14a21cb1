/** Liveness and readiness for a load balancer; /api/health answers as it always did. */

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lifecycleOf } from '../src/http/lifecycle';
import { expectError } from './helpers';
import { fileApp } from './world';

const ctx = fileApp();

describe('health', () => {
  it('/api/health and /api/health/live answer {status:"ok"}', async () => {
    for (const url of ['/api/health', '/api/health/live']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('/api/health/ready is 200 with the database reachable and every migration applied', async () => {
    const res = await ctx.app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/api/health/ready is 503 when a migration this build knows is missing', async () => {
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(ctx.db);
    const name = last.rows[0]!.name;
    await sql`delete from kysely_migration where name = ${name}`.execute(ctx.db);
    try {
      const res = await ctx.app.inject({ url: '/api/health/ready' });
      expectError(res, 503, 'unavailable');
      expect(res.json().error.message).toContain(name);
      // liveness does not depend on it
      expect((await ctx.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
        ctx.db,
      );
    }
    expect((await ctx.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('/api/health/ready is 503 while the server drains, liveness still 200', async () => {
    lifecycleOf(ctx.app).draining = true;
    try {
      expectError(await ctx.app.inject({ url: '/api/health/ready' }), 503, 'unavailable');
      expect((await ctx.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      lifecycleOf(ctx.app).draining = false;
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/health/live'].get.operationId).toBe('health.live');
    expect(doc.paths['/api/health/ready'].get.operationId).toBe('health.ready');
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses)).toContain('503');
  });
});

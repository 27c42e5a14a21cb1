/**
 * Two servers behind a real HAProxy (Debian's package) on one PostgreSQL database: requests are
 * spread over both, a token from one works on the other, and while one server is restarted
 * (SIGTERM: readiness 503, drain, exit; then started again) a steady stream of reads through the
 * balancer sees no failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_ADMIN, type Cluster, findHaproxy, startCluster } from './harness';

const PG = process.env.TEST_DATABASE_URL?.trim();
const HAPROXY = findHaproxy();
const why = !HAPROXY
  ? 'HAProxy not installed (apt-get install haproxy)'
  : !PG
    ? 'TEST_DATABASE_URL not set (the servers share a PostgreSQL database)'
    : null;
if (why) console.log(`cluster behind HAProxy: skipped (${why})`);

let cluster: Cluster;
beforeAll(async () => {
  if (why) return;
  cluster = await startCluster(HAPROXY!, { size: 2, entry: 'src', databaseUrl: PG! });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CLUSTER_ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

describe.skipIf(!!why)('two servers behind HAProxy', () => {
  it('a token made by one server is taken by the other; the balancer answers', async () => {
    const token = await login(cluster.servers[0]!.url);
    for (const s of cluster.servers) {
      const res = await fetch(`${s.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
    }
    const res = await fetch(`${cluster.balancer.url}/api/auth/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });

  it('reads through the balancer never fail while a server restarts', async () => {
    const token = await login(cluster.balancer.url);
    const failures: string[] = [];
    let ok = 0;
    let running = true;
    const reader = async () => {
      while (running) {
        try {
          const res = await fetch(`${cluster.balancer.url}/api/admin/restaurants`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          if (res.status === 200) ok++;
          else failures.push(`status ${res.status}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const readers = [reader(), reader(), reader()];
    await new Promise((r) => setTimeout(r, 500));
    await cluster.restart(0);
    await new Promise((r) => setTimeout(r, 500));
    await cluster.restart(1);
    await new Promise((r) => setTimeout(r, 500));
    running = false;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    expect(ok).toBeGreaterThan(50);
  }, 120_000);
});

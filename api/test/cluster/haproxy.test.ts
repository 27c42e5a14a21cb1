/**
 * The cluster end to end: two servers behind a real HAProxy (Debian's package) on one PostgreSQL
 * database. A token from one works on the other; a manager logs in, creates, edits and stops
 * products and guests read the menu page through the balancer while each server in turn is
 * restarted (SIGTERM: readiness 503, drain, exit; then started again): no request fails, and
 * every acknowledged write is there afterwards, on both servers.
 */

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from '../orders-http-world';
import { CLUSTER_ADMIN, type Cluster, startCluster, startS3 } from './harness';
import { behindHaproxy } from './needs';

const { haproxy: HAPROXY, pg: PG, why } = behindHaproxy('cluster behind HAProxy');

let cluster: Cluster;
let s3: Awaited<ReturnType<typeof startS3>> = null;
beforeAll(async () => {
  if (why) return;
  s3 = await startS3();
  if (!s3)
    console.log(
      'cluster behind HAProxy: pictures not part of it (s3rver not installed: no S3 driver in this tree)',
    );
  cluster = await startCluster(HAPROXY!, { size: 2, entry: 'src', databaseUrl: PG!, env: s3?.env ?? {} });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await s3?.stop();
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

  it('a manager works and guests read through the balancer while each server restarts: nothing lost, nothing fails', async () => {
    const lb = cluster.balancer.url;
    const admin = await login(lb);
    const call = (method: string, path: string, token?: string, body?: unknown) =>
      apiRequest(lb, method, path, token, body);
    // a manager with a restaurant and a category, made through the balancer
    const manager = { login: `m-${Date.now().toString(36)}`, password: 'menedjer-parol-1' };
    const m = await call('POST', '/admin/managers', admin, manager);
    expect(m.status).toBe(201);
    const slug = `klaster-${Date.now().toString(36)}`;
    const r = await call('POST', '/admin/restaurants/create', admin, {
      name: 'Klaster',
      slug,
      address: 'Toshkent',
      phone_number: '+998901234567',
      work_time: '9-23',
      manager_id: m.body.data._id,
    });
    expect(r.status).toBe(201);
    const token = (await call('POST', '/auth/login', undefined, manager)).body.data.accessToken as string;
    const c = await call('POST', '/manager/category/create', token, {
      title: 'Taomlar',
      restaurant_id: r.body.data._id,
    });
    expect(c.status).toBe(201);

    if (s3) {
      // a picture uploaded through the balancer is served by every server (the shared bucket)
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('restaurant_id', r.body.data._id);
      form.append('type', 'image');
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'rasm.png');
      const up = await fetch(`${lb}/api/manager/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(up.status, await up.clone().text()).toBeLessThan(300);
      const { url } = (await up.json()) as { url: string };
      for (const server of cluster.servers) {
        const file = await fetch(new URL(url, server.url));
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^image\//);
      }
    }

    const failures: string[] = [];
    const created: string[] = [];
    const stopped = new Set<string>();
    const names = new Map<string, string>();
    let reads = 0;
    let running = true;
    const note = (what: string, status: number) => {
      if (status >= 400) failures.push(`${what}: ${status}`);
    };
    const manage = async () => {
      for (let i = 0; running; i++) {
        try {
          const p = await call('POST', '/manager/products', token, {
            name: `Taom ${i}`,
            category_id: c.body.data._id,
            price: 10_000 + i,
          });
          note('create', p.status);
          if (p.status !== 201) continue;
          const id = p.body.data.id as string;
          created.push(id);
          names.set(id, `Taom ${i}`);
          note('edit', (await call('PUT', `/manager/products/${id}`, token, { price: 20_000 + i })).status);
          // (never the first: a category whose products are all stopped leaves the page)
          if (i % 3 === 1) {
            const s = await call('POST', '/manager/stop-list', token, { product_ids: [id], action: 'stop' });
            note('stop', s.status);
            if (s.status === 200) stopped.add(id);
          }
        } catch (err) {
          failures.push(`manager: ${String(err)}`);
        }
      }
    };
    const guest = async () => {
      while (running) {
        try {
          const res = await fetch(`${lb}/m/${slug}`);
          await res.arrayBuffer();
          note('guests’ page', res.status);
          reads++;
        } catch (err) {
          failures.push(`guest: ${String(err)}`);
        }
      }
    };
    const workers = [manage(), guest(), guest()];
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cluster.restart(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cluster.restart(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(workers);

    if (failures.length > 0)
      console.log(cluster.servers.map((s) => s.output().slice(-3000)).join('\n----\n'));
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(created.length).toBeGreaterThan(3);
    // nothing lost: every acknowledged write is there, read back through either server
    for (const server of cluster.servers) {
      const all = await fetch(`${server.url}/api/manager/products?restaurant_id=${r.body.data._id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      const products = ((await all.json()) as { data: { _id: string; price: number; is_active: boolean }[] })
        .data;
      expect(products.map((p) => p._id).sort()).toEqual([...created].sort());
      for (const p of products) {
        expect(p.price).toBeGreaterThanOrEqual(20_000);
        expect(p.is_active).toBe(!stopped.has(p._id));
      }
    }
    // and the guests' page shows the last one on both servers
    const shown = created.filter((id) => !stopped.has(id)).at(-1)!;
    for (const server of cluster.servers) {
      const page = await (await fetch(`${server.url}/m/${slug}`)).text();
      expect(page).toContain(`>${names.get(shown)}<`);
    }
  }, 120_000);
});

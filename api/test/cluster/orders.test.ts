/**
 * Orders across two servers behind a real HAProxy on one PostgreSQL database: a staff stream
 * held on one server receives an order placed through the other (and through the balancer) at
 * once, with the same event numbers on both servers (the table numbers them; LISTEN/NOTIFY wakes
 * the other server's hub); the stream through the balancer stays open past HAProxy's
 * client/server timeouts' idea of idle (heartbeats), and a restarted server's streams reconnect
 * and replay what they missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart, type HttpOrderWorld, httpOrderWorld, postOrder } from '../orders-http-world';
import { openSse } from '../sse-client';
import { CLUSTER_ADMIN, type Cluster, startCluster } from './harness';
import { behindHaproxy } from './needs';

const { haproxy: HAPROXY, pg: PG, why } = behindHaproxy('orders behind HAProxy');

let cluster: Cluster;
let world: HttpOrderWorld;
beforeAll(async () => {
  if (why) return;
  cluster = await startCluster(HAPROXY!, {
    size: 2,
    entry: 'src',
    databaseUrl: PG!,
    env: { TRUST_PROXY: 'loopback' },
  });
  world = await httpOrderWorld(cluster.balancer.url, CLUSTER_ADMIN, 4);
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

describe.skipIf(!!why)('orders on two servers behind HAProxy', () => {
  it('a board on one server hears an order placed through the other, and through the balancer', async () => {
    const [one, two] = cluster.servers;
    const auth = { authorization: `Bearer ${world.managerToken}` };
    const boardOne = await openSse(`${one!.url}/api/manager/orders/events`, auth);
    const boardTwo = await openSse(`${two!.url}/api/manager/orders/events`, auth);
    const boardLb = await openSse(`${cluster.balancer.url}/api/manager/orders/events`, auth);
    for (const b of [boardOne, boardTwo, boardLb]) {
      expect(b.status).toBe(200);
      await b.next((e) => e.event === 'ready');
    }
    const viaTwo = await postOrder(two!.url, cart(world, 0, 1), '198.51.100.10');
    expect(viaTwo.status).toBe(201);
    const heardOne = await boardOne.next((e) => (e.data as { _id?: string })._id === viaTwo.body.data!._id);
    const heardTwo = await boardTwo.next((e) => (e.data as { _id?: string })._id === viaTwo.body.data!._id);
    // one numbering for the cluster: the database's
    expect(heardOne.id).toBe(heardTwo.id);
    const viaLb = await postOrder(cluster.balancer.url, cart(world, 1, 2), '198.51.100.11');
    expect(viaLb.status).toBe(201);
    for (const b of [boardOne, boardTwo, boardLb]) {
      await b.next((e) => (e.data as { _id?: string })._id === viaLb.body.data!._id);
    }
    // a status moved on one server reaches the guest following on the other
    const guest = await openSse(
      `${one!.url}/api/public/orders/${viaTwo.body.data!._id}/events?key=${viaTwo.body.data!.key}`,
    );
    await guest.next((e) => e.event === 'order');
    const moved = await fetch(`${two!.url}/api/manager/orders/${viaTwo.body.data!._id}/status`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(moved.status).toBe(200);
    await guest.next((e) => (e.data as { status?: string }).status === 'accepted');
    for (const s of [boardOne, boardTwo, boardLb, guest]) s.close();
  });

  it('a stream cut by a server restart reconnects through the balancer and replays what it missed', async () => {
    const auth = { authorization: `Bearer ${world.managerToken}` };
    const board = await openSse(`${cluster.servers[0]!.url}/api/manager/orders/events`, auth);
    const ready = await board.next((e) => e.event === 'ready');
    const restarting = cluster.restart(0);
    await board.ended; // the stopping server ends its streams
    const missed: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await postOrder(cluster.balancer.url, cart(world, 2 + (i % 2), i), `198.51.100.${20 + i}`);
      expect(r.status).toBe(201);
      missed.push(r.body.data!._id);
    }
    await restarting;
    const last = board.events.at(-1)?.id ?? ready.id;
    const again = await openSse(`${cluster.balancer.url}/api/manager/orders/events`, {
      ...auth,
      'last-event-id': String(last),
    });
    await again.next((e) => (e.data as { _id?: string })._id === missed[2]);
    expect(again.events.map((e) => (e.data as { _id: string })._id)).toEqual(missed);
    again.close();
  });
});

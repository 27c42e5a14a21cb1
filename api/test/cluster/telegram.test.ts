/**
 * The restaurant's Telegram bot on two servers behind HAProxy on one PostgreSQL database
 * (docs/TELEGRAM.md): the fake Bot API gets each order posted once (one server drains the
 * outbox, by lease), and an update Telegram delivers to both servers is handled once (by its
 * `update_id`): the order moves once, the press is answered once, the message edited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegram, startTelegramFake } from '../fakes/telegram';
import { TEST_SECRET_KEY } from '../helpers';
import { cart, type HttpOrderWorld, httpOrderWorld, postOrder } from '../orders-http-world';
import { CLUSTER_ADMIN, type Cluster, startCluster } from './harness';
import { behindHaproxy } from './needs';

const { haproxy: HAPROXY, pg: PG, why } = behindHaproxy('Telegram behind HAProxy');

let cluster: Cluster;
let fake: FakeTelegram;
let world: HttpOrderWorld;
let token: string;
const CHAT = -1001234567890;

beforeAll(async () => {
  if (why) return;
  fake = await startTelegramFake();
  cluster = await startCluster(HAPROXY!, {
    size: 2,
    entry: 'src',
    databaseUrl: PG!,
    env: {
      TRUST_PROXY: 'loopback',
      INTEGRATION_SECRET_KEY: TEST_SECRET_KEY,
      TELEGRAM_API_URL: fake.url,
      TELEGRAM_WEBHOOK_URL: 'https://menu.example.uz',
    },
  });
  world = await httpOrderWorld(cluster.balancer.url, CLUSTER_ADMIN, 2);
  const bot = fake.addBot('klaster_bot');
  token = bot.token;
  // Aziz presses: an administrator of the chat (docs/TELEGRAM.md, "Who may press")
  const aziz = fake.addUser('Aziz', undefined, 42);
  fake.addChat({
    id: CHAT,
    type: 'supergroup',
    title: 'Oshxona',
    members: [
      [bot, 'administrator'],
      [aziz, 'administrator'],
    ],
  });
  const res = await fetch(`${cluster.balancer.url}/api/manager/restaurants/update?slug=${world.slug}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${world.managerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bot_token: bot.token, channel_id: String(CHAT) }),
  });
  expect(res.status, await res.text()).toBe(200);
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await fake?.close();
}, 60_000);

/** Waits until `check` holds (the outbox runs on its own timer on the lease holder). */
async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!!why)('the Telegram bot on two servers behind HAProxy', () => {
  it('each order is posted once; an update delivered to both servers is handled once', async () => {
    const placed: { _id: string; number: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postOrder(cluster.balancer.url, cart(world, i % 2, 1), `198.51.100.${20 + i}`);
      expect(res.status).toBe(201);
      placed.push(res.body.data!);
    }
    const posts = () =>
      fake.messages.filter((m) => m.chat_id === CHAT && m.text.startsWith('Yangi buyurtma'));
    await until(() => posts().length >= 3);
    await new Promise((r) => setTimeout(r, 2500)); // both servers had their turns
    expect(posts().map((m) => Number(/#(\d+)/.exec(m.text)?.[1]))).toEqual(placed.map((o) => o.number));

    const first = posts()[0]!;
    const hook = fake.webhook(token)!;
    const path = new URL(hook.url).pathname;
    const update = {
      update_id: 55_001,
      callback_query: {
        id: 'cq-cluster',
        from: { id: 42, is_bot: false, first_name: 'Aziz' },
        message: { message_id: first.message_id, chat: { id: CHAT, type: 'supergroup' }, date: 1764129600 },
        chat_instance: '1',
        data: first.reply_markup!.inline_keyboard[0]![0]!.callback_data,
      },
    };
    const deliver = (base: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': hook.secret_token!,
        },
        body: JSON.stringify(update),
      });
    const [a, b] = await Promise.all(cluster.servers.map((s) => deliver(s.url)));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(fake.callsOf('answerCallbackQuery')).toHaveLength(1);
    await until(() => first.texts.length === 2);
    expect(first.text).toContain('Qabul qilindi: Aziz');
    const day = await fetch(`${cluster.balancer.url}/api/manager/orders`, {
      headers: { authorization: `Bearer ${world.managerToken}` },
    });
    const order = ((await day.json()) as { data: { _id: string; status: string }[] }).data.find(
      (o) => o._id === placed[0]!._id,
    );
    expect(order?.status).toBe('accepted');
    // a wrong secret, on either server: refused
    const wrong = await fetch(`${cluster.servers[1]!.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'nope' },
      body: JSON.stringify({ ...update, update_id: 55_002 }),
    });
    expect(wrong.status).toBe(401);
  }, 60_000);
});

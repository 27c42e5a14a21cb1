/**
 * The menu inside Telegram (docs/TELEGRAM.md, "The menu inside Telegram"), against the fake Bot
 * API: the bot's menu button opens the menu as a Mini App; a guest whose `initData` the bot
 * signed, who allowed the bot to write, gets their order's changes in their private chat once
 * each, in the order's language; a forged, stale or another bot's `initData` ties nothing; a
 * guest who blocked the bot fails that message only; `/orders` lists their open orders.
 */
import { t } from '@qrmenu/shared/texts';
import { describe, expect, it } from 'vitest';
import type { FakeUser } from './fakes/telegram';
import { recorded } from './fixtures/recorded';
import { apiCall } from './helpers';
import { basket, ok, placeAs } from './orders-support';
import { fileTelegramWorld, saveBot } from './telegram-support';

type Json = Record<string, unknown>;
const tw = fileTelegramWorld({ extra: { publicMenuUrl: 'https://menu.example.uz' } });
let updateId = 7_000_000;

const place = async (language = 'uz') =>
  (await ok(placeAs(tw.ctx, basket(tw.world, 0, { language })), 201)).data as {
    _id: string;
    key: string;
    number: number;
  };
const link = (orderId: string, body: Json) =>
  tw.ctx.app.inject({ method: 'POST', url: `/api/public/telegram/orders/${orderId}`, payload: body });
const move = (id: string, status: string, reason?: string) =>
  ok(
    apiCall(tw.ctx, 'PUT', `/manager/orders/${id}/status`, tw.world.manager.token, {
      status,
      ...(reason ? { reason } : {}),
    }),
  );
const privateTexts = (user: FakeUser) =>
  tw.fake.messages.filter((m) => m.chat_id === user.id).map((m) => m.text);
const guestRows = async () => tw.ctx.db.selectFrom('telegram_guests').selectAll().execute();

/** A guest's text in their private chat with the bot, in the recorded update's shape. */
function privateText(user: FakeUser, text: string) {
  const shape = recorded<{ message: Json & { from: Json } }>(
    'telegram/update.message-private-start.recorded.json',
  );
  const person = { id: user.id, first_name: user.first_name };
  return {
    update_id: updateId++,
    message: {
      ...shape.message,
      from: { ...shape.message.from, ...person, is_bot: false },
      chat: { ...person, type: 'private' },
      text,
      entities: [{ offset: 0, length: text.split(' ')[0]!.length, type: 'bot_command' }],
    },
  };
}

describe('the menu inside Telegram', () => {
  it("sets the bot's menu button to the menu as a Mini App", () => {
    expect(tw.fake.menuButton(tw.bot)).toEqual({
      type: 'web_app',
      text: t.telegram.menuButton,
      web_app: { url: `https://menu.example.uz/m/${tw.world.slug}?tg=1` },
    });
  });

  it("tells the guest each change of their order once, in the order's language", async () => {
    const guest = tw.fake.addUser('Dilnoza');
    tw.fake.startPrivate(tw.bot, guest);
    const order = await place('uz');
    const initData = tw.fake.initDataFor(tw.bot, guest, { startParam: tw.world.tables[0]!._id });
    expect((await ok(link(order._id, { key: order.key, init_data: initData }))).data).toEqual({
      notified: true,
    });
    // tied twice (a retry): still one guest, one message a change
    await ok(link(order._id, { key: order.key, init_data: initData }));
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)).toEqual([]);

    await move(order._id, 'accepted');
    await tw.ctx.app.telegram.drain();
    await tw.ctx.app.telegram.drain();
    const link0 = `https://menu.example.uz/m/${tw.world.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`;
    expect(privateTexts(guest)).toEqual([`Buyurtma #${order.number}: Qabul qilindi\n${link0}`]);

    await move(order._id, 'ready');
    await tw.ctx.app.telegram.drain();
    await move(order._id, 'served');
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)).toEqual([
      `Buyurtma #${order.number}: Qabul qilindi\n${link0}`,
      `Buyurtma #${order.number}: Tayyor\n${link0}`,
    ]);
  });

  it('says a rejection with its reason in Russian to a guest who ordered in Russian', async () => {
    const guest = tw.fake.addUser('Olga');
    tw.fake.startPrivate(tw.bot, guest);
    const order = await place('ru');
    await ok(link(order._id, { key: order.key, init_data: tw.fake.initDataFor(tw.bot, guest) }));
    await move(order._id, 'rejected', 'Нет плова');
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)[0]).toMatch(
      new RegExp(`^Заказ №${order.number}: Отклонён\nПричина: Нет плова\n`),
    );
  });

  it("refuses a forged, stale or another bot's initData, and a key that does not open the order", async () => {
    const guest = tw.fake.addUser('Bekzod');
    const order = await place();
    const good = tw.fake.initDataFor(tw.bot, guest);
    const forged = good.replace(
      /user=[^&]+/,
      `user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'X' }))}`,
    );
    const stale = tw.fake.initDataFor(tw.bot, guest, {
      authDate: Math.floor(Date.now() / 1000) - 2 * 86_400,
    });
    const other = tw.fake.initDataFor(tw.fake.addBot('boshqa_bot'), guest);
    for (const init_data of [forged, stale, other, 'hash=00'])
      expect((await link(order._id, { key: order.key, init_data })).statusCode).toBe(401);
    expect((await link(order._id, { key: 'not-its-key', init_data: good })).statusCode).toBe(404);
    expect((await guestRows()).filter((r) => r.order_id === order._id)).toEqual([]);
  });

  it('keeps nothing of a guest who did not allow the bot to write', async () => {
    const guest = tw.fake.addUser('Jasur');
    const order = await place();
    const initData = tw.fake.initDataFor(tw.bot, guest, { allowsWrite: false });
    expect((await ok(link(order._id, { key: order.key, init_data: initData }))).data).toEqual({
      notified: false,
    });
    expect((await guestRows()).filter((r) => r.order_id === order._id)).toEqual([]);
  });

  it('fails the message of a guest who blocked the bot, and nothing else', async () => {
    const guest = tw.fake.addUser('Malika');
    tw.fake.startPrivate(tw.bot, guest);
    const order = await place();
    await ok(link(order._id, { key: order.key, init_data: tw.fake.initDataFor(tw.bot, guest) }));
    tw.fake.block(tw.bot, guest);
    const staffBefore = tw.fake.messages.filter((m) => m.chat_id === tw.chat.id).length;
    await move(order._id, 'accepted');
    await tw.ctx.app.telegram.drain();
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)).toEqual([]);
    const rows = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .selectAll()
      .where('post_key', 'like', `guest:${order._id}:%`)
      .execute();
    expect(rows.map((r) => [r.status, r.last_error])).toEqual([
      ['failed', 'Telegram 403: Forbidden: bot was blocked by the user'],
    ]);
    // the staff chat's post and its edit went on
    expect(tw.fake.messages.filter((m) => m.chat_id === tw.chat.id).length).toBeGreaterThan(staffBefore);
  });

  it('answers /orders with the guest’s open orders and links', async () => {
    const guest = tw.fake.addUser('Sardor');
    tw.fake.startPrivate(tw.bot, guest);
    expect((await tw.deliver(privateText(guest, '/orders'))).statusCode).toBe(200);
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)).toEqual([t.telegram.guestNoOrders]);
    const order = await place();
    await ok(link(order._id, { key: order.key, init_data: tw.fake.initDataFor(tw.bot, guest) }));
    expect((await tw.deliver(privateText(guest, '/orders'))).statusCode).toBe(200);
    await tw.ctx.app.telegram.drain();
    expect(privateTexts(guest)[1]).toBe(
      `Buyurtma #${order.number}: Yuborildi\nhttps://menu.example.uz/m/${tw.world.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
    );
  });

  it("counts the Mini App's visits as guests, under «Telegram» beside the placements", async () => {
    // Telegram's in-app browser on Android: a guest's phone, not a link preview
    const phone =
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 Telegram-Android/11.4.2 (Samsung SM-A546E; Android 14; SDK 34; HIGH)';
    for (const url of [`/m/${tw.world.slug}?tg=1`, `/m/${tw.world.slug}?p=${tw.world.tables[0]!._id}`])
      expect(
        (
          await tw.ctx.app.inject({
            method: 'GET',
            url,
            headers: { 'user-agent': phone },
            remoteAddress: '203.0.113.9',
          })
        ).statusCode,
      ).toBe(200);
    await tw.ctx.app.visits.flush();
    const stats = await ok(apiCall(tw.ctx, 'GET', '/manager/visits', tw.world.manager.token));
    expect(stats.data.placements).toEqual(
      expect.arrayContaining([
        { placement_id: 'telegram', name: 'Telegram', visits: 1 },
        { placement_id: tw.world.tables[0]!._id, name: 'Stol 1', visits: 1 },
      ]),
    );
  });
});

// last: it takes the staff chat away from the world's bot
describe('a bot with no staff chat', () => {
  it("still tells the Mini App's guest each change of their order, and posts nowhere else", async () => {
    // the chat cleared, the bot kept (the menu button and the Mini App stay)
    await ok(saveBot(tw.ctx, tw.world, { channel_id: '' }));
    const guest = tw.fake.addUser('Kamola');
    tw.fake.startPrivate(tw.bot, guest);
    const staffBefore = tw.fake.messages.filter((m) => m.chat_id === tw.chat.id).length;
    const order = await place('uz');
    await ok(link(order._id, { key: order.key, init_data: tw.fake.initDataFor(tw.bot, guest) }));
    await move(order._id, 'accepted');
    await tw.ctx.app.telegram.drain();
    await tw.ctx.app.telegram.drain();
    const page = `https://menu.example.uz/m/${tw.world.slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`;
    expect(privateTexts(guest)).toEqual([`Buyurtma #${order.number}: Qabul qilindi\n${page}`]);
    expect(tw.fake.messages.filter((m) => m.chat_id === tw.chat.id).length).toBe(staffBefore);
    // nothing was queued for a staff chat the bot does not have (no failed post on the board)
    const staffRows = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select('post_key')
      .where('post_key', 'in', [`order:${order._id}`])
      .execute();
    expect(staffRows).toEqual([]);
  });
});

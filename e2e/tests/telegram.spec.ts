/**
 * The restaurant's Telegram bot end to end (docs/TELEGRAM.md), against the fake Bot API
 * (api/test/fakes/telegram.ts) on 127.0.0.1: the admin saves the bot and chat in the restaurant
 * form, which says which bot Telegram confirmed and sends «Sinov xabari» (axe on the form); a
 * guest's order appears in the chat as one sendMessage with the order's text and three buttons;
 * "Qabul qilish" pressed through the webhook (with the right secret) marks it accepted on the
 * board and on the guest's page, and the message is edited; a wrong or missing secret is refused
 * and changes nothing; `/stop Osh` from the chat takes the dish off the guests' page within 2 s and
 * `/resume osh` brings it back, while the same from another chat does nothing.
 */
import { expect, test } from '@playwright/test';
import { type FakeTelegram, startTelegramFake } from '../../api/test/fakes/telegram';
import { expectAccessible } from '../a11y';
import type { RunningServer } from '../servers';
import { openTables, oshRestaurant, serverApi, signIn, startServerWith } from './pos-support';

let fake: FakeTelegram;
let server: RunningServer;

test.beforeAll(async () => {
  fake = await startTelegramFake();
  server = await startServerWith({ telegram: fake });
});
test.afterAll(() => server?.stop());

test('an order reaches the chat with three buttons; "Qabul qilish" through the webhook accepts it everywhere', async ({
  page,
  browser,
  request,
}) => {
  const api = serverApi(request, server.url);
  const { admin, manager, restaurantId, slug, osh } = await oshRestaurant(
    api,
    'Telegram Oshxonasi',
    'telegram',
  );
  const [table] = (await openTables(api, manager, restaurantId, ['Stol 5'])) as [string];

  // the bot and its chat, saved in the restaurant form
  const bot = fake.addBot('oshxona_bot');
  const chatId = -1002223334445;
  fake.addChat({
    id: chatId,
    type: 'supergroup',
    title: 'Oshxona guruhi',
    members: [[bot, 'administrator']],
  });
  await signIn(page, server.url, admin, 'admin');
  await page.goto(`${server.url}/admin/restaurants/${restaurantId}/edit`);
  await page.getByRole('textbox', { name: 'Bot tokeni' }).fill(bot.token);
  await page.getByRole('textbox', { name: 'Kanal ID' }).fill(String(chatId));
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Restoran yangilandi!')).toBeVisible();
  await page.goto(`${server.url}/admin/restaurants/${restaurantId}/edit`);
  await expect(page.getByText('Bot @oshxona_bot → Oshxona guruhi')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Bot tokeni' })).not.toHaveValue(bot.token);
  await page.getByRole('button', { name: 'Sinov xabari' }).click();
  await expect(page.getByText('Sinov xabari yuborildi')).toBeVisible();
  await expectAccessible(page, 'the restaurant form with its bot');

  // a guest's order: one sendMessage, its text, three buttons
  const order = await api.order(table, [{ product_id: osh, quantity: 2, row_ids: [], price: 45_000 }], {
    comment: 'Piyozsiz',
  });
  const posts = () =>
    fake
      .callsOf('sendMessage')
      .filter((c) => String(c.body.text).startsWith(`Yangi buyurtma #${order.number}`));
  await expect.poll(() => posts().length, { timeout: 10_000 }).toBe(1);
  const sent = posts()[0]!.body as {
    text: string;
    reply_markup: { inline_keyboard: { text: string; callback_data: string }[][] };
  };
  expect(sent.text).toContain('Stol: Stol 5');
  expect(sent.text).toContain("2 × Osh — 90 000 so'm");
  expect(sent.text).toContain('Izoh: Piyozsiz');
  expect(sent.text).toContain("Jami: 90 000 so'm");
  const buttons = sent.reply_markup.inline_keyboard.flat();
  expect(buttons.map((b) => b.text)).toEqual(['Qabul qilish', 'Rad etish', 'Tayyor']);

  // the board and the guest's page, open before the press
  const boardContext = await browser.newContext();
  const board = await boardContext.newPage();
  await signIn(board, server.url, manager, 'manager');
  await board.goto(`${server.url}/orders`);
  const card = board.getByRole('article', { name: new RegExp(`^#${order.number}, Stol 5$`) });
  await expect(card).toBeVisible();
  const guest = await boardContext.newPage();
  await guest.goto(`${server.url}/m/${slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`);
  const guestStatus = guest.getByRole('status').filter({ hasText: 'Holati' });
  await expect(guestStatus).toContainText('Yuborildi');

  const message = fake.messages.find((m) => m.text.startsWith(`Yangi buyurtma #${order.number}`))!;
  const hook = fake.webhook(bot.token)!;
  const webhook = `${server.url}${new URL(hook.url).pathname}`;
  const update = (id: number) => ({
    update_id: id,
    callback_query: {
      id: `cq-${id}`,
      from: { id: 111222333, is_bot: false, first_name: 'Aziz', username: 'aziz_oshpaz' },
      message: { message_id: message.message_id, chat: { id: chatId, type: 'supergroup' }, date: 1764129600 },
      chat_instance: '-8510981563742516013',
      data: buttons[0]!.callback_data,
    },
  });
  // a wrong or a missing secret: refused, nothing changes
  const wrong = await request.post(webhook, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': 'not-the-secret' },
    data: update(1),
  });
  expect(wrong.status()).toBe(401);
  expect((await request.post(webhook, { data: update(2) })).status()).toBe(401);
  const status = async () =>
    (
      (await (
        await request.get(`${server.url}/api/public/orders/${order._id}?key=${encodeURIComponent(order.key)}`)
      ).json()) as { data: { status: string } }
    ).data.status;
  expect(await status()).toBe('sent');

  const pressed = await request.post(webhook, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': hook.secret_token! },
    data: update(3),
  });
  expect(pressed.status()).toBe(200);
  expect(await status()).toBe('accepted');
  await expect(
    board.getByTestId('column-accepted').getByRole('article', { name: `#${order.number}, Stol 5` }),
  ).toBeVisible();
  await expect(guestStatus).toContainText('Qabul qilindi');
  expect(fake.callsOf('answerCallbackQuery')).toHaveLength(1);
  await expect.poll(() => message.texts.length, { timeout: 10_000 }).toBe(2);
  expect(message.text).toMatch(/Qabul qilindi: Aziz \(@aziz_oshpaz\), \d\d:\d\d/);
  await boardContext.close();

  // the kitchen's stop-list from the chat: /stop Osh takes it off the guests' page within 2 s,
  // /resume osh brings it back; the same from another chat does nothing
  const say = (id: number, chat: number, text: string) =>
    request.post(webhook, {
      headers: { 'X-Telegram-Bot-Api-Secret-Token': hook.secret_token! },
      data: {
        update_id: id,
        message: {
          message_id: id,
          from: { id: 1, is_bot: false, first_name: 'Oshpaz' },
          chat: { id: chat, type: 'supergroup' },
          date: 1764129800,
          text,
        },
      },
    });
  const menu = async () => (await request.get(`${server.url}/m/${slug}`)).text();
  expect(await menu()).toContain('>Osh<');
  expect((await say(10, -100999, '/stop Osh')).status()).toBe(200);
  expect(await menu()).toContain('>Osh<');
  const stopped = Date.now();
  expect((await say(11, chatId, '/stop Osh')).status()).toBe(200);
  await expect.poll(async () => (await menu()).includes('>Osh<'), { timeout: 2000 }).toBe(false);
  console.log(`/stop reached the guests' page in ${Date.now() - stopped} ms`);
  expect((await say(12, chatId, '/resume osh')).status()).toBe(200);
  await expect.poll(async () => (await menu()).includes('>Osh<'), { timeout: 2000 }).toBe(true);
});

/**
 * The restaurant's Telegram bot end to end (docs/TELEGRAM.md), against the fake Bot API
 * (api/test/fakes/telegram.ts) on 127.0.0.1: the admin saves the bot and chat in the restaurant
 * form (a public chat refused under «Kanal ID» first, in Uzbek), which says which bot Telegram
 * confirmed and sends «Sinov xabari» (axe on the form); a
 * guest's order appears in the chat as one sendMessage with the order's text and three buttons;
 * "Qabul qilish" pressed through the webhook (with the right secret) marks it accepted on the
 * board and on the guest's page, and the message is edited; a wrong or missing secret is refused
 * and changes nothing, as does a press by a member of the chat who is not its administrator
 * (answered «not allowed»); `/stop Osh` from the chat takes the dish off the guests' page within 2 s and
 * `/resume osh` brings it back, while the same from another chat does nothing. Then Telegram's
 * rules: the chat changed with orders on the board, an old order moved on changes no message of
 * the new chat (Telegram numbers messages per chat); the largest order a guest can send is posted
 * whole, in parts of at most 4096 characters, none refused by the fake (which checks every
 * request as the Bot API does).
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { connectBot, oshRestaurantWithTables, signIn, telegramServer } from './pos-support';

const own = telegramServer();

test('an order reaches the chat with three buttons; "Qabul qilish" through the webhook accepts it everywhere', async ({
  page,
  browser,
  request,
}) => {
  const made = await oshRestaurantWithTables(request, own.server.url, 'Telegram Oshxonasi', 'telegram', [
    'Stol 5',
  ]);
  const { api, admin, manager, restaurantId, slug, osh } = made;
  const [table] = made.tables as [string];

  // the bot and its chat, saved in the restaurant form; the staff who press and write are the
  // chat's administrators (a member's press is refused: docs/TELEGRAM.md, "Who may press")
  const bot = own.fake.addBot('oshxona_bot');
  const chatId = -1002223334445;
  const aziz = own.fake.addUser('Aziz', 'aziz_oshpaz', 111222333);
  const oshpaz = own.fake.addUser('Oshpaz', undefined, 1);
  const member = own.fake.addUser('Mehmon', undefined, 2);
  own.fake.addChat({
    id: chatId,
    type: 'supergroup',
    title: 'Oshxona guruhi',
    members: [
      [bot, 'administrator'],
      [aziz, 'administrator'],
      [oshpaz, 'administrator'],
      [member, 'member'],
    ],
  });
  await signIn(page, own.server.url, admin, 'admin');
  await page.goto(`${own.server.url}/admin/restaurants/${restaurantId}/edit`);
  await page.getByRole('textbox', { name: 'Bot tokeni' }).fill(bot.token);
  // a public chat (a @name) first: refused under its field, in Uzbek, nothing saved
  own.fake.addChat({
    id: -1002223334449,
    type: 'channel',
    title: 'Ochiq kanal',
    username: 'ochiq_oshxona',
    members: [[bot, 'administrator']],
  });
  await page.getByRole('textbox', { name: 'Kanal ID' }).fill('@ochiq_oshxona');
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(
    page.getByText(
      "Ochiq chatga buyurtmalar yuborilmaydi: ularni hamma ko'radi. Yopiq guruh yoki kanalni tanlang va uning raqamini kiriting",
    ),
  ).toBeVisible();
  await expectAccessible(page, 'the restaurant form refusing a public chat');
  await page.getByRole('textbox', { name: 'Kanal ID' }).fill(String(chatId));
  await page.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Restoran yangilandi!')).toBeVisible();
  await page.goto(`${own.server.url}/admin/restaurants/${restaurantId}/edit`);
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
    own.fake
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
  await signIn(board, own.server.url, manager, 'manager');
  await board.goto(`${own.server.url}/orders`);
  const card = board.getByRole('article', { name: new RegExp(`^#${order.number}, Stol 5$`) });
  await expect(card).toBeVisible();
  const guest = await boardContext.newPage();
  await guest.goto(`${own.server.url}/m/${slug}/orders/${order._id}?key=${encodeURIComponent(order.key)}`);
  const guestStatus = guest.getByRole('status').filter({ hasText: 'Holati' });
  await expect(guestStatus).toContainText('Yuborildi');

  const message = own.fake.messages.find((m) => m.text.startsWith(`Yangi buyurtma #${order.number}`))!;
  const hook = own.fake.webhook(bot.token)!;
  const webhook = `${own.server.url}${new URL(hook.url).pathname}`;
  const update = (id: number, from: { id: number; first_name: string } = aziz) => ({
    update_id: id,
    callback_query: {
      id: `cq-${id}`,
      from: { ...from, is_bot: false },
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
        await request.get(
          `${own.server.url}/api/public/orders/${order._id}?key=${encodeURIComponent(order.key)}`,
        )
      ).json()) as { data: { status: string } }
    ).data.status;
  expect(await status()).toBe('sent');
  // a member of the chat who is neither its administrator nor a linked staff member: answered «not
  // allowed», nothing changes
  const byMember = await request.post(webhook, {
    headers: { 'X-Telegram-Bot-Api-Secret-Token': hook.secret_token! },
    data: update(4, member),
  });
  expect(byMember.status()).toBe(200);
  expect(own.fake.callsOf('answerCallbackQuery').at(-1)?.body.text).toBe(
    "Ruxsat yo'q: buyurtmalar va stop-listni faqat restoran xodimlari va chat administratorlari boshqaradi",
  );
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
  expect(own.fake.callsOf('answerCallbackQuery')).toHaveLength(2);
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
          from: { ...oshpaz, is_bot: false },
          chat: { id: chat, type: 'supergroup' },
          date: 1764129800,
          text,
        },
      },
    });
  const menu = async () => (await request.get(`${own.server.url}/m/${slug}`)).text();
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

test('a change of chat moves no message of the new chat; the largest order is posted whole, in parts', async ({
  page,
  request,
}) => {
  const made = await oshRestaurantWithTables(request, own.server.url, 'Telegram Zali', 'telegram-zal', [
    'Stol 1',
    'Stol 2',
    'Stol 3',
  ]);
  const { api, manager, managerCreds, restaurantId, slug, osh } = made;
  const [first, second, third] = made.tables as [string, string, string];
  const oldChat = -1002223334446;
  const newChat = -1002223334447;
  const bot = await connectBot(api, own.fake, manager, slug, {
    bot: 'zal_bot',
    id: oldChat,
    title: 'Eski guruh',
  });
  const osh1 = [{ product_id: osh, quantity: 1, row_ids: [], price: 45_000 }];
  // order numbers are the restaurant's own: another restaurant's #1 is in another chat
  const postIn = (chat: number, number: number) =>
    own.fake.messages.find((m) => m.chat_id === chat && m.text.startsWith(`Yangi buyurtma #${number}\n`));
  const old = await api.order(first, osh1);
  await expect.poll(() => postIn(oldChat, old.number), { timeout: 10_000 }).toBeTruthy();
  const oldMessage = postIn(oldChat, old.number)!;

  // the bot moved to another group; an order after it goes there
  own.fake.addChat({
    id: newChat,
    type: 'supergroup',
    title: 'Yangi guruh',
    members: [[bot, 'administrator']],
  });
  await api.call(manager, 'put', `manager/restaurants/update?slug=${slug}`, { channel_id: String(newChat) });
  const fresh = await api.order(second, osh1);
  const inNewChat = () => own.fake.messages.filter((m) => m.chat_id === newChat);
  await expect.poll(() => inNewChat().length, { timeout: 10_000 }).toBe(1);
  const freshMessage = inNewChat()[0]!;
  expect(freshMessage.text.startsWith(`Yangi buyurtma #${fresh.number}`)).toBe(true);
  // Telegram numbers messages per chat: the same id in both chats
  expect(freshMessage.message_id).toBe(oldMessage.message_id);

  // the board moves the old order on, then the new one: only the new one's message changes
  await signIn(page, own.server.url, manager, 'manager');
  await page.goto(`${own.server.url}/orders`);
  for (const [order, table] of [
    [old, 'Stol 1'],
    [fresh, 'Stol 2'],
  ] as const) {
    const card = page.getByTestId('column-sent').getByRole('article', { name: `#${order.number}, ${table}` });
    await card.getByRole('button', { name: 'Qabul qilish' }).click();
    await expect(
      page.getByTestId('column-accepted').getByRole('article', { name: `#${order.number}, ${table}` }),
    ).toBeVisible();
  }
  // the outbox sends in order: once the new order's edit is in, the old one's was dealt with
  await expect.poll(() => freshMessage.texts.length, { timeout: 10_000 }).toBe(2);
  expect(freshMessage.text.startsWith(`Yangi buyurtma #${fresh.number}`)).toBe(true);
  // the board's move names its account (docs/TELEGRAM.md)
  expect(freshMessage.text).toContain(`Qabul qilindi: ${managerCreds.login} (buyurtmalar paneli)`);
  expect(inNewChat()).toHaveLength(1);
  expect(oldMessage.texts).toHaveLength(1);

  // the largest order a guest can send: 30 lines of 200-character names, a 500-character comment
  const category = await api.create(manager, 'manager/category/create', {
    title: 'Katta taomlar',
    restaurant_id: restaurantId,
  });
  const names = [' 1', ' 2', ' 🌶'].map(
    (tail) =>
      "Qo'y go'shtidan tayyorlangan an'anaviy Samarqand oshi, sabzi va no'xat bilan "
        .repeat(3)
        .slice(0, 200 - tail.length) + tail,
  );
  const dishes: string[] = [];
  for (const name of names)
    dishes.push(
      await api.create(manager, 'manager/products', { name, category_id: category, price: 45_000 }),
    );
  const largest = await api.order(
    third,
    Array.from({ length: 30 }, (_, i) => ({
      product_id: dishes[i % 3],
      quantity: 50,
      row_ids: [],
      price: 45_000,
    })),
    { comment: `${'Piyozsiz, achchiqsiz, tez olib keling. '.repeat(13).slice(0, 499)}!` },
  );
  const heading = `Buyurtma #${largest.number}, Stol 3 (davomi)`;
  const parts = () =>
    inNewChat().filter(
      (m) => m.text.startsWith(`Yangi buyurtma #${largest.number}\n`) || m.text.startsWith(`${heading}\n`),
    );
  // posted whole once its last part, with the buttons, is in
  await expect
    .poll(() => parts().some((m) => m.reply_markup && m.text.startsWith(heading)), { timeout: 20_000 })
    .toBe(true);
  expect(own.fake.refused).toEqual([]);
  const posted = parts();
  expect(posted.length).toBeGreaterThan(1);
  for (const part of posted) expect(part.text.length).toBeLessThanOrEqual(4096);
  const lines = posted.flatMap((p) => p.text.split('\n')).filter((l) => l.startsWith('• '));
  expect(lines).toHaveLength(30);
  expect(lines.map((l) => names.findIndex((n) => l.includes(n)))).toEqual(
    Array.from({ length: 30 }, (_, i) => i % 3),
  );
  const text = posted.map((p) => p.text).join('\n');
  expect(text).toContain('Izoh: Piyozsiz, achchiqsiz');
  expect(
    posted
      .at(-1)
      ?.reply_markup?.inline_keyboard.flat()
      .map((b) => b.text),
  ).toEqual(['Qabul qilish', 'Rad etish', 'Tayyor']);
  expect(posted.slice(0, -1).every((p) => p.reply_markup === undefined)).toBe(true);
});

/**
 * The restaurant's Telegram bot against the fake Bot API (docs/TELEGRAM.md): the set-up's
 * checks and their Uzbek reasons, the token sealed and masked, the webhook's secret, orders and
 * calls posted with their buttons, presses that move the order as the board does, the stop-list
 * commands, and updates handled once.
 */

import { randomBytes } from 'node:crypto';
import { answers, BOT_TOKEN_MASK } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealSecrets } from '../src/integration/rotate-secrets';
import { secretBox } from '../src/integration/secrets';
import { type FakeTelegram, startTelegramFake } from './fakes/telegram';
import { ADMIN, apiCall, loginAs, TEST_SECRET_KEY, type TestCtx } from './helpers';
import { basket, callAs, ok, orderWorld, placeAs } from './orders-support';
import {
  botInSupergroup,
  fileTelegramWorld,
  press,
  saveBot,
  say,
  telegramApp,
  WEBHOOK_ORIGIN,
} from './telegram-support';

describe('setting up the bot', () => {
  let fake: FakeTelegram;
  let ctx: TestCtx;
  beforeAll(async () => {
    fake = await startTelegramFake();
    ctx = await telegramApp(fake);
  });
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  });

  const refusal = async (res: Promise<import('fastify').LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(400);
    return r.json().error.details as { path: string; message: string }[];
  };

  it('checks the token with getMe, the chat with getChat and getChatMember, seals the token and sets the webhook', async () => {
    const w = await orderWorld(ctx);
    const { bot, chat } = botInSupergroup(fake, 'kafe_bot', { id: -1005550001, title: 'Oshxona' }, 'member');
    const saved = await ok(saveBot(ctx, w, { bot_token: bot.token, channel_id: String(chat.id) }));
    expect(saved.data.bot_token).toBe(BOT_TOKEN_MASK);
    expect(saved.data.channel_id).toBe(String(chat.id));
    expect(fake.callsOf('getMe').at(-1)?.token).toBe(bot.token);
    expect(fake.callsOf('getChatMember').at(-1)?.body).toMatchObject({ chat_id: chat.id, user_id: bot.id });

    const row = await ctx.db
      .selectFrom('restaurants')
      .select('bot_token')
      .where('id', '=', w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(row.bot_token?.startsWith('v2.')).toBe(true);
    expect(row.bot_token).not.toContain(bot.token);

    const hook = fake.webhook(bot.token);
    expect(hook?.url).toBe(`${WEBHOOK_ORIGIN}/api/telegram/webhook/${w.restaurantId}`);
    expect(hook?.secret_token).toMatch(/^[\w-]{40,}$/);
    const stored = await ctx.db
      .selectFrom('telegram_bots')
      .selectAll()
      .where('restaurant_id', '=', w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(stored.webhook_secret_enc).not.toContain(hook?.secret_token);

    const status = await ok(apiCall(ctx, 'GET', '/manager/telegram', w.manager.token));
    expect(answers.telegramStatus.parse(status)).toEqual({
      data: {
        connected: true,
        bot_username: 'kafe_bot',
        chat_title: 'Oshxona',
        webhook: true,
        waiting: 0,
        last_error: null,
      },
    });
    // never answered in full, to the owner either
    for (const url of [`/user/restaurants/view?slug=${w.slug}`, '/manager/restaurants/me']) {
      const res = await apiCall(ctx, 'GET', url, w.manager.token);
      expect(res.body).not.toContain(bot.token);
    }
  });

  it('the mask sent back changes nothing; a new token replaces the old one and deletes its webhook; none removes it', async () => {
    const w = await orderWorld(ctx);
    const first = fake.addBot('birinchi_bot');
    const second = fake.addBot('ikkinchi_bot');
    const chat = fake.addChat({
      id: -1005550002,
      type: 'supergroup',
      title: 'Zal',
      members: [
        [first, 'administrator'],
        [second, 'administrator'],
      ],
    });
    await ok(saveBot(ctx, w, { bot_token: first.token, channel_id: String(chat.id) }));
    const before = fake.calls.length;
    await ok(saveBot(ctx, w, { bot_token: BOT_TOKEN_MASK, name: 'Yangi nom' }));
    expect(fake.calls.length).toBe(before);
    const firstSecret = fake.webhook(first.token)?.secret_token;

    await ok(saveBot(ctx, w, { bot_token: second.token }));
    expect(fake.webhook(first.token)).toBeUndefined();
    expect(fake.webhook(second.token)?.secret_token).not.toBe(firstSecret);
    const status = await ok(apiCall(ctx, 'GET', '/manager/telegram', w.manager.token));
    expect(status.data.bot_username).toBe('ikkinchi_bot');

    // a deleted restaurant's bot hears nothing more either
    const gone = await orderWorld(ctx);
    const third = fake.addBot('uchinchi_bot');
    await ok(saveBot(ctx, gone, { bot_token: third.token, channel_id: '' }));
    expect(fake.webhook(third.token)).toBeDefined();
    const admin = await loginAs(ctx.app, ADMIN.login, ADMIN.password);
    await ok(apiCall(ctx, 'DELETE', `/admin/restaurants/delete?slug=${gone.slug}`, admin));
    expect(fake.webhook(third.token)).toBeUndefined();

    const removed = await ok(saveBot(ctx, w, { bot_token: '' }));
    expect(removed.data.bot_token).toBeNull();
    expect(fake.webhook(second.token)).toBeUndefined();
    expect((await ok(apiCall(ctx, 'GET', '/manager/telegram', w.manager.token))).data.connected).toBe(false);
  });

  it('a wrong token, a chat not found, a bot not in the chat and one without the right to post: a reason each, nothing saved', async () => {
    const w = await orderWorld(ctx);
    const bot = fake.addBot('tekshir_bot');
    fake.addChat({ id: -1005550003, type: 'group', title: 'Chiqib ketgan', members: [[bot, 'left']] });
    fake.addChat({
      id: -1005550004,
      type: 'supergroup',
      title: 'Cheklangan',
      members: [[bot, 'restricted']],
    });
    fake.addChat({
      id: -1005550005,
      type: 'channel',
      title: 'Kanal',
      username: 'kafe_kanal',
      members: [[bot, 'member']],
    });
    fake.addChat({ id: -1005550006, type: 'channel', title: 'Begona kanal', username: 'begona_kanal' });

    expect(await refusal(saveBot(ctx, w, { bot_token: '123:wrong' }))).toEqual([
      { path: 'bot_token', message: 'telegram: bad_token' },
    ]);
    // a token of another shape never reaches the Bot API's path
    const asked = fake.callsOf('getMe').length;
    expect(await refusal(saveBot(ctx, w, { bot_token: `${bot.token}/../getUpdates?x=` }))).toEqual([
      { path: 'bot_token', message: 'telegram: bad_token' },
    ]);
    expect(fake.callsOf('getMe').length).toBe(asked);
    // a right-shaped token Telegram does not know
    expect(await refusal(saveBot(ctx, w, { bot_token: '123456:AAHunknownTokenOfNoBot0123' }))).toEqual([
      { path: 'bot_token', message: 'telegram: bad_token' },
    ]);
    expect(fake.callsOf('getMe').length).toBe(asked + 1);
    const cases: [string, string][] = [
      ['-1009999', 'chat_not_found'],
      ['-1005550003', 'chat_not_found'], // a private group the bot left is not even seen
      ['-1005550004', 'cannot_post'],
      ['@kafe_kanal', 'cannot_post'], // a channel's member may not post: only an administrator may
      ['@begona_kanal', 'not_in_chat'],
    ];
    for (const [channel, code] of cases) {
      expect(await refusal(saveBot(ctx, w, { bot_token: bot.token, channel_id: channel })), channel).toEqual([
        { path: 'channel_id', message: `telegram: ${code}` },
      ]);
    }
    const row = await ctx.db
      .selectFrom('restaurants')
      .select(['bot_token', 'channel_id'])
      .where('id', '=', w.restaurantId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ bot_token: 'bot-secret', channel_id: '@channel' }); // the world's, as they were
    expect(fake.webhook(bot.token)).toBeUndefined();
    for (const code of ['bad_token', 'chat_not_found', 'not_in_chat', 'cannot_post', 'unreachable']) {
      expect(t.telegram.errors[code]).toBeTruthy();
    }
  });

  it('Telegram not answering is said as such; without INTEGRATION_SECRET_KEY a token is refused', async () => {
    const w = await orderWorld(ctx);
    const bot = fake.addBot('sekin_bot');
    // a short limit: the fake holds the hanging call until the client gives up
    const impatient = await telegramApp(fake, { telegramTimeoutMs: 300 });
    try {
      const i = await orderWorld(impatient);
      fake.fail('getMe', 'timeout');
      expect(await refusal(saveBot(impatient, i, { bot_token: bot.token }))).toEqual([
        { path: 'bot_token', message: 'telegram: unreachable' },
      ]);
    } finally {
      await impatient.close();
    }
    fake.fail('getMe', '500');
    expect(await refusal(saveBot(ctx, w, { bot_token: bot.token }))).toEqual([
      { path: 'bot_token', message: 'telegram: unreachable' },
    ]);

    const keyless = await telegramApp(fake, { integrationSecretKey: undefined });
    try {
      const k = await orderWorld(keyless);
      expect(await refusal(saveBot(keyless, k, { bot_token: bot.token }))).toEqual([
        { path: 'bot_token', message: 'telegram: no_key' },
      ]);
    } finally {
      await keyless.close();
    }
  });

  it('"Sinov xabari" posts to the chat at once, and says why when it cannot', async () => {
    const w = await orderWorld(ctx);
    const { bot, chat } = botInSupergroup(fake, 'sinov_bot', { id: -1005550007, title: 'Sinov' }, 'member');
    expect(await refusal(apiCall(ctx, 'POST', '/manager/telegram/test', w.manager.token))).toEqual([
      { path: 'bot_token', message: 'telegram: no_token' },
    ]);
    await ok(saveBot(ctx, w, { bot_token: bot.token, channel_id: String(chat.id) }));
    expect(await ok(apiCall(ctx, 'POST', '/manager/telegram/test', w.manager.token))).toEqual({
      data: { sent: true },
    });
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: chat.id, text: t.telegram.testText });
    chat.members.set(bot.id, 'left'); // removed from the group since
    expect(await refusal(apiCall(ctx, 'POST', '/manager/telegram/test', w.manager.token))).toEqual([
      { path: 'channel_id', message: 'telegram: not_in_chat' },
    ]);
  });
});

describe('pnpm rotate-secrets', () => {
  it("seals the bots' tokens and webhook secrets again under the new key (and a token stored before sealing)", async () => {
    const fake = await startTelegramFake();
    const ctx = await telegramApp(fake);
    try {
      const legacy = await orderWorld(ctx); // its token was stored as it was typed
      const w = await orderWorld(ctx);
      const bot = fake.addBot('aylanma_bot');
      await ok(saveBot(ctx, w, { bot_token: bot.token, channel_id: '' }));
      const next = secretBox(randomBytes(32).toString('hex'));
      const report = await resealSecrets(ctx.app.repos, { box: next, oldKey: TEST_SECRET_KEY });
      expect(report).toMatchObject({ failed: [], bots: 2 });
      const stored = async (id: string) =>
        ctx.db.selectFrom('restaurants').select('bot_token').where('id', '=', id).executeTakeFirstOrThrow();
      expect(next.open((await stored(w.restaurantId)).bot_token!, w.restaurantId)).toBe(bot.token);
      expect(next.open((await stored(legacy.restaurantId)).bot_token!, legacy.restaurantId)).toBe(
        'bot-secret',
      );
      const secret = (await ctx.app.repos.telegramBots.find(w.restaurantId))!.webhook_secret_enc!;
      expect(next.open(secret, w.restaurantId)).toBe(fake.webhook(bot.token)?.secret_token);
      // run again: nothing left to do
      expect((await resealSecrets(ctx.app.repos, { box: next, oldKey: TEST_SECRET_KEY })).bots).toBe(0);
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});

describe('orders and calls in the chat', () => {
  const tw = fileTelegramWorld();

  const messagesOfChat = () => tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);

  it('a new order is posted once with its lines, options, comment, total and three buttons', async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 1, { comment: 'Achchiq emas' })), 201);
    await tw.ctx.app.telegram.drain();
    await tw.ctx.app.telegram.drain();
    const posts = messagesOfChat().filter((m) => m.text.includes(`#${placed.data.number}`));
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post?.text).toContain(t.telegram.newOrder(placed.data.number));
    expect(post?.text).toContain('Stol 2');
    expect(post?.text).toContain("2 × Osh (Hajmi: Katta) — 70 000 so'm");
    expect(post?.text).toContain('Izoh: Achchiq emas');
    expect(post?.text).toContain("Jami: 75 000 so'm");
    expect(post?.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      'Qabul qilish',
      'Rad etish',
      'Tayyor',
    ]);
  });

  it('"Qabul qilish" moves the order as the board does, edits the message with who and when, answers the press', async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world)), 201);
    await tw.ctx.app.telegram.drain();
    const post = messagesOfChat().at(-1)!;
    const accept = post.reply_markup!.inline_keyboard[0]![0]!.callback_data;
    const res = await tw.deliver(press(tw.chat.id, post.message_id, accept));
    expect(res.statusCode, res.body).toBe(200);
    const day = await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token));
    expect(day.data.find((o: { _id: string }) => o._id === placed.data._id).status).toBe('accepted');
    expect(tw.fake.callsOf('answerCallbackQuery').at(-1)?.body).toMatchObject({ text: t.telegram.pressDone });
    await tw.ctx.app.telegram.drain();
    expect(post.text).toMatch(/Qabul qilindi: Aziz \(@aziz_oshpaz\), \d\d:\d\d/);
    expect(post.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual(['Tayyor', 'Rad etish']);

    // the board moves it on: the chat follows, saying who on the board (the account, recorded)
    await ok(
      apiCall(tw.ctx, 'PUT', `/manager/orders/${placed.data._id}/status`, tw.world.manager.token, {
        status: 'ready',
      }),
    );
    await tw.ctx.app.telegram.drain();
    expect(post.text).toContain(`Tayyor: ${t.telegram.onBoard(tw.world.manager.login)}`);
    // a press on a button that no longer applies: answered, nothing changed
    await tw.deliver(press(tw.chat.id, post.message_id, accept));
    expect(tw.fake.callsOf('answerCallbackQuery').at(-1)?.body).toMatchObject({ text: t.telegram.pressLate });
  });

  it('a wrong or missing secret is refused and changes nothing; another chat is not heard; an update is handled once', async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 2)), 201);
    await tw.ctx.app.telegram.drain();
    const post = messagesOfChat().at(-1)!;
    const update = press(tw.chat.id, post.message_id, `o:a:${placed.data._id}`);
    expect((await tw.deliver(update, 'wrong-secret')).statusCode).toBe(401);
    expect((await tw.deliver(update, null)).statusCode).toBe(401);
    const stranger = press(-100777, post.message_id, `o:r:${placed.data._id}`);
    expect((await tw.deliver(stranger)).statusCode).toBe(200);
    const status = async () =>
      (await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token))).data.find(
        (o: { _id: string }) => o._id === placed.data._id,
      ).status;
    expect(await status()).toBe('sent');

    const answered = tw.fake.callsOf('answerCallbackQuery').length;
    await Promise.all([tw.deliver(update), tw.deliver(update)]);
    expect(await status()).toBe('accepted');
    expect(tw.fake.callsOf('answerCallbackQuery').length).toBe(answered + 1);
  });

  it('calls and bill requests are posted with "Bajarildi", which clears them on the board', async () => {
    const called = await ok(callAs(tw.ctx, { placement_id: tw.world.tables[0]!._id, kind: 'bill' }), 201);
    await tw.ctx.app.telegram.drain();
    const post = messagesOfChat().at(-1)!;
    expect(post.text).toBe(t.telegram.billCall('Stol 1'));
    expect(post.reply_markup?.inline_keyboard.flat()).toEqual([
      { text: 'Bajarildi', callback_data: `c:${called.data._id}` },
    ]);
    await tw.deliver(press(tw.chat.id, post.message_id, `c:${called.data._id}`));
    const pending = await ok(apiCall(tw.ctx, 'GET', '/manager/calls', tw.world.manager.token));
    expect(pending.data.map((c: { _id: string }) => c._id)).not.toContain(called.data._id);
    await tw.ctx.app.telegram.drain();
    expect(post.text).toMatch(/Bajarildi: Aziz \(@aziz_oshpaz\), \d\d:\d\d/);
    expect(post.reply_markup?.inline_keyboard).toEqual([]);
  });
});

describe('a change of chat', () => {
  const tw = fileTelegramWorld();

  const move = (id: string, status: string, reason?: string) =>
    ok(apiCall(tw.ctx, 'PUT', `/manager/orders/${id}/status`, tw.world.manager.token, { status, reason }));

  it('an edit goes only to the chat its post is in: an old order moved on changes no message of the new chat', async () => {
    const first = await ok(placeAs(tw.ctx, basket(tw.world, 0)), 201);
    const second = await ok(placeAs(tw.ctx, basket(tw.world, 1)), 201);
    await tw.ctx.app.telegram.drain();
    const oldChat = tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
    expect(oldChat.map((m) => m.text.split('\n')[0])).toEqual([
      t.telegram.newOrder(first.data.number),
      t.telegram.newOrder(second.data.number),
    ]);

    const newChat = tw.fake.addChat({
      id: -1009876543210,
      type: 'supergroup',
      title: 'Yangi oshxona',
      members: [[tw.bot, 'administrator']],
    });
    await ok(saveBot(tw.ctx, tw.world, { channel_id: String(newChat.id) }));
    const third = await ok(placeAs(tw.ctx, basket(tw.world, 2)), 201);
    await tw.ctx.app.telegram.drain();
    const inNewChat = () => tw.fake.messages.filter((m) => m.chat_id === newChat.id);
    expect(inNewChat().map((m) => m.text.split('\n')[0])).toEqual([t.telegram.newOrder(third.data.number)]);
    // Telegram numbers messages per chat: the new chat's first message has the old chat's first id
    expect(inNewChat()[0]?.message_id).toBe(oldChat[0]?.message_id);

    // the board moves the old orders on: the new chat's messages do not change, the old ones are left alone
    const edits = tw.fake.callsOf('editMessageText').length;
    await move(first.data._id, 'accepted');
    await move(second.data._id, 'rejected', 'Osh tugadi');
    await tw.ctx.app.telegram.drain();
    expect(inNewChat().map((m) => m.texts.length)).toEqual([1]);
    expect(inNewChat()[0]?.text).toContain(`#${third.data.number}`);
    expect(oldChat.map((m) => m.texts.length)).toEqual([1, 1]);
    expect(tw.fake.callsOf('editMessageText').length).toBe(edits);
    const left = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select(['status', 'ref'])
      .where('kind', '=', 'edit')
      .where('ref', '=', `order:${first.data._id}`)
      .execute();
    expect(left).toEqual([{ status: 'skipped', ref: `order:${first.data._id}` }]);
    // the form's status shows no fault for it
    expect(
      (await ok(apiCall(tw.ctx, 'GET', '/manager/telegram', tw.world.manager.token))).data.last_error,
    ).toBe(null);

    // the new chat's own order is edited in place, as before
    await move(third.data._id, 'accepted');
    await tw.ctx.app.telegram.drain();
    expect(inNewChat()[0]?.texts).toHaveLength(2);
    expect(inNewChat()[0]?.text).toContain(`#${third.data.number}`);
    expect(inNewChat()[0]?.text).toContain(`Qabul qilindi: ${t.telegram.onBoard(tw.world.manager.login)}`);
  });

  it('posts only what happens from the moment a chat is set: no backlog of orders, calls or bill requests', async () => {
    const w = await orderWorld(tw.ctx);
    const { bot, chat } = botInSupergroup(
      tw.fake,
      'kechikkan_bot',
      { id: -1005550101, title: 'Kechikkan' },
      'administrator',
    );
    const inChat = () => tw.fake.messages.filter((m) => m.chat_id === chat.id);
    // the bot saved without a chat: nothing can be posted
    await ok(saveBot(tw.ctx, w, { bot_token: bot.token, channel_id: '' }));
    await ok(placeAs(tw.ctx, basket(w, 0)), 201);
    await ok(callAs(tw.ctx, { placement_id: w.tables[1]!._id, kind: 'waiter' }), 201);
    await ok(callAs(tw.ctx, { placement_id: w.tables[2]!._id, kind: 'bill' }), 201);
    await tw.ctx.app.telegram.drain();

    // an hour later the chat is set: what happened before it is not posted
    await ok(saveBot(tw.ctx, w, { channel_id: String(chat.id) }));
    await tw.ctx.app.telegram.drain();
    expect(inChat()).toEqual([]);
    const after = await ok(placeAs(tw.ctx, basket(w, 1)), 201);
    await tw.ctx.app.telegram.drain();
    expect(inChat().map((m) => m.text.split('\n')[0])).toEqual([t.telegram.newOrder(after.data.number)]);

    // the chat cleared (the bot kept) and set again: the same
    await ok(saveBot(tw.ctx, w, { channel_id: '' }));
    await ok(placeAs(tw.ctx, basket(w, 2)), 201);
    await ok(callAs(tw.ctx, { placement_id: w.tables[0]!._id, kind: 'waiter' }), 201);
    await tw.ctx.app.telegram.drain();
    await ok(saveBot(tw.ctx, w, { channel_id: String(chat.id) }));
    await tw.ctx.app.telegram.drain();
    expect(inChat()).toHaveLength(1);
    const last = await ok(callAs(tw.ctx, { placement_id: w.tables[1]!._id, kind: 'bill' }), 201);
    await tw.ctx.app.telegram.drain();
    expect(inChat().map((m) => m.text)).toEqual([
      expect.stringContaining(t.telegram.newOrder(after.data.number)),
      t.telegram.billCall(last.data.table),
    ]);
  });
});

describe('the stop-list from the chat', () => {
  const tw = fileTelegramWorld();
  let manti: string;
  beforeAll(async () => {
    const { createProduct } = await import('./helpers');
    manti = (
      await createProduct(tw.ctx, tw.world.restaurantId, tw.world.categoryId, { name: 'Manti', price: 25000 })
    ).id;
    await createProduct(tw.ctx, tw.world.restaurantId, tw.world.categoryId, {
      name: "Qo'y sho'rva",
      price: 28000,
    });
    await createProduct(tw.ctx, tw.world.restaurantId, tw.world.categoryId, {
      name: "Mol sho'rva",
      price: 26000,
    });
  });

  const lastText = async () => {
    await tw.ctx.app.telegram.drain();
    return tw.fake.messages.filter((m) => m.chat_id === tw.chat.id).at(-1);
  };
  const isActive = async (id: string) =>
    (
      await tw.ctx.db
        .selectFrom('products')
        .select('is_active')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).is_active === 1;
  const page = async () => (await tw.ctx.app.inject({ method: 'GET', url: `/m/${tw.world.slug}` })).body;

  it("/stop Manti takes it off the guests' page; /resume manti brings it back; the same from another chat does nothing", async () => {
    expect(await page()).toContain('Manti');
    await tw.deliver(say(-100123, '/stop Manti'));
    expect(await isActive(manti)).toBe(true);

    await tw.deliver(say(tw.chat.id, `/stop@${tw.bot.username} Manti`));
    expect(await isActive(manti)).toBe(false);
    expect(await page()).not.toContain('Manti');
    expect((await lastText())?.text).toBe(t.telegram.stopped('Manti'));
    // the back office's stop-list reads the same rows
    const listed = await ok(apiCall(tw.ctx, 'GET', `/manager/products`, tw.world.manager.token));
    expect(listed.data.find((p: { _id: string }) => p._id === manti).is_active).toBe(false);

    await tw.deliver(say(tw.chat.id, '/stoplist'));
    expect((await lastText())?.text).toBe(`${t.telegram.stopListTitle}\n• Manti`);
    await tw.deliver(say(tw.chat.id, '/resume manti'));
    expect(await isActive(manti)).toBe(true);
    expect(await page()).toContain('Manti');
  });

  it("matches o' oʻ o‘ alike, case and one typo; several matches are offered as buttons", async () => {
    await tw.deliver(say(tw.chat.id, '/stop MANTY'));
    expect(await isActive(manti)).toBe(false);
    await tw.deliver(say(tw.chat.id, '/resume manti'));

    await tw.deliver(say(tw.chat.id, '/stop shoʻrva'));
    const offer = await lastText();
    expect(offer?.text).toBe(t.telegram.choose);
    const buttons = offer?.reply_markup?.inline_keyboard.flat() ?? [];
    expect(buttons.map((b) => b.text).sort()).toEqual(["Mol sho'rva", "Qo'y sho'rva"]);
    const qoy = buttons.find((b) => b.text === "Qo'y sho'rva")!;
    await tw.deliver(press(tw.chat.id, offer!.message_id, qoy.callback_data));
    const id = qoy.callback_data.slice(2);
    expect(await isActive(id)).toBe(false);
    expect((await lastText())?.text).toBe(t.telegram.stopped("Qo'y sho'rva"));

    await tw.deliver(say(tw.chat.id, '/stop qo‘y sho‘rva'));
    expect((await lastText())?.text).toBe(t.telegram.notFound('qo‘y sho‘rva')); // stopped already
    await tw.deliver(say(tw.chat.id, '/stop Lagmonxona'));
    expect((await lastText())?.text).toBe(t.telegram.notFound('Lagmonxona'));
  });
});

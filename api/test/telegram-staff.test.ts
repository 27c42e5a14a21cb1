/**
 * Who may act from the staff's chat (docs/TELEGRAM.md, "Who may press"), against the fake Bot API:
 * a press or a command counts only from an administrator of the chat (its creator or an
 * administrator, asked with getChatMember for the presser and kept a minute); anyone else who sees
 * the chat (a member of the group, a stranger, a channel's viewer) is answered «not allowed» and
 * changes nothing. A command sent on behalf of the chat itself (an anonymous administrator, a
 * channel's post) is an administrator's; one on behalf of another chat is not. A public chat
 * (a @name) is refused at set-up.
 */
import { t } from '@qrmenu/shared/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMINS_CACHED_MS } from '../src/telegram/staff';
import type { FakeUser } from './fakes/telegram';
import { apiCall, createProduct } from './helpers';
import { basket, ok, orderWorld, placeAs } from './orders-support';
import { fileTelegramWorld, press, saveBot, say } from './telegram-support';

let clockAt = Date.now();
const clock = () => clockAt;

const tw = fileTelegramWorld({
  extra: {
    telegramOutbox: { schedule: false, gapMs: 0, perMinute: 10_000, backoffMs: 50, clock },
  },
});
let member: FakeUser;
let stranger: FakeUser;
let creator: FakeUser;
beforeAll(async () => {
  member = tw.fake.addUser('Bekzod', 'bekzod_mehmon');
  stranger = tw.fake.addUser('Begona');
  creator = tw.fake.addUser('Dilshod', 'rayhon_egasi');
  tw.chat.members.set(member.id, 'member');
  tw.chat.members.set(creator.id, 'creator');
});

const messagesOfChat = () => tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
const statusOf = async (id: string) =>
  (await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token))).data.find(
    (o: { _id: string }) => o._id === id,
  ).status;
const lastAnswer = () => tw.fake.callsOf('answerCallbackQuery').at(-1)?.body;
const askedAbout = (userId: number) =>
  tw.fake.callsOf('getChatMember').filter((c) => c.body.user_id === userId).length;

async function postedOrder(table = 0) {
  const placed = await ok(placeAs(tw.ctx, basket(tw.world, table)), 201);
  await tw.ctx.app.telegram.drain();
  const post = messagesOfChat().find((m) => m.text.includes(`#${placed.data.number}\n`))!;
  return { placed, post, accept: `o:a:${placed.data._id}`, reject: `o:r:${placed.data._id}` };
}

describe('a press', () => {
  it('from a member of the group, a stranger or someone Telegram cannot place: «not allowed», nothing changes', async () => {
    const { placed, post, reject } = await postedOrder();
    const unknown = { id: 987_654_321, first_name: 'Hech kim' };
    for (const who of [member, stranger, unknown]) {
      const res = await tw.deliver(press(tw.chat.id, post.message_id, reject, undefined, who));
      expect(res.statusCode, res.body).toBe(200);
      expect(lastAnswer()).toMatchObject({ text: t.telegram.notAllowed });
      expect(await statusOf(placed.data._id)).toBe('sent');
    }
    expect(tw.fake.refused).toEqual([]);
    // asked about each of them, in this chat
    for (const who of [member, stranger, unknown]) expect(askedAbout(who.id), who.first_name).toBe(1);
    expect(tw.fake.callsOf('getChatMember').at(-1)?.body).toEqual({
      chat_id: String(tw.chat.id),
      user_id: unknown.id,
    });
    // no edit was queued: the message is as it was
    await tw.ctx.app.telegram.drain();
    expect(post.texts).toHaveLength(1);
  });

  it("from the chat's creator or an administrator: obeyed", async () => {
    const first = await postedOrder(1);
    await tw.deliver(press(tw.chat.id, first.post.message_id, first.accept, undefined, creator));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.pressDone });
    expect(await statusOf(first.placed.data._id)).toBe('accepted');
    const second = await postedOrder(2);
    await tw.deliver(press(tw.chat.id, second.post.message_id, second.accept));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.pressDone });
    expect(await statusOf(second.placed.data._id)).toBe('accepted');
    await tw.ctx.app.telegram.drain();
    expect(first.post.text).toMatch(/Qabul qilindi: Dilshod \(@rayhon_egasi\), \d\d:\d\d/);
  });

  it('the answer is kept a minute: a rush asks Telegram once; an administrator removed loses the buttons after it', async () => {
    const deputy = tw.fake.addUser('Sardor');
    tw.chat.members.set(deputy.id, 'administrator');
    const one = await postedOrder(0);
    const two = await postedOrder(1);
    await tw.deliver(press(tw.chat.id, one.post.message_id, one.accept, undefined, deputy));
    await tw.deliver(press(tw.chat.id, two.post.message_id, two.accept, undefined, deputy));
    expect(await statusOf(one.placed.data._id)).toBe('accepted');
    expect(await statusOf(two.placed.data._id)).toBe('accepted');
    expect(askedAbout(deputy.id)).toBe(1);

    tw.chat.members.set(deputy.id, 'member'); // no longer an administrator
    clockAt += ADMINS_CACHED_MS + 1;
    const three = await postedOrder(2);
    await tw.deliver(press(tw.chat.id, three.post.message_id, three.accept, undefined, deputy));
    expect(askedAbout(deputy.id)).toBe(2);
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notAllowed });
    expect(await statusOf(three.placed.data._id)).toBe('sent');
  });

  it('Telegram not answering whether the presser may: nothing changes, and the update is handled when Telegram repeats it', async () => {
    const { placed, post, accept } = await postedOrder(0);
    const outsider = tw.fake.addUser('Yangi');
    tw.chat.members.set(outsider.id, 'administrator');
    const update = press(tw.chat.id, post.message_id, accept, undefined, outsider);
    tw.fake.fail('getChatMember', '500');
    expect((await tw.deliver(update)).statusCode).toBe(500);
    expect(await statusOf(placed.data._id)).toBe('sent');
    expect((await tw.deliver(update)).statusCode).toBe(200);
    expect(await statusOf(placed.data._id)).toBe('accepted');
  });
});

describe('a command', () => {
  let manti: string;
  beforeAll(async () => {
    manti = (
      await createProduct(tw.ctx, tw.world.restaurantId, tw.world.categoryId, { name: 'Manti', price: 25000 })
    ).id;
  });
  const isActive = async () =>
    (
      await tw.ctx.db
        .selectFrom('products')
        .select('is_active')
        .where('id', '=', manti)
        .executeTakeFirstOrThrow()
    ).is_active === 1;
  const replies = () => messagesOfChat().filter((m) => m.text === t.telegram.notAllowed);

  it('from a member is not obeyed; the chat is told so once a minute at most', async () => {
    await tw.deliver(say(tw.chat.id, '/stop Manti', undefined, member));
    await tw.deliver(say(tw.chat.id, '/stop Manti', undefined, stranger));
    await tw.ctx.app.telegram.drain();
    expect(await isActive()).toBe(true);
    expect(replies()).toHaveLength(1);
    clockAt += 60_000;
    await tw.deliver(say(tw.chat.id, '/stoplist', undefined, member));
    await tw.ctx.app.telegram.drain();
    expect(replies()).toHaveLength(2);
    // a text that is not one of the bot's commands asks nothing of Telegram
    const asked = tw.fake.callsOf('getChatMember').length;
    await tw.deliver(say(tw.chat.id, 'Salom hammaga', undefined, stranger));
    expect(tw.fake.callsOf('getChatMember').length).toBe(asked);
  });

  it('sent on behalf of the chat itself (an anonymous administrator) is obeyed; on behalf of another chat it is not', async () => {
    const onBehalfOf = (chat: { id: number; type: string }, text: string, updateId: number) => ({
      update_id: updateId,
      message: {
        message_id: updateId % 100_000,
        // the recorded anonymous administrator's message (fixtures/telegram/update.message-anonymous-admin)
        from: { id: 1087968824, is_bot: true, first_name: 'Group', username: 'GroupAnonymousBot' },
        sender_chat: { ...chat, title: 'Kimdir' },
        chat: { id: tw.chat.id, type: 'supergroup', title: 'Rayhon oshxona' },
        date: 1764129850,
        text,
      },
    });
    // a member writing as their own channel
    await tw.deliver(onBehalfOf({ id: -1007777777777, type: 'channel' }, '/stop Manti', 880_001));
    expect(await isActive()).toBe(true);
    await tw.deliver(onBehalfOf({ id: tw.chat.id, type: 'supergroup' }, '/stop Manti', 880_002));
    expect(await isActive()).toBe(false);
    // by Aziz, an administrator
    await tw.deliver(say(tw.chat.id, '/resume Manti'));
    expect(await isActive()).toBe(true);
  });
});

describe('a channel', () => {
  it("a post is the channel's own (only its administrators post); a viewer's press is refused, an administrator's obeyed", async () => {
    const w = await orderWorld(tw.ctx);
    const bot = tw.fake.addBot('kanal_buyurtma_bot');
    const editor = tw.fake.addUser('Malika', 'malika_admin');
    const viewer = tw.fake.addUser('Obunachi');
    const channel = tw.fake.addChat({
      id: -1004445556667,
      type: 'channel',
      title: 'Buyurtmalar kanali',
      members: [
        [bot, 'administrator'],
        [editor, 'administrator'],
        [viewer, 'member'],
      ],
    });
    await ok(saveBot(tw.ctx, w, { bot_token: bot.token, channel_id: String(channel.id) }));
    const deliver = async (update: Record<string, unknown>) => {
      const hook = tw.fake.webhook(bot.token)!;
      const res = await tw.ctx.app.inject({
        method: 'POST',
        url: new URL(hook.url).pathname,
        headers: { 'x-telegram-bot-api-secret-token': hook.secret_token! },
        payload: update,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const placed = await ok(placeAs(tw.ctx, basket(w, 0)), 201);
    await tw.ctx.app.telegram.drain();
    const post = tw.fake.messages.find(
      (m) => m.chat_id === channel.id && m.text.includes(`#${placed.data.number}\n`),
    )!;
    const status = async () =>
      (await ok(apiCall(tw.ctx, 'GET', '/manager/orders', w.manager.token))).data.find(
        (o: { _id: string }) => o._id === placed.data._id,
      ).status;
    const pressIn = (from: FakeUser, id: number) => {
      const update = press(channel.id, post.message_id, `o:a:${placed.data._id}`, id, from);
      update.callback_query.message.chat = { id: channel.id, type: 'channel', title: channel.title };
      return update;
    };
    await deliver(pressIn(viewer, 881_001));
    expect(tw.fake.callsOf('answerCallbackQuery').at(-1)?.body).toMatchObject({
      text: t.telegram.notAllowed,
    });
    expect(await status()).toBe('sent');
    await deliver(pressIn(editor, 881_002));
    expect(await status()).toBe('accepted');

    // a channel's post, as the recorded one: sender_chat the channel, no from
    await deliver({
      update_id: 881_003,
      channel_post: {
        message_id: 77,
        sender_chat: { id: channel.id, title: channel.title, type: 'channel' },
        chat: { id: channel.id, title: channel.title, type: 'channel' },
        date: 1764129900,
        text: '/stoplist',
      },
    });
    await tw.ctx.app.telegram.drain();
    expect(tw.fake.messages.filter((m) => m.chat_id === channel.id).at(-1)?.text).toBe(
      t.telegram.stopListEmpty,
    );
  });
});

describe('setting up', () => {
  it('a public chat (a @name) is refused: anyone could read the orders; its number is asked for', async () => {
    const w = await orderWorld(tw.ctx);
    const bot = tw.fake.addBot('ochiq_bot');
    tw.fake.addChat({
      id: -1006667778889,
      type: 'supergroup',
      title: 'Ochiq guruh',
      username: 'ochiq_guruh',
      members: [[bot, 'administrator']],
    });
    for (const chatId of ['@ochiq_guruh', '-1006667778889']) {
      const res = await saveBot(tw.ctx, w, { bot_token: bot.token, channel_id: chatId });
      expect(res.statusCode, chatId).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'channel_id', message: 'telegram: public_chat' }]);
    }
    expect(t.telegram.errors.public_chat).toBeTruthy();
    expect(tw.fake.webhook(bot.token)).toBeUndefined();
  });
});

/**
 * A staff member's own Telegram (docs/TELEGRAM.md, "A staff member's own chat"), against the fake
 * Bot API: a one-time code from the back office sent to the restaurant's bot with /start links
 * their account (a used or expired code changes nothing and says so); then the orders, calls and
 * bill requests of their tables come to them privately with the same buttons, and their presses
 * (there or in the staff chat) are taken as theirs, with their role's rights, recorded under them.
 * A press from anyone else, a stranger's private chat or another chat the bot is in, changes
 * nothing.
 */
import { t } from '@qrmenu/shared/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from './fakes/telegram';
import { recorded } from './fixtures/recorded';
import { apiCall } from './helpers';
import { basket, callAs, ok, placeAs } from './orders-support';
import { addStaff, type StaffAccount } from './staff-support';
import { fileTelegramWorld, press, say } from './telegram-support';

type Json = Record<string, unknown>;

const tw = fileTelegramWorld({ tables: 5 });
let aziz: StaffAccount;
let bobur: StaffAccount;
let kitchen: StaffAccount;
let azizTg: FakeUser;
let boburTg: FakeUser;
let kitchenTg: FakeUser;
let updateId = 5_000_000;

/** A person's text in their private chat with the bot, in the recorded update's shape. */
function privateText(user: FakeUser, text: string) {
  const shape = recorded<{ message: Json & { from: Json; chat: Json } }>(
    'telegram/update.message-private-start.recorded.json',
  );
  const person = {
    id: user.id,
    first_name: user.first_name,
    ...(user.username ? { username: user.username } : {}),
  };
  return {
    update_id: updateId++,
    message: {
      ...shape.message,
      message_id: updateId % 10_000,
      from: { ...shape.message.from, ...person, is_bot: false },
      chat: { ...person, type: 'private' },
      text,
      entities: text.startsWith('/')
        ? [{ offset: 0, length: text.split(' ')[0]!.length, type: 'bot_command' }]
        : [],
    },
  };
}

/** A button pressed in the person's private chat, in the documented update's shape. */
function privatePress(user: FakeUser, messageId: number, data: string) {
  const shape = recorded<{ callback_query: Json & { message: Json } }>(
    'telegram/update.callback_query-private.documented.json',
  );
  const person = {
    id: user.id,
    first_name: user.first_name,
    ...(user.username ? { username: user.username } : {}),
  };
  const id = updateId++;
  return {
    update_id: id,
    callback_query: {
      ...shape.callback_query,
      id: `pq-${id}`,
      from: { ...person, is_bot: false },
      message: {
        ...shape.callback_query.message,
        message_id: messageId,
        chat: { ...person, type: 'private' },
      },
      data,
    },
  };
}

/** Links `account` to Telegram user `user`: the code from the back office, /start in the private chat. */
async function link(account: StaffAccount, user: FakeUser) {
  const code = (await ok(apiCall(tw.ctx, 'POST', '/staff/telegram-code', account.token))).data;
  tw.fake.startPrivate(tw.bot, user);
  expect((await tw.deliver(privateText(user, `/start ${code.code}`))).statusCode).toBe(200);
  await tw.ctx.app.telegram.drain();
  return code;
}

const inChatOf = (chatId: number) => tw.fake.messages.filter((m) => m.chat_id === chatId);
const lastAnswer = () => tw.fake.callsOf('answerCallbackQuery').at(-1)?.body;
const orderOf = async (id: string) =>
  (await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token))).data.find(
    (o: { _id: string }) => o._id === id,
  );

beforeAll(async () => {
  aziz = await addStaff(tw.ctx, tw.world, 'waiter', 'Aziz');
  bobur = await addStaff(tw.ctx, tw.world, 'waiter', 'Bobur');
  kitchen = await addStaff(tw.ctx, tw.world, 'kitchen', 'Oshxona');
  const ids = tw.world.tables.map((x) => x._id);
  // tables 1-3 Aziz's, 4-5 Bobur's
  await ok(
    apiCall(tw.ctx, 'PUT', '/manager/floor', tw.world.manager.token, {
      placement_ids: ids.slice(0, 3),
      waiter_id: aziz.id,
    }),
  );
  await ok(
    apiCall(tw.ctx, 'PUT', '/manager/floor', tw.world.manager.token, {
      placement_ids: ids.slice(3),
      waiter_id: bobur.id,
    }),
  );
  azizTg = tw.fake.addUser('Aziz', 'aziz_ofitsiant');
  boburTg = tw.fake.addUser('Bobur');
  kitchenTg = tw.fake.addUser('Oshpaz', 'rayhon_oshpaz');
});

describe('linking', () => {
  it('a one-time code from the back office, sent to the bot with /start, links the account; the bot says so', async () => {
    const code = await link(aziz, azizTg);
    expect(code.code).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(code.link).toBe(`https://t.me/rayhon_buyurtma_bot?start=${code.code}`);
    expect(inChatOf(azizTg.id).map((m) => m.text)).toEqual([t.telegram.linked('Aziz')]);
    expect((await ok(apiCall(tw.ctx, 'GET', '/auth/profile', aziz.token))).data.telegram_linked).toBe(true);
    const staff = await ok(apiCall(tw.ctx, 'GET', '/manager/staff', tw.world.manager.token));
    expect(staff.data.find((m: { _id: string }) => m._id === aziz.id).telegram_linked).toBe(true);
    expect(tw.fake.refused).toEqual([]);
  });

  it('a used code or an expired one links nothing and says so; a stranger is told how to link', async () => {
    const code = (await ok(apiCall(tw.ctx, 'POST', '/staff/telegram-code', bobur.token))).data;
    const thief = tw.fake.addUser('Begona');
    tw.fake.startPrivate(tw.bot, thief);
    // the code used once, by Bobur
    tw.fake.startPrivate(tw.bot, boburTg);
    await tw.deliver(privateText(boburTg, `/start ${code.code}`));
    // again, by someone else: nothing
    await tw.deliver(privateText(thief, `/start ${code.code}`));
    await tw.ctx.app.telegram.drain();
    expect(inChatOf(thief.id).map((m) => m.text)).toEqual([t.telegram.linkRefused]);
    const linkedTo = await tw.ctx.db
      .selectFrom('users')
      .select('telegram_user_id')
      .where('id', '=', bobur.id)
      .executeTakeFirst();
    expect(linkedTo?.telegram_user_id).toBe(String(boburTg.id));

    // an expired code
    const late = (await ok(apiCall(tw.ctx, 'POST', '/staff/telegram-code', kitchen.token))).data;
    await tw.ctx.db
      .updateTable('telegram_link_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const other = tw.fake.addUser('Boshqa');
    tw.fake.startPrivate(tw.bot, other);
    await tw.deliver(privateText(other, `/start ${late.code}`));
    await tw.ctx.app.telegram.drain();
    expect(inChatOf(other.id).map((m) => m.text)).toEqual([t.telegram.linkRefused]);
    expect((await ok(apiCall(tw.ctx, 'GET', '/auth/profile', kitchen.token))).data.telegram_linked).toBe(
      false,
    );

    // anything else from a stranger: how to link, once a minute at most
    await tw.deliver(privateText(thief, 'salom'));
    await tw.deliver(privateText(thief, 'salom?'));
    await tw.ctx.app.telegram.drain();
    expect(inChatOf(thief.id).map((m) => m.text)).toEqual([t.telegram.linkRefused]);
    const quiet = tw.fake.addUser('Jim');
    tw.fake.startPrivate(tw.bot, quiet);
    await tw.deliver(privateText(quiet, '/start'));
    await tw.ctx.app.telegram.drain();
    expect(inChatOf(quiet.id).map((m) => m.text)).toEqual([t.telegram.linkHowTo]);

    // an admin or a manager has no code of their own
    expect((await apiCall(tw.ctx, 'POST', '/staff/telegram-code', tw.world.manager.token)).statusCode).toBe(
      403,
    );
    await link(kitchen, kitchenTg);
  });
});

describe("a waiter's own chat", () => {
  it('gets the order of their table privately with its buttons; the other waiter does not; a press there is theirs, recorded', async () => {
    const before = inChatOf(boburTg.id).length;
    // table 3: Aziz's
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 2)), 201);
    await tw.ctx.app.telegram.drain();
    const mine = inChatOf(azizTg.id).filter((m) => m.text.includes(`#${placed.data.number}\n`));
    expect(mine).toHaveLength(1);
    const post = mine[0]!;
    expect(post.text).toContain('Stol: Stol 3');
    expect(post.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      t.telegram.accept,
      t.telegram.reject,
      t.telegram.ready,
    ]);
    expect(inChatOf(boburTg.id)).toHaveLength(before);
    // the staff chat has it too
    expect(inChatOf(tw.chat.id).some((m) => m.text.includes(`#${placed.data.number}\n`))).toBe(true);

    await tw.deliver(privatePress(azizTg, post.message_id, `o:a:${placed.data._id}`));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.pressDone });
    const order = await orderOf(placed.data._id);
    expect(order.status).toBe('accepted');
    expect(order.actions.at(-1)).toMatchObject({
      action: 'accepted',
      by: 'Aziz',
      by_id: aziz.id,
      via: 'telegram',
    });
    await tw.ctx.app.telegram.drain();
    // both messages now say who accepted it
    expect(post.text).toMatch(/Qabul qilindi: Aziz, \d\d:\d\d/);
    const group = inChatOf(tw.chat.id).find((m) => m.text.includes(`#${placed.data.number}\n`))!;
    expect(group.text).toMatch(/Qabul qilindi: Aziz, \d\d:\d\d/);
    // «Tayyor» is the kitchen's: a waiter's press of it changes nothing
    await tw.deliver(privatePress(azizTg, post.message_id, `o:d:${placed.data._id}`));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notYourRole });
    expect((await orderOf(placed.data._id)).status).toBe('accepted');
    // the kitchen's linked account marks it ready from the staff chat
    await tw.deliver(press(tw.chat.id, group.message_id, `o:d:${placed.data._id}`, undefined, kitchenTg));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.pressDone });
    expect((await orderOf(placed.data._id)).actions.at(-1)).toMatchObject({ action: 'ready', by: 'Oshxona' });
    expect(tw.fake.refused).toEqual([]);
  });

  it('gets the calls and bill requests of their tables, cleared with «Bajarildi» there', async () => {
    const call = (await ok(callAs(tw.ctx, { placement_id: tw.world.tables[0]!._id, kind: 'bill' }), 201))
      .data;
    await tw.ctx.app.telegram.drain();
    const post = inChatOf(azizTg.id).find((m) => m.text === t.telegram.billCall('Stol 1'))!;
    expect(post.reply_markup?.inline_keyboard.flat()).toEqual([
      { text: t.telegram.callDone, callback_data: `c:${call._id}` },
    ]);
    await tw.deliver(privatePress(azizTg, post.message_id, `c:${call._id}`));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.pressDone });
    expect((await ok(apiCall(tw.ctx, 'GET', '/manager/calls', tw.world.manager.token))).data).toEqual([]);
    await tw.ctx.app.telegram.drain();
    expect(post.text).toMatch(/Bajarildi: Aziz, \d\d:\d\d/);
  });

  it("a linked waiter's press on another waiter's table is refused until they take it over", async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 4)), 201); // Bobur's table 5
    await tw.ctx.app.telegram.drain();
    const group = inChatOf(tw.chat.id).find((m) => m.text.includes(`#${placed.data.number}\n`))!;
    await tw.deliver(press(tw.chat.id, group.message_id, `o:a:${placed.data._id}`, undefined, azizTg));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notYourTable });
    expect((await orderOf(placed.data._id)).status).toBe('sent');
    // nor is the stop-list a waiter's
    const stops = inChatOf(tw.chat.id).length;
    await tw.deliver(say(tw.chat.id, '/stop Choy', undefined, { id: azizTg.id, first_name: 'Aziz' }));
    await tw.ctx.app.telegram.drain();
    expect(
      inChatOf(tw.chat.id)
        .slice(stops)
        .map((m) => m.text),
    ).toEqual([t.telegram.notAllowed]);
  });
});

describe('a press from anyone else changes nothing', () => {
  it("a stranger's private chat, a member of the staff chat, a public chat the bot is in", async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 1)), 201);
    await tw.ctx.app.telegram.drain();
    const group = inChatOf(tw.chat.id).find((m) => m.text.includes(`#${placed.data.number}\n`))!;
    const stranger = tw.fake.addUser('Mehmon');
    tw.fake.startPrivate(tw.bot, stranger);
    await tw.deliver(privatePress(stranger, group.message_id, `o:r:${placed.data._id}`));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notAllowed });
    const member = tw.fake.addUser('Azo');
    tw.chat.members.set(member.id, 'member');
    await tw.deliver(press(tw.chat.id, group.message_id, `o:r:${placed.data._id}`, undefined, member));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notAllowed });
    // a public group the bot was added to: not the staff chat, heard by nobody
    const open = tw.fake.addChat({
      id: -1009876543210,
      type: 'supergroup',
      title: 'Rayhon mehmonlari',
      username: 'rayhon_mehmonlar',
      members: [
        [tw.bot, 'administrator'],
        [member, 'member'],
      ],
    });
    const answers = tw.fake.callsOf('answerCallbackQuery').length;
    const res = await tw.deliver(
      press(open.id, group.message_id, `o:r:${placed.data._id}`, undefined, member),
    );
    expect(res.statusCode).toBe(200);
    expect(tw.fake.callsOf('answerCallbackQuery')).toHaveLength(answers);
    expect((await orderOf(placed.data._id)).status).toBe('sent');
    expect((await orderOf(placed.data._id)).actions).toEqual([]);
  });

  it('a staff member unlinked by the manager: their presses count no more and nothing more comes to them', async () => {
    await ok(apiCall(tw.ctx, 'DELETE', `/manager/staff/${aziz.id}/telegram`, tw.world.manager.token));
    const before = inChatOf(azizTg.id).length;
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 0)), 201);
    await tw.ctx.app.telegram.drain();
    expect(inChatOf(azizTg.id)).toHaveLength(before);
    const group = inChatOf(tw.chat.id).find((m) => m.text.includes(`#${placed.data.number}\n`))!;
    await tw.deliver(press(tw.chat.id, group.message_id, `o:a:${placed.data._id}`, undefined, azizTg));
    expect(lastAnswer()).toMatchObject({ text: t.telegram.notAllowed });
    expect((await orderOf(placed.data._id)).status).toBe('sent');
  });
});

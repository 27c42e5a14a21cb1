/**
 * The bots' outbox against the fake Bot API (docs/TELEGRAM.md, "Limits and faults"): a 429
 * storm, timeouts and 5xx end in every message sent later, in order, none lost, none doubled;
 * the chat's pace is kept; the lease holder alone sends; an order too long for one message goes
 * whole, in parts; a message Telegram refuses shows on the board; the rows done with are pruned
 * after yesterday, those an edit still needs kept.
 */
import { answers } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { describe, expect, it } from 'vitest';
import { orderMessage } from '../src/telegram/messages';
import { apiCall } from './helpers';
import { basket, callAs, ok, placeAs } from './orders-support';
import { fileTelegramWorld, longBasket, press, say, type TelegramWorld } from './telegram-support';

const orderPosts = (tw: TelegramWorld) =>
  tw.fake.messages.filter((m) => m.chat_id === tw.chat.id && m.text.startsWith('Yangi buyurtma'));
const numbers = (tw: TelegramWorld) => orderPosts(tw).map((m) => Number(/#(\d+)/.exec(m.text)?.[1]));
/** Drains until nothing waits (the rows' pauses are short in tests). */
async function drainAll(tw: TelegramWorld) {
  for (let i = 0; i < 200; i++) {
    await tw.ctx.app.telegram.drain();
    const waiting = (await tw.ctx.app.telegram.status(tw.world.restaurantId)).waiting;
    if (waiting === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the outbox did not empty');
}

describe('the outbox', () => {
  const tw = fileTelegramWorld();

  it('a 429 storm: each one waits its retry_after; then all are sent in order, once each', async () => {
    const placed: number[] = [];
    for (let i = 0; i < 6; i++)
      placed.push((await ok(placeAs(tw.ctx, basket(tw.world, i % 3)), 201)).data.number);
    tw.fake.fail('sendMessage', '429', 3, 1);
    const started = Date.now();
    await tw.ctx.app.telegram.drain();
    expect(orderPosts(tw)).toHaveLength(0);
    const row = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    expect(Number(row.next_at)).toBeGreaterThanOrEqual(started + 1000);
    expect(row.last_error).toContain('429');
    await drainAll(tw);
    expect(numbers(tw)).toEqual(placed);
    expect(tw.fake.callsOf('sendMessage').length).toBe(6 + 3);
  });

  it('an edit waits behind its post, and several changes make one edit', async () => {
    const placed = await ok(placeAs(tw.ctx, basket(tw.world)), 201);
    const move = (status: string) =>
      tw.ctx.app.inject({
        method: 'PUT',
        url: `/api/manager/orders/${placed.data._id}/status`,
        headers: { authorization: `Bearer ${tw.world.manager.token}` },
        payload: { status },
      });
    tw.fake.fail('sendMessage', '429', 1, 1);
    await tw.ctx.app.telegram.drain(); // the post waits its retry_after
    expect((await move('accepted')).statusCode).toBe(200);
    expect((await move('ready')).statusCode).toBe(200);
    await tw.ctx.app.telegram.drain();
    const edits = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select('status')
      .where('kind', '=', 'edit')
      .where('ref', '=', `order:${placed.data._id}`)
      .execute();
    expect(edits).toEqual([{ status: 'pending' }]);
    await drainAll(tw);
    const posts = orderPosts(tw).filter((m) => m.text.includes(`#${placed.data.number}`));
    expect(posts).toHaveLength(1);
    // written when sent: the post already shows its latest state, and its one edit changes nothing
    expect(posts[0]?.texts).toHaveLength(1);
    // who made the move on the board: its account, recorded
    expect(posts[0]?.text).toContain(`Tayyor: ${tw.world.manager.login} (buyurtmalar paneli)`);
  });
});

describe('the outbox when Telegram hangs', () => {
  // a short limit: the fake holds a hanging call until the client gives up
  const tw = fileTelegramWorld({ timeoutMs: 300 });

  it('timeouts and 5xx are retried with a pause; nothing is lost or doubled', async () => {
    const placed: number[] = [];
    for (let i = 0; i < 3; i++)
      placed.push((await ok(placeAs(tw.ctx, basket(tw.world, i)), 201)).data.number);
    tw.fake.fail('sendMessage', '500', 2);
    tw.fake.fail('sendMessage', 'timeout', 1);
    await drainAll(tw);
    expect(numbers(tw)).toEqual(placed);
    const rows = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select(['status', 'kind'])
      .where('kind', '=', 'order')
      .execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});

describe("Telegram's limit: 4096 characters a message", () => {
  const tw = fileTelegramWorld();

  it('a 30-line order with long names and a 500-character comment is posted whole, in parts; an edit rewrites the last part only', async () => {
    const placed = await ok(placeAs(tw.ctx, await longBasket(tw.ctx, tw.world)), 201);
    await drainAll(tw);
    expect(tw.fake.refused).toEqual([]);
    const parts = tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
    const order = (await tw.ctx.app.repos.orders.find(placed.data._id))!;
    const whole = orderMessage(order).text;
    expect(whole.length).toBeGreaterThan(7000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(4096);
    // every line of the order, in order; each part after the first says whose it is
    const heading = t.telegram.orderContinued(placed.data.number, placed.data.table);
    expect(parts.slice(1).every((p) => p.text.startsWith(`${heading}\n`))).toBe(true);
    expect(parts.flatMap((p) => p.text.split('\n')).filter((line) => line !== heading)).toEqual(
      whole.split('\n'),
    );
    // the buttons and the state are on the last part
    expect(parts.slice(0, -1).every((p) => p.reply_markup === undefined)).toBe(true);
    const last = parts.at(-1)!;
    expect(last.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toEqual([
      'Qabul qilish',
      'Rad etish',
      'Tayyor',
    ]);

    const accept = last.reply_markup!.inline_keyboard[0]![0]!.callback_data;
    expect((await tw.deliver(press(tw.chat.id, last.message_id, accept))).statusCode).toBe(200);
    await drainAll(tw);
    expect(tw.fake.refused).toEqual([]);
    expect(last.texts).toHaveLength(2);
    expect(last.text).toMatch(/Qabul qilindi: Aziz \(@aziz_oshpaz\), \d\d:\d\d/);
    expect(last.text.startsWith(`${heading}\n`)).toBe(true);
    expect(parts.slice(0, -1).map((p) => p.texts.length)).toEqual(parts.slice(0, -1).map(() => 1));
  });

  it('a message Telegram refuses is not lost silently: the board shows «Telegramga yuborilmadi» with its words', async () => {
    tw.chat.members.set(tw.bot.id, 'left'); // the bot removed from the group
    const placed = await ok(placeAs(tw.ctx, basket(tw.world, 1)), 201);
    const events = async () =>
      (
        await tw.ctx.db
          .selectFrom('order_events')
          .select('seq')
          .where('entity_id', '=', placed.data._id)
          .execute()
      ).length;
    const before = await events();
    await drainAll(tw);
    // the failure is the order's event: the board's stream sends the order again, with it
    expect(await events()).toBe(before + 1);
    const day = answers.orders.parse(
      await ok(apiCall(tw.ctx, 'GET', '/manager/orders', tw.world.manager.token)),
    );
    expect(day.data.find((o) => o._id === placed.data._id)?.telegram).toEqual({
      state: 'failed',
      reason: 'Telegram 403: Forbidden: bot is not a member of the channel chat',
    });
    // the sent ones say so too
    expect(day.data.find((o) => o._id !== placed.data._id)?.telegram).toEqual({
      state: 'sent',
      reason: null,
    });
    // its event queues no edit of a post that never went
    await drainAll(tw);
    const edits = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select('seq')
      .where('kind', '=', 'edit')
      .where('ref', '=', `order:${placed.data._id}`)
      .execute();
    expect(edits).toEqual([]);
    // a move answers it as well
    const moved = await ok(
      apiCall(tw.ctx, 'PUT', `/manager/orders/${placed.data._id}/status`, tw.world.manager.token, {
        status: 'accepted',
      }),
    );
    expect(moved.data.telegram).toMatchObject({ state: 'failed' });
    tw.chat.members.set(tw.bot.id, 'administrator');
  });
});

describe('what is kept (docs/TELEGRAM.md, "What is kept")', () => {
  let clockAt = Date.now();
  const clock = () => clockAt;
  const tw = fileTelegramWorld({
    extra: { telegramOutbox: { schedule: false, gapMs: 0, perMinute: 10_000, backoffMs: 50, clock } },
  });

  const rowsOf = (refs: string[]) =>
    tw.ctx.db
      .selectFrom('telegram_outbox')
      .select(['kind', 'ref', 'status'])
      .where('ref', 'in', refs)
      .orderBy('seq')
      .execute();
  const allRows = async () =>
    Number(
      (
        await tw.ctx.db
          .selectFrom('telegram_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const move = (id: string, status: string, reason?: string) =>
    ok(apiCall(tw.ctx, 'PUT', `/manager/orders/${id}/status`, tw.world.manager.token, { status, reason }));
  const refsOf = (id: string) => [id, `order:${id}`, `call:${id}`];

  it("prunes what is done with after yesterday; an open order's message and notes, a pending call's and anything waiting stay", async () => {
    const inChat = () => tw.fake.messages.filter((m) => m.chat_id === tw.chat.id);
    // an order still open, accepted in the chat (its note says who)
    const open = (await ok(placeAs(tw.ctx, basket(tw.world, 0)), 201)).data;
    // an order served, one rejected, a call done, a call pending, a reply
    const served = (await ok(placeAs(tw.ctx, basket(tw.world, 1)), 201)).data;
    const rejected = (await ok(placeAs(tw.ctx, basket(tw.world, 2)), 201)).data;
    const done = (await ok(callAs(tw.ctx, { placement_id: tw.world.tables[0]!._id, kind: 'waiter' }), 201))
      .data;
    const pending = (await ok(callAs(tw.ctx, { placement_id: tw.world.tables[1]!._id, kind: 'bill' }), 201))
      .data;
    await drainAll(tw);
    const openPost = inChat().find((m) => m.text.includes(`#${open.number}\n`))!;
    await tw.deliver(press(tw.chat.id, openPost.message_id, `o:a:${open._id}`));
    const donePost = inChat().find(
      (m) => m.reply_markup?.inline_keyboard[0]?.[0]?.callback_data === `c:${done._id}`,
    )!;
    await tw.deliver(press(tw.chat.id, donePost.message_id, `c:${done._id}`));
    for (const status of ['accepted', 'ready', 'served']) await move(served._id, status);
    await move(rejected._id, 'rejected', 'Osh tugadi');
    await tw.deliver(say(tw.chat.id, '/stoplist'));
    await drainAll(tw);
    // Telegram down when one more order comes: its post waits
    const waiting = (await ok(placeAs(tw.ctx, basket(tw.world, 0)), 201)).data;
    tw.fake.fail('sendMessage', '500', 5);
    await tw.ctx.app.telegram.drain();
    expect(await rowsOf([waiting._id])).toEqual([{ kind: 'order', ref: waiting._id, status: 'pending' }]);

    const kept = {
      open: await rowsOf(refsOf(open._id)),
      pending: await rowsOf(refsOf(pending._id)),
    };
    expect(kept.open.map((r) => r.kind)).toEqual(['order', 'edit']);
    const before = await allRows();

    // a day later (the outbox's clock): yesterday's rows are all kept
    clockAt += 24 * 3_600_000;
    await tw.ctx.app.telegram.drain();
    expect(await allRows()).toBe(before);

    // two days later: what is done with is gone, what an edit still needs stays
    clockAt += 24 * 3_600_000;
    await tw.ctx.app.telegram.drain();
    for (const gone of [served._id, rejected._id, done._id])
      expect(await rowsOf(refsOf(gone)), gone).toEqual([]);
    expect(await rowsOf(refsOf(open._id))).toEqual(kept.open);
    expect(await rowsOf(refsOf(pending._id))).toEqual(kept.pending);
    expect((await rowsOf([waiting._id]))[0]?.status).toBe('pending');
    const replies = await tw.ctx.db
      .selectFrom('telegram_outbox')
      .select('seq')
      .where('kind', '=', 'text')
      .execute();
    expect(replies).toEqual([]);
    expect(await allRows()).toBe(kept.open.length + kept.pending.length + 1);

    // Telegram back: the waiting post goes; the open order moved on is still edited, its note kept
    while ((await tw.ctx.app.telegram.status(tw.world.restaurantId)).waiting > 0) {
      clockAt += 61_000;
      await tw.ctx.app.telegram.drain();
    }
    expect(inChat().some((m) => m.text.includes(`#${waiting.number}\n`))).toBe(true);
    await move(open._id, 'ready');
    await tw.ctx.app.telegram.drain();
    expect(openPost.texts).toHaveLength(3);
    expect(openPost.text).toContain(`Tayyor: ${t.telegram.onBoard(tw.world.manager.login)}`);

    // an order whose rows went changes again (a late payment): not posted again as new, and an
    // edit of its post is left alone, no fault
    const messages = tw.fake.messages.length;
    await tw.ctx.app.repos.orderEvents.append(
      tw.world.restaurantId,
      'order',
      served._id,
      new Date().toISOString(),
    );
    await tw.ctx.app.repos.telegramOutbox.add({
      restaurant_id: tw.world.restaurantId,
      kind: 'edit',
      ref: `order:${served._id}`,
      post_key: null,
      payload: '{}',
      status: 'pending',
      attempts: 0,
      next_at: 0,
      message_id: null,
      last_error: null,
      created_at: new Date().toISOString(),
      sent_at: null,
    });
    await drainAll(tw);
    expect(tw.fake.messages.length).toBe(messages);
    expect(await rowsOf(refsOf(served._id))).toEqual([
      { kind: 'edit', ref: `order:${served._id}`, status: 'skipped' },
    ]);
    expect((await tw.ctx.app.telegram.status(tw.world.restaurantId)).last_error).toBe(null);
  });
});

/**
 * The bots' outbox against the fake Bot API (docs/TELEGRAM.md, "Limits and faults"): a 429
 * storm, timeouts and 5xx end in every message sent later, in order, none lost, none doubled;
 * the chat's pace is kept; the lease holder alone sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basket, ok, placeAs } from './orders-support';
import { type TelegramWorld, telegramWorld } from './telegram-support';

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
  let tw: TelegramWorld;
  beforeAll(async () => {
    tw = await telegramWorld();
  });
  afterAll(async () => tw.close());

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
    expect(posts[0]?.text).toContain('Tayyor: buyurtmalar paneli');
  });
});

describe('the outbox when Telegram hangs', () => {
  // a short limit: the fake holds a hanging call until the client gives up
  let tw: TelegramWorld;
  beforeAll(async () => {
    tw = await telegramWorld({ timeoutMs: 300 });
  });
  afterAll(async () => tw.close());

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

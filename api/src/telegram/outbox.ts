/**
 * Kept whole: the queue, its pacing, the folding of a backlog and the sending are one state
 * machine over one table; split, the rules of "nothing lost, nothing doubled, in order" would be
 * read in pieces.
 *
 * The outbox (docs/TELEGRAM.md, "Limits and faults"): what is posted to a restaurant's chat goes
 * through one table, one row per message.
 *
 * - **Nothing lost.** An order or a call is posted because of its event in `order_events`, which
 *   its own transaction wrote; `follow` turns the events after a bot's `events_seq` into outbox
 *   rows and moves `events_seq` on in one transaction, so an event is queued exactly once.
 * - **Nothing doubled.** A post is unique per restaurant (`post_key`); a row is marked sent once
 *   (only a pending row is updated); an edit is queued only when none waits (it writes the
 *   latest state when it is sent). Only the server holding the `telegram-outbox` lease sends.
 * - **In order.** A restaurant's rows go oldest first; a row that must wait holds the ones after
 *   it (an order's edit never overtakes its post).
 * - **Telegram's limits.** At most one message a second and 20 a minute per chat; a 429 waits
 *   its `retry_after`; a timeout, a network fault or a 5xx retries with a growing pause (1 s,
 *   2 s, ... 60 s at most), for as long as Telegram is down; any other refusal (the bot removed
 *   from the chat, a revoked token) marks the row failed with Telegram's words, logged, and an
 *   order's failed post is the order's event: the board shows it («Telegramga yuborilmadi»).
 *   A message too long for one goes in parts (messages.ts), one row, a part at a time, each
 *   paced as a message.
 * - **Its own chat.** A row is for the chat the bot had when it was queued, and an edit goes to
 *   the chat its post is in: after a change of chat, what was queued for the old chat is not
 *   sent to the new one (a post is failed, an edit or a reply left alone).
 * - **The newest order first when the chat falls behind.** An order rejected before its post's
 *   turn is not posted (the board says so). When the newest waiting order would go later than
 *   `foldAfterMs` from now (the chat's pace and its minute's messages counted), the orders waiting
 *   before it are folded into one message («N ta buyurtma kutmoqda: #12, #13 — buyurtmalar
 *   panelida»), sent at once, and their own posts are left alone (the board says so): a burst of
 *   spam costs the chat two messages, and the order after it is posted within seconds.
 *
 * - **What is kept.** Every hour the lease holder forgets the rows done with (sent, failed, left
 *   alone) queued before yesterday (Tashkent's days), except those of an order still open or a
 *   call still pending: their message is still edited, with the notes of who pressed what. An
 *   event of an order or call made before yesterday whose post is gone posts nothing (it is not
 *   posted again as new), and an edit of a post gone is left alone.
 *
 * A send that timed out may still have reached Telegram (the Bot API has no idempotency key): its
 * retry can then post it a second time. That window is one timeout; docs/TELEGRAM.md says so.
 */
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { now } from '../db';
import { outboxRow } from '../repos/telegram-outbox';
import type { App } from '../types';
import { DAY_MS, nextDayStart } from '../visits/day';
import { TelegramError, TelegramUnreachable } from './api';
import { telegramGuests } from './guests';
import {
  callMessage,
  editParams,
  type Keyboard,
  orderParts,
  type PressNote,
  type Rendered,
  sendParams,
  textParts,
} from './messages';
import type { TelegramAccess } from './setup';

export interface OutboxOptions {
  /** Drain on a timer and on every order notice (default true; tests drain it themselves). */
  schedule?: boolean;
  /** How often the lease holder looks for work (default 1000 ms; a new event wakes it at once). */
  everyMs?: number;
  /** Least time between two messages to one chat (default 1000 ms). */
  gapMs?: number;
  /** Messages per chat and minute (default 20, a group's limit). */
  perMinute?: number;
  /** First retry pause after a timeout or a 5xx (default 1000 ms), doubled each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /**
   * When the newest waiting order's post would go later than this (default 10 s), the orders
   * waiting before it are folded into one message.
   */
  foldAfterMs?: number;
  /** How often the rows done with are pruned (default hourly). */
  pruneEveryMs?: number;
  /** The clock of the pacing, the backlog and the pruning, and of the presser check's cache (tests move it). */
  clock?: () => number;
}

const EVENTS_PER_READ = 200;
/** Rows pruned per statement (a few statements an hour clear an hour's rows). */
const PRUNED_AT_ONCE = 1000;
/** An order that can still move (its message is still edited): one with a move left. */
const OPEN_ORDER = ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].length > 0);

/** The first moment kept (ISO): the start of yesterday in Tashkent, the day of `at` and the one before kept. */
export const keptFrom = (at: number) => new Date(nextDayStart(at) - 2 * DAY_MS).toISOString();

/** A post's key: `order:<id>`, `call:<id>`. */
export const postKey = (kind: 'order' | 'call', id: string) => `${kind}:${id}`;

/** A private post's key: `dm:<account>:order:<id>`, `dm:<account>:call:<id>`. */
export const directKey = (userId: string, kind: 'order' | 'call', id: string) => `dm:${userId}:${kind}:${id}`;

/** The parts of a private post's key, or null for any other key. */
const directOf = (key: string) => {
  const m = /^dm:([^:]+):(order|call):(.+)$/.exec(key);
  return m ? { userId: m[1] as string, kind: m[2] as 'order' | 'call', id: m[3] as string } : null;
};

export function telegramOutbox(app: App, access: TelegramAccess, options: OutboxOptions = {}) {
  const gapMs = options.gapMs ?? 1000;
  const perMinute = options.perMinute ?? 20;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const foldAfterMs = options.foldAfterMs ?? 10_000;
  const pruneEveryMs = options.pruneEveryMs ?? 3_600_000;
  const clock = options.clock ?? Date.now;
  const guests = telegramGuests(app, access, clock);
  let prunedAt: number | undefined;
  /**
   * Sends in the last minute per chat (this server's, while it holds the lease): the staff chat's
   * under the restaurant's id, a staff member's private chat under `<restaurant>:<chat>`.
   */
  const sent = new Map<string, number[]>();

  /** Queues what happened since each bot last looked (one transaction per bot). */
  async function follow(): Promise<void> {
    for (const bot of await app.repos.telegramBots.all()) {
      const from = Number(bot.events_seq);
      const events = await app.repos.orderEvents.ofRestaurantAfter(bot.restaurant_id, from, EVENTS_PER_READ);
      if (events.length === 0) continue;
      const madeAt = await madeAtOf(events);
      const kept = keptFrom(clock());
      await app.repos.transaction(async (trx) => {
        for (const e of events) {
          const kind = e.kind === 'call' ? 'call' : 'order';
          const key = postKey(kind, e.entity_id);
          // made before what is kept: its post, if gone, is not made again as a new one
          const made = madeAt.get(e.entity_id);
          if (made !== undefined && made < kept && !(await trx.telegramOutbox.post(bot.restaurant_id, key)))
            continue;
          const message = { restaurant_id: bot.restaurant_id, payload: '{}', created_at: now() };
          // the staff chat's post, where the bot has a chat (without one it serves the private
          // chats only: the staff members' and the Mini App's guests')
          const posted =
            bot.chat_id !== null &&
            (await trx.telegramOutbox.add(outboxRow({ ...message, kind, ref: e.entity_id, post_key: key })));
          await direct(trx, bot.restaurant_id, kind, e.entity_id, made === undefined || made >= kept);
          // the Mini App's guest hears their order's changes (guests.ts), while it is kept
          if (kind === 'order' && (made === undefined || made >= kept))
            await guests.follow(trx, bot.restaurant_id, e.entity_id);
          if (posted || bot.chat_id === null) continue;
          // a post that never went has nothing to edit (its own failure is one of these events)
          const post = await trx.telegramOutbox.post(bot.restaurant_id, key);
          if (post?.status === 'failed' || post?.status === 'skipped') continue;
          if (!(await trx.telegramOutbox.editPending(bot.restaurant_id, key))) {
            await trx.telegramOutbox.add(outboxRow({ ...message, kind: 'edit', ref: key, post_key: null }));
          }
        }
        await trx.telegramBots.advance(bot.restaurant_id, events[events.length - 1]?.seq ?? from);
      });
    }
  }

  /**
   * An order's or a call's private posts (docs/TELEGRAM.md, "A staff member's own chat"): each
   * linked waiter of its table gets it in their own chat (every linked waiter for a table given to
   * nobody, and a waiter who took it over), while it is open and `recent` (made in the kept days);
   * a private post already made is edited instead, whoever holds it.
   */
  async function direct(
    trx: App['repos'],
    restaurantId: string,
    kind: 'order' | 'call',
    id: string,
    recent: boolean,
  ): Promise<void> {
    const [waiters, posts] = await Promise.all([
      trx.users.linkedWaiters(restaurantId),
      trx.telegramOutbox.directPostsOf(restaurantId, id),
    ]);
    if (waiters.length === 0 && posts.length === 0) return;
    const entity = kind === 'order' ? await trx.orders.find(id) : await trx.tableCalls.find(id);
    if (!entity) return;
    const open =
      kind === 'order'
        ? OPEN_ORDER.includes(entity.status as (typeof OPEN_ORDER)[number])
        : entity.status === 'pending';
    const tableWaiter = entity.placement_id
      ? ((await trx.placements.waitersOf([entity.placement_id])).get(entity.placement_id) ?? null)
      : null;
    const theirs = waiters.filter(
      (w) => tableWaiter === null || w.id === tableWaiter || w.id === entity.taken_by,
    );
    const message = { restaurant_id: restaurantId, payload: '{}', created_at: now() };
    for (const post of posts) {
      if (post.status === 'failed' || post.status === 'skipped' || !post.post_key || !post.chat_id) continue;
      if (!(await trx.telegramOutbox.editPending(restaurantId, post.post_key)))
        await trx.telegramOutbox.addTo(
          outboxRow({ ...message, kind: 'edit', ref: post.post_key, post_key: null }),
          post.chat_id,
        );
    }
    if (!open || !recent) return;
    const held = new Set(posts.map((p) => p.post_key));
    for (const waiter of theirs) {
      const key = directKey(waiter.id, kind, id);
      if (held.has(key) || !waiter.telegram_user_id) continue;
      await trx.telegramOutbox.addTo(
        outboxRow({ ...message, kind: 'dm', ref: id, post_key: key }),
        waiter.telegram_user_id,
      );
    }
  }

  /** When the orders and calls of `events` were made (ISO), by id. */
  async function madeAtOf(
    events: readonly { kind: string; entity_id: string }[],
  ): Promise<Map<string, string>> {
    const calls = events.filter((e) => e.kind === 'call').map((e) => e.entity_id);
    const orders = events.filter((e) => e.kind !== 'call').map((e) => e.entity_id);
    const rows = [
      ...(orders.length ? await app.repos.orders.byIds([...new Set(orders)]) : []),
      ...(calls.length ? await app.repos.tableCalls.byIds([...new Set(calls)]) : []),
    ];
    return new Map(rows.map((r) => [r.id, r.created_at]));
  }

  /** Forgets the rows done with, at most once per `pruneEveryMs` (docs/TELEGRAM.md, "What is kept"). */
  async function prune(): Promise<void> {
    const at = clock();
    if (prunedAt !== undefined && at - prunedAt < pruneEveryMs) return;
    prunedAt = at;
    const before = keptFrom(at);
    try {
      let gone = 0;
      for (;;) {
        const n = await app.repos.telegramOutbox.prune(before, OPEN_ORDER, PRUNED_AT_ONCE);
        gone += n;
        if (n < PRUNED_AT_ONCE) break;
      }
      gone += await guests.prune(before);
      if (gone > 0) app.log.info({ gone, before }, 'Telegram messages done with were pruned');
    } catch (err) {
      app.log.warn(
        { err: (err as Error).message },
        'the Telegram outbox was not pruned; the next hour tries again',
      );
    }
  }

  /** The latest press in the chat on a post (who moved it to which state). */
  async function noteOf(restaurantId: string, key: string): Promise<PressNote | undefined> {
    const notes = (await app.repos.telegramOutbox.editNotes(restaurantId, key))
      .map((p) => JSON.parse(p) as Partial<PressNote>)
      .filter((n): n is PressNote => typeof n.status === 'string' && typeof n.by === 'string');
    return notes[notes.length - 1];
  }

  type Row = Awaited<ReturnType<App['repos']['telegramOutbox']['head']>> & object;
  /**
   * What a row sends, in the bot's chat `chatId`: the parts of a new message, or the edit of a post
   * (its last part, in the post's own chat); `fail`: never sent (kept with the reason, an order's
   * shows on the board); `skip`: left alone, no fault (an edit or a reply for a chat the bot no
   * longer uses, docs/TELEGRAM.md "A change of chat").
   */
  type Plan =
    | { method: 'sendMessage'; parts: Rendered[]; chatId: string }
    | { method: 'editMessageText'; part: Rendered; messageId: number; chatId: string }
    | { fail: string }
    | { skip: string };

  /** Left alone; an order's post also tells the board why (its live event). */
  async function skip(rows: Row[], why: string): Promise<void> {
    const posts = rows.filter((r) => r.kind === 'order');
    await app.repos.transaction(async (trx) => {
      for (const row of rows) await trx.telegramOutbox.markSkipped(row.seq, why);
      for (const row of posts) await trx.orderEvents.append(row.restaurant_id, 'order', row.ref, now());
    });
    if (posts.length === 0) return;
    app.orderNotices
      .publish()
      .catch((err: unknown) => app.log.warn({ err }, 'order notice not sent; the poll delivers it'));
  }

  async function planOf(row: Row, botChat: string | null): Promise<Plan> {
    const { repos } = app;
    const unsent = t.telegram.unsent;
    const key = row.kind === 'edit' ? row.ref : (row.post_key ?? '');
    const mine = directOf(key);
    if (row.kind === 'dm-text' || mine) {
      // a staff member's own chat: sent there while the account is still linked to it
      const chat = row.chat_id;
      if (!chat) return { skip: 'no chat' };
      if (row.kind === 'dm-text') {
        const { text } = JSON.parse(row.payload) as { text: string };
        return { method: 'sendMessage', parts: textParts(text), chatId: chat };
      }
      const account = mine ? await repos.users.findById(mine.userId) : undefined;
      if (account?.is_active !== 1 || account.telegram_user_id !== chat)
        return { skip: 'its staff member is no longer linked to this chat' };
    } else if (row.chat_id !== botChat) {
      // queued for the chat the bot had then: a post never reached it, anything else is left alone
      return row.kind === 'order' || row.kind === 'call'
        ? { fail: unsent.chatChanged }
        : { skip: 'another chat' };
    }
    const chatId = row.chat_id as string;
    if (row.kind === 'text') {
      const { text, reply_markup } = JSON.parse(row.payload) as { text: string; reply_markup?: Keyboard };
      return { method: 'sendMessage', parts: textParts(text, reply_markup), chatId };
    }
    const kind = mine ? mine.kind : (key.split(':')[0] as 'order' | 'call');
    const id = mine ? mine.id : key.slice(kind.length + 1);
    const note = mine ? undefined : await noteOf(row.restaurant_id, key);
    const actions = (await repos.staffActions.of([id])).get(id);
    let parts: Rendered[];
    if (kind === 'order') {
      const order = await repos.orders.find(id);
      if (!order) return { fail: unsent.gone };
      // rejected before its turn: no post (one begun is finished, its parts belong together)
      if ((row.kind === 'order' || row.kind === 'dm') && row.parts_sent === 0 && order.status === 'rejected')
        return { skip: unsent.rejected };
      parts = orderParts(order, note, await repos.orderPos.find(order.id), actions);
    } else {
      const call = await repos.tableCalls.find(id);
      if (!call) return { fail: unsent.gone };
      parts = [callMessage(call, note, actions)];
    }
    if (row.kind !== 'edit') return { method: 'sendMessage', parts, chatId };
    const post = await repos.telegramOutbox.post(row.restaurant_id, key);
    // kept no longer (docs/TELEGRAM.md, "What is kept"): nothing to edit, and no fault
    if (!post) return { skip: 'its post is no longer kept' };
    // rejected before its turn, or folded into a backlog's message: there is no message to edit
    if (post.status === 'skipped') return { skip: 'its post was left alone' };
    if (post.status !== 'sent' || post.message_id === null) return { fail: 'its post was never sent' };
    // a message id means something only in its own chat: the post's
    if (post.chat_id !== chatId) return { skip: 'its post is in another chat' };
    return {
      method: 'editMessageText',
      part: parts[parts.length - 1] as Rendered,
      messageId: post.message_id,
      chatId,
    };
  }

  /** Never sent: kept with the reason; an order's post also tells the board (its live event). */
  async function fail(row: Row, reason: string): Promise<void> {
    if (row.kind !== 'order') {
      await app.repos.telegramOutbox.markFailed(row.seq, reason);
      return;
    }
    await app.repos.transaction(async (trx) => {
      await trx.telegramOutbox.markFailed(row.seq, reason);
      await trx.orderEvents.append(row.restaurant_id, 'order', row.ref, now());
    });
    app.orderNotices
      .publish()
      .catch((err: unknown) => app.log.warn({ err }, 'order notice not sent; the poll delivers it'));
  }

  /** Whether the chat's limits let one more message go now. */
  function mayPostNow(restaurantId: string, at: number): boolean {
    const recent = (sent.get(restaurantId) ?? []).filter((t) => at - t < 60_000);
    sent.set(restaurantId, recent);
    const last = recent[recent.length - 1];
    return recent.length < perMinute && (last === undefined || at - last >= gapMs);
  }

  /** When the `n`-th message from now (1: the next) may go to the chat, its pace and minute kept. */
  function wouldGoAt(restaurantId: string, n: number, at: number): number {
    const times = [...(sent.get(restaurantId) ?? [])];
    let when = at;
    for (let i = 0; i < n; i++) {
      for (;;) {
        const last = times[times.length - 1];
        if (last !== undefined && when - last < gapMs) {
          when = last + gapMs;
          continue;
        }
        const inMinute = times.filter((t) => when - t < 60_000);
        if (inMinute.length >= perMinute) {
          when = (inMinute[inMinute.length - perMinute] as number) + 60_000;
          continue;
        }
        break;
      }
      times.push(when);
    }
    return when;
  }

  /**
   * The chat's backlog: when the newest waiting order would go later than `foldAfterMs` from now,
   * the order posts waiting before it (those not rejected since: they are left alone) to fold
   * into one message; none otherwise.
   */
  async function backlogOf(restaurantId: string, chatId: string): Promise<Row[] | undefined> {
    const { repos } = app;
    const waiting = await repos.telegramOutbox.waitingPosts(restaurantId);
    if (waiting.length < 2) return undefined;
    const newest = waiting[waiting.length - 1] as Row;
    const place = (await repos.telegramOutbox.waitingBefore(restaurantId, newest.seq, chatId)) + 1;
    // a row waits at most the queue's length: no need to count further than the limit says
    const at = clock();
    if (wouldGoAt(restaurantId, Math.min(place, perMinute + 1), at) - at <= foldAfterMs) return undefined;
    const older = waiting.slice(0, -1);
    const orders = new Map((await repos.orders.byIds(older.map((r) => r.ref))).map((o) => [o.id, o]));
    const rejected = older.filter((r) => orders.get(r.ref)?.status === 'rejected');
    if (rejected.length > 0) await skip(rejected, t.telegram.unsent.rejected);
    const folded = older.filter((r) => orders.has(r.ref) && orders.get(r.ref)?.status !== 'rejected');
    return folded.length > 0 ? folded : undefined;
  }

  /** The backlog's one message: the numbers of the orders folded, oldest first. */
  async function backlogParts(rows: Row[]): Promise<Rendered[]> {
    const orders = await app.repos.orders.byIds(rows.map((r) => r.ref));
    const numbers = orders.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((o) => o.number);
    return textParts(t.telegram.backlog(numbers));
  }

  /** Sends a restaurant's due rows, in order, until one must wait (a message's parts one at a time). */
  async function drainRestaurant(restaurantId: string): Promise<void> {
    const { repos } = app;
    for (;;) {
      const row = await repos.telegramOutbox.head(restaurantId);
      if (!row || row.next_at > clock()) return;
      const bot = await repos.telegramBots.find(restaurantId);
      // each chat its own pace: the staff chat's is the restaurant's, a private chat's its own
      const toStaffChat = row.chat_id === null || row.chat_id === bot?.chat_id;
      const pace = toStaffChat ? restaurantId : `${restaurantId}:${row.chat_id}`;
      if (!mayPostNow(pace, clock())) return;
      const restaurant = await repos.restaurants.findById(restaurantId);
      // a private chat needs the bot only; the staff chat's row, the chat too
      const staffChat = bot?.chat_id ?? null;
      if (!bot || !restaurant?.bot_token || (toStaffChat && staffChat === null)) {
        await fail(row, t.telegram.unsent.noChat);
        continue;
      }
      // the chat fallen behind: the orders before the newest go as one message, now
      const folded = toStaffChat && staffChat ? await backlogOf(restaurantId, staffChat) : undefined;
      const plan: Plan =
        folded && staffChat
          ? { method: 'sendMessage', parts: await backlogParts(folded), chatId: staffChat }
          : await planOf(row, staffChat);
      if ('fail' in plan) {
        await fail(row, plan.fail);
        continue;
      }
      if ('skip' in plan) {
        await skip([row], plan.skip);
        continue;
      }
      // the backlog's message is one part, sent whole; a row's goes on from its parts sent
      const index =
        plan.method === 'sendMessage' && !folded ? Math.min(row.parts_sent, plan.parts.length - 1) : 0;
      const part = plan.method === 'sendMessage' ? (plan.parts[index] as Rendered) : plan.part;
      const params =
        plan.method === 'editMessageText'
          ? editParams(plan.chatId, plan.messageId, part)
          : sendParams(plan.chatId, part);
      try {
        const token = access.openToken(restaurant.bot_token, restaurantId);
        sent.get(pace)?.push(clock());
        const result = await access.bot(token)(plan.method, params);
        if (folded) {
          await skip(folded, t.telegram.unsent.folded);
          continue;
        }
        if (plan.method === 'sendMessage' && index < plan.parts.length - 1) {
          await repos.telegramOutbox.partSent(row.seq, index + 1);
          continue;
        }
        const messageId = typeof result === 'object' ? result.message_id : null;
        await repos.telegramOutbox.markSent(row.seq, messageId, now());
      } catch (err) {
        if (err instanceof TelegramError && err.code === 429) {
          const wait = Math.max(1, err.retryAfterS ?? 1) * 1000;
          await repos.telegramOutbox.postpone(row.seq, clock() + wait, row.attempts, err.message);
          return;
        }
        if (err instanceof TelegramError && /message is not modified/i.test(err.description)) {
          // the chat shows this state already (two edits in a row): nothing to change
          await repos.telegramOutbox.markSent(row.seq, null, now());
          continue;
        }
        if (err instanceof TelegramError) {
          app.log.warn({ restaurantId, seq: row.seq, err: err.message }, 'Telegram refused a message');
          // the backlog's message refused: its orders never reached the chat, said in Telegram's words
          for (const refused of folded ?? [row]) await fail(refused, err.message);
          continue;
        }
        const reason = err instanceof TelegramUnreachable ? err.message : (err as Error).message;
        const pause = Math.min(maxBackoffMs, backoffMs * 2 ** row.attempts);
        await repos.telegramOutbox.postpone(row.seq, clock() + pause, row.attempts + 1, reason);
        return;
      }
    }
  }

  return {
    follow,
    /**
     * Queues new events, then sends what is due for every restaurant (each one's rows in order),
     * then, once an hour, forgets the rows done with.
     */
    async drain(): Promise<void> {
      await follow();
      const restaurants = await app.repos.telegramOutbox.restaurantsPending();
      await Promise.all(restaurants.map((id) => drainRestaurant(id)));
      await prune();
    },
  };
}

export type TelegramOutbox = ReturnType<typeof telegramOutbox>;

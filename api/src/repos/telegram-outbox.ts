/**
 * The messages to send to the restaurants' chats (docs/TELEGRAM.md, "Limits and faults"): one row
 * per message, sent in `seq` order per restaurant; a post of an order or a call is unique per
 * restaurant (`post_key`), so it can be queued once only; a row is marked sent once (the update
 * matches only a pending row). Each row keeps the chat it was queued for, the bot's chat at that
 * moment (docs/TELEGRAM.md, "A change of chat").
 */
import { sql } from 'kysely';
import type { TelegramOutboxRow, TelegramOutboxTable } from '../db';
import { chunks, type Q } from './query';

/** A row to queue; its chat is the bot's chat as the row is written, in the same statement. */
export type NewOutboxRow = Omit<TelegramOutboxTable, 'seq' | 'chat_id' | 'parts_sent'>;

/** What a message to queue says of its own: whose, what, about what, its post's key, its params, when. */
export type OutboxMessage = Pick<
  NewOutboxRow,
  'restaurant_id' | 'kind' | 'ref' | 'post_key' | 'payload' | 'created_at'
>;

/** A new row of the outbox: pending, never tried, not sent. */
export const outboxRow = (message: OutboxMessage): NewOutboxRow => ({
  ...message,
  status: 'pending',
  attempts: 0,
  next_at: 0,
  message_id: null,
  last_error: null,
  sent_at: null,
});

const asRow = <
  T extends {
    seq: number | bigint;
    message_id: number | bigint | null;
    next_at: number | bigint;
    parts_sent: number | bigint;
  },
>(
  r: T,
): T & { seq: number; message_id: number | null; next_at: number; parts_sent: number } => ({
  ...r,
  seq: Number(r.seq),
  next_at: Number(r.next_at),
  parts_sent: Number(r.parts_sent),
  message_id: r.message_id === null ? null : Number(r.message_id),
});

export function telegramOutboxRepository(q: Q) {
  /** A pending row done with for good, its reason kept (a row no longer pending is left as it is). */
  async function endPending(seq: number, status: 'skipped' | 'failed', reason: string): Promise<void> {
    await q
      .updateTable('telegram_outbox')
      .set({ status, last_error: reason })
      .where('seq', '=', seq)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The rows of the edits of the post `ref` (each is one change of its state). */
  const editsOf = (restaurantId: string, ref: string) =>
    q
      .selectFrom('telegram_outbox')
      .where('restaurant_id', '=', restaurantId)
      .where('kind', '=', 'edit')
      .where('ref', '=', ref);

  return {
    /** Queues a message; false when its post was queued already (nothing added). */
    async add(row: NewOutboxRow): Promise<boolean> {
      const added = await q
        .insertInto('telegram_outbox')
        .values((eb) => ({
          ...row,
          chat_id: eb
            .selectFrom('telegram_bots')
            .select('chat_id')
            .where('restaurant_id', '=', row.restaurant_id),
        }))
        .onConflict((oc) => oc.columns(['restaurant_id', 'post_key']).doNothing())
        .returning('seq')
        .executeTakeFirst();
      return added !== undefined;
    },

    /**
     * Queues a message for a chat of its own: a staff member's private chat (docs/TELEGRAM.md, "A
     * staff member's own chat"); false when its post was queued already.
     */
    async addTo(row: NewOutboxRow, chatId: string): Promise<boolean> {
      const added = await q
        .insertInto('telegram_outbox')
        .values({ ...row, chat_id: chatId })
        .onConflict((oc) => oc.columns(['restaurant_id', 'post_key']).doNothing())
        .returning('seq')
        .executeTakeFirst();
      return added !== undefined;
    },

    /** The private posts of an order or a call (`kind` `dm`, ref its id), each staff member's. */
    async directPostsOf(restaurantId: string, entityId: string): Promise<TelegramOutboxRow[]> {
      const rows = await q
        .selectFrom('telegram_outbox')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('kind', '=', 'dm')
        .where('ref', '=', entityId)
        .orderBy('seq')
        .execute();
      return rows.map(asRow);
    },

    /** Whether an edit of the post `ref` waits to be sent (one is enough: it shows the latest state). */
    async editPending(restaurantId: string, ref: string): Promise<boolean> {
      const row = await editsOf(restaurantId, ref)
        .select('seq')
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The restaurants with something to send. */
    async restaurantsPending(): Promise<string[]> {
      const rows = await q
        .selectFrom('telegram_outbox')
        .select('restaurant_id')
        .distinct()
        .where('status', '=', 'pending')
        .execute();
      return rows.map((r) => r.restaurant_id);
    },

    /** A restaurant's next message: the oldest pending one. */
    async head(restaurantId: string): Promise<TelegramOutboxRow | undefined> {
      const row = await q
        .selectFrom('telegram_outbox')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('status', '=', 'pending')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
      return row ? asRow(row) : undefined;
    },

    /**
     * A restaurant's order posts not begun yet (no part sent), oldest first: the ones a backlog
     * may fold into one message.
     */
    async waitingPosts(restaurantId: string): Promise<TelegramOutboxRow[]> {
      const rows = await q
        .selectFrom('telegram_outbox')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('status', '=', 'pending')
        .where('kind', '=', 'order')
        .where('parts_sent', '=', 0)
        .orderBy('seq')
        .execute();
      return rows.map(asRow);
    },

    /**
     * How many of a restaurant's rows for chat `chatId` wait before the row `seq` (its place in
     * that chat's queue: a staff member's private messages are paced as their own chat).
     */
    async waitingBefore(restaurantId: string, seq: number, chatId: string): Promise<number> {
      const row = await q
        .selectFrom('telegram_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', restaurantId)
        .where('status', '=', 'pending')
        .where('seq', '<', seq)
        .where('chat_id', '=', chatId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The post of an order or a call (its message id once sent). */
    async post(restaurantId: string, postKey: string): Promise<TelegramOutboxRow | undefined> {
      const row = await q
        .selectFrom('telegram_outbox')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .where('post_key', '=', postKey)
        .executeTakeFirst();
      return row ? asRow(row) : undefined;
    },

    /** The notes of the edits of a post, oldest first (who pressed what). */
    async editNotes(restaurantId: string, ref: string): Promise<string[]> {
      const rows = await editsOf(restaurantId, ref).select('payload').orderBy('seq').execute();
      return rows.map((r) => r.payload);
    },

    /** Marks a pending row sent (false: it was not pending any more). */
    async markSent(seq: number, messageId: number | null, at: string): Promise<boolean> {
      const res = await q
        .updateTable('telegram_outbox')
        .set({ status: 'sent', message_id: messageId, sent_at: at, last_error: null })
        .where('seq', '=', seq)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** One more part of a message in several parts has gone (the row stays pending for the next). */
    async partSent(seq: number, partsSent: number): Promise<void> {
      await q
        .updateTable('telegram_outbox')
        .set({ parts_sent: partsSent, attempts: 0, last_error: null })
        .where('seq', '=', seq)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Left alone for good, not a fault: an edit or a reply for a chat the bot no longer uses, an
     * edit of a post no longer kept, an order's post whose order was rejected before its turn or
     * that a backlog folded into one message (`why` says which; the board shows an order's).
     */
    markSkipped: (seq: number, why: string): Promise<void> => endPending(seq, 'skipped', why),

    /** The posts of these orders (the board shows which of them Telegram did not get). */
    async orderPosts(restaurantId: string, orderIds: readonly string[]): Promise<TelegramOutboxRow[]> {
      const out: TelegramOutboxRow[] = [];
      for (const part of chunks(orderIds.map((id) => `order:${id}`))) {
        const rows = await q
          .selectFrom('telegram_outbox')
          .selectAll()
          .where('restaurant_id', '=', restaurantId)
          .where('post_key', 'in', part)
          .execute();
        out.push(...rows.map(asRow));
      }
      return out;
    },

    /** Refused for good (a chat gone, a message too old to edit): kept with its error, not retried. */
    markFailed: (seq: number, error: string): Promise<void> => endPending(seq, 'failed', error),

    /** Tried again not before `nextAt`. */
    async postpone(seq: number, nextAt: number, attempts: number, error: string): Promise<void> {
      await q
        .updateTable('telegram_outbox')
        .set({ next_at: nextAt, attempts, last_error: error })
        .where('seq', '=', seq)
        .where('status', '=', 'pending')
        .execute();
    },

    /** How many messages wait, and the newest refusal or fault (the set-up's status). */
    async summary(restaurantId: string): Promise<{ waiting: number; lastError: string | null }> {
      const waiting = await q
        .selectFrom('telegram_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', restaurantId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      const error = await q
        .selectFrom('telegram_outbox')
        .select('last_error')
        .where('restaurant_id', '=', restaurantId)
        .where('last_error', 'is not', null)
        .where('status', '!=', 'skipped')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { waiting: Number(waiting?.n ?? 0), lastError: error?.last_error ?? null };
    },

    /**
     * Forgets, `limit` at a time, the rows done with (sent, failed or left alone) that were queued
     * before `before`, but not those of an order still open (its status one of `openStatuses`) or
     * of a call still pending: their message is still edited, with the notes of who pressed what
     * (docs/TELEGRAM.md, "What is kept"). Answers how many went.
     */
    async prune(before: string, openStatuses: readonly string[], limit: number): Promise<number> {
      const done = q
        .selectFrom('telegram_outbox as o')
        .select('o.seq')
        .where('o.status', '!=', 'pending')
        .where('o.created_at', '<', before)
        .where((eb) => {
          const openOrder = (id: ReturnType<typeof sql<string>>) =>
            eb.exists(
              eb
                .selectFrom('orders')
                .select('orders.id')
                .where('orders.id', '=', id)
                .where('orders.status', 'in', openStatuses),
            );
          const pendingCall = (id: ReturnType<typeof sql<string>>) =>
            eb.exists(
              eb
                .selectFrom('table_calls')
                .select('table_calls.id')
                .where('table_calls.id', '=', id)
                .where('table_calls.status', '=', 'pending'),
            );
          // a post's ref is its order's or call's id; an edit's is its post's key (`order:<id>`)
          const ref = sql<string>`${sql.ref('o.ref')}`;
          const afterPrefix = (n: number) => sql<string>`substr(${sql.ref('o.ref')}, ${sql.lit(n)})`;
          return eb.not(
            eb.or([
              eb.and([eb('o.kind', '=', 'order'), openOrder(ref)]),
              eb.and([eb('o.kind', '=', 'call'), pendingCall(ref)]),
              eb.and([eb('o.kind', '=', 'edit'), eb('o.ref', 'like', 'order:%'), openOrder(afterPrefix(7))]),
              eb.and([eb('o.kind', '=', 'edit'), eb('o.ref', 'like', 'call:%'), pendingCall(afterPrefix(6))]),
            ]),
          );
        })
        .orderBy('o.seq')
        .limit(limit);
      const res = await q.deleteFrom('telegram_outbox').where('seq', 'in', done).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** A restaurant's rows, in order (tests and the set-up's status). */
    async ofRestaurant(restaurantId: string): Promise<TelegramOutboxRow[]> {
      const rows = await q
        .selectFrom('telegram_outbox')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .orderBy('seq')
        .execute();
      return rows.map(asRow);
    },
  };
}

/**
 * The outbox's chats (0028_telegram_outbox_chat) on the database of the run (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): a row waiting is for the bot's chat of now; a row sent after
 * the bot was last saved is in that chat; one sent before keeps no chat (its message is left
 * alone: the chat may have changed since); every row starts with no part sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyDb, type MigrationDb, migrationBefore, openMigrationDbBefore } from './migration-support';

const CHATS = '0028_telegram_outbox_chat';
const BEFORE = migrationBefore(CHATS);

let db: AnyDb;
let migrator: MigrationDb['migrator'];
let cleanup: MigrationDb['close'];

/** An ISO time `m` minutes into a day. */
const at = (m: number) => new Date(Date.UTC(2026, 10, 28, 9, m)).toISOString();

beforeAll(async () => {
  ({ db, migrator, close: cleanup } = await openMigrationDbBefore('tgmig', CHATS, at(0)));
  // r1's bot was last saved at minute 30, with the chat it has now; r2 has no bot any more
  await db
    .insertInto('telegram_bots')
    .values({
      restaurant_id: 'r1',
      bot_id: '7094613800',
      bot_username: 'rayhon_buyurtma_bot',
      chat_id: '-1009876543210',
      chat_title: 'Yangi oshxona',
      webhook_secret_enc: null,
      events_seq: 0,
      created_at: at(0),
      updated_at: at(30),
    })
    .execute();
  const row = (restaurant: string, ref: string, status: string, sentAt: string | null) => ({
    restaurant_id: restaurant,
    kind: 'order',
    ref,
    post_key: `order:${ref}`,
    payload: '{}',
    status,
    attempts: 0,
    next_at: 0,
    message_id: sentAt ? 400 : null,
    last_error: null,
    created_at: at(1),
    sent_at: sentAt,
  });
  await db
    .insertInto('telegram_outbox')
    .values([
      row('r1', 'before', 'sent', at(10)),
      row('r1', 'after', 'sent', at(40)),
      row('r1', 'waiting', 'pending', null),
      row('r1', 'refused', 'failed', null),
      row('r2', 'orphan', 'sent', at(40)),
    ])
    .execute();
  expect((await migrator().migrateTo(CHATS)).error).toBeUndefined();
});

afterAll(async () => cleanup());

describe('0028_telegram_outbox_chat', () => {
  it('keeps the chat of the rows it can be sure of, and none of the others', async () => {
    const rows = await db
      .selectFrom('telegram_outbox')
      .select(['ref', 'chat_id', 'parts_sent'])
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => ({ ...r, parts_sent: Number(r.parts_sent) }))).toEqual([
      { ref: 'before', chat_id: null, parts_sent: 0 },
      { ref: 'after', chat_id: '-1009876543210', parts_sent: 0 },
      { ref: 'waiting', chat_id: '-1009876543210', parts_sent: 0 },
      { ref: 'refused', chat_id: null, parts_sent: 0 },
      { ref: 'orphan', chat_id: null, parts_sent: 0 },
    ]);
  });

  it('goes down and up again', async () => {
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    expect((await migrator().migrateTo(CHATS)).error).toBeUndefined();
  });
});

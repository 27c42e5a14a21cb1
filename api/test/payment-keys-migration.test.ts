/**
 * The payment keys migration (0031_payment_keys) on the database of the run (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): the Payme and Click transactions stored before it are all
 * kept, field for field; afterwards a provider's id is unique per restaurant only (another
 * restaurant may hold the same one, the same restaurant may not), and Click's `prepare_id` goes on
 * after the last number answered, never giving one twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyDb, type MigrationDb, openMigrationDbBefore } from './migration-support';

const KEYS = '0031_payment_keys';

let db: AnyDb;
let migrator: MigrationDb['migrator'];
let cleanup: MigrationDb['close'];

const at = '2026-05-01T09:00:00.000Z';
const payme = (id: string, restaurant: string, bill: string, state: number) => ({
  id,
  restaurant_id: restaurant,
  bill_id: bill,
  transaction: `tx-${id}-${restaurant}`,
  time: 1_777_000_000_000,
  amount: 7_500_000,
  account: JSON.stringify({ bill_id: bill }),
  state,
  reason: state < 0 ? 5 : null,
  create_time: 1_777_000_000_100,
  perform_time: state === 2 ? 1_777_000_000_200 : 0,
  cancel_time: state < 0 ? 1_777_000_000_300 : 0,
});
const click = (transId: string, restaurant: string, bill: string, status: string) => ({
  click_trans_id: transId,
  click_paydoc_id: `9${transId}`,
  restaurant_id: restaurant,
  bill_id: bill,
  amount: 7_500_000,
  status,
  created_at: at,
  completed_at: status === 'completed' ? at : null,
  cancelled_at: status === 'cancelled' ? at : null,
});

/** Rows in one form on both databases (PostgreSQL answers bigint as text), sorted by `key`. */
const NUMERIC = new Set([
  'time',
  'amount',
  'state',
  'reason',
  'create_time',
  'perform_time',
  'cancel_time',
  'prepare_id',
]);
const sorted = (rows: Record<string, unknown>[], key: string) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, NUMERIC.has(k) && v !== null ? Number(v) : v]),
      ),
    )
    .sort((a, b) => String(a[key]).localeCompare(String(b[key])));

let paymeBefore: Record<string, unknown>[];
let clickBefore: Record<string, unknown>[];

beforeAll(async () => {
  ({ db, migrator, close: cleanup } = await openMigrationDbBefore('keys', KEYS, at));
  await db
    .insertInto('bills')
    .values(
      ['b1', 'b2'].map((id, i) => ({
        id,
        restaurant_id: `r${i + 1}`,
        placement_id: null,
        table_name: 'Stol 1',
        amount: 7_500_000,
        status: 'open',
        paid_method: null,
        paid_at: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  await db
    .insertInto('payme_transactions')
    .values([payme('p-a', 'r1', 'b1', 2), payme('p-b', 'r1', 'b1', -1), payme('p-c', 'r2', 'b2', 1)])
    .execute();
  for (const row of [
    click('100', 'r1', 'b1', 'completed'),
    click('101', 'r1', 'b1', 'cancelled'),
    click('102', 'r2', 'b2', 'prepared'),
  ])
    await db.insertInto('click_transactions').values(row).execute();
  // a number answered before and its row gone since (its restaurant deleted): never given again
  await db
    .insertInto('click_transactions')
    .values(click('103', 'r2', 'b2', 'prepared'))
    .execute();
  await db.deleteFrom('click_transactions').where('click_trans_id', '=', '103').execute();
  paymeBefore = sorted(await db.selectFrom('payme_transactions').selectAll().execute(), 'id');
  clickBefore = sorted(await db.selectFrom('click_transactions').selectAll().execute(), 'click_trans_id');
  expect((await migrator().migrateToLatest()).error).toBeUndefined();
});

afterAll(async () => {
  await cleanup?.();
});

describe('the payment keys migration', () => {
  it('keeps every stored transaction, field for field', async () => {
    expect(sorted(await db.selectFrom('payme_transactions').selectAll().execute(), 'id')).toEqual(
      paymeBefore,
    );
    expect(sorted(await db.selectFrom('click_transactions').selectAll().execute(), 'click_trans_id')).toEqual(
      clickBefore,
    );
  });

  it("takes another restaurant's Payme id, and refuses the same restaurant's twice", async () => {
    await db
      .insertInto('payme_transactions')
      .values(payme('p-a', 'r2', 'b2', 1))
      .execute();
    await expect(
      db
        .insertInto('payme_transactions')
        .values(payme('p-c', 'r2', 'b2', 1))
        .execute(),
    ).rejects.toThrow();
    expect(
      (await db.selectFrom('payme_transactions').select('restaurant_id').where('id', '=', 'p-a').execute())
        .map((r) => r.restaurant_id)
        .sort(),
    ).toEqual(['r1', 'r2']);
  });

  it("takes another restaurant's click_trans_id, refuses the same restaurant's twice, and numbers on", async () => {
    const last = Math.max(...clickBefore.map((r) => Number(r.prepare_id)));
    const made = await db
      .insertInto('click_transactions')
      .values(click('100', 'r2', 'b2', 'prepared'))
      .returning('prepare_id')
      .executeTakeFirstOrThrow();
    // 103 was answered before its row went: the next is past it
    expect(Number(made.prepare_id)).toBeGreaterThan(last + 1);
    await expect(
      db
        .insertInto('click_transactions')
        .values(click('102', 'r2', 'b2', 'prepared'))
        .execute(),
    ).rejects.toThrow();
  });
});

/**
 * The positions migration (0013_positions) on the database of the run (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): rows stored before it keep the order they were shown in, `(created_at, id)`,
 * numbered 0..n-1 within each parent; the moves' helpers then keep every list a permutation.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positions } from '../src/db/migration-positions';
import { migrations } from '../src/db/migrations';
import { lockList, nextPosition, orderedIds, placeInList, renumberList } from '../src/repos/positions';
import { ownTables } from './helpers';
import { type AnyDb, type MigrationDb, migrationBefore, openMigrationDbBefore } from './migration-support';

const POSITIONS = '0013_positions';
const BEFORE = migrationBefore(POSITIONS);
const all: Record<string, Migration> = { ...migrations, [POSITIONS]: migrations[POSITIONS] ?? positions };

let db: AnyDb;
let migrator: MigrationDb['migrator'];
let cleanup: MigrationDb['close'];

/** An ISO time `s` seconds into a day: created_at values that sort as written. */
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

beforeAll(async () => {
  ({ db, migrator, close: cleanup } = await openMigrationDbBefore('positions', POSITIONS, at(0), all));
  // stored out of order, with a created_at tie broken by id
  const categories = [
    { id: 'c-b', restaurant_id: 'r1', s: 2 },
    { id: 'c-a', restaurant_id: 'r1', s: 3 },
    { id: 'c-z', restaurant_id: 'r1', s: 1 },
    { id: 'c-y', restaurant_id: 'r1', s: 3 },
    { id: 'c-other', restaurant_id: 'r2', s: 9 },
  ];
  for (const c of categories) {
    await db
      .insertInto('categories')
      .values({
        id: c.id,
        restaurant_id: c.restaurant_id,
        title: c.id,
        is_active: 1,
        created_at: at(c.s),
        updated_at: at(c.s),
      })
      .execute();
  }
  const products = [
    { id: 'p3', category_id: 'c-a', s: 30 },
    { id: 'p1', category_id: 'c-a', s: 10 },
    { id: 'p2', category_id: 'c-a', s: 20 },
    { id: 'q1', category_id: 'c-b', s: 5 },
  ];
  for (const p of products) {
    await db
      .insertInto('products')
      .values({
        id: p.id,
        restaurant_id: 'r1',
        category_id: p.category_id,
        name: p.id,
        description: '',
        price: 1,
        is_active: 1,
        images: '[]',
        created_at: at(p.s),
        updated_at: at(p.s),
      })
      .execute();
  }
  await db
    .insertInto('product_options')
    .values([
      { id: 'o2', product_id: 'p1', name: 'Hajmi', created_at: at(2), updated_at: at(2) },
      { id: 'o1', product_id: 'p1', name: 'Qo`shimcha', created_at: at(1), updated_at: at(1) },
    ])
    .execute();
  await db
    .insertInto('option_rows')
    .values([
      { id: 'w3', product_option_id: 'o1', name: 'Katta', price: 3, created_at: at(3) },
      { id: 'w1', product_option_id: 'o1', name: 'Kichik', price: 1, created_at: at(1) },
      { id: 'w2', product_option_id: 'o1', name: "O'rta", price: 2, created_at: at(2) },
    ])
    .execute();
  const latest = await migrator().migrateToLatest();
  expect(latest.error).toBeUndefined();
});

afterAll(async () => {
  await cleanup?.();
});

const listOf = async (table: string, parent: string, id: string) =>
  (
    await sql<{ id: string; position: number }>`select id, position from ${sql.table(table)}
      where ${sql.ref(parent)} = ${id} order by position, id`.execute(db)
  ).rows.map((r) => [r.id, Number(r.position)]);

describe('the positions migration', () => {
  it('numbers every list 0..n-1 in its former (created_at, id) order, per parent', async () => {
    expect(await listOf('categories', 'restaurant_id', 'r1')).toEqual([
      ['c-z', 0],
      ['c-b', 1],
      ['c-a', 2],
      ['c-y', 3],
    ]);
    expect(await listOf('categories', 'restaurant_id', 'r2')).toEqual([['c-other', 0]]);
    expect(await listOf('products', 'category_id', 'c-a')).toEqual([
      ['p1', 0],
      ['p2', 1],
      ['p3', 2],
    ]);
    expect(await listOf('products', 'category_id', 'c-b')).toEqual([['q1', 0]]);
    expect(await listOf('product_options', 'product_id', 'p1')).toEqual([
      ['o1', 0],
      ['o2', 1],
    ]);
    expect(await listOf('option_rows', 'product_option_id', 'o1')).toEqual([
      ['w1', 0],
      ['w2', 1],
      ['w3', 2],
    ]);
  });

  it('moves renumber the list; a new item goes after the last; a gap closes', async () => {
    await db.transaction().execute(async (trx) => {
      expect(await lockList(trx, 'products', 'c-a')).toBe(true);
      expect(await placeInList(trx, 'products', 'c-a', 'p3', 0)).toBe(true);
    });
    expect(await orderedIds(db, 'products', 'c-a')).toEqual(['p3', 'p1', 'p2']);
    // past the end: last
    await db.transaction().execute((trx) => placeInList(trx, 'products', 'c-a', 'p3', 99));
    expect(await listOf('products', 'category_id', 'c-a')).toEqual([
      ['p1', 0],
      ['p2', 1],
      ['p3', 2],
    ]);
    expect(await nextPosition(db, 'products', 'c-a')).toBe(3);
    expect(await nextPosition(db, 'products', 'c-empty')).toBe(0);
    await db.deleteFrom('products').where('id', '=', 'p2').execute();
    await db.transaction().execute((trx) => renumberList(trx, 'products', 'c-a'));
    expect(await listOf('products', 'category_id', 'c-a')).toEqual([
      ['p1', 0],
      ['p3', 1],
    ]);
    // an item that is not in the list is not moved
    await db.transaction().execute(async (trx) => {
      expect(await placeInList(trx, 'products', 'c-a', 'q1', 0)).toBe(false);
      expect(await lockList(trx, 'products', 'no-such-category')).toBe(false);
    });
  });

  it('rolls back', async () => {
    const down = await migrator().migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const columns = await ownTables(db);
    const categories = columns.find((t) => t.name === 'categories');
    expect(categories?.columns.map((c) => c.name)).not.toContain('position');
    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
  });
});

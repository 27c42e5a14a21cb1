import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, isUniqueViolation, migrateToLatest, newId, now } from '../src/db';
import { prepared } from '../src/repos/prepared';
import { newRestaurantRow } from '../src/services/restaurants/rows';
import { ownMigrator } from './helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-db-'));
let conn: Connection;
beforeAll(async () => {
  const pg = process.env.TEST_DATABASE_URL?.trim();
  conn = await connect({ dataDir, databaseUrl: pg || undefined, isolateSchema: !!pg });
});
afterAll(async () => {
  await conn?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const t = now();
const user = (login: string) => ({
  id: newId(),
  login,
  password_hash: 'x',
  role: 'manager',
  is_active: 1,
  created_at: t,
  updated_at: t,
});
const restaurant = (slug: string, managerId: string | null = null) =>
  newRestaurantRow(
    { name: 'R', slug, address: 'a', phone_number: 'p', work_time: 'w', manager_id: managerId },
    t,
  );

describe('database layer', () => {
  it('newId is unique, sorts in the order of creation, and now() is ISO', () => {
    const made = Array.from({ length: 5000 }, newId);
    expect(new Set(made).size).toBe(made.length);
    expect(made.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
    // thousands in the same millisecond: the sequence, not the clock or chance, orders them
    expect([...made].sort()).toEqual(made);
    expect(now()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('re-running migrations is a no-op', async () => {
    const { migrateToLatest } = await import('../src/db');
    await expect(migrateToLatest(conn.db)).resolves.toBeUndefined();
  });

  it('unique slug, login and manager_id (NULLs allowed many times) are unique violations', async () => {
    const m = user(`u-${newId()}`);
    await conn.db.insertInto('users').values(m).execute();
    const dupUser = await conn.db
      .insertInto('users')
      .values({ ...user(m.login) })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dupUser)).toBe(true);
    await conn.db.insertInto('restaurants').values(restaurant('one', m.id)).execute();
    await conn.db.insertInto('restaurants').values(restaurant('two')).execute();
    await conn.db.insertInto('restaurants').values(restaurant('three')).execute();
    const dupSlug = await conn.db
      .insertInto('restaurants')
      .values(restaurant('one'))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dupSlug)).toBe(true);
    const dupManager = await conn.db
      .insertInto('restaurants')
      .values(restaurant('four', m.id))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dupManager)).toBe(true);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('one restaurant per (type, external_id); other types and NULL external ids may repeat', async () => {
    const ext = (type: string, externalId: string | null) => ({
      ...restaurant(`e-${newId()}`),
      type,
      external_id: externalId,
    });
    const externalId = `x-${newId()}`;
    await conn.db.insertInto('restaurants').values(ext('feed', externalId)).execute();
    await conn.db.insertInto('restaurants').values(ext('other', externalId)).execute();
    await conn.db.insertInto('restaurants').values(ext('feed', null)).execute();
    await conn.db.insertInto('restaurants').values(ext('feed', null)).execute();
    const dup = await conn.db
      .insertInto('restaurants')
      .values(ext('feed', externalId))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
  });

  it('the unique (type, external_id) migration keeps the oldest of a restaurant imported twice', async () => {
    // undo the last migration, store what the race could have stored, then migrate again
    const { migrator, schema } = await ownMigrator(conn.db, conn.dialect);
    // back to before 0002, whatever came after it
    const down = await migrator.migrateTo('0001_initial');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('0002_restaurants_type_external_id_unique');
    const externalId = `twice-${newId()}`;
    const copy = (type: string, createdAt: string) => ({
      ...restaurant(`d-${newId()}`),
      type,
      external_id: externalId,
      created_at: createdAt,
    });
    const oldest = copy('feed', '2024-01-01T00:00:00.000Z');
    const later = [copy('feed', '2024-01-02T00:00:00.000Z'), copy('feed', '2024-01-03T00:00:00.000Z')];
    const otherType = copy('other', '2024-01-05T00:00:00.000Z');
    await conn.db.insertInto('restaurants').values([later[1]!, oldest, later[0]!, otherType]).execute();
    await migrateToLatest(conn.db, schema);
    const rows = await conn.db
      .selectFrom('restaurants')
      .select(['id', 'external_id'])
      .where('id', 'in', [oldest.id, otherType.id, ...later.map((r) => r.id)])
      .execute();
    const linked = Object.fromEntries(rows.map((r) => [r.id, r.external_id]));
    expect(linked).toEqual({
      [oldest.id]: externalId,
      [otherType.id]: externalId,
      [later[0]!.id]: null,
      [later[1]!.id]: null,
    });
    const dup = await conn.db
      .insertInto('restaurants')
      .values(copy('feed', now()))
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
  });

  it('deleting a user sets manager_id null; deleting a restaurant cascades to everything in it', async () => {
    const m = user(`u-${newId()}`);
    await conn.db.insertInto('users').values(m).execute();
    const r = restaurant(`c-${newId()}`, m.id);
    await conn.db.insertInto('restaurants').values(r).execute();
    const c = {
      id: newId(),
      restaurant_id: r.id,
      title: 'K',
      is_active: 1,
      external_id: null,
      created_at: t,
      updated_at: t,
    };
    await conn.db.insertInto('categories').values(c).execute();
    const p = {
      id: newId(),
      restaurant_id: r.id,
      category_id: c.id,
      name: 'P',
      description: '',
      price: 12.5,
      is_active: 1,
      images: '[]',
      external_id: null,
      created_at: t,
      updated_at: t,
    };
    await conn.db.insertInto('products').values(p).execute();
    const o = { id: newId(), product_id: p.id, name: 'O', external_id: null, created_at: t, updated_at: t };
    await conn.db.insertInto('product_options').values(o).execute();
    await conn.db
      .insertInto('option_rows')
      .values({
        id: newId(),
        product_option_id: o.id,
        name: 'R',
        price: 0.5,
        external_id: null,
        created_at: t,
      })
      .execute();

    const got = await conn.db
      .selectFrom('products')
      .select(['price', 'is_active'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(got).toEqual({ price: 12.5, is_active: 1 });
    const n = await conn.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof n.n).toBe('number');

    await conn.db.deleteFrom('users').where('id', '=', m.id).execute();
    const after = await conn.db
      .selectFrom('restaurants')
      .select('manager_id')
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(after.manager_id).toBeNull();

    await conn.db.deleteFrom('restaurants').where('id', '=', r.id).execute();
    expect(await conn.db.selectFrom('categories').select('id').where('id', '=', c.id).execute()).toEqual([]);
    expect(await conn.db.selectFrom('products').select('id').where('id', '=', p.id).execute()).toEqual([]);
    expect(await conn.db.selectFrom('product_options').select('id').where('id', '=', o.id).execute()).toEqual(
      [],
    );
    expect(
      await conn.db.selectFrom('option_rows').select('id').where('product_option_id', '=', o.id).execute(),
    ).toEqual([]);
  });

  it('a product cannot point at a missing category (foreign keys on)', async () => {
    const err = await conn.db
      .insertInto('products')
      .values({
        id: newId(),
        restaurant_id: 'nope',
        category_id: 'nope',
        name: 'P',
        description: '',
        price: 1,
        is_active: 1,
        images: '[]',
        external_id: null,
        created_at: t,
        updated_at: t,
      })
      .execute()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
  });
});

describe('prepared queries', () => {
  const loginOf = prepared<{ login: string }, 'id'>((db, p) =>
    db.selectFrom('users').select('login').where('id', '=', p('id')).where('is_active', '=', sql.lit(1)),
  );

  it('build once and run with new values each time; constants are literals', async () => {
    const [a, b] = [user(`p-${newId()}`), user(`p-${newId()}`)];
    await conn.db.insertInto('users').values([a, b]).execute();
    expect(await loginOf(conn.db, { id: a.id })).toEqual([{ login: a.login }]);
    expect(await loginOf(conn.db, { id: b.id })).toEqual([{ login: b.login }]);
    await conn.db.updateTable('users').set({ is_active: 0 }).where('id', '=', b.id).execute();
    expect(await loginOf(conn.db, { id: b.id })).toEqual([]);
  });

  it('refuses a bound constant (SQLite would plan the statement again on every run)', async () => {
    const bound = prepared<{ login: string }, 'id'>((db, p) =>
      db.selectFrom('users').select('login').where('id', '=', p('id')).where('is_active', '=', 1),
    );
    await expect(bound(conn.db, { id: 'x' })).rejects.toThrow(/binds the constant 1: write it with sql\.lit/);
  });
});

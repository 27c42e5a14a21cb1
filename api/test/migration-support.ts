/**
 * The migration tests' database: a fresh one of the run's kind (SQLite in a folder of its own, or
 * an isolated schema of the PostgreSQL database in TEST_DATABASE_URL), with no migration run, so
 * that a test can stop just before the migration it checks, write rows as they were stored then,
 * and migrate on. Written once here; each migration's test keeps its own rows and cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Logger, PostgresDialect, SqliteDialect } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from '../src/db/migrations';

// biome-ignore lint/suspicious/noExplicitAny: the schema before the migration, untyped on purpose
export type AnyDb = Kysely<any>;

export interface MigrationDb {
  db: AnyDb;
  /** A migrator over `all` (every migration of the app unless told), on this database. */
  migrator(): Migrator;
  close(): Promise<void>;
  /** PostgreSQL: the isolated schema's name (it varies from run to run); SQLite: undefined. */
  schema?: string;
}

/** The migration that runs just before `name`: where its test writes the rows of before. */
export const migrationBefore = (name: string): string =>
  Object.keys(migrations)
    .filter((other) => other < name)
    .sort()
    .at(-1) as string;

/**
 * A new database named after `tag` (the schema's or the folder's prefix), nothing migrated yet;
 * `log` (Kysely's) hears every statement sent.
 */
export async function openMigrationDb(
  tag: string,
  all: Record<string, Migration> = migrations,
  log?: Logger,
): Promise<MigrationDb> {
  const url = process.env.TEST_DATABASE_URL?.trim();
  let db: AnyDb;
  let close: () => Promise<void>;
  /** PostgreSQL: the isolated schema, which also holds the migrations' bookkeeping tables. */
  let schemaName: string | undefined;
  if (url) {
    const schema = `t_${tag}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    schemaName = schema;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path=${schema}` });
    db = new Kysely({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
    close = async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), `qrmenu-${tag}-`));
    const database = new SQLite(join(dir, 'db.sqlite'));
    database.pragma('foreign_keys = ON');
    db = new Kysely({ dialect: new SqliteDialect({ database }), ...(log ? { log } : {}) });
    close = async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const migrator = () =>
    new Migrator({
      db,
      provider: { getMigrations: async () => all },
      ...(schemaName ? { migrationTableSchema: schemaName } : {}),
    });
  return { db, migrator, close, ...(schemaName ? { schema: schemaName } : {}) };
}

/**
 * Restaurants `ids` (each its own name and slug) as every schema since the first holds them: the
 * columns no migration has changed, created and updated at `at`.
 */
export async function insertRestaurants(db: AnyDb, ids: string[], at: string): Promise<void> {
  await db
    .insertInto('restaurants')
    .values(
      ids.map((id) => ({
        id,
        name: id,
        slug: id,
        address: 'a',
        phone_number: 'p',
        work_time: 'w',
        type: 'manual',
        is_active: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * `openMigrationDb` migrated to just before the migration `name` (failing if that does not
 * migrate cleanly), with the restaurants r1 and r2 of `at` in it: the start of each migration's
 * test, which then writes its rows of before and migrates on.
 */
export async function openMigrationDbBefore(
  tag: string,
  name: string,
  at: string,
  all: Record<string, Migration> = migrations,
): Promise<MigrationDb> {
  const opened = await openMigrationDb(tag, all);
  const { error } = await opened.migrator().migrateTo(migrationBefore(name));
  if (error) {
    await opened.close();
    throw error;
  }
  await insertRestaurants(opened.db, ['r1', 'r2'], at);
  return opened;
}

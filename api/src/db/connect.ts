import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { privateDatabase, privateDir } from '../config/private-files';
import { migrateToLatest } from './migrations';
import { type PubSub, pgPubSub } from './notify';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface ConnectOptions {
  /** `postgres://...` for PostgreSQL, a `file:`/path for SQLite; default: `<dataDir>/qrmenu.sqlite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL only: create a fresh random schema and use it (tests running in parallel). */
  isolateSchema?: boolean;
  /** Pool size for PostgreSQL (default 10). */
  poolSize?: number;
  /**
   * Runs right after the migrations, still under the start-up lock (e.g. creating the first
   * admin): servers started together on one database take their turns, so none of them sees an
   * empty users table that another is filling.
   */
  bootstrap?: ((db: DB) => Promise<void>) | undefined;
  /**
   * PostgreSQL only: an idle pooled connection was lost (the database restarted, an
   * administrator ended it). The pool drops it and opens a new one for the next query; a query
   * that fails reports its own error. Without a listener node-postgres's pool would throw it as
   * an uncaught exception and end the process.
   */
  onIdleError?: ((err: Error) => void) | undefined;
}

export interface Connection {
  db: DB;
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL: messages between the servers on this database (LISTEN/NOTIFY). */
  pubsub?: PubSub;
  /** Destroys the pool; drops the isolated schema if one was created. */
  close(): Promise<void>;
}

let pgParsersSet = false;
function setPgTypeParsers(): void {
  if (pgParsersSet) return;
  pgParsersSet = true;
  // int8 (count(*)) and numeric as numbers; all values here are far below 2^53.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  // timestamps (not used by our columns, but by any now()) as ISO strings.
  pg.types.setTypeParser(1114, (v) => new Date(`${v.replace(' ', 'T')}Z`).toISOString());
  pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
}

export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//i.test(url);

/** Opens the database chosen by the URL and migrates it to the latest schema. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const url = options.databaseUrl?.trim() || undefined;
  if (isPostgresUrl(url)) return connectPostgres(url, options);
  return connectSqlite(url, options);
}

/**
 * Kysely's SQLite driver prepares every statement on every call; keep them (by SQL text) so
 * that repeated queries skip SQLite's parser and planner. Safe: one connection, used under
 * Kysely's mutex, and statements only ever run with `all`/`run`/`iterate` in default modes.
 */
function cachePreparedStatements(database: SQLite.Database, max = 1000): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= max) cache.clear();
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof database.prepare;
}

async function connectSqlite(url: string | undefined, options: ConnectOptions): Promise<Connection> {
  let file: string;
  if (!url) {
    privateDir(options.dataDir);
    file = join(options.dataDir, 'qrmenu.sqlite');
  } else {
    file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
    if (file !== ':memory:') file = resolve(file);
  }
  // password hashes and sealed keys: this user's only (its -wal and -shm follow its mode)
  if (file !== ':memory:') privateDatabase(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  cachePreparedStatements(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  try {
    // one process per SQLite file: no other server to take turns with
    await migrateToLatest(db);
    await options.bootstrap?.(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function connectPostgres(url: string, options: ConnectOptions): Promise<Connection> {
  setPgTypeParsers();
  let schema: string | undefined;
  if (options.isolateSchema) {
    schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (err) => options.onIdleError?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const dropSchema = async () => {
    if (!schema) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  };
  try {
    await underStartupLock(url, schema, async () => {
      // the schema-qualified bookkeeping tables keep parallel isolated schemas apart
      await migrateToLatest(db, schema);
      await options.bootstrap?.(db);
    });
  } catch (err) {
    await db.destroy();
    await dropSchema();
    throw err;
  }
  return {
    db,
    dialect: 'postgres',
    pubsub: pgPubSub(url, pool, schema),
    close: async () => {
      await db.destroy();
      await dropSchema();
    },
  };
}

/**
 * Runs `work` holding a PostgreSQL advisory lock named after the schema the server uses, on a
 * connection of its own (a session lock, released when that connection ends, even if this process
 * dies). Servers started at the same moment on one empty database would otherwise race: two
 * `create table`s of Kysely's bookkeeping, or two first admins (a unique violation that crashed
 * one of them). Kysely's own migration lock covers only the migrations, not what follows them.
 */
async function underStartupLock(url: string, schema: string | undefined, work: () => Promise<void>) {
  const client = new pg.Client({
    connectionString: url,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  await client.connect();
  try {
    // the schema in the key: isolated test schemas (or two deployments in one database) do not wait on each other
    await client.query("select pg_advisory_lock(hashtext('qrmenu.startup.' || current_schema()))");
    await work();
  } finally {
    // ending the session releases the lock (an explicit unlock would only repeat that)
    await client.end();
  }
}

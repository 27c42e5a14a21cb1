/**
 * A migration that shipped has run on restaurants' databases and must run the same SQL forever
 * (docs/ARCHITECTURE.md, "Migrations"). On a fresh database of the run's kind this file runs every
 * migration up in order through the app's migrator, every one down in reverse order, and every one
 * up again, hears each statement Kysely sends and compares each migration's statements, up and
 * down, with the ones recorded for the dialect in fixtures/migrations-sql/<dialect>.json. A
 * recorded migration whose SQL changed fails: write a new migration instead. A new migration is
 * recorded with `RECORD_MIGRATIONS_SQL=1 pnpm exec vitest run --project api
 * api/test/migrations-sql.test.ts`, once on SQLite and once with TEST_DATABASE_URL set (it never
 * rewrites a migration already recorded).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'kysely';
import { type Migration, NO_MIGRATIONS } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';
import { type AnyDb, type MigrationDb, openMigrationDb } from './migration-support';

const DIALECT = process.env.TEST_DATABASE_URL?.trim() ? 'postgres' : 'sqlite';
const RECORD_FILE = path.join(import.meta.dirname, 'fixtures/migrations-sql', `${DIALECT}.json`);
const RECORD_PATH = `api/test/fixtures/migrations-sql/${DIALECT}.json`;
const RECORDING = process.env.RECORD_MIGRATIONS_SQL === '1';
const RECORD_COMMAND =
  'RECORD_MIGRATIONS_SQL=1 pnpm exec vitest run --project api api/test/migrations-sql.test.ts' +
  (DIALECT === 'postgres' ? ' (with TEST_DATABASE_URL set)' : '');

/** One statement as sent: its SQL alone, or with its parameters when it has any. */
type Statement = string | { sql: string; parameters: unknown[] };
interface MigrationSql {
  up: Statement[];
  down: Statement[];
}
type SqlRecord = Record<string, MigrationSql>;

const readRecord = (): SqlRecord => {
  try {
    return JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as SqlRecord;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
};

const record = readRecord();
const names = Object.keys(migrations).sort();

/** What this run sent: each migration's first up and its down, and the up after every down. */
const ran: SqlRecord = {};
const ranAgain: Record<string, Statement[]> = {};
let opened: MigrationDb | undefined;

/**
 * The statement as recorded: the only thing that varies from run to run is PostgreSQL's isolated
 * schema name (migration-support.ts), written `<schema>` wherever it would appear.
 */
function normalised(text: string, parameters: readonly unknown[]): Statement {
  const schema = opened?.schema;
  const plain = (value: string) => (schema ? value.split(schema).join('<schema>') : value);
  const sql = plain(text);
  if (parameters.length === 0) return sql;
  return { sql, parameters: parameters.map((p) => (typeof p === 'string' ? plain(p) : p)) };
}

beforeAll(async () => {
  /** The list the statements heard now go to; none between migrations (the migrator's own). */
  let hearing: Statement[] | undefined;
  const log: Logger = (event) => {
    hearing?.push(normalised(event.query.sql, event.query.parameters));
  };
  const heard =
    (into: Statement[], step: (db: AnyDb) => Promise<void>) =>
    async (db: AnyDb): Promise<void> => {
      hearing = into;
      try {
        await step(db);
      } finally {
        hearing = undefined;
      }
    };
  let pass: 'first' | 'again' = 'first';
  const heardMigrations: Record<string, Migration> = {};
  for (const name of names) {
    const migration = migrations[name] as Migration;
    ran[name] = { up: [], down: [] };
    ranAgain[name] = [];
    const entry = ran[name];
    heardMigrations[name] = {
      up: async (db) =>
        heard(pass === 'first' ? entry.up : (ranAgain[name] as Statement[]), (d) => migration.up(d))(db),
      ...(migration.down ? { down: heard(entry.down, (d) => (migration.down as Migration['up'])(d)) } : {}),
    };
  }
  opened = await openMigrationDb('migrations_sql', heardMigrations, log);
  const migrator = opened.migrator();
  const steps = [
    () => migrator.migrateToLatest(),
    () => migrator.migrateTo(NO_MIGRATIONS),
    () => {
      pass = 'again';
      return migrator.migrateToLatest();
    },
  ];
  for (const step of steps) {
    const { error, results } = await step();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error');
      throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
    }
  }
}, 120_000);

afterAll(async () => {
  await opened?.close();
});

describe(`migrations run the SQL recorded for them (${DIALECT})`, () => {
  it.each(names)('%s: up and down send the statements recorded', (name) => {
    const now = ran[name] as MigrationSql;
    const recorded = record[name];
    if (!recorded && RECORDING) {
      record[name] = now;
      writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
      return;
    }
    expect(
      recorded,
      `${name} is not recorded in ${RECORD_PATH}: record it with ${RECORD_COMMAND}`,
    ).toBeDefined();
    expect(
      now,
      `${name} sent other SQL than ${RECORD_PATH} recorded. A migration that shipped has run on ` +
        "restaurants' databases and must run the same SQL forever: put it back, and make the " +
        'change in a new migration (docs/ARCHITECTURE.md, "Migrations").',
    ).toEqual(recorded);
  });

  it('every recorded migration is still one of the app', () => {
    expect(Object.keys(record).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('after every down, up again sends what the first up sent', () => {
    for (const name of names) expect(ranAgain[name], name).toEqual(ran[name]?.up);
  });
});

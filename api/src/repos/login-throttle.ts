/**
 * The failed-login counts in the database (state/postgres.ts applies login-rules.ts to them):
 * an attempt's keys locked for the length of its transaction (transaction-level advisory locks,
 * which need no row), so parallel attempts on any server are counted one after the other, and
 * a row is written only for an attempt that counts (a refused one writes nothing).
 */
import { sql } from 'kysely';
import type { Q } from './query';

export interface FailuresRow {
  count: number;
  since: number;
  last: number;
}

export function throttleRepository(q: Q) {
  return {
    /** The rows of `keys` that exist, by key, with the keys locked until the transaction ends. */
    async lock(keys: string[]): Promise<Map<string, FailuresRow>> {
      // in key order: two attempts locking the same pair cannot deadlock
      for (const key of [...keys].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${key}`}, 0))`.execute(q);
      }
      const rows = await q.selectFrom('login_failures').selectAll().where('key', 'in', keys).execute();
      return new Map(
        rows.map((r) => [r.key, { count: r.count, since: Number(r.since), last: Number(r.last) }]),
      );
    },

    async save(key: string, f: FailuresRow): Promise<void> {
      await q
        .insertInto('login_failures')
        .values({ key, ...f })
        .onConflict((oc) => oc.column('key').doUpdateSet(f))
        .execute();
    },

    async clear(key: string): Promise<void> {
      await q.deleteFrom('login_failures').where('key', '=', key).execute();
    },

    /** Until when (ms) `key` is a known address of its login; 0 when it is not. */
    async knownUntil(key: string): Promise<number> {
      const row = await q.selectFrom('login_known').select('until').where('key', '=', key).executeTakeFirst();
      return row ? Number(row.until) : 0;
    },

    async setKnown(key: string, until: number): Promise<void> {
      await q
        .insertInto('login_known')
        .values({ key, until })
        .onConflict((oc) => oc.column('key').doUpdateSet({ until }))
        .execute();
    },

    /** Forgets counts whose last failure is before `before`, and known addresses past their time. */
    async prune(before: number, at: number): Promise<void> {
      await q.deleteFrom('login_failures').where('last', '<', before).execute();
      await q.deleteFrom('login_known').where('until', '<', at).execute();
    },
  };
}

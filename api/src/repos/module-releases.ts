/**
 * Every registered build of a federated module (`module_releases`), with the loads and failures
 * the shells reported for it. Counters only grow by addition, so servers sharing the database
 * add up.
 */
import type { FirstError, Release } from '@qrmenu/shared/schemas';
import type { ModuleReleaseRow } from '../db';
import type { Dialect, Q } from './query';

const names = (json: string): Record<string, number> => {
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
};

/** The stored first error (JSON `{ name, message, at }`), null when none or unreadable. */
export const firstErrorOf = (json: string | null): FirstError | null => {
  if (!json) return null;
  try {
    const e = JSON.parse(json) as Partial<FirstError> | null;
    return e && typeof e.name === 'string' && typeof e.message === 'string' && typeof e.at === 'string'
      ? { name: e.name, message: e.message, at: e.at }
      : null;
  } catch {
    return null;
  }
};

export const toRelease = (r: ModuleReleaseRow): Release => ({
  _id: r.id,
  module: r.module,
  version: r.version,
  manifest_url: r.manifest_url,
  created_at: r.created_at,
  loads: r.loads,
  failures: r.failures,
  failure_names: names(r.failure_names),
  first_error: firstErrorOf(r.first_error),
});

export function moduleReleasesRepository(q: Q, dialect: Dialect) {
  return {
    find: (id: string) => q.selectFrom('module_releases').selectAll().where('id', '=', id).executeTakeFirst(),

    async findMany(ids: readonly string[]): Promise<Map<string, ModuleReleaseRow>> {
      if (ids.length === 0) return new Map();
      const rows = await q.selectFrom('module_releases').selectAll().where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r]));
    },

    findVersion: (module: string, version: string) =>
      q
        .selectFrom('module_releases')
        .selectAll()
        .where('module', '=', module)
        .where('version', '=', version)
        .executeTakeFirst(),

    async insert(row: ModuleReleaseRow): Promise<void> {
      await q.insertInto('module_releases').values(row).execute();
    },

    async setFollows(id: string, followsId: string | null): Promise<void> {
      await q.updateTable('module_releases').set({ follows_id: followsId }).where('id', '=', id).execute();
    },

    /**
     * Adds reported loads and failures to a release (in the caller's transaction: the names'
     * JSON is read, merged by `merge` and written back, the row held on PostgreSQL).
     */
    async addCounts(
      id: string,
      loads: number,
      failures: number,
      merge: (names: Record<string, number>) => Record<string, number>,
    ): Promise<ModuleReleaseRow | undefined> {
      const row = await q
        .selectFrom('module_releases')
        .selectAll()
        .where('id', '=', id)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!row) return undefined;
      const next = {
        loads: row.loads + loads,
        failures: row.failures + failures,
        failure_names: JSON.stringify(merge(names(row.failure_names))),
      };
      await q.updateTable('module_releases').set(next).where('id', '=', id).execute();
      return { ...row, ...next };
    },

    /** Keeps `error` as the release's first error unless it has one (the first one stays). */
    async setFirstError(id: string, error: FirstError): Promise<void> {
      await q
        .updateTable('module_releases')
        .set({ first_error: JSON.stringify(error) })
        .where('id', '=', id)
        .where('first_error', 'is', null)
        .execute();
    },

    /** Deletes the module's releases past the newest `keep`, except those in `referenced`. */
    async prune(module: string, keep: number, referenced: readonly string[]): Promise<void> {
      const old = await q
        .selectFrom('module_releases')
        .select('id')
        .where('module', '=', module)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      const ids = old.map((r) => r.id).filter((id) => !referenced.includes(id));
      if (ids.length === 0) return;
      // what followed a pruned release loses its link (the foreign key sets it null)
      await q.deleteFrom('module_releases').where('id', 'in', ids).execute();
    },
  };
}

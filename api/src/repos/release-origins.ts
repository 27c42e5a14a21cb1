/**
 * The origins a release may be registered from (`release_origins`): an admin adds and removes
 * them, the environment gives the first ones.
 */
import type { ReleaseOriginRow } from '../db';
import type { Q } from './query';

export function releaseOriginsRepository(q: Q) {
  return {
    all: (): Promise<ReleaseOriginRow[]> =>
      q.selectFrom('release_origins').selectAll().orderBy('created_at').orderBy('origin').execute(),

    find: (id: string) => q.selectFrom('release_origins').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Adds the rows whose origin is not there yet; answers how many it added. */
    async insertNew(rows: readonly ReleaseOriginRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const added = await q
        .insertInto('release_origins')
        .values([...rows])
        .onConflict((oc) => oc.column('origin').doNothing())
        .returning('id')
        .execute();
      return added.length;
    },

    async delete(id: string): Promise<void> {
      await q.deleteFrom('release_origins').where('id', '=', id).execute();
    },
  };
}

import { sql } from 'kysely';
import type { Q } from './query';

/** Requests counted per key and window by every server (the upload limit): one atomic upsert each. */
export function rateCountsRepository(q: Q) {
  return {
    /** Counts one request of `key`; answers the count of its window and when the window began. */
    async hit(key: string, windowMs: number, at: number): Promise<{ count: number; startedAt: number }> {
      // a window that ended starts again with this request
      const ended = sql<boolean>`rate_counts.started_at + ${windowMs} <= ${at}`;
      const row = await q
        .insertInto('rate_counts')
        .values({ key, started_at: at, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${ended} then 1 else rate_counts.count + 1 end`,
            started_at: sql<number>`case when ${ended} then ${at} else rate_counts.started_at end`,
          }),
        )
        .returning(['count', 'started_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), startedAt: Number(row.started_at) };
    },

    /** Forgets windows that began before `before`. */
    async prune(before: number): Promise<void> {
      await q.deleteFrom('rate_counts').where('started_at', '<', before).execute();
    },
  };
}

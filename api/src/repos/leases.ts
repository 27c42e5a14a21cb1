/**
 * Leases of scheduled work (state/postgres.ts): a row per piece of work with its holder and
 * expiry. Taking or renewing one is a single upsert that succeeds only for its holder or once it
 * expired, so two servers can never both hold it.
 */
import type { Q } from './query';

export function leasesRepository(q: Q) {
  return {
    /** Takes or renews the lease `name` for `holder` until `at + ttlMs`: true when it holds it now. */
    async hold(name: string, holder: string, at: number, ttlMs: number): Promise<boolean> {
      const row = await q
        .insertInto('leases')
        .values({ name, holder, expires_at: at + ttlMs })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: at + ttlMs })
            .where((eb) => eb.or([eb('leases.holder', '=', holder), eb('leases.expires_at', '<', at)])),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Gives the lease back (a server closing): another may take it at once. */
    async release(name: string, holder: string): Promise<void> {
      await q
        .updateTable('leases')
        .set({ expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}

/**
 * The POS integration accounts (one per imported restaurant): where it comes from, its sealed
 * credentials, the sync lock and the last sync's status.
 */
import type { IntegrationAccountRow } from '../db';
import type { Q } from './query';

export type SyncRecord = Pick<
  IntegrationAccountRow,
  | 'last_sync_at'
  | 'last_sync_result'
  | 'last_sync_added'
  | 'last_sync_changed'
  | 'last_sync_removed'
  | 'last_sync_error'
> & { revision?: string | null };

export function integrationAccountsRepository(q: Q) {
  /** Writes these columns of the restaurant's account. */
  const write = async (restaurantId: string, values: Partial<IntegrationAccountRow>): Promise<void> => {
    await q
      .updateTable('integration_accounts')
      .set(values)
      .where('restaurant_id', '=', restaurantId)
      .execute();
  };

  return {
    find: (restaurantId: string) =>
      q
        .selectFrom('integration_accounts')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst(),

    list: () => q.selectFrom('integration_accounts').selectAll().execute(),

    /** New sealed values of an account (a key rotation: integration/rotate-secrets.ts). */
    reseal: (
      restaurantId: string,
      sealed: Pick<IntegrationAccountRow, 'credentials_enc' | 'webhook_token_enc'>,
    ) => write(restaurantId, sealed),

    /** The restaurant's orders into its POS: when they go, and (iiko) the terminal group of its tables. */
    setOrders: (
      restaurantId: string,
      change: Partial<Pick<IntegrationAccountRow, 'orders_send' | 'terminal_group_id'>>,
      at: string,
    ) => write(restaurantId, { ...change, updated_at: at }),

    async create(row: IntegrationAccountRow): Promise<void> {
      await q.insertInto('integration_accounts').values(row).execute();
    },

    /**
     * Takes the restaurant's sync lock: answers true when this caller holds it now. A lock older
     * than `staleBefore` (a server that died mid-sync) is taken over. One conditional UPDATE, so
     * two servers racing for it cannot both win.
     */
    async tryLock(restaurantId: string, at: string, staleBefore: string): Promise<boolean> {
      const result = await q
        .updateTable('integration_accounts')
        .set({ sync_started_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where((eb) => eb.or([eb('sync_started_at', 'is', null), eb('sync_started_at', '<', staleBefore)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unlock(restaurantId: string, at: string): Promise<void> {
      await q
        .updateTable('integration_accounts')
        .set({ sync_started_at: null })
        .where('restaurant_id', '=', restaurantId)
        .where('sync_started_at', '=', at)
        .execute();
    },

    recordSync: (restaurantId: string, record: SyncRecord) =>
      write(restaurantId, { ...record, updated_at: record.last_sync_at ?? new Date().toISOString() }),

    /** The progress of the POS's pictures (integration/pos/pictures.ts), for the admin. */
    recordPictures: (
      restaurantId: string,
      counts: { pictures_total: number; pictures_done: number; pictures_failed: number },
    ) => write(restaurantId, counts),
  };
}

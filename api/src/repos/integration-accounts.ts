/** The POS integration accounts (one per imported restaurant) and the POS's availability writes. */
import type { IntegrationAccountRow } from '../db';
import { type PosStopList, stopsOf } from '../integration/pos/stop-list';
import { chunks, type Q } from './query';

export function findAccount(q: Q, restaurantId: string) {
  return q
    .selectFrom('integration_accounts')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst();
}

export function listAccounts(q: Q) {
  return q.selectFrom('integration_accounts').selectAll().execute();
}

export async function insertAccount(q: Q, row: IntegrationAccountRow) {
  await q.insertInto('integration_accounts').values(row).execute();
}

/**
 * Takes the restaurant's sync lock: answers true when this caller holds it now. A lock older
 * than `staleBefore` (a server that died mid-sync) is taken over. One conditional UPDATE, so
 * two servers racing for it cannot both win.
 */
export async function tryLock(q: Q, restaurantId: string, at: string, staleBefore: string): Promise<boolean> {
  const result = await q
    .updateTable('integration_accounts')
    .set({ sync_started_at: at })
    .where('restaurant_id', '=', restaurantId)
    .where((eb) => eb.or([eb('sync_started_at', 'is', null), eb('sync_started_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unlock(q: Q, restaurantId: string, at: string) {
  await q
    .updateTable('integration_accounts')
    .set({ sync_started_at: null })
    .where('restaurant_id', '=', restaurantId)
    .where('sync_started_at', '=', at)
    .execute();
}

export type SyncRecord = Pick<
  IntegrationAccountRow,
  | 'last_sync_at'
  | 'last_sync_result'
  | 'last_sync_added'
  | 'last_sync_changed'
  | 'last_sync_removed'
  | 'last_sync_error'
> & { revision?: string | null };

export async function recordSync(q: Q, restaurantId: string, record: SyncRecord) {
  await q
    .updateTable('integration_accounts')
    .set({ ...record, updated_at: record.last_sync_at ?? new Date().toISOString() })
    .where('restaurant_id', '=', restaurantId)
    .execute();
}

/** The progress of the POS's pictures (integration/pos/pictures.ts), for the admin. */
export async function recordPictures(
  q: Q,
  restaurantId: string,
  counts: { pictures_total: number; pictures_done: number; pictures_failed: number },
) {
  await q.updateTable('integration_accounts').set(counts).where('restaurant_id', '=', restaurantId).execute();
}

/**
 * Applies the POS's stop-list to the restaurant's imported products and their rows
 * (integration/pos/stop-list.ts says what it stops); a manager's own stop is kept on top of it.
 * Answers how many products and rows changed.
 */
export async function applyPosStopList(q: Q, restaurantId: string, stop: PosStopList, at: string) {
  const rows = await q
    .selectFrom('products')
    .select(['id', 'external_id', 'is_active', 'pos_hidden', 'pos_stopped', 'stopped_by_manager'])
    .where('restaurant_id', '=', restaurantId)
    .where('external_id', 'is not', null)
    .execute();
  const optionRows = await q
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['r.id', 'r.external_id', 'r.pos_stopped', 'o.id as option_id', 'p.id as product_id'])
    .where('p.restaurant_id', '=', restaurantId)
    .where('p.external_id', 'is not', null)
    .where('r.external_id', 'is not', null)
    .execute();
  // each product's options, each with its rows
  const optionsOf = new Map<string, Map<string, (typeof optionRows)[number][]>>();
  for (const r of optionRows) {
    const options = optionsOf.get(r.product_id) ?? new Map();
    optionsOf.set(r.product_id, options);
    const option = options.get(r.option_id) ?? [];
    options.set(r.option_id, option);
    option.push(r);
  }
  const toStop: string[] = [];
  const toFree: string[] = [];
  const rowsToStop: string[] = [];
  const rowsToFree: string[] = [];
  for (const r of rows) {
    const options = [...(optionsOf.get(r.id)?.values() ?? [])];
    const stops = stopsOf(
      stop,
      r.external_id as string,
      options.map((o) => ({ rows: o.map((row) => row.external_id as string) })),
    );
    for (const row of options.flat()) {
      const stopped = stops.rows.has(row.external_id as string) ? 1 : 0;
      if (stopped !== (row.pos_stopped ?? 0)) (stopped ? rowsToStop : rowsToFree).push(row.id);
    }
    const stopped = stops.product ? 1 : 0;
    const active = r.pos_hidden || stopped || r.stopped_by_manager ? 0 : 1;
    if (stopped === r.pos_stopped && active === r.is_active) continue;
    (stopped ? toStop : toFree).push(r.id);
  }
  for (const [ids, value] of [
    ...chunks(rowsToStop).map((c) => [c, 1] as const),
    ...chunks(rowsToFree).map((c) => [c, 0] as const),
  ]) {
    await q.updateTable('option_rows').set({ pos_stopped: value }).where('id', 'in', ids).execute();
  }
  for (const ids of chunks(toStop)) {
    await q
      .updateTable('products')
      .set({ pos_stopped: 1, is_active: 0, updated_at: at })
      .where('id', 'in', ids)
      .execute();
  }
  for (const ids of chunks(toFree)) {
    await q
      .updateTable('products')
      .set((eb) => ({
        pos_stopped: 0,
        is_active: eb
          .case()
          .when(eb.or([eb('pos_hidden', '=', 1), eb('stopped_by_manager', '=', 1)]))
          .then(0)
          .else(1)
          .end(),
        updated_at: at,
      }))
      .where('id', 'in', ids)
      .execute();
  }
  return toStop.length + toFree.length + rowsToStop.length + rowsToFree.length;
}

// ---------- POS API tokens (shared by every server) ----------

export function findToken(q: Q, key: string) {
  return q.selectFrom('integration_tokens').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function saveToken(q: Q, row: { key: string; token_enc: string; renew_at: string }) {
  await q
    .insertInto('integration_tokens')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ token_enc: row.token_enc, renew_at: row.renew_at }))
    .execute();
}

export async function deleteToken(q: Q, key: string) {
  await q.deleteFrom('integration_tokens').where('key', '=', key).execute();
}

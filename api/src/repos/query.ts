/**
 * What every repository shares: the handle type (a database or a transaction), the dialect,
 * running in a transaction, the menu's order rule, chunked writes and a table's recent orders or calls.
 */
import { type Insertable, type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../db';

/** A database handle or a transaction: every repository works on either. */
export type Q = Kysely<Database> | Transaction<Database>;

/** Which database a repository talks to, for the few statements that differ (row locks). */
export type Dialect = 'sqlite' | 'postgres';

/** True when `q` talks to PostgreSQL (for a helper that has the handle, not the dialect). */
export const isPostgres = (q: Q): boolean => q.getExecutor().adapter instanceof PostgresAdapter;

/** Runs `work` in a transaction: a new one, or the one `q` already is. */
export function inTransaction<T>(q: Q, work: (trx: Q) => Promise<T>): Promise<T> {
  return q.isTransaction ? work(q) : q.transaction().execute(work);
}

/**
 * The catalog's order at every level (categories, products, options, rows): the restaurant's,
 * `position` within the parent (repos/positions.ts keeps it: a hand-made order), then id. Written once
 * here; `alias` names the table in a join.
 */
export function inMenuOrder<QB extends { orderBy(ref: never): QB }>(qb: QB, alias?: string): QB {
  const p = alias ? `${alias}.` : '';
  return qb.orderBy(`${p}position` as never).orderBy(`${p}id` as never);
}

const CHUNK = 300;

/** Splits a list into chunks that stay under the databases' parameter limits. */
export function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Inserts rows in chunks. */
export async function insertChunked<T extends keyof Database>(
  q: Q,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await q
      .insertInto(table)
      .values(part as never) // generic over the table; rows typed by the caller
      .execute();
  }
}

/** Deletes rows by id in chunks (what hangs under them goes through the foreign keys' cascade). */
export async function deleteByIds(
  q: Q,
  table: 'categories' | 'products' | 'product_options' | 'option_rows',
  ids: readonly string[],
): Promise<void> {
  for (const part of chunks(ids)) await q.deleteFrom(table).where('id', 'in', part).execute();
}

/**
 * When a table's orders or calls since `since` were made, newest first, at most `limit` (the
 * per-table limits a minute, docs/ORDERS.md, "What the server decides"; index placement, created_at).
 */
export async function madeAtTable(
  q: Q,
  table: 'orders' | 'table_calls',
  placementId: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await q
    .selectFrom(table as 'orders') // both tables have these columns and this index
    .select('created_at')
    .where('placement_id', '=', placementId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.created_at);
}

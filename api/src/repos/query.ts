/**
 * What every repository shares: the handle type (a database or a transaction), running in a
 * transaction, the menu's order rule, partial updates and chunked writes.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db';

/** A database handle or a transaction: every repository works on either. */
export type Q = Kysely<Database> | Transaction<Database>;

/** Runs `work` in a transaction: a new one, or the one `q` already is. */
export function inTransaction<T>(q: Q, work: (trx: Q) => Promise<T>): Promise<T> {
  return q.isTransaction ? work(q) : q.transaction().execute(work);
}

/**
 * The catalog's order at every level (categories, products, options, rows): creation time,
 * then id (ids sort in the order they are made). Written once here; `alias` names the table
 * in a join. The ordering issue replaces it with a position column.
 */
export function inMenuOrder<QB extends { orderBy(ref: never): QB }>(qb: QB, alias?: string): QB {
  const p = alias ? `${alias}.` : '';
  return qb.orderBy(`${p}created_at` as never).orderBy(`${p}id` as never);
}

type Converter<V> = true | ((value: Exclude<V, undefined>) => unknown);

/**
 * The update object of a partial update: for each field of `mapping` that `sent` holds (not
 * undefined), its column value (`true`: as sent; a function: converted). With `current`, only
 * the fields whose value differs from the current row's (numbers compared as numbers) are kept.
 */
export function patchOf<Row, B extends object = object>(
  sent: B,
  mapping: { [K in keyof B]?: Converter<B[K]> },
  current?: object,
): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, convert] of Object.entries(mapping) as [keyof B & string, Converter<unknown>][]) {
    const raw = sent[key];
    if (raw === undefined || !convert) continue;
    const value = convert === true ? raw : convert(raw);
    if (current) {
      const now = (current as Record<string, unknown>)[key];
      if (typeof value === 'number' ? Number(now) === value : now === value) continue;
    }
    out[key] = value;
  }
  return out as Partial<Row>;
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

/** Binds a module's query functions to one handle: `(q, ...args)` becomes `(...args)`. */
export function bind<F extends Record<string, (q: Q, ...args: never[]) => unknown>>(
  q: Q,
  fns: F,
): { [K in keyof F]: F[K] extends (q: Q, ...args: infer A) => infer R ? (...args: A) => R : never } {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) out[name] = (...args: never[]) => fn(q, ...args);
  return out as never;
}

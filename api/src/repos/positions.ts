/**
 * The hand-made order of the catalog's lists (issue 18): categories within a restaurant,
 * products within a category, options within a product, rows within an option. Each row has a
 * `position` within its parent; lists read `ORDER BY position, id`.
 *
 * Writes that change a list (a create, a move) run in a transaction that first locks the
 * parent row (`lockList`): on PostgreSQL `SELECT ... FOR UPDATE`, so two moves in one list take
 * turns and the second reads what the first wrote; on SQLite a transaction already has the one
 * connection to itself. A move renumbers the whole list 0..n-1 (writing only the rows whose
 * position changes), so gaps left by deletes and any duplicates heal on the next move, and
 * concurrent moves end in a permutation of 0..n-1.
 */
import { type Insertable, type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import { type Database, isConcurrencyFailure } from '../db';

type Q = Kysely<Database> | Transaction<Database>;

/** Each ordered list: the column naming its parent, and the parent's table (locked on writes). */
export const ORDERED_LISTS = {
  categories: { parent: 'restaurant_id', parentTable: 'restaurants' },
  products: { parent: 'category_id', parentTable: 'categories' },
  product_options: { parent: 'product_id', parentTable: 'products' },
  option_rows: { parent: 'product_option_id', parentTable: 'product_options' },
} as const;

export type OrderedTable = keyof typeof ORDERED_LISTS;

/** Rows written per UPDATE when renumbering (two parameters a row, far under both limits). */
const WRITE_CHUNK = 500;

export const isPostgres = (q: Q): boolean => q.getExecutor().adapter instanceof PostgresAdapter;

const ATTEMPTS = 5;

/**
 * A transaction that writes a list, run again when PostgreSQL aborted it for a concurrent one
 * (40001, 40P01: a deadlock with a delete cascading through the same rows).
 */
export async function inListTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isConcurrencyFailure(err)) throw err;
    }
  }
}

/**
 * Inserts `row` as the last item of its list (the parent held meanwhile, so items created at once
 * get 0, 1, 2, ... in the order their transactions ran). False when the parent is gone.
 */
export async function insertLast<T extends OrderedTable>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<boolean> {
  const parentId = (row as Record<string, unknown>)[ORDERED_LISTS[table].parent] as string;
  return inListTransaction(db, async (trx) => {
    if (!(await lockList(trx, table, parentId))) return false;
    const position = await nextPosition(trx, table, parentId);
    await trx
      .insertInto(table)
      .values({ ...row, position } as never)
      .execute();
    return true;
  });
}

/**
 * Holds the list of `parentId` until the transaction ends (call first in it). False when the
 * parent is gone (deleted meanwhile).
 */
export async function lockList(
  trx: Transaction<Database>,
  table: OrderedTable,
  parentId: string,
): Promise<boolean> {
  const { parentTable } = ORDERED_LISTS[table];
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const found = await sql<{
    id: string;
  }>`select id from ${sql.table(parentTable)} where id = ${parentId}${lock}`.execute(trx);
  return found.rows.length > 0;
}

/** Locks several lists of one table in a fixed order (by id), so two writers cannot deadlock. */
export async function lockLists(
  trx: Transaction<Database>,
  table: OrderedTable,
  parentIds: readonly string[],
): Promise<boolean> {
  for (const id of [...new Set(parentIds)].sort()) {
    if (!(await lockList(trx, table, id))) return false;
  }
  return true;
}

/** Where a new item of the list goes: after the last one. */
export async function nextPosition(q: Q, table: OrderedTable, parentId: string): Promise<number> {
  const { parent } = ORDERED_LISTS[table];
  const result = await sql<{ next: number | string | null }>`select coalesce(max(position), -1) + 1 as next
    from ${sql.table(table)} where ${sql.ref(parent)} = ${parentId}`.execute(q);
  return Number(result.rows[0]?.next ?? 0);
}

/** The ids of a list in its order. */
export async function orderedIds(q: Q, table: OrderedTable, parentId: string): Promise<string[]> {
  return (await currentOrder(q, table, parentId)).ids;
}

/** Writes each `[id, position]` (one UPDATE per chunk). */
async function writePositions(q: Q, table: OrderedTable, changed: readonly (readonly [string, number])[]) {
  for (let i = 0; i < changed.length; i += WRITE_CHUNK) {
    const chunk = changed.slice(i, i + WRITE_CHUNK);
    // positions are integers this code computed: literals, so PostgreSQL types the CASE as integer
    const cases = sql.join(
      chunk.map(([id, index]) => sql`when ${id} then ${sql.lit(index)}`),
      sql` `,
    );
    const ids = sql.join(chunk.map(([id]) => sql`${id}`));
    await sql`update ${sql.table(table)} set position = case id ${cases} end where id in (${ids})`.execute(q);
  }
}

/** Writes `position` = index for every row of `ids` whose stored position differs. */
async function writeOrder(q: Q, table: OrderedTable, ids: readonly string[], current: Map<string, number>) {
  const changed: [string, number][] = [];
  ids.forEach((id, index) => {
    if (current.get(id) !== index) changed.push([id, index]);
  });
  await writePositions(q, table, changed);
}

async function currentOrder(q: Q, table: OrderedTable, parentId: string) {
  const { parent } = ORDERED_LISTS[table];
  const result = await sql<{ id: string; position: number }>`select id, position from ${sql.table(table)}
    where ${sql.ref(parent)} = ${parentId} order by position, id`.execute(q);
  return {
    ids: result.rows.map((r) => r.id),
    positions: new Map(result.rows.map((r) => [r.id, Number(r.position)])),
  };
}

/**
 * Puts item `id` (already a child of `parentId`) at `position` of the list, clamped to its end,
 * and numbers the list 0..n-1. Call inside a transaction, after `lockList`. Answers false when
 * the item is not in the list (moved or deleted meanwhile).
 */
export async function placeInList(
  trx: Transaction<Database>,
  table: OrderedTable,
  parentId: string,
  id: string,
  position: number,
): Promise<boolean> {
  const { ids, positions } = await currentOrder(trx, table, parentId);
  const from = ids.indexOf(id);
  if (from < 0) return false;
  ids.splice(from, 1);
  ids.splice(Math.max(0, Math.min(position, ids.length)), 0, id);
  await writeOrder(trx, table, ids, positions);
  return true;
}

/** Numbers a list 0..n-1 in its current order (after an item left it). */
export async function renumberList(
  trx: Transaction<Database>,
  table: OrderedTable,
  parentId: string,
): Promise<void> {
  const { ids, positions } = await currentOrder(trx, table, parentId);
  await writeOrder(trx, table, ids, positions);
}

/**
 * Puts new items, in the order given, after the items already in their lists: each list's new
 * ones are numbered from its largest position + 1 (an import: the provider's order; the first
 * import of a menu numbers every list 0..n-1). Items listed here that were in the list already
 * (a product a sync moved into another category) count as new: they go last too.
 */
export async function appendInOrder(
  q: Q,
  table: OrderedTable,
  items: readonly { id: string; parent: string }[],
): Promise<void> {
  if (items.length === 0) return;
  const { parent } = ORDERED_LISTS[table];
  const appended = new Set(items.map((item) => item.id));
  const parents = [...new Set(items.map((item) => item.parent))];
  const next = new Map<string, number>();
  for (let i = 0; i < parents.length; i += WRITE_CHUNK) {
    const part = sql.join(parents.slice(i, i + WRITE_CHUNK).map((id) => sql`${id}`));
    const rows = await sql<{
      parent: string;
      id: string;
      position: number;
    }>`select ${sql.ref(parent)} as parent, id, position
      from ${sql.table(table)} where ${sql.ref(parent)} in (${part})`.execute(q);
    for (const row of rows.rows) {
      if (appended.has(row.id)) continue;
      next.set(row.parent, Math.max(next.get(row.parent) ?? 0, Number(row.position) + 1));
    }
  }
  const assigned = items.map((item) => {
    const position = next.get(item.parent) ?? 0;
    next.set(item.parent, position + 1);
    return [item.id, position] as const;
  });
  await writePositions(q, table, assigned);
}

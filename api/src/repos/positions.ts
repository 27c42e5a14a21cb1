/**
 * The hand-made order of the catalog's lists (a manager drags items into place): categories within a restaurant,
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
import { CompiledQuery, type Expression, type Insertable, sql } from 'kysely';
import { type Database, isConcurrencyFailure } from '../db';
import { plannedOnce } from './prepared';
import { insertChunked, isPostgres, type Q } from './query';

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

const ATTEMPTS = 5;

/**
 * A transaction that writes a list, run again when PostgreSQL aborted it for a concurrent one
 * (40001, 40P01: a deadlock with a delete cascading through the same rows). Inside a
 * transaction already (an import), `work` runs in that one.
 */
export async function inListTransaction<T>(q: Q, work: (trx: Q) => Promise<T>): Promise<T> {
  if (q.isTransaction) return work(q);
  for (let attempt = 1; ; attempt++) {
    try {
      return await q.transaction().execute(work);
    } catch (err) {
      if (attempt >= ATTEMPTS || !isConcurrencyFailure(err)) throw err;
    }
  }
}

/**
 * Inserts `row` as the last item of its list, so items created at once get 0, 1, 2, ... in the
 * order they ran: on SQLite one statement reads the position and inserts; on PostgreSQL a
 * transaction holds the parent meanwhile. A parent gone meanwhile fails the insert on its foreign
 * key, as any insert would.
 */
export async function insertLast<T extends OrderedTable>(
  q: Q,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  const { parent } = ORDERED_LISTS[table];
  const parentId = (row as Record<string, unknown>)[parent] as string;
  if (!isPostgres(q)) {
    // SQLite runs one statement at a time: the position read and the insert in one statement
    // need no transaction (which would hold the one connection from every other request
    // across its round trips)
    const values = row as Record<string, unknown>;
    const columns = Object.keys(values).filter((c) => values[c] !== undefined);
    const text = lastInsertText(q, table, columns);
    await q.executeQuery(CompiledQuery.raw(text, [...columns.map((c) => values[c]), parentId]));
    return;
  }
  await inListTransaction(q, async (trx) => {
    await lockList(trx, table, parentId);
    const position = await nextPosition(trx, table, parentId);
    await trx
      .insertInto(table)
      .values({ ...row, position } as never)
      .execute();
  });
}

/** Inserts rows (an import's) and puts them last in their lists, in the order given. */
export async function insertManyLast<T extends OrderedTable>(
  q: Q,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const { parent } = ORDERED_LISTS[table];
  await insertChunked(q, table, rows);
  await appendInOrder(
    q,
    table,
    rows.map((row) => {
      const r = row as Record<string, unknown>;
      return { id: r.id as string, parent: r[parent] as string };
    }),
  );
}

/**
 * Holds the list of `parentId` until the transaction ends (call first in it). False when the
 * parent is gone (deleted meanwhile).
 */
export async function lockList(trx: Q, table: OrderedTable, parentId: string): Promise<boolean> {
  const { parentTable } = ORDERED_LISTS[table];
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const found = await sql<{
    id: string;
  }>`select id from ${sql.table(parentTable)} where id = ${parentId}${lock}`.execute(trx);
  return found.rows.length > 0;
}

/** Locks several lists of one table in a fixed order (by id), so two writers cannot deadlock. */
export async function lockLists(trx: Q, table: OrderedTable, parentIds: readonly string[]): Promise<boolean> {
  for (const id of [...new Set(parentIds)].sort()) {
    if (!(await lockList(trx, table, id))) return false;
  }
  return true;
}

/**
 * The last position of a list (-1 when empty) as a subquery: ORDER BY ... LIMIT 1 is one step
 * down the `(parent, position)` index however long the list (SQLite's max() read it all).
 */
function lastPosition(table: OrderedTable, parentId: string | Expression<string>) {
  const { parent } = ORDERED_LISTS[table];
  return sql`coalesce((select position from ${sql.table(table)} where ${sql.ref(parent)} = ${parentId}
    order by position desc limit 1), -1)`;
}

/**
 * SQLite's insert of a new last item, compiled once per table and column list (every insert of
 * the bench's products had Kysely build and compile the same text again): the values, then the
 * parent's id for the position.
 */
const lastInsertTexts = new Map<string, string>();
function lastInsertText(q: Q, table: OrderedTable, columns: readonly string[]): string {
  const key = `${table}\u0000${columns.join('\u0000')}`;
  let text = lastInsertTexts.get(key);
  if (text === undefined) {
    const slot = '\u0000parent';
    const compiled =
      sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}, position)
      values (${sql.join(columns.map(() => sql`${null}`))}, ${lastPosition(table, plannedOnce(slot))} + 1)`.compile(
        q,
      );
    text = compiled.sql;
    lastInsertTexts.set(key, text);
  }
  return text;
}

/** Where a new item of the list goes: after the last one. */
export async function nextPosition(q: Q, table: OrderedTable, parentId: string): Promise<number> {
  const result = await sql<{
    next: number | string | null;
  }>`select ${lastPosition(table, parentId)} + 1 as next`.execute(q);
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
  trx: Q,
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

/**
 * Puts a list in the order `arrange` makes of its current one (ids in, the same ids out) and
 * numbers it 0..n-1, writing only the rows that move. Call inside a transaction.
 */
export async function arrangeList(
  trx: Q,
  table: OrderedTable,
  parentId: string,
  arrange: (ids: string[]) => string[],
): Promise<void> {
  const { ids, positions } = await currentOrder(trx, table, parentId);
  await writeOrder(trx, table, arrange(ids), positions);
}

/** Numbers a list 0..n-1 in its current order (after an item left it). */
export async function renumberList(trx: Q, table: OrderedTable, parentId: string): Promise<void> {
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

// ---------- the moves (one per list; the routes check who may first) ----------

/**
 * Moves an item of `table` whose parent is `parentId` to `position` of that list. False when the
 * item is no longer in it (deleted meanwhile).
 */
export function moveInList(
  q: Q,
  table: OrderedTable,
  parentId: string,
  id: string,
  position: number,
): Promise<boolean> {
  return inListTransaction(q, async (trx) => {
    if (!(await lockList(trx, table, parentId))) return false;
    return placeInList(trx, table, parentId, id, position);
  });
}

/**
 * Moves a product to `position` of category `target` (its own, or another of its restaurant:
 * then the old list closes its gap). `from` is its category as last read; under the lock it is
 * read again, and if an edit moved the product meanwhile, that category is locked instead.
 * False when the product or a category is gone.
 */
export function moveProduct(
  q: Q,
  id: string,
  from: string,
  target: string,
  position: number,
): Promise<boolean> {
  return inListTransaction(q, async (trx) => {
    // the usual move, within the category it was read in: the list read under the lock holds it
    if (from === target) {
      if (!(await lockList(trx, 'products', target))) return false;
      if (await placeInList(trx, 'products', target, id, position)) return true;
    }
    const categoryOf = async () =>
      (await trx.selectFrom('products').select('category_id').where('id', '=', id).executeTakeFirst())
        ?.category_id;
    let source: string | undefined = from;
    for (;;) {
      if (source === undefined) return false;
      if (!(await lockLists(trx, 'products', [source, target]))) return false;
      const now = await categoryOf();
      if (now === source) break;
      source = now;
    }
    if (source !== target) {
      const last = await nextPosition(trx, 'products', target);
      await trx
        .updateTable('products')
        .set({ category_id: target, position: last })
        .where('id', '=', id)
        .execute();
      await renumberList(trx, 'products', source);
    }
    return placeInList(trx, 'products', target, id, position);
  });
}

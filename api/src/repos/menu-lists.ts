/**
 * The writes the menu's lists share (categories, products, options, option rows): a new item
 * last in its list, an import's items in the order given, a change with its translations merged,
 * a delete with what hangs under it (the foreign keys' cascade), and a move within the list
 * (repos/positions.ts). A product's change and move are its own (another category is a move too).
 */
import type { TranslationsPatch } from '@qrmenu/shared/schemas';
import type { Insertable } from 'kysely';
import type { CategoryRow, Database, OptionRowRow, ProductOptionRow, ProductRow } from '../db';
import { insertLast, insertManyLast, moveInList } from './positions';
import { type Dialect, deleteByIds, type Q } from './query';
import { updateTranslated } from './translations';

/** Each list's row as the repositories take it. */
interface ListRows {
  categories: CategoryRow;
  products: ProductRow;
  product_options: ProductOptionRow;
  option_rows: OptionRowRow;
}

export function menuListWrites<T extends keyof ListRows>(q: Q, dialect: Dialect, table: T) {
  // one table at a time; Kysely cannot narrow the rows of a table named by a type parameter
  const insertable = (row: ListRows[T]) => row as unknown as Insertable<Database[T]>;
  return {
    /** Adds an item last in its list. */
    async create(row: ListRows[T]): Promise<void> {
      await insertLast(q, table, insertable(row));
    },

    /** Adds items (an import's) last in their lists, in the order given. */
    createMany: (rows: readonly ListRows[T][]) => insertManyLast(q, table, rows.map(insertable)),

    /** Writes `set`, merging `translations` into the stored ones; answers them (undefined: none sent). */
    update: (id: string, set: Partial<ListRows[T]>, translations?: TranslationsPatch) =>
      updateTranslated(q, dialect, table, id, set, translations),

    /** Deletes items; what hangs under them goes with them (foreign-key cascade). */
    delete: (ids: readonly string[]) => deleteByIds(q, table, ids),

    /** Puts an item at `position` of its parent's list; false when it is gone meanwhile. */
    move: (parentId: string, id: string, position: number) => moveInList(q, table, parentId, id, position),
  };
}

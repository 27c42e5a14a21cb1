/**
 * A category's products in the menu's order, read down one index (docs/BENCHMARKS.md, "The public
 * product list"): the list orders by `(position, id)` and the `(category_id, position)` index left
 * the tie on `id` to a sort of the page's rows on every read (SQLite's "temp b-tree for the last
 * term of ORDER BY"). `(category_id, position, id)` gives the whole order; it replaces the old one
 * (the same prefix serves the new item's `position desc limit 1` and a category's delete), so an
 * insert still writes one index for it.
 */
import type { Migration } from 'kysely/migration';
import { createIndex, dropIndexes } from './migration-kit';

export const productOrderIndex: Migration = {
  async up(db) {
    await createIndex(db, 'products_category_id_position_id_idx', 'products', [
      'category_id',
      'position',
      'id',
    ]);
    await dropIndexes(db, ['products_category_id_position_idx']);
  },
  async down(db) {
    await createIndex(db, 'products_category_id_position_idx', 'products', ['category_id', 'position']);
    await dropIndexes(db, ['products_category_id_position_id_idx']);
  },
};

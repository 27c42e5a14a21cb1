/**
 * Indexes for how the lists are read and written (docs/BENCHMARKS.md, "Side by side"):
 * - two indexes of `products` that every insert kept up to date and no read needed: the one on
 *   `category_id` alone (the `(category_id, position)` index of the menu's order serves every
 *   read by category, and the cascade of a category's delete, with the same prefix), and the one
 *   on `external_id` alone (a source's products are read by restaurant, where the unique
 *   `(restaurant_id, external_id)` index serves). Each index is one more page an insert writes;
 * - the admin's restaurant list in its order (newest first, then by id): a page of it is read
 *   down this index, ten rows and not a sort of all of them.
 */
import type { Migration } from 'kysely/migration';
import { createIndex, dropIndexes } from './migration-kit';

export const listIndexes: Migration = {
  async up(db) {
    await dropIndexes(db, ['products_category_id_idx', 'products_external_id_idx']);
    await createIndex(db, 'restaurants_newest_first_idx', 'restaurants', ['created_at desc', 'id']);
  },
  async down(db) {
    await dropIndexes(db, ['restaurants_newest_first_idx']);
    await createIndex(db, 'products_category_id_idx', 'products', ['category_id']);
    await createIndex(db, 'products_external_id_idx', 'products', ['external_id']);
  },
};

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
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const listIndexes: Migration = {
  async up(db: AnyDb) {
    await db.schema.dropIndex('products_category_id_idx').ifExists().execute();
    await db.schema.dropIndex('products_external_id_idx').ifExists().execute();
    await db.schema
      .createIndex('restaurants_newest_first_idx')
      .on('restaurants')
      .columns(['created_at desc', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('restaurants_newest_first_idx').ifExists().execute();
    await db.schema.createIndex('products_category_id_idx').on('products').column('category_id').execute();
    await db.schema.createIndex('products_external_id_idx').on('products').column('external_id').execute();
  },
};

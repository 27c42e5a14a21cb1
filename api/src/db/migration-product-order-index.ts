/**
 * A category's products in the menu's order, read down one index (docs/BENCHMARKS.md, "The public
 * product list"): the list orders by `(position, id)` and the `(category_id, position)` index left
 * the tie on `id` to a sort of the page's rows on every read (SQLite's "temp b-tree for the last
 * term of ORDER BY"). `(category_id, position, id)` gives the whole order; it replaces the old one
 * (the same prefix serves the new item's `position desc limit 1` and a category's delete), so an
 * insert still writes one index for it.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const productOrderIndex: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('products_category_id_position_id_idx')
      .on('products')
      .columns(['category_id', 'position', 'id'])
      .execute();
    await db.schema.dropIndex('products_category_id_position_idx').ifExists().execute();
  },
  async down(db: AnyDb) {
    await db.schema
      .createIndex('products_category_id_position_idx')
      .on('products')
      .columns(['category_id', 'position'])
      .execute();
    await db.schema.dropIndex('products_category_id_position_id_idx').ifExists().execute();
  },
};

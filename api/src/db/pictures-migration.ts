import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/**
 * The processed pictures a restaurant stored: its storage quota is their sum, and a picture no
 * field refers to any more (replaced, removed, its product, category or restaurant deleted) is
 * found here and deleted. No foreign key: the row outlives a deleted restaurant just long enough
 * for its files to be deleted, and a failed delete is retried by the next sweep.
 */
export const picturesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('pictures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pictures_restaurant_id_idx')
      .on('pictures')
      .column('restaurant_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('pictures').ifExists().execute();
  },
};

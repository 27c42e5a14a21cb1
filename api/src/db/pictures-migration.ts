import type { Migration } from 'kysely/migration';
import { createIndex, createTable, dropTables, id, integer, text } from './migration-kit';

/**
 * The processed pictures a restaurant stored: its storage quota is their sum, and a picture no
 * field refers to any more (replaced, removed, its product, category or restaurant deleted) is
 * found here and deleted. No foreign key: the row outlives a deleted restaurant just long enough
 * for its files to be deleted, and a failed delete is retried by the next sweep.
 */
export const picturesMigration: Migration = {
  async up(db) {
    await createTable(db, 'pictures', {
      id,
      restaurant_id: text.notNull,
      bytes: integer.notNull,
      created_at: text.notNull,
    });
    await createIndex(db, 'pictures_restaurant_id_idx', 'pictures', ['restaurant_id']);
  },
  async down(db) {
    await dropTables(db, ['pictures']);
  },
};

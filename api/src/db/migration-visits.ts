/**
 * Placements of a restaurant's QR codes and the guests' visit counts. Only counts are
 * kept; a day's visitor hashes and its salt live until the day is folded into a count.
 */
import type { Migration } from 'kysely/migration';
import {
  createIndex,
  createTable,
  dropTables,
  id,
  integer,
  restaurantId,
  text,
  timestamps,
} from './migration-kit';

export const visitsMigration: Migration = {
  async up(db) {
    await createTable(db, 'placements', {
      id,
      restaurant_id: restaurantId,
      name: text.notNull,
      ...timestamps,
    });
    await createIndex(db, 'placements_restaurant_name_uq', 'placements', ['restaurant_id', 'name'], {
      unique: true,
    });

    // views by day, placement ('' = a code without one) and language; rows only grow by addition,
    // so any number of servers add their batches into the same row
    await createTable(
      db,
      'visit_counts',
      {
        restaurant_id: restaurantId,
        day: text.notNull,
        placement_id: text.notNull,
        language: text.notNull,
        views: integer.notNull,
      },
      { primaryKey: ['restaurant_id', 'day', 'placement_id', 'language'] },
    );

    // the visitor hashes of days not yet folded (today): distinct across servers by the key
    await createTable(
      db,
      'visit_hashes',
      { restaurant_id: restaurantId, day: text.notNull, hash: text.notNull },
      { primaryKey: ['restaurant_id', 'day', 'hash'] },
    );

    // unique visitors of folded days (their hashes deleted)
    await createTable(
      db,
      'visit_uniques',
      { restaurant_id: restaurantId, day: text.notNull, uniques: integer.notNull },
      { primaryKey: ['restaurant_id', 'day'] },
    );

    // the day's salt, one for every server (so a guest served by two servers is one visitor);
    // deleted with the day's hashes when the day is folded
    await createTable(db, 'visit_salts', { day: text.primaryKey, salt: text.notNull });
  },
  async down(db) {
    await dropTables(db, ['visit_salts', 'visit_uniques', 'visit_hashes', 'visit_counts', 'placements']);
  },
};

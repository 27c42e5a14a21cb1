/**
 * Placements of a restaurant's QR codes and the guests' visit counts. Only counts are
 * kept; a day's visitor hashes and its salt live until the day is folded into a count.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const visitsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('placements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('placements_restaurant_name_uq')
      .on('placements')
      .columns(['restaurant_id', 'name'])
      .unique()
      .execute();

    // views by day, placement ('' = a code without one) and language; rows only grow by addition,
    // so any number of servers add their batches into the same row
    await db.schema
      .createTable('visit_counts')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('placement_id', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_counts_pk', ['restaurant_id', 'day', 'placement_id', 'language'])
      .execute();

    // the visitor hashes of days not yet folded (today): distinct across servers by the key
    await db.schema
      .createTable('visit_hashes')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_hashes_pk', ['restaurant_id', 'day', 'hash'])
      .execute();

    // unique visitors of folded days (their hashes deleted)
    await db.schema
      .createTable('visit_uniques')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('uniques', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_uniques_pk', ['restaurant_id', 'day'])
      .execute();

    // the day's salt, one for every server (so a guest served by two servers is one visitor);
    // deleted with the day's hashes when the day is folded
    await db.schema
      .createTable('visit_salts')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('salt', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    for (const table of ['visit_salts', 'visit_uniques', 'visit_hashes', 'visit_counts', 'placements']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

/**
 * Unique visitors as one sketch per restaurant and day (visits/sketch.ts) instead of a row per
 * visitor: `visit_sketches` replaces `visit_hashes`. The hashes already stored are folded into
 * `visit_uniques` here, today's too (so a guest counted before the upgrade and again after it
 * is two visitors of that one day), and their table goes.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const visitSketches: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('visit_sketches')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('registers', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_sketches_pk', ['restaurant_id', 'day'])
      .execute();
    // `where 1 = 1`: SQLite reads an upsert after a SELECT only when the SELECT has a WHERE
    await sql`insert into visit_uniques (restaurant_id, day, uniques)
      select restaurant_id, day, count(*) from visit_hashes where 1 = 1 group by restaurant_id, day
      on conflict (restaurant_id, day) do update set uniques = visit_uniques.uniques + excluded.uniques`.execute(
      db,
    );
    await db.schema.dropTable('visit_hashes').execute();
  },
  async down(db: AnyDb) {
    // the sketches' days are not folded back into hashes: their count is lost
    await db.schema.dropTable('visit_sketches').execute();
    await db.schema
      .createTable('visit_hashes')
      .addColumn('restaurant_id', 'text', (c) => c.notNull().references('restaurants.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_hashes_pk', ['restaurant_id', 'day', 'hash'])
      .execute();
  },
};

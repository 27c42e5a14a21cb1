/**
 * Unique visitors as one sketch per restaurant and day (visits/sketch.ts) instead of a row per
 * visitor: `visit_sketches` replaces `visit_hashes`. The hashes already stored are folded into
 * `visit_uniques` here, today's too (so a guest counted before the upgrade and again after it
 * is two visitors of that one day), and their table goes.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { createTable, dropTables, restaurantId, text } from './migration-kit';

export const visitSketches: Migration = {
  async up(db) {
    await createTable(
      db,
      'visit_sketches',
      { restaurant_id: restaurantId, day: text.notNull, registers: text.notNull },
      { primaryKey: ['restaurant_id', 'day'] },
    );
    // `where 1 = 1`: SQLite reads an upsert after a SELECT only when the SELECT has a WHERE
    await sql`insert into visit_uniques (restaurant_id, day, uniques)
      select restaurant_id, day, count(*) from visit_hashes where 1 = 1 group by restaurant_id, day
      on conflict (restaurant_id, day) do update set uniques = visit_uniques.uniques + excluded.uniques`.execute(
      db,
    );
    await dropTables(db, ['visit_hashes'], { ifExists: false });
  },
  async down(db) {
    // the sketches' days are not folded back into hashes: their count is lost
    await dropTables(db, ['visit_sketches'], { ifExists: false });
    await createTable(
      db,
      'visit_hashes',
      { restaurant_id: restaurantId, day: text.notNull, hash: text.notNull },
      { primaryKey: ['restaurant_id', 'day', 'hash'] },
    );
  },
};

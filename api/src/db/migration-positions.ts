/**
 * The menu in the restaurant's order (a manager drags it into place). Every list of the catalog gets a `position`
 * (0-based) within its parent; existing rows keep the order they were shown in until now,
 * `(created_at, id)`, numbered per parent. The same SQL on SQLite (3.33+: UPDATE ... FROM,
 * window functions) and PostgreSQL.
 */
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumns, createIndex, dropColumns, dropIndexes, integer } from './migration-kit';

/** Each ordered list: its table and the column naming its parent. */
const POSITIONED_LISTS = [
  { table: 'categories', parent: 'restaurant_id' },
  { table: 'products', parent: 'category_id' },
  { table: 'product_options', parent: 'product_id' },
  { table: 'option_rows', parent: 'product_option_id' },
] as const;

export const positions: Migration = {
  async up(db) {
    for (const { table, parent } of POSITIONED_LISTS) {
      await addColumns(db, table, { position: integer.notNull.default(0) });
      await sql`update ${sql.table(table)} set position = ranked.n
        from (select id, row_number() over (partition by ${sql.ref(parent)} order by created_at, id) - 1 as n
              from ${sql.table(table)}) as ranked
        where ranked.id = ${sql.table(table)}.id`.execute(db);
      // every list is read by its parent in this order
      await createIndex(db, `${table}_${parent}_position_idx`, table, [parent, 'position']);
    }
  },
  async down(db) {
    for (const { table, parent } of POSITIONED_LISTS) {
      await dropIndexes(db, [`${table}_${parent}_position_idx`]);
      await dropColumns(db, table, ['position']);
    }
  },
};

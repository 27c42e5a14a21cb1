/**
 * The menu in the restaurant's order (a manager drags it into place). Every list of the catalog gets a `position`
 * (0-based) within its parent; existing rows keep the order they were shown in until now,
 * `(created_at, id)`, numbered per parent. The same SQL on SQLite (3.33+: UPDATE ... FROM,
 * window functions) and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/** Each ordered list: its table and the column naming its parent. */
const POSITIONED_LISTS = [
  { table: 'categories', parent: 'restaurant_id' },
  { table: 'products', parent: 'category_id' },
  { table: 'product_options', parent: 'product_id' },
  { table: 'option_rows', parent: 'product_option_id' },
] as const;

export const positions: Migration = {
  async up(db: AnyDb) {
    for (const { table, parent } of POSITIONED_LISTS) {
      await db.schema
        .alterTable(table)
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update ${sql.table(table)} set position = ranked.n
        from (select id, row_number() over (partition by ${sql.ref(parent)} order by created_at, id) - 1 as n
              from ${sql.table(table)}) as ranked
        where ranked.id = ${sql.table(table)}.id`.execute(db);
      // every list is read by its parent in this order
      await db.schema
        .createIndex(`${table}_${parent}_position_idx`)
        .on(table)
        .columns([parent, 'position'])
        .execute();
    }
  },
  async down(db: AnyDb) {
    for (const { table, parent } of POSITIONED_LISTS) {
      await db.schema.dropIndex(`${table}_${parent}_position_idx`).ifExists().execute();
      await db.schema.alterTable(table).dropColumn('position').execute();
    }
  },
};

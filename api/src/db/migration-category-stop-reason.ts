/**
 * Why a category is inactive: `categories.emptied_by_stop` is 1 when a stop of its last active
 * product switched it off (a resume of one of its products switches it back on), 0 when its
 * manager did (or the category is active): a resume never shows guests a category its manager
 * hid on purpose. Categories already inactive count as their manager's (never switched on by a
 * resume): the safe reading when the reason was not recorded.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const categoryStopReason: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('categories')
      .addColumn('emptied_by_stop', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('categories').dropColumn('emptied_by_stop').execute();
  },
};

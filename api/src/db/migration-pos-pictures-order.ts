import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const PICTURE_COUNTS = ['pictures_total', 'pictures_done', 'pictures_failed'];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

/**
 * What a POS sync needs to follow the POS's pictures and order without undoing the manager's
 * (a manager's order and pictures stand until the POS changes its own):
 * - `products.pos_pictures`: JSON `{"links":[...],"files":[...]}`, the POS's picture links last
 *   imported and the picture URLs they became (so unchanged links are not downloaded again, and
 *   pictures uploaded here are told apart from the POS's);
 * - `categories.pos_position`, `products.pos_position`: the POS's order value last seen, so a
 *   sync can tell the POS reordered a list (then its order is applied) from a manager's move
 *   (then it stands);
 * - `option_rows.pos_stopped`: a size or a modifier on the POS's stop-list (hidden from guests);
 * - `integration_accounts.pictures_*`: the pictures of the last run, for the admin's progress bar.
 */
export const posPicturesAndOrder: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('products').addColumn('pos_pictures', 'text').execute();
    await db.schema.alterTable('products').addColumn('pos_position', 'integer').execute();
    await db.schema.alterTable('categories').addColumn('pos_position', 'integer').execute();
    await db.schema
      .alterTable('option_rows')
      .addColumn('pos_stopped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of PICTURE_COUNTS) {
      await db.schema
        .alterTable('integration_accounts')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  },
  async down(db: AnyDb) {
    for (const column of PICTURE_COUNTS) {
      await db.schema.alterTable('integration_accounts').dropColumn(column).execute();
    }
    await db.schema.alterTable('option_rows').dropColumn('pos_stopped').execute();
    await db.schema.alterTable('categories').dropColumn('pos_position').execute();
    await db.schema.alterTable('products').dropColumn('pos_position').execute();
    await db.schema.alterTable('products').dropColumn('pos_pictures').execute();
  },
};

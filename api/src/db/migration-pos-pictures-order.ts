import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, flag, integer, text } from './migration-kit';

const PICTURE_COUNTS = ['pictures_total', 'pictures_done', 'pictures_failed'];

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
  async up(db) {
    await addColumns(db, 'products', { pos_pictures: text, pos_position: integer });
    await addColumns(db, 'categories', { pos_position: integer });
    await addColumns(db, 'option_rows', { pos_stopped: flag(0) });
    await addColumns(
      db,
      'integration_accounts',
      Object.fromEntries(PICTURE_COUNTS.map((column) => [column, integer.notNull.default(0)])),
    );
  },
  async down(db) {
    await dropColumns(db, 'integration_accounts', PICTURE_COUNTS);
    await dropColumns(db, 'option_rows', ['pos_stopped']);
    await dropColumns(db, 'categories', ['pos_position']);
    await dropColumns(db, 'products', ['pos_position', 'pos_pictures']);
  },
};

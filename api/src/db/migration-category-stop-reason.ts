/**
 * Why a category is inactive: `categories.emptied_by_stop` is 1 when a stop of its last active
 * product switched it off (a resume of one of its products switches it back on), 0 when its
 * manager did (or the category is active): a resume never shows guests a category its manager
 * hid on purpose. Categories already inactive count as their manager's (never switched on by a
 * resume): the safe reading when the reason was not recorded.
 */
import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, flag } from './migration-kit';

export const categoryStopReason: Migration = {
  async up(db) {
    await addColumns(db, 'categories', { emptied_by_stop: flag(0) });
  },
  async down(db) {
    await dropColumns(db, 'categories', ['emptied_by_stop']);
  },
};

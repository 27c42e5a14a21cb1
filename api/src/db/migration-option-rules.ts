/**
 * Options with rules (docs/PRODUCT.md, "Options and their rules"): an option's `min_choices` and
 * `max_choices` (the portions of its rows a guest must and may choose on one dish), a row's
 * `max_quantity` (how many times it may be taken), `free_quantity` (its first portions free, as
 * iiko's modifiers have them) and `is_default` (chosen for the guest when the sheet opens).
 * Every option there was keeps what options always were, one row or none (0 and 1), and every
 * row is taken once, nothing free, nothing chosen beforehand, until a manager or a sync sets
 * otherwise.
 */
import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, flag, integer } from './migration-kit';

export const optionRulesMigration: Migration = {
  async up(db) {
    await addColumns(db, 'product_options', {
      min_choices: integer.notNull.default(0),
      max_choices: integer.notNull.default(1),
    });
    await addColumns(db, 'option_rows', {
      max_quantity: integer.notNull.default(1),
      free_quantity: integer.notNull.default(0),
      is_default: flag(0),
    });
  },
  async down(db) {
    await dropColumns(db, 'product_options', ['min_choices', 'max_choices']);
    await dropColumns(db, 'option_rows', ['max_quantity', 'free_quantity', 'is_default']);
  },
};

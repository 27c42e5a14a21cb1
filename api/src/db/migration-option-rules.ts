/**
 * Options with rules (docs/PRODUCT.md, "Options and their rules"): an option's `min_choices` and
 * `max_choices` (the portions of its rows a guest must and may choose on one dish), a row's
 * `max_quantity` (how many times it may be taken), `free_quantity` (its first portions free, as
 * iiko's modifiers have them) and `is_default` (chosen for the guest when the sheet opens).
 * Every option there was keeps what options always were, one row or none (0 and 1), and every
 * row is taken once, nothing free, nothing chosen beforehand, until a manager or a sync sets
 * otherwise.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current table types
type AnyDb = Kysely<any>;

export const optionRulesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('product_options')
      .addColumn('min_choices', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('product_options')
      .addColumn('max_choices', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('option_rows')
      .addColumn('max_quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('option_rows')
      .addColumn('free_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('option_rows')
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    for (const column of ['min_choices', 'max_choices'])
      await db.schema.alterTable('product_options').dropColumn(column).execute();
    for (const column of ['max_quantity', 'free_quantity', 'is_default'])
      await db.schema.alterTable('option_rows').dropColumn(column).execute();
  },
};

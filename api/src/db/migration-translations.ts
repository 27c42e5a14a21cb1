import type { Migration } from 'kysely/migration';
import { addColumns, dropColumns, text } from './migration-kit';

/** The tables whose rows have translatable fields (shared `TRANSLATABLE`). */
const TRANSLATED_TABLES = [
  'restaurants',
  'categories',
  'products',
  'product_options',
  'option_rows',
] as const;

/**
 * Russian and English beside the Uzbek fields: one JSON text column per table,
 * `{"ru":{"title":"..."},"en":{...}}` (`@qrmenu/shared/schemas` `Translations`), `'{}'` for
 * none. A column rather than a table of (entity, id, lang, field, value): every read of a row
 * already brings its translations (lists, details, the guests' page: no extra query), a write
 * is the same single update, and plain text behaves the same on SQLite and PostgreSQL.
 */
export const translationColumns: Migration = {
  async up(db) {
    for (const table of TRANSLATED_TABLES)
      await addColumns(db, table, { translations: text.notNull.default('{}') });
  },
  async down(db) {
    for (const table of TRANSLATED_TABLES) await dropColumns(db, table, ['translations']);
  },
};

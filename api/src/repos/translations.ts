/**
 * Writes of the `translations` column (its shape: shared/src/schemas/translations.ts). A partial
 * update merges the sent languages' fields into the stored ones: read and write in one
 * transaction, the row locked on PostgreSQL, so two managers saving Russian and English of the
 * same product at once both keep theirs. One query more than the update itself, and only when
 * translations are sent. Whether a patch changes anything is the services' rule
 * (services/translations.ts).
 */
import {
  applyTranslations,
  parseTranslations,
  serializeTranslations,
  type Translations,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import type { Updateable } from 'kysely';
import type { Database } from '../db';
import { type Dialect, inTransaction, type Q } from './query';

export type TranslatedTable = 'restaurants' | 'categories' | 'products' | 'product_options' | 'option_rows';

/**
 * Updates row `id` of `table` with `set`, merging `sent` into its stored translations in the
 * same transaction. Answers the stored translations after the write (undefined: none sent).
 */
export async function updateTranslated(
  q: Q,
  dialect: Dialect,
  table: TranslatedTable,
  id: string,
  set: object,
  sent: TranslationsPatch | undefined,
): Promise<Translations | undefined> {
  // generic over the tables (each has id and translations): Kysely cannot narrow a union of
  // tables, so the statements are typed as one of them; the callers type `set` per table
  const name = table as 'categories';
  if (!sent) {
    if (Object.keys(set).length > 0) {
      await q
        .updateTable(name)
        .set(set as Updateable<Database['categories']>)
        .where('id', '=', id)
        .execute();
    }
    return undefined;
  }
  return inTransaction(q, async (trx) => {
    const row = await trx
      .selectFrom(name)
      .select('translations')
      .where('id', '=', id)
      // PostgreSQL needs FOR UPDATE to serialize the read-modify-write; SQLite runs one
      // transaction at a time on its single connection
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    const merged = applyTranslations(parseTranslations(row?.translations), sent);
    await trx
      .updateTable(name)
      .set({ ...(set as Updateable<Database['categories']>), translations: serializeTranslations(merged) })
      .where('id', '=', id)
      .execute();
    return merged;
  });
}

/** POS API tokens shared by every server (sealed), so that each does not log in on its own. */
import type { Q } from './query';

export function integrationTokensRepository(q: Q) {
  return {
    find: (key: string) =>
      q.selectFrom('integration_tokens').selectAll().where('key', '=', key).executeTakeFirst(),

    async save(row: { key: string; token_enc: string; renew_at: string }): Promise<void> {
      await q
        .insertInto('integration_tokens')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ token_enc: row.token_enc, renew_at: row.renew_at }),
        )
        .execute();
    },

    /** Drops every cached token (they are fetched again); answers how many went. */
    async deleteAll(): Promise<number> {
      const result = await q.deleteFrom('integration_tokens').executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async delete(key: string): Promise<void> {
      await q.deleteFrom('integration_tokens').where('key', '=', key).execute();
    },
  };
}

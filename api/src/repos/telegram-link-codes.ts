/**
 * One-time codes that link a staff member's Telegram to their account (docs/TELEGRAM.md, "A staff
 * member's own chat"): only each code's SHA-256 is kept, a new code replaces the account's older
 * one, and a code is taken (deleted) by the update that uses it, so it works once.
 */
import type { Q } from './query';

export function telegramLinkCodesRepository(q: Q) {
  return {
    /** The account's one code now (its older ones go). */
    async replace(row: {
      code_hash: string;
      user_id: string;
      restaurant_id: string;
      expires_at: string;
      created_at: string;
    }): Promise<void> {
      await q.deleteFrom('telegram_link_codes').where('user_id', '=', row.user_id).execute();
      await q.insertInto('telegram_link_codes').values(row).execute();
    },

    /** Takes a code of the restaurant: deleted as it is read, so a second use finds nothing. */
    async take(restaurantId: string, codeHash: string) {
      const row = await q
        .deleteFrom('telegram_link_codes')
        .where('code_hash', '=', codeHash)
        .where('restaurant_id', '=', restaurantId)
        .returningAll()
        .executeTakeFirst();
      return row;
    },

    /** Forgets the expired codes. */
    async prune(at: string): Promise<void> {
      await q.deleteFrom('telegram_link_codes').where('expires_at', '<=', at).execute();
    },
  };
}

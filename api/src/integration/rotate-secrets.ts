/**
 * Re-seals the POS's sealed values under a new INTEGRATION_SECRET_KEY (`pnpm rotate-secrets`,
 * README "Rotating INTEGRATION_SECRET_KEY"): every account's credentials and webhook token
 * opened with the old key (its earlier form, any text, included: secrets.ts) and sealed again
 * for its restaurant under the new one. Values that already open under the new key are left as
 * they are, so the command is safe to run again. The POS's API tokens are a cache: they are
 * dropped, and fetched again at the next call. The restaurants' Telegram bot tokens and webhook
 * secrets are sealed the same way (docs/TELEGRAM.md), and so re-sealed here too, as are the
 * restaurants' Payme keys and Click secrets (docs/PAYMENTS.md).
 */
import type { Repositories } from '../repos';
import { oldSecretOpener, type SecretBox } from './secrets';

export interface ResealReport {
  /** Accounts whose values were sealed again. */
  resealed: number;
  /** Accounts whose values opened under neither key (left as they were). */
  failed: { restaurantId: string; reason: string }[];
  /** API tokens dropped (fetched again when needed). */
  tokensDropped: number;
  /**
   * Restaurants whose Telegram bot token and webhook secret were sealed again (docs/TELEGRAM.md;
   * a token stored before sealing is sealed now); those that opened under neither key are in `failed`.
   */
  bots: number;
  /** Restaurants whose Payme key and Click secret were sealed again (docs/PAYMENTS.md). */
  payments: number;
}

export async function resealSecrets(
  repos: Repositories,
  { box, oldKey }: { box: SecretBox; oldKey: string },
): Promise<ResealReport> {
  const openOld = oldSecretOpener(oldKey);
  const report: ResealReport = { resealed: 0, failed: [], tokensDropped: 0, bots: 0, payments: 0 };
  for (const account of await repos.integrationAccounts.list()) {
    const row = account.restaurant_id;
    const current = (sealed: string) => {
      try {
        box.open(sealed, row);
        return true;
      } catch {
        return false;
      }
    };
    if (current(account.credentials_enc) && current(account.webhook_token_enc)) continue;
    try {
      const again = (sealed: string) =>
        box.seal(current(sealed) ? box.open(sealed, row) : openOld(sealed, row), row);
      await repos.integrationAccounts.reseal(row, {
        credentials_enc: again(account.credentials_enc),
        webhook_token_enc: again(account.webhook_token_enc),
      });
      report.resealed += 1;
    } catch (err) {
      report.failed.push({ restaurantId: row, reason: (err as Error).message });
    }
  }
  report.tokensDropped = await repos.integrationTokens.deleteAll();
  for (const restaurant of await repos.restaurants.withBotToken()) {
    const row = restaurant.id;
    /** The value under the new key: kept when it opens already, else opened with the old one. */
    const plain = (sealed: string): { value: string; changed: boolean } => {
      if (!sealed.startsWith('v1.') && !sealed.startsWith('v2.')) return { value: sealed, changed: true };
      try {
        return { value: box.open(sealed, row), changed: false };
      } catch {
        return { value: openOld(sealed, row), changed: true };
      }
    };
    try {
      const token = plain(restaurant.bot_token as string);
      const bot = await repos.telegramBots.find(row);
      const secret = bot?.webhook_secret_enc ? plain(bot.webhook_secret_enc) : undefined;
      if (!token.changed && !secret?.changed) continue;
      await repos.restaurants.resealBotToken(row, box.seal(token.value, row));
      if (bot && secret)
        await repos.telegramBots.put({ ...bot, webhook_secret_enc: box.seal(secret.value, row) });
      report.bots += 1;
    } catch (err) {
      report.failed.push({ restaurantId: row, reason: `Telegram bot: ${(err as Error).message}` });
    }
  }
  for (const account of await repos.paymentAccounts.sealed()) {
    const row = account.restaurant_id;
    const again = (sealed: string | null): { value: string | null; changed: boolean } => {
      if (sealed === null) return { value: null, changed: false };
      try {
        box.open(sealed, row);
        return { value: sealed, changed: false };
      } catch {
        return { value: box.seal(openOld(sealed, row), row), changed: true };
      }
    };
    try {
      const key = again(account.payme_key_enc);
      const secret = again(account.click_secret_enc);
      if (!key.changed && !secret.changed) continue;
      await repos.paymentAccounts.put({
        ...account,
        payme_key_enc: key.value,
        click_secret_enc: secret.value,
      });
      report.payments += 1;
    } catch (err) {
      report.failed.push({ restaurantId: row, reason: `payments: ${(err as Error).message}` });
    }
  }
  return report;
}

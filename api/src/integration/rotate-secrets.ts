/**
 * Re-seals the POS's sealed values under a new INTEGRATION_SECRET_KEY (`pnpm rotate-secrets`,
 * README "Rotating INTEGRATION_SECRET_KEY"): every account's credentials and webhook token
 * opened with the old key (its earlier form, any text, included: secrets.ts) and sealed again
 * for its restaurant under the new one. Values that already open under the new key are left as
 * they are, so the command is safe to run again. The POS's API tokens are a cache: they are
 * dropped, and fetched again at the next call.
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
}

export async function resealSecrets(
  repos: Repositories,
  { box, oldKey }: { box: SecretBox; oldKey: string },
): Promise<ResealReport> {
  const openOld = oldSecretOpener(oldKey);
  const report: ResealReport = { resealed: 0, failed: [], tokensDropped: 0 };
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
  return report;
}

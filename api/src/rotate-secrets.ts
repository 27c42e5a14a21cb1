/**
 * `pnpm rotate-secrets` (or `node api/dist/rotate-secrets.js`): seals the POS's credentials and
 * webhook tokens again under INTEGRATION_SECRET_KEY, opening them with INTEGRATION_SECRET_KEY_OLD
 * (the key being replaced: 32 bytes, or any text of the earlier form). Reads the server's
 * DATA_DIR / DATABASE_URL; safe to run again. README, "Rotating INTEGRATION_SECRET_KEY".
 */
import { commandApp, commandSettings } from './command-app';
import { resealSecrets } from './integration/rotate-secrets';
import { ConfigError } from './startup-checks';

async function main(): Promise<void> {
  const env = commandSettings(['INTEGRATION_SECRET_KEY', 'INTEGRATION_SECRET_KEY_OLD']);
  if (!env.INTEGRATION_SECRET_KEY) throw new ConfigError('INTEGRATION_SECRET_KEY (the new key) is not set');
  if (!env.INTEGRATION_SECRET_KEY_OLD?.trim())
    throw new ConfigError('INTEGRATION_SECRET_KEY_OLD (the key being replaced) is not set');
  const app = await commandApp(env, {
    integrationSecretKey: env.INTEGRATION_SECRET_KEY,
    posSchedule: false,
    visits: { enabled: false },
  });
  try {
    const report = await resealSecrets(app.repos, {
      box: app.pos.box,
      oldKey: env.INTEGRATION_SECRET_KEY_OLD,
    });
    process.stdout.write(
      `${report.resealed} POS account(s), ${report.bots} Telegram bot(s) and ${report.payments} restaurant(s)' payment secrets sealed again under the new key; ${report.tokensDropped} cached API token(s) dropped (fetched again when needed)\n`,
    );
    for (const f of report.failed)
      process.stdout.write(
        `  left as it was: restaurant ${f.restaurantId} (${f.reason}): enter its credentials again\n`,
      );
    if (report.failed.length > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});

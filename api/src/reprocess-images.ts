/**
 * `pnpm --filter @qrmenu/api reprocess-images` (or `node api/dist/reprocess-images.js`): for a
 * database from before pictures were processed, turns every stored upload into a processed
 * picture (its variants, no metadata), points every field at it, deletes the old files, then
 * deletes pictures nothing refers to. Reads the server's environment (DATA_DIR, DATABASE_URL,
 * STORAGE_DRIVER and S3_*); safe to run again; run it with the server stopped or running.
 */
import { commandApp, commandSettings } from './command-app';
import { STORAGE_SETTINGS, s3Config } from './config/settings';
import { progressBar, reprocessAll } from './images/reprocess';

async function main(): Promise<void> {
  const env = commandSettings(STORAGE_SETTINGS);
  // the same folder as the server's and the seed's, whatever folder pnpm runs this in
  const app = await commandApp(env, { s3: s3Config(env) });
  try {
    process.stderr.write('Reprocessing stored pictures…\n');
    const report = await reprocessAll(app.repos, app.storage, progressBar());
    process.stdout.write(
      `${report.converted} of ${report.total} pictures processed, ${report.deletedOld} old files deleted, ${report.swept} unused pictures deleted\n`,
    );
    for (const f of report.failed) process.stdout.write(`  left as it was: ${f.url} (${f.reason})\n`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

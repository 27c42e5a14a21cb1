/**
 * `pnpm --filter @qrmenu/api reprocess-images` (or `node api/dist/reprocess-images.js`): for a
 * database from before pictures were processed, turns every stored upload into a processed
 * picture (its variants, no metadata), points every field at it, deletes the old files, then
 * deletes pictures nothing refers to. Reads the server's environment (DATA_DIR, DATABASE_URL,
 * STORAGE_DRIVER and S3_*); safe to run again; run it with the server stopped or running.
 */
import { resolve } from 'node:path';
import { buildApp } from './app';
import { progressBar, reprocessAll } from './images/reprocess';
import { storageFromEnv } from './storage/s3';

async function main(): Promise<void> {
  const env = process.env;
  const app = await buildApp({
    dataDir: resolve(process.cwd(), env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    s3: storageFromEnv(env),
    logger: false,
  });
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

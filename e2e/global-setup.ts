/**
 * Starts the production server (built beforehand: `pnpm build`) once per worker for the whole
 * run, each on a fresh data folder: the specs a worker runs share its server, as they would one
 * server in a single-worker run, and never see another worker's data.
 */
import type { FullConfig } from '@playwright/test';
import { missingChromium } from './chromium';
import { startApiServer } from './servers';

export default async function globalSetup(config: FullConfig) {
  // one message before any test, rather than a launch error per test
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  // Port 0: each server takes a free port itself and reports it; the workers, started after this,
  // find theirs in the environment (servers.ts workerBaseUrl).
  const started = await Promise.allSettled(
    // behind a reverse proxy as a deployment is (docs/DELIVERY.md): guests' addresses come in
    // X-Forwarded-For from loopback, so a spec can give each guest an address of its own
    Array.from({ length: Math.max(1, config.workers) }, () =>
      startApiServer({ env: { TRUST_PROXY: 'loopback' } }),
    ),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  process.env.E2E_BASE_URLS = servers.map((s) => s.url).join(' ');
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}

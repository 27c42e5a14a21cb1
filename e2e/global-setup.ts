/** Starts the production server once for the whole run (built beforehand: `pnpm build`). */
import { missingChromium } from './chromium';
import { startApiServer } from './servers';

export default async function globalSetup() {
  // one message before any test, rather than a launch error per test
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  // Port 0: the server takes a free port itself and reports it; the workers, started after this,
  // read it from the environment (playwright.config.ts builds baseURL from E2E_PORT).
  const server = await startApiServer();
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}

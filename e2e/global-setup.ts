/** Starts the production server once for the whole run (built beforehand: `pnpm build`). */
import { startApiServer } from './servers';

export default async function globalSetup() {
  const port = Number(process.env.E2E_PORT);
  const server = await startApiServer({ port });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}

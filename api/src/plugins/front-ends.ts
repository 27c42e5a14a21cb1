/**
 * What the server serves besides the API (docs/ARCHITECTURE.md, "Server"): the uploaded files,
 * the guests' menu pages, /config.json, the remotes' builds and the shell with its SPA fallback.
 */
import fp from 'fastify-plugin';
import publicMenuRoutes from '../public-menu/route';
import type { RemoteName } from '../remotes';
import { uploadsRoute } from '../storage';
import type { App } from '../types';
import { registerWeb } from '../web';

export interface FrontEndOptions {
  /** The workspace root: serves `shell/dist` and `<remote>/dist`. Optional. */
  webRoot?: string | undefined;
  /** Overrides of remote manifest URLs in /config.json. */
  remoteUrls?: Partial<Record<RemoteName, string | undefined>>;
  /**
   * The first origins (`https://cdn.example.uz`) a release's manifest may be registered from,
   * with those of `remoteUrls` (RELEASE_ORIGINS): taken into the database by a start that finds
   * none there; an admin manages them afterwards. The shell's CSP allows the database's.
   */
  releaseOrigins?: readonly string[] | undefined;
  /** Overrides `apiBase` in /config.json. */
  publicApiBase?: string | undefined;
  /** Base URL of the guests' menu pages (`<base>/m/<slug>`, printed in QR codes); default: this origin. */
  publicMenuUrl?: string | undefined;
  /** The guests' script build (`api/dist/guest`); without it the menu pages have no cart. */
  guestScriptsDir?: string | undefined;
}

/** After the API's routes (the shell's fallback answers what none of them does). */
export const frontEndsPlugin = fp(async (app, options: Pick<FrontEndOptions, 'guestScriptsDir'>) => {
  // Uploaded files, served from the storage: only the files the pictures service stores (a
  // picture's variants, named by their type); never renamed, so cached for good.
  await app.register(uploadsRoute);

  await app.register(publicMenuRoutes, { guestScriptsDir: options.guestScriptsDir });
  await registerWeb(app as unknown as App);
});

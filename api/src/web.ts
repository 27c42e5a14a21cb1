import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REMOTE_PACKAGES, type RemoteName } from './remotes';
import type { App } from './types';

export interface RuntimeConfig {
  apiBase: string;
  remotes: Record<RemoteName, string | null>;
  /** Where guests open menus (`<base>/m/<slug>`, what QR codes hold); null: this origin. */
  publicMenuBase: string | null;
}

/** `/config.json`: overrides first, else the built remotes found in the web root, else null. */
function runtimeConfig(app: App): RuntimeConfig {
  const cfg = app.appConfig;
  const remotes = {} as Record<RemoteName, string | null>;
  for (const [name, pkg] of Object.entries(REMOTE_PACKAGES) as [RemoteName, string][]) {
    const override = cfg.remoteUrls[name]?.trim();
    if (override) remotes[name] = override;
    else if (cfg.webRoot && existsSync(join(cfg.webRoot, pkg, 'dist', 'mf-manifest.json'))) {
      remotes[name] = `/remotes/${pkg}/mf-manifest.json`;
    } else remotes[name] = null;
  }
  return { apiBase: cfg.publicApiBase?.trim() || '/api', remotes, publicMenuBase: cfg.publicMenuBase };
}

const PACKAGES = new Set<string>(Object.values(REMOTE_PACKAGES));

/**
 * A production build names every file by its content hash (`main.1a2b3c4d.js`, see
 * tools/rspack/federation.ts) except the entry points a redeploy must replace in place:
 * index.html, remoteEntry.js and the manifests. Hashed files never change, so browsers keep
 * them a year without asking; the rest are revalidated (ETag, 304) on every use.
 */
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Cache-Control of a built file (its precompressed `.br`/`.gz` twin counts as the file). */
function cacheControlFor(path: string): string {
  const name = path.replace(/\.(br|gz)$/, '');
  return CONTENT_HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

function shellDist(app: App): string | undefined {
  return app.appConfig.webRoot ? join(app.appConfig.webRoot, 'shell', 'dist') : undefined;
}

/** For a GET of a page (not /api, /uploads, /remotes): sends the shell's index.html, true. */
export function trySpaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (/^\/(api|uploads|remotes)(\/|$)/.test(path) || path === '/config.json') return false;
  const root = shellDist(request.server as unknown as App);
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  // not awaited: the caller returns the reply, which Fastify then leaves to sendFile
  void reply.sendFile('index.html', root);
  return true;
}

/**
 * Serves /config.json, /remotes/<pkg>/* (CORS on) and the shell with its SPA fallback. Text
 * files go out precompressed when the browser accepts it: the build writes `.br` and `.gz`
 * beside each one (tools/rspack/precompress.ts), brotli is preferred, then gzip, else the file
 * itself; `Vary: Accept-Encoding` always. Nothing is compressed per request.
 */
export async function registerWeb(app: App): Promise<void> {
  app.get('/config.json', { config: { access: 'pub' }, schema: { hide: true } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return runtimeConfig(app);
  });

  const root = shellDist(app);
  const serveShell = !!root && existsSync(root);
  // This instance gives `reply.sendFile` (the remotes and the SPA fallback use it) and, when the
  // shell is built, serves it at /.
  await app.register(fastifyStatic, {
    ...(serveShell ? { root, prefix: '/', wildcard: true, index: ['index.html'] } : { serve: false }),
    decorateReply: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      void reply.header('Cache-Control', cacheControlFor(path));
    },
  });

  app.get(
    '/remotes/:pkg/*',
    {
      config: { access: 'pub' },
      schema: { hide: true, params: z.object({ pkg: z.string(), '*': z.string() }) },
    },
    async (request, reply) => {
      const { pkg } = request.params;
      const file = request.params['*'];
      const webRoot = app.appConfig.webRoot;
      if (!PACKAGES.has(pkg) || !webRoot || !existsSync(join(webRoot, pkg, 'dist')))
        return reply.callNotFound();
      void reply.header('Access-Control-Allow-Origin', '*');
      return reply.sendFile(file, join(webRoot, pkg, 'dist'));
    },
  );
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from './app';

/** Remote name -> its workspace package folder. */
export const REMOTE_PACKAGES = {
  mfe_auth: 'mfe-auth',
  mfe_restaurants: 'mfe-restaurants',
  mfe_catalog: 'mfe-catalog',
  mfe_stoplist: 'mfe-stoplist',
} as const;
export type RemoteName = keyof typeof REMOTE_PACKAGES;

export interface RuntimeConfig {
  apiBase: string;
  remotes: Record<RemoteName, string | null>;
  /** Where guests open menus (`<base>/m/<slug>`, what QR codes hold); null: this origin. */
  publicMenuBase: string | null;
}

/** `/config.json`: overrides first, else the built remotes found in the web root, else null. */
export function runtimeConfig(app: App): RuntimeConfig {
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
const NO_CACHE = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

function shellDist(app: App): string | undefined {
  return app.appConfig.webRoot ? join(app.appConfig.webRoot, 'shell', 'dist') : undefined;
}

/** For a GET of a page (not /api, /uploads, /remotes): the shell's index.html. */
export async function trySpaFallback(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (/^\/(api|uploads|remotes)(\/|$)/.test(path) || path === '/config.json') return false;
  const root = shellDist(request.server as unknown as App);
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  await reply
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .sendFile('index.html', root, { cacheControl: false });
  return true;
}

/** Serves /config.json, /remotes/<pkg>/* (CORS on) and the shell with its SPA fallback. */
export async function registerWeb(app: App): Promise<void> {
  app.get('/config.json', { config: { access: 'pub' }, schema: { hide: true } }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return runtimeConfig(app);
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
      const root = app.appConfig.webRoot;
      if (!PACKAGES.has(pkg) || !root || !existsSync(join(root, pkg, 'dist'))) return reply.callNotFound();
      void reply.header('Access-Control-Allow-Origin', '*');
      if (NO_CACHE.test(file)) void reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(
        file,
        join(root, pkg, 'dist'),
        NO_CACHE.test(file) ? { cacheControl: false } : { maxAge: '1h', immutable: false },
      );
    },
  );

  const root = shellDist(app);
  if (root && existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      index: ['index.html'],
      wildcard: true,
      setHeaders(res, path) {
        if (NO_CACHE.test(path)) void res.header('Cache-Control', 'no-cache');
      },
    });
  }
}

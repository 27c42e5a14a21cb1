import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type AssignedRelease, assignmentQuery } from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { releaseSubject } from './http/access';
import { moduleOriginsFor, styleNonceFor } from './http/security-headers';
import { REMOTE_PACKAGES, type RemoteName } from './remotes';
import type { App } from './types';

export interface RuntimeConfig {
  apiBase: string;
  /** Each module's manifest for this caller (its release: stable, or a canary), null: not deployed. */
  remotes: Record<string, string | null>;
  /** The release behind each deployed module's address: its version and, for a canary, the stable fallback. */
  releases: Record<string, Omit<AssignedRelease, 'url'>>;
  /** Where guests open menus (`<base>/m/<slug>`, what QR codes hold); null: this origin. */
  publicMenuBase: string | null;
  /** The token the shell sends its release reports with (the assignment's `report_token`). */
  reportToken: string | null;
}

/**
 * The address the environment gives each remote (its first stable release on an empty
 * database): REMOTE_*_URL, else the remote built into the web root, else null.
 */
export function environmentRemotes(
  webRoot: string | undefined,
  remoteUrls: Partial<Record<RemoteName, string | undefined>>,
): Record<RemoteName, string | null> {
  const remotes = {} as Record<RemoteName, string | null>;
  for (const [name, pkg] of Object.entries(REMOTE_PACKAGES) as [RemoteName, string][]) {
    const override = remoteUrls[name]?.trim();
    if (override) remotes[name] = override;
    else if (webRoot && existsSync(join(webRoot, pkg, 'dist', 'mf-manifest.json'))) {
      remotes[name] = `/remotes/${pkg}/mf-manifest.json`;
    } else remotes[name] = null;
  }
  return remotes;
}

/**
 * `/config.json`: the API's base, and each module's release for the caller (app.releases: its
 * account, else the browser's `?visitor=` id), so the shell starts with its releases in one request.
 */
async function runtimeConfig(app: App, subject: string | null): Promise<RuntimeConfig> {
  const cfg = app.appConfig;
  const { remotes: assigned, report_token: reportToken } = await app.releases.assignment(subject);
  const remotes: RuntimeConfig['remotes'] = {};
  const releases: RuntimeConfig['releases'] = {};
  for (const name of Object.keys(REMOTE_PACKAGES)) {
    const release = assigned[name];
    remotes[name] = release?.url ?? null;
    if (release) releases[name] = { version: release.version, fallback: release.fallback };
  }
  return {
    apiBase: cfg.publicApiBase?.trim() || '/api',
    remotes,
    releases,
    publicMenuBase: cfg.publicMenuBase,
    reportToken,
  };
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

/**
 * The shell's index.html with a fresh nonce for this answer, and its CSP's script origins those
 * the releases allow now (the database's list and the releases served): the CSP allows the <style>s emotion
 * (Chakra) writes by it, and shared/ui's UiProvider reads it from the `csp-nonce` meta (a
 * script sees a nonce through `.nonce` only). So the page differs per answer: read from disk (a
 * redeploy shows at once, as before), sent as it is (under 1 KiB), `no-cache` and no validator:
 * a 304 would pair a cached page's nonce with a new header.
 */
async function sendShell(app: App, reply: FastifyReply, root: string): Promise<void> {
  const page = await readFile(join(root, 'index.html'), 'utf8');
  // the modules' code may come from the origins allowed now (the database's, every server's)
  moduleOriginsFor(reply, await app.releases.documentOrigins());
  const meta = `<meta property="csp-nonce" nonce="${styleNonceFor(reply)}" />`;
  await reply
    .header('Cache-Control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .send(page.replace('</head>', `${meta}</head>`));
}

/** For a GET of a page (not /api, /uploads, /remotes): sends the shell's index.html, true. */
export function trySpaFallback(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (/^\/(api|uploads|remotes)(\/|$)/.test(path) || path === '/config.json') return false;
  const app = request.server as unknown as App;
  const root = shellDist(app);
  if (!root || !existsSync(join(root, 'index.html'))) return false;
  // not awaited: the caller returns the reply, which Fastify then leaves to this send
  sendShell(app, reply, root).catch((error: unknown) => reply.send(error));
  return true;
}

/**
 * Serves /config.json, /remotes/<pkg>/* (CORS on) and the shell with its SPA fallback. Text
 * files go out precompressed when the browser accepts it: the build writes `.br` and `.gz`
 * beside each one (tools/rspack/precompress.ts), brotli is preferred, then gzip, else the file
 * itself; `Vary: Accept-Encoding` always. Nothing is compressed per request.
 */
export async function registerWeb(app: App): Promise<void> {
  app.get(
    '/config.json',
    { config: { access: 'pub' }, schema: { hide: true, querystring: assignmentQuery } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return runtimeConfig(app, releaseSubject(request, request.query.visitor));
    },
  );

  const root = shellDist(app);
  const serveShell = !!root && existsSync(root);
  // This instance gives `reply.sendFile` (the remotes use it) and, when the shell is built, serves
  // its files at /; never index.html as it is (`/`, `/index.html` and every page go to
  // trySpaFallback, which stamps the nonce).
  await app.register(fastifyStatic, {
    ...(serveShell
      ? {
          root,
          prefix: '/',
          wildcard: true,
          index: false,
          allowedPath: (path) => !/\/(index\.html)?$/.test(path),
        }
      : { serve: false }),
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

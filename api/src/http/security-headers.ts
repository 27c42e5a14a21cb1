import type { FastifyInstance } from 'fastify';

export interface CspSources {
  /** Where remotes are deployed when not on this origin (REMOTE_*_URL). */
  remoteUrls: readonly (string | undefined)[];
  /** PUBLIC_API_BASE when the API (and its uploads) live on another origin. */
  publicApiBase?: string | undefined;
}

/** The origin of an absolute http(s) URL; null for a path on this origin or anything else. */
export function originOf(url: string | undefined): string | null {
  const value = url?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The one Content-Security-Policy of every answer. Scripts only from this origin and the
 * remotes' origins (Module Federation adds their entry and chunks as <script src>; no inline
 * script, no eval). Styles also allow 'unsafe-inline': emotion (Chakra) writes <style> elements
 * at run time, and a nonce would make index.html differ per request (no precompressed, cached
 * copy); an injected style cannot run code. Manifests are fetched (connect-src), uploaded
 * images may come from the API's origin (img-src). No framing at all.
 */
export function contentSecurityPolicy(sources: CspSources): string {
  const remotes = [...new Set(sources.remoteUrls.map(originOf).filter((o): o is string => !!o))];
  const api = originOf(sources.publicApiBase);
  const withApi = api && !remotes.includes(api) ? [...remotes, api] : remotes;
  const list = (...items: string[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...remotes)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...withApi)}`,
    `font-src ${list("'self'", 'data:', ...remotes)}`,
    `connect-src ${list("'self'", ...withApi)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer (API, pages, static files, errors). `nosniff` makes the
 * browser keep the declared type: an uploaded file is only ever the image type its content was
 * checked for.
 */
export function registerSecurityHeaders(app: FastifyInstance, sources: CspSources): void {
  const headers = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': contentSecurityPolicy(sources),
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}

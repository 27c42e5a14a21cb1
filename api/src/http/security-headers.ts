import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface CspSources {
  /** Where remotes are deployed when not on this origin (REMOTE_*_URL). */
  remoteUrls: readonly (string | undefined)[];
  /** PUBLIC_API_BASE when the API (and its uploads) live on another origin. */
  publicApiBase?: string | undefined;
  /** S3_PUBLIC_URL: pictures loaded straight from a bucket or a CDN (img-src only). */
  picturesUrl?: string | undefined;
  /** Inline <style>s allowed by their hash (`'sha256-...'`): the guests' pages' constant styles. */
  styleHashes?: readonly string[] | undefined;
}

/** The origin of an absolute http(s) URL; null for a path on this origin or anything else. */
function originOf(url: string | undefined): string | null {
  const value = url?.trim();
  if (!value || !/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every document (see `registerSecurityHeaders`). Scripts only
 * from this origin and the remotes' origins (Module Federation adds their entry and chunks as
 * <script src>; no inline script, no eval). Styles from files of the same origins, and inline
 * only by hash (the guests' pages' constant <style>s) or, on the shell's index.html, by this
 * answer's nonce (the <style>s emotion, under Chakra, writes at run time): no 'unsafe-inline',
 * so injected markup can restyle nothing (no fake form over the page, no CSS reading attributes
 * out). Manifests are fetched (connect-src), uploaded images may come from the API's origin
 * (img-src). No framing, but the guests' pages' by Telegram Web (`mayBeFramedByTelegram`).
 */
function contentSecurityPolicy(sources: CspSources, nonce?: string, frameAncestors = "'none'"): string {
  const remotes = [...new Set(sources.remoteUrls.map(originOf).filter((o): o is string => !!o))];
  const api = originOf(sources.publicApiBase);
  const withApi = api && !remotes.includes(api) ? [...remotes, api] : remotes;
  const pictures = originOf(sources.picturesUrl);
  const images = pictures && !withApi.includes(pictures) ? [...withApi, pictures] : withApi;
  const list = (...items: string[]) => items.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...remotes)}`,
    `style-src ${list("'self'", ...remotes, ...(nonce ? [`'nonce-${nonce}'`] : (sources.styleHashes ?? [])))}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...images)}`,
    `font-src ${list("'self'", 'data:', ...remotes)}`,
    `connect-src ${list("'self'", ...withApi)}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Telegram Web (web.telegram.org, its versions A and K) opens a Mini App in an <iframe> of its
 * page; the phone and desktop apps in a web view of their own. The guests' pages, the Mini App's,
 * may be framed there and nowhere else (docs/TELEGRAM.md, "The menu inside Telegram").
 */
const TELEGRAM_WEB = 'https://web.telegram.org';
const framedByTelegram = new WeakSet<FastifyReply>();

/** This answer's page may be framed by Telegram Web (a guest's page: the Mini App). */
export function mayBeFramedByTelegram(reply: FastifyReply): void {
  framedByTelegram.add(reply);
}

const styleNonces = new WeakMap<FastifyReply, string>();
const moduleOrigins = new WeakMap<FastifyReply, readonly string[]>();

/**
 * The origins this answer's page may load module code from, in place of the ones given at the
 * start: the shell's index.html takes the allowed origins as the database has them now (an
 * admin's change needs no restart; app.releases `documentOrigins`).
 */
export function moduleOriginsFor(reply: FastifyReply, origins: readonly string[]): void {
  moduleOrigins.set(reply, origins);
}

/** A fresh nonce (16 random bytes) that this answer's CSP allows <style> elements by. */
export function styleNonceFor(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  styleNonces.set(reply, nonce);
  return nonce;
}

/** Answers a browser renders as a page, where CSP, framing and the opener policy take effect. */
const DOCUMENT_TYPE = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml)\b/i;
/** JSON a browser would render itself (a JSON viewer, or a sniffing client): no loads, no frames. */
const JSON_TYPE = /^\s*application\/([\w.-]+\+)?json\b/i;
/** OWASP's policy for an API answer (~70 bytes with its name). */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers by the answer's content type (decided in onSend, after the route, the static
 * files or the error handler set it). Every answer: `nosniff` (the browser keeps the declared
 * type: an uploaded file is only ever the image type its content was checked for) and the
 * referrer policy. Documents (the shell's index.html, the guests' menu, the API docs, HTML
 * errors, any SVG: it can carry script) also get the CSP, `X-Frame-Options` and COOP; on a
 * script, a stylesheet or an image a browser ignores them, and the full CSP alone is ~0.4 KiB on
 * each of the dozen files of a first page. JSON answers keep the minimal `default-src 'none';
 * frame-ancestors 'none'`: cheap (a few API calls a page), and should a JSON body echoing
 * user input ever be shown as a page it can load and run nothing and sit in no frame.
 */
const everywhere = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
/** Every answer's headers, for an answer written past the app's hooks (an event stream: http/sse.ts). */
export const EVERY_ANSWER_HEADERS = everywhere;
/**
 * A JSON answer's headers, for an answer written where the app's hooks do not run (an address
 * the router could not read: app.ts `frameworkErrors`).
 */
export const JSON_HEADERS = { ...everywhere, 'content-security-policy': JSON_CSP };

export function registerSecurityHeaders(app: FastifyInstance, sources: CspSources): void {
  const documents = {
    ...everywhere,
    'content-security-policy': contentSecurityPolicy(sources),
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  // X-Frame-Options has no "this origin only" a browser still reads (ALLOW-FROM is gone): the
  // CSP's frame-ancestors alone says who may frame the guests' pages
  const { 'x-frame-options': _deny, ...unframed } = documents;
  const miniAppDocuments = {
    ...unframed,
    'content-security-policy': contentSecurityPolicy(sources, undefined, TELEGRAM_WEB),
  };
  const json = JSON_HEADERS;
  // a callback hook, not an async one: no promise and microtask on every answer
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    const nonce = styleNonces.get(reply);
    const origins = moduleOrigins.get(reply);
    const page = framedByTelegram.has(reply)
      ? miniAppDocuments
      : nonce || origins
        ? {
            ...documents,
            'content-security-policy': contentSecurityPolicy(
              origins ? { ...sources, remoteUrls: origins } : sources,
              nonce,
            ),
          }
        : documents;
    reply.headers(DOCUMENT_TYPE.test(type) ? page : JSON_TYPE.test(type) ? json : everywhere);
    done(null, payload);
  });
}

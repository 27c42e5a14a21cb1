import ky, { isHTTPError, isTimeoutError, type Options } from 'ky';
import { getRuntimeConfig } from '../runtime-config';
import { getAccessToken, signOut } from '../session';
import { ApiError, parseRetryAfter } from './errors';

/** Default timeout of a call; a sync, an import and an upload wait 60 000 ms (they read a whole feed or file). */
export const DEFAULT_TIMEOUT_MS = 15_000;
export const SYNC_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

/** Paths whose 401 means "wrong credentials", not "session expired". */
const NO_REDIRECT_ON_401 = new Set(['auth/login']);

/** The absolute URL of an API path, from the runtime config's `apiBase` at call time. */
export function apiUrl(path: string): string {
  const base = getRuntimeConfig().apiBase.replace(/\/+$/, '');
  const rel = path.replace(/^\/+/, '');
  const origin = typeof window !== 'undefined' ? window.location.href : 'http://localhost/';
  return new URL(`${base}/${rel}`, origin).toString();
}

/** Called on a 401 answer to a call that carried a token: end the session and go to the login screen. */
function onSessionExpired(): void {
  signOut();
  if (typeof window !== 'undefined') window.location.assign('/');
}

/** The ky instance: JSON, no ky retries (TanStack Query decides), bearer token on every call. */
export const http = ky.create({
  retry: 0,
  timeout: DEFAULT_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getAccessToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        else request.headers.delete('Authorization');
      },
    ],
  },
});

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  method?: 'get' | 'post' | 'put' | 'delete';
  json?: unknown;
  body?: FormData;
  query?: Query;
  timeout?: number;
  signal?: AbortSignal;
  /** A bearer token to send instead of the stored one (login asks for the profile before storing it). */
  token?: string;
  /** Headers of this call besides the token (a staff PIN on a shared device: `x-staff-pin`). */
  headers?: Record<string, string>;
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** One call: resolves with the parsed JSON answer, rejects with an `ApiError`. */
export async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'get', json, body, query, timeout, signal, token, headers } = options;
  // only a call made with the stored token can find the session expired
  const hadToken = token === undefined && getAccessToken() !== null;
  const kyOptions: Options = { method };
  // per-call hooks run after the instance's, which set the stored token
  if (token !== undefined) {
    kyOptions.hooks = {
      beforeRequest: [({ request }) => request.headers.set('Authorization', `Bearer ${token}`)],
    };
  }
  if (headers) kyOptions.headers = headers;
  if (json !== undefined) kyOptions.json = json;
  if (body !== undefined) kyOptions.body = body;
  const searchParams = cleanQuery(query);
  if (searchParams) kyOptions.searchParams = searchParams;
  if (timeout !== undefined) kyOptions.timeout = timeout;
  if (signal) kyOptions.signal = signal;
  try {
    const res = await http(apiUrl(path), kyOptions);
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    try {
      return (text ? JSON.parse(text) : undefined) as T;
    } catch {
      // e.g. an HTML page from a wrong `apiBase`
      throw new ApiError(res.status, 'invalid_response', 'The answer is not JSON');
    }
  } catch (err) {
    if (isHTTPError(err)) {
      // ky 2 has read the body already: parsed JSON, text, or undefined
      const res = err.response;
      const retryAfter = parseRetryAfter(res.headers.get('Retry-After'));
      const apiError = ApiError.fromBody(res.status, err.data, res.statusText, retryAfter);
      if (res.status === 401 && hadToken && !NO_REDIRECT_ON_401.has(path.replace(/^\/+/, ''))) {
        onSessionExpired();
      }
      throw apiError;
    }
    if (isTimeoutError(err)) throw new ApiError(0, 'timeout', 'Request timed out');
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
}

export interface StreamOptions {
  query?: Query;
  /** The last event's id the reader has: the server sends what came after it first. */
  lastEventId?: string | null;
  signal?: AbortSignal;
}

/**
 * Opens a server-sent events stream with the stored bearer token (an `EventSource` cannot send
 * one): resolves with the open response, whose body the caller reads, or rejects with an
 * `ApiError` like a call (a 401 ends the session the same way). No timeout: a stream stays open.
 */
export async function openStream(path: string, options: StreamOptions = {}): Promise<Response> {
  const token = getAccessToken();
  const url = new URL(apiUrl(path));
  for (const [k, v] of Object.entries(cleanQuery(options.query) ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  let res: Response;
  try {
    res = await fetch(url, {
      headers,
      cache: 'no-store',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (res.status === 401 && token) onSessionExpired();
    throw ApiError.fromBody(
      res.status,
      body,
      res.statusText,
      parseRetryAfter(res.headers.get('Retry-After')),
    );
  }
  return res;
}

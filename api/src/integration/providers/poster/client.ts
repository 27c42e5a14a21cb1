/**
 * One call of Poster's API: `GET|POST <base>/api/<method>?token=<account token>` (POST with a JSON
 * body), through the POS providers' HTTP policy (timeouts, retries on 5xx/429, no token in logs).
 * Poster answers its errors as HTTP 200 with `{error: {code, message}}` (its docs, "errors"):
 * a refused token becomes `PosCredentialsError`, a rate limit a 429, anything else
 * `PosterAnswerError` with Poster's code and words (the orders channel tells a refused dish from
 * Poster failing by them).
 */
import type { z } from 'zod';
import { PosCredentialsError } from '../../pos/errors';
import { type HttpPolicy, malformed, PosHttpError, type PosLogger, requestJson } from '../../pos/http';
import { posterError } from './api';

export const POSTER_PROVIDER_NAME = 'poster';

/**
 * Poster's error codes (its docs, "errors"): 10 no token, 11 a wrong token, 12 an expired one,
 * 20 the application may not call this method, 54 access denied: the token is refused. 700: too
 * many requests. Anything else is Poster's own answer (an order's "product not found", ...).
 */
const TOKEN_REFUSED = new Set([10, 11, 12, 20, 54]);
const RATE_LIMITED = 700;

/** An error Poster answered (HTTP 200 `{error}`): retried as a 502 unless the caller knows the code. */
export class PosterAnswerError extends PosHttpError {
  constructor(
    readonly code: number,
    readonly posterMessage: string,
    label: string,
  ) {
    // Poster's words are the staff's detail of why the order waits (the sender shows them)
    super(POSTER_PROVIDER_NAME, 502, undefined, label, posterMessage || undefined);
  }
}

export interface PosterCallOptions {
  query?: Record<string, string>;
  /** Sent as JSON with POST. */
  body?: unknown;
  /**
   * One attempt, no retry inside the call: for a call that makes something (an online order),
   * where a retry after a lost answer would make it twice; the caller looks before it retries.
   */
  once?: boolean;
}

export type PosterCall = <T>(method: string, schema: z.ZodType<T>, options?: PosterCallOptions) => Promise<T>;

export function posterCaller(base: string, token: string, policy: HttpPolicy, log?: PosLogger): PosterCall {
  return async (method, schema, options = {}) => {
    const url = new URL(`/api/${method}`, base);
    url.searchParams.set('token', token);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const label = `/api/${method}`;
    const json = await requestJson(
      {
        provider: POSTER_PROVIDER_NAME,
        method: options.body === undefined ? 'GET' : 'POST',
        url,
        label,
        body: options.body,
      },
      options.once ? { ...policy, attempts: 1 } : policy,
      log,
    );
    const error = posterError.safeParse(json);
    if (error.success) {
      const e = error.data.error;
      const code = Number(typeof e === 'object' ? e.code : e);
      const message = typeof e === 'object' ? String(e.message ?? '') : '';
      const said = `${label} answered error ${Number.isNaN(code) ? String(e) : code}`;
      if (TOKEN_REFUSED.has(code))
        throw new PosCredentialsError(POSTER_PROVIDER_NAME, ['token'], 401, undefined, said);
      if (code === RATE_LIMITED) throw new PosHttpError(POSTER_PROVIDER_NAME, 429, undefined, said);
      throw new PosterAnswerError(code, message, message ? `${said}: ${message}` : said);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw malformed(POSTER_PROVIDER_NAME, label, undefined, log, parsed.error);
    return parsed.data;
  };
}

import type { ErrorBody } from '../schemas';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/**
 * A failed call: `status` (0 when no HTTP answer came), `code` (the contract's error code, or
 * `network`, `timeout`, `http_<status>` when the body had none), `message`, `details`, and
 * `retryAfterSeconds` (the answer's `Retry-After`, e.g. on 429; null without one).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    details: ApiErrorDetail[] = [],
    retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** Builds the error from an answer whose body may or may not be the contract's error body. */
  static fromBody(
    status: number,
    body: unknown,
    statusText = '',
    retryAfterSeconds: number | null = null,
  ): ApiError {
    const err = (body as Partial<ErrorBody> | null | undefined)?.error;
    if (err && typeof err === 'object' && typeof err.code === 'string') {
      const details = Array.isArray(err.details)
        ? err.details.filter(
            (d): d is ApiErrorDetail => !!d && typeof d.path === 'string' && typeof d.message === 'string',
          )
        : [];
      const message = typeof err.message === 'string' ? err.message : '';
      return new ApiError(status, err.code, message, details, retryAfterSeconds);
    }
    return new ApiError(status, `http_${status}`, statusText || `HTTP ${status}`, [], retryAfterSeconds);
  }

  /** True for 4xx answers (the caller's fault: retrying does not help). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * An answer meaning "no such thing here": 404 (unknown, or another restaurant's: the API does not
 * tell them apart) or 400 (an id that cannot be one). Pages show it as "not found", never as a
 * load failure (`PageState`'s `isNotFound`).
 */
export const isMissing = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 400);

/**
 * Seconds to wait from a `Retry-After` header: delay-seconds or an HTTP date (RFC 9110 10.2.3).
 * Null when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

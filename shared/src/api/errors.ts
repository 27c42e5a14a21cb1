import type { ErrorBody } from '../schemas';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/**
 * A failed call: `status` (0 when no HTTP answer came), `code` (the contract's error code, or
 * `network`, `timeout`, `http_<status>` when the body had none), `message`, `details`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** Builds the error from an answer whose body may or may not be the contract's error body. */
  static fromBody(status: number, body: unknown, statusText = ''): ApiError {
    const err = (body as Partial<ErrorBody> | null | undefined)?.error;
    if (err && typeof err === 'object' && typeof err.code === 'string') {
      const details = Array.isArray(err.details)
        ? err.details.filter(
            (d): d is ApiErrorDetail => !!d && typeof d.path === 'string' && typeof d.message === 'string',
          )
        : [];
      return new ApiError(status, err.code, typeof err.message === 'string' ? err.message : '', details);
    }
    return new ApiError(status, `http_${status}`, statusText || `HTTP ${status}`);
  }

  /** True for 4xx answers (the caller's fault: retrying does not help). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The domain's refusals (docs/ARCHITECTURE.md, "Errors"): what a rule says when it says no, in
 * words that know nothing of HTTP. A service throws them; each edge maps them in one place: the
 * API's error handler to the contract's status and body (http/errors.ts), the Telegram update
 * handler to its answer to a press (telegram/updates.ts), the POS routes to their answers
 * (integration/pos/errors.ts), the guest's order page to its page (public-menu/order-route.ts).
 */
import type { ErrorCode } from '@qrmenu/shared/schemas';

/** A field and what is wrong with it (the contract's error `details`). */
export interface ErrorDetail {
  path: string;
  message: string;
}

export type DomainErrorKind =
  /** The input breaks a rule (a field, a period, a rule of an option). */
  | 'invalid'
  /** Who asks is not known: no session, a wrong password, a deactivated account. */
  | 'unauthenticated'
  /** Known, but may not: another role's move, another waiter's table. */
  | 'refused'
  /** No such thing, or another restaurant's. */
  | 'not_found'
  /** What is stored forbids it now: a taken name, a move outside an order's life, refused lines. */
  | 'conflict'
  /** An idempotency key sent again with another request (docs/ORDERS.md). */
  | 'key_reused'
  /** More than the limits take: a picture's pixels, the restaurant's storage quota. */
  | 'too_large'
  /** A file of a kind not taken (not a picture). */
  | 'unsupported'
  /** Too many in a while (orders, calls, logins, live streams): try again after `retryAfterSeconds`. */
  | 'limit'
  /** The server holds all it may (live streams): try again after `retryAfterSeconds`. */
  | 'full'
  /** What it depends on failed or answered nonsense (a build's manifest, its files). */
  | 'upstream';

export interface DomainErrorOptions {
  /** A finer reason the contract names (`too_many_pixels`, `quota_exceeded`). */
  reason?: ErrorCode;
  /** When to try again, for `limit` and `full`. */
  retryAfterSeconds?: number;
}

/** A rule's refusal: its kind, the message the API sends (the contract's words) and the fields. */
export class DomainError extends Error {
  readonly reason?: ErrorCode;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: ErrorDetail[],
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    if (options.reason) this.reason = options.reason;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const invalid = (message = 'Invalid request', details?: ErrorDetail[]) =>
  new DomainError('invalid', message, details);
export const unauthenticated = (message = 'Authentication required') =>
  new DomainError('unauthenticated', message);
/** `details` say why when the caller can act on it (a staff PIN, another waiter's table). */
export const notAllowed = (message = 'Forbidden', details?: ErrorDetail[]) =>
  new DomainError('refused', message, details);
export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const conflict = (message = 'Conflict', details?: ErrorDetail[]) =>
  new DomainError('conflict', message, details);
export const unsupported = (message = 'Unsupported media type') => new DomainError('unsupported', message);
export const limitReached = (message: string, retryAfterSeconds: number, details?: ErrorDetail[]) =>
  new DomainError('limit', message, details, { retryAfterSeconds });
export const upstreamFailed = (message = 'Bad gateway') => new DomainError('upstream', message);

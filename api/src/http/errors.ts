import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody, ErrorCode } from '@qrmenu/shared/schemas';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isForeignKeyViolation } from '../db/util';
import { DomainError, type DomainErrorKind, type ErrorDetail } from '../domain/errors';

export type { ErrorDetail };

/** A failure with the contract's body: `{ error: { code, message, details? } }`. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: ErrorDetail[],
    /** Headers the answer carries besides the body (a 429's Retry-After). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message = 'Invalid request', details?: ErrorDetail[]) =>
  new HttpError(400, 'validation', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'unauthorized', message);
/** 403; `details` say why when the caller can act on it (a staff PIN, another waiter's table). */
export const forbidden = (message = 'Forbidden', details?: ErrorDetail[]) =>
  new HttpError(403, 'forbidden', message, details);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message = 'Conflict') => new HttpError(409, 'conflict', message);
export const unsupportedMediaType = (message = 'Unsupported media type') =>
  new HttpError(415, 'unsupported_media_type', message);
export const tooManyRequests = (message = 'Too many requests') => new HttpError(429, 'rate_limited', message);
/** 429 with `Retry-After` (seconds). */
export const rateLimited = (message: string, retryAfterSeconds: number, details?: ErrorDetail[]) =>
  new HttpError(429, 'rate_limited', message, details, { 'retry-after': String(retryAfterSeconds) });
export const badGateway = (message = 'Bad gateway') => new HttpError(502, 'bad_gateway', message);

/**
 * The domain's refusals as the API answers them (docs/API.md, "Errors"): the one place a kind
 * becomes a status and the contract's code; a finer reason the contract names replaces the code.
 */
const HTTP_BY_KIND: Record<DomainErrorKind, [status: number, code: ErrorCode]> = {
  invalid: [400, 'validation'],
  unauthenticated: [401, 'unauthorized'],
  refused: [403, 'forbidden'],
  not_found: [404, 'not_found'],
  conflict: [409, 'conflict'],
  too_large: [413, 'payload_too_large'],
  unsupported: [415, 'unsupported_media_type'],
  key_reused: [422, 'idempotency_key_reused'],
  limit: [429, 'rate_limited'],
  upstream: [502, 'bad_gateway'],
  full: [503, 'unavailable'],
};

/** The status a domain error answers with. */
export const statusOf = (err: DomainError): number => HTTP_BY_KIND[err.kind][0];

/** A domain error as the HTTP failure it answers (a `Retry-After` when it says when to try again). */
export function httpErrorOf(err: DomainError): HttpError {
  const [status, code] = HTTP_BY_KIND[err.kind];
  const headers =
    err.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(err.retryAfterSeconds) };
  return new HttpError(status, err.reason ?? code, err.message, err.details, headers);
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  502: 'bad_gateway',
};

function errorBody(code: ErrorCode | string, message: string, details?: ErrorDetail[]): ErrorBody {
  return details ? { error: { code, message, details } } : { error: { code, message } };
}

/** The body for a non-HttpError 4xx (Fastify's own and plugins' errors). */
function codeForStatus(status: number): ErrorCode | string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

function pathOf(instancePath: string, context: string | undefined): string {
  const p = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (p) return p;
  return context ?? '';
}

/** The one error handler: every failure answers the contract's body, never a stack trace. */
export function errorHandler(
  thrown: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const error = thrown instanceof DomainError ? httpErrorOf(thrown) : thrown;
  if (error instanceof HttpError) {
    if (error.headers) void reply.headers(error.headers);
    void reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const details = error.validation.map((v) => ({
      path: pathOf(v.instancePath, context),
      message: v.message ?? 'Invalid value',
    }));
    void reply.status(400).send(errorBody('validation', `Invalid ${context ?? 'request'}`, details));
    return;
  }
  if (isForeignKeyViolation(error)) {
    // A write raced a delete: what it refers to (the category of a new product, the product of
    // a new option, ...) was there when checked and gone when written. The database refused it
    // and rolled back, so nothing changed: the thing is not found.
    void reply.status(404).send(errorBody('not_found', 'It refers to something that no longer exists'));
    return;
  }
  const fe = error as FastifyError;
  if (Array.isArray(fe.validation)) {
    const context = fe.validationContext;
    const details = fe.validation.map((v) => ({
      path: pathOf(v.instancePath ?? '', context),
      message: v.message ?? 'Invalid value',
    }));
    void reply.status(400).send(errorBody('validation', `Invalid ${context ?? 'request'}`, details));
    return;
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 403 && request.url.startsWith('/uploads/')) {
    // the static files refuse a path that leaves the uploads folder with 403; there are no roles
    // on public files, so this is just "no such file"
    notFoundHandler(request, reply);
    return;
  }
  if (status >= 400 && status < 500) {
    let message = fe.message || 'Bad request';
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      message = 'Malformed JSON body';
    }
    if (status === 429) message = 'Too many requests, try again later';
    void reply.status(status).send(errorBody(codeForStatus(status), message));
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply
    .status(status >= 500 && status < 600 ? status : 500)
    .send(errorBody(status === 502 ? 'bad_gateway' : 'internal', 'Internal server error'));
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(404)
    .send(errorBody('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
}

/**
 * Errors Node raises on the connection itself, before or while a request is read: the request
 * took longer than `requestTimeout` (a trickling body: 408), headers too large (431), bytes that
 * are not HTTP (400). Answered with the contract's body when nothing was sent yet, then closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request was not received in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'bad_request', 'Request headers too large']
        : [400, 'bad_request', 'Malformed request'];
  // not `err` whole: a parse error carries the request's raw bytes (`rawPacket`), query and all
  this.log.debug({ code: err.code, reason: err.message }, 'client error');
  if (socket.writable && socket.bytesWritten === 0) {
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

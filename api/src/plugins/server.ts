/**
 * The server itself (docs/ARCHITECTURE.md, "Server"): Fastify with its logger, its request
 * timeout, the trusted proxies, how answers are written (and checked against their schemas), the
 * security headers and the one error handler (docs/API.md, "Errors").
 */
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../config/env';
import { badRequest, clientErrorHandler, errorHandler, notFoundHandler } from '../http/errors';
import { requestLogSerializers } from '../http/log-redact';
import { JSON_HEADERS, registerSecurityHeaders } from '../http/security-headers';
import type { checkTrustProxy, TrustProxy } from '../http/trust-proxy';
import { GUEST_STYLE_HASHES } from '../public-menu/styles';
import type { S3Config } from '../storage/s3';
import { trySpaFallback } from '../web';
import type { FrontEndOptions } from './front-ends';

export interface ServerOptions {
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its zod schema (default true; server.ts turns it off in production). */
  validateResponses?: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed: a hop count or their addresses/CIDRs; default
   * none, so a client cannot pick its address. `true` (everyone) is refused.
   */
  trustProxy?: TrustProxy;
  /**
   * Longest time to receive a whole request, body included (default 120 s): a body that trickles
   * in slower is cut off with 408, so it cannot hold a connection and an upload slot forever.
   */
  requestTimeoutMs?: number;
}

/** The request logger: a request is logged by its path, never its query (log-redact.ts). */
export function loggerOf(options: ServerOptions): FastifyServerOptions['logger'] {
  const given: FastifyServerOptions['logger'] =
    options.logger === true
      ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : (options.logger ?? false);
  // a request is logged by its path, never its query (a guest's order key is there: log-redact.ts)
  return given && typeof given === 'object'
    ? { ...given, serializers: { ...requestLogSerializers, ...given.serializers } }
    : given;
}

export function createServer(
  options: ServerOptions &
    Pick<FrontEndOptions, 'remoteUrls' | 'releaseOrigins' | 'publicApiBase'> & { s3?: S3Config | undefined },
  trustProxy: ReturnType<typeof checkTrustProxy>,
) {
  const remoteUrls = options.remoteUrls ?? {};
  const releaseOrigins = options.releaseOrigins ?? [];
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: loggerOf(options),
    bodyLimit: 1024 * 1024,
    trustProxy,
    requestTimeout,
    // Node takes the request timeout only when the server is made (Fastify's own setting,
    // applied afterwards, is not enforced on Node 24), and checks for expired requests on an
    // interval (30 s by default): kept well below the timeout so that the cut comes close to it.
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler,
    // an address the router cannot read (a malformed %-escape, a path segment past its 100
    // characters) answers the API's error body (docs/API.md, "Errors") through the app's hooks,
    // never Fastify's own body echoing the address and its query
    frameworkErrors: (error, request, reply) => {
      // the app's onSend hooks do not run for it: its headers are set here
      void reply.headers(JSON_HEADERS);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        // no id is that long: no such thing
        notFoundHandler(request, reply);
        return;
      }
      errorHandler(
        badRequest('Malformed address', [{ path: 'url', message: 'Not a valid address' }]),
        request,
        reply,
      );
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are written with JSON.stringify of exactly what the handler built (mappers build
  // exact objects). With validateResponses (the default; tests) each answer is first checked
  // against its zod schema and a mismatch is a 500, so tests catch a wrong shape; extra keys
  // are not stripped, so a test's exact-shape check sees them as production would.
  if (options.validateResponses === false) {
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  } else {
    app.setSerializerCompiler(({ schema, method, url }) => {
      const zod = schema as z.ZodType;
      return (data) => {
        const result = zod.safeParse(data);
        if (!result.success) {
          throw Object.assign(
            new Error(`answer of ${method} ${url} does not match its schema: ${result.error.message}`),
            {
              statusCode: 500,
            },
          );
        }
        return JSON.stringify(data);
      };
    });
  }
  registerSecurityHeaders(app, {
    // a release may be registered only from where the browser may load it
    remoteUrls: [...Object.values(remoteUrls), ...releaseOrigins],
    publicApiBase: options.publicApiBase,
    picturesUrl: options.s3?.publicUrl,
    styleHashes: GUEST_STYLE_HASHES,
  });
  app.setErrorHandler(errorHandler);
  // not async: returning the reply (a thenable) from an async handler makes it wait on the stream
  app.setNotFoundHandler((request, reply) => {
    if (!trySpaFallback(request, reply)) notFoundHandler(request, reply);
  });
  return app;
}

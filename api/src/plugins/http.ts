/**
 * What every request may use: CORS, the access tokens (@fastify/jwt, signed with the token
 * secret, for the token's lifetime) and multipart bodies within the upload limits.
 */
import cors from '@fastify/cors';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import { LIMITS } from '@qrmenu/shared/schemas';
import fp from 'fastify-plugin';

export const httpPlugin = fp(async (app, options: { jwtSecret: string }) => {
  await app.register(cors, { origin: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] });
  await app.register(jwt, {
    secret: options.jwtSecret,
    sign: { expiresIn: app.appConfig.tokenTtl },
    // every authenticated request verifies its token: fast-jwt keeps the verified payloads of
    // recent tokens (an LRU keyed by the token's hash, each kept no longer than the token's exp),
    // ~8 us of decoding and HMAC to ~2 us. Only the signature check is skipped: whether the
    // session was ended is still read for every request (http/sessions.ts)
    verify: { cache: true },
  });
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.uploadBytes,
      files: LIMITS.uploadFiles,
      fields: 10,
      fieldSize: 1024,
      parts: LIMITS.uploadFiles + 10,
      headerPairs: 200,
    },
  });
});

/**
 * The storage seam: `app.storage` (a `FileStorage`, made by `createStorage`) holds uploaded
 * files, and `GET /uploads/:key` serves them through it. Drivers: `local` (a folder, the default) and `s3` (an S3-compatible
 * bucket, STORAGE_DRIVER=s3; s3.ts). A new driver is one file
 * implementing `FileStorage` plus a case in `createStorage`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_KEY } from './keys';
import { localStorage } from './local';
import { type S3Config, s3Storage } from './s3';
import type { FileStorage, StoredFile } from './types';

export type { FileStorage, StoredFile } from './types';

export type StorageOptions = { driver: 'local'; dir: string } | { driver: 's3'; config: S3Config };

export function createStorage(options: StorageOptions): FileStorage {
  switch (options.driver) {
    case 'local':
      return localStorage(options.dir);
    case 's3':
      return s3Storage(options.config);
  }
}

/** Content-named files never change: cached for good (as @fastify/static's maxAge 7d + immutable). */
const CACHE_CONTROL = 'public, max-age=604800, immutable';

/** True when the client's copy is current (If-None-Match first, else If-Modified-Since). */
function isFresh(request: FastifyRequest, file: StoredFile): boolean {
  const tags = request.headers['if-none-match'];
  if (tags !== undefined) {
    if (!file.etag) return false;
    const bare = (t: string) => t.trim().replace(/^W\//, '');
    return tags === '*' || tags.split(',').some((t) => bare(t) === bare(file.etag as string));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return (
    !!file.lastModified &&
    !Number.isNaN(since) &&
    Math.floor(file.lastModified.getTime() / 1000) * 1000 <= since
  );
}

async function serveUpload(
  storage: FileStorage,
  request: FastifyRequest<{ Params: { key: string } }>,
  reply: FastifyReply,
) {
  const { key } = request.params;
  // only the image files uploads store, each as the type its content was checked for
  const file = UPLOAD_KEY.test(key) ? await storage.get(key) : null;
  if (!file) return reply.callNotFound();
  void reply.header('cache-control', CACHE_CONTROL);
  if (file.etag) void reply.header('etag', file.etag);
  if (file.lastModified) void reply.header('last-modified', file.lastModified.toUTCString());
  if (isFresh(request, file)) {
    file.body.destroy();
    return reply.code(304).send();
  }
  void reply.type(file.contentType).header('content-length', String(file.size));
  if (request.method === 'HEAD') {
    file.body.destroy();
    return reply.send();
  }
  return reply.send(file.body);
}

/** Serves `GET /uploads/:key` from `app.storage` (decorated with the app's other seams, app.ts). */
export const uploadsRoute = fp(
  async (app) => {
    app.get<{ Params: { key: string } }>(
      '/uploads/:key',
      { config: { access: 'pub' }, schema: { hide: true } },
      (request, reply) => serveUpload(app.storage, request, reply),
    );
  },
  { name: 'uploads' },
);

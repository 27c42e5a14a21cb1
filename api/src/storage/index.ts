import fp from 'fastify-plugin';
import { notFound } from '../http/errors';
import { localStorage } from './local';
import { type S3Config, s3Storage } from './s3';
import type { FileStorage } from './types';

export type { FileStorage, StoredFile } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface StorageOptions {
  /** The uploads folder of the local driver. */
  uploadsDir: string;
  /** A bucket instead of the folder (STORAGE_DRIVER=s3). */
  s3?: S3Config | undefined;
  /** A ready storage (tests). */
  storage?: FileStorage | undefined;
}

/**
 * What uploads store and nothing else: a picture's files (`<hex id>.<ext>`, its variants
 * `<hex id>-<width>.<ext>`), named by the type their content was made as. A file put there by
 * hand (page.html, x.svg) is never served.
 */
const UPLOADED_FILE = /^[0-9a-f]+(-\d{2,4})?\.(jpg|png|webp|gif|avif)$/;

/**
 * `app.storage` (the local folder, or a bucket) and `GET /uploads/:key` served through it: names
 * never change content, so cached for good (immutable), with the stored validator for 304s.
 */
export default fp(
  async (app, options: StorageOptions) => {
    const storage =
      options.storage ?? (options.s3 ? s3Storage(options.s3) : localStorage(options.uploadsDir));
    app.decorate('storage', storage);

    app.get<{ Params: { key: string } }>('/uploads/:key', async (request, reply) => {
      const { key } = request.params;
      if (!UPLOADED_FILE.test(key)) throw notFound('No such file');
      const file = await storage.get(key);
      if (!file) throw notFound('No such file');
      reply.header('cache-control', 'public, max-age=604800, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      const match = request.headers['if-none-match'];
      if (file.etag && match?.split(/\s*,\s*/).includes(file.etag)) {
        file.body.destroy();
        return reply.code(304).send();
      }
      reply.header('content-length', file.size);
      return reply.type(file.contentType).send(file.body);
    });
  },
  { name: 'storage' },
);

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from '../src/storage/types';

/** A FileStorage in a Map, for tests of what is stored and deleted (same URL rules as the local driver). */
export function memoryStorage(): FileStorage & { files: Map<string, { body: Buffer; contentType: string }> } {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  const flat = (key: string) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) || key.includes('..'))
      throw new Error(`invalid key ${key}`);
    return key;
  };
  return {
    files,
    async put(key, body, contentType) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
      files.set(flat(key), { body: bytes, contentType });
    },
    async get(key) {
      const f = files.get(flat(key));
      if (!f) return null;
      return {
        body: Readable.from([f.body]),
        size: f.body.length,
        contentType: f.contentType,
        etag: `"${createHash('md5').update(f.body).digest('hex')}"`,
      };
    },
    async delete(key) {
      files.delete(flat(key));
    },
    url: (key) => `/uploads/${flat(key)}`,
    keyOf(url) {
      if (!url.startsWith('/uploads/')) return null;
      const key = url.slice('/uploads/'.length);
      return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) && !key.includes('..') ? key : null;
    },
  };
}

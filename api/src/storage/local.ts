import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredFile } from './types';

/** The content types of the files uploads store, by extension. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

const FLAT_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

function checkKey(key: string): string {
  if (!FLAT_KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key "${key}"`);
  return key;
}

/** The uploads folder (`DATA_DIR/uploads`): files served by the server at `/uploads/<key>`. */
export function localStorage(dir: string): FileStorage {
  return {
    async put(key, body, _contentType) {
      const path = join(dir, checkKey(key));
      if (Buffer.isBuffer(body)) await writeFile(path, body);
      else await pipeline(body as Readable, createWriteStream(path));
    },
    async get(key): Promise<StoredFile | null> {
      const path = join(dir, checkKey(key));
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        const ext = key.slice(key.lastIndexOf('.') + 1);
        return {
          body: createReadStream(path),
          size: s.size,
          contentType: TYPES[ext] ?? 'application/octet-stream',
          etag: `W/"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"`,
          lastModified: s.mtime,
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(join(dir, checkKey(key)), { force: true });
    },
    url: (key) => `/uploads/${checkKey(key)}`,
    keyOf(url) {
      if (!url.startsWith('/uploads/')) return null;
      const key = url.slice('/uploads/'.length);
      return FLAT_KEY.test(key) && !key.includes('..') ? key : null;
    },
  };
}

/** The local driver: files in one folder of the server's disk (`DATA_DIR/uploads`). */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { privateDir } from '../config/private-files';
import { contentTypeOf, isFlatKey, keyUrls } from './keys';
import type { FileStorage } from './types';

export function localStorage(dir: string): FileStorage {
  privateDir(dir);
  const pathOf = (key: string) => {
    if (!isFlatKey(key)) throw new Error(`invalid storage key "${key}"`);
    return join(dir, key);
  };
  return {
    ...keyUrls('/uploads'),
    async put(key, body, _contentType) {
      const path = pathOf(key);
      // written aside, then renamed: a reader never sees half a file
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        // this user's only, like everything in DATA_DIR (the server reads them to serve them)
        if (Buffer.isBuffer(body)) await writeFile(partial, body, { mode: 0o600 });
        else await pipeline(body as Readable, createWriteStream(partial, { mode: 0o600 }));
        await rename(partial, path);
      } catch (err) {
        await unlink(partial).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      if (!isFlatKey(key)) return null;
      const path = join(dir, key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(path),
        size: info.size,
        contentType: contentTypeOf(key),
        // the size and modification time, as @fastify/static's (weak) validator was
        etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
        lastModified: info.mtime,
      };
    },
    async delete(key) {
      if (!isFlatKey(key)) return;
      await unlink(join(dir, key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}

import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  /** For conditional GETs (a strong or weak validator of the stored bytes). */
  etag?: string;
  lastModified?: Date;
}

/** Where uploaded files live. Keys are flat names like `3f2a…9c.webp` (no slashes, no `..`). */
export interface FileStorage {
  /** Stores a file under `key`, replacing one of the same key. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes a file; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the API answers for a key: `/uploads/<key>` for the server, or `<publicBase>/<key>`. */
  url(key: string): string;
  /** The key of a URL this storage made (null for anything else, e.g. an external link). */
  keyOf(url: string): string | null;
}

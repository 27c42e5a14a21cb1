import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Runs `fn` with a fresh private folder for an upload's files and removes it afterwards, whatever
 * happens: the request's files go to disk as they arrive (ten 5 MB files are not held in memory)
 * and never outlive it.
 */
export async function withUploadDir<T>(fn: (dir: string) => Promise<T>, parent = tmpdir()): Promise<T> {
  const dir = await mkdtemp(join(parent, 'qrmenu-upload-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Streams a file to `path` (created, never overwritten); a size limit error of the source propagates. */
export async function streamToFile(source: Readable, path: string): Promise<void> {
  await pipeline(source, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
}

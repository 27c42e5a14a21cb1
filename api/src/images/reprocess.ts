import { join } from 'node:path';
import { imageIdOf } from '@qrmenu/shared/image-variants';
import { now } from '../db';
import type { Repositories } from '../repos';
import type { FileStorage } from '../storage/types';
import { ImageError } from './errors';
import { sweepAllPictures } from './lifecycle';
import { processImage } from './process';
import { storeImage } from './store';
import { streamToFile, withUploadDir } from './temp-file';

/** A stored picture from before processing, as one restaurant refers to it. */
interface OldPicture {
  restaurantId: string;
  url: string;
  key: string;
}

export interface ReprocessReport {
  /** references found to unprocessed uploads */
  total: number;
  converted: number;
  /** each with why: missing file, not a picture, ... (left as they were) */
  failed: Array<{ url: string; reason: string }>;
  /** old files deleted once nothing referred to them */
  deletedOld: number;
  /** processed pictures nothing referred to any more, deleted */
  swept: number;
}

/** Every reference to a file of this storage that is not a processed picture yet. */
async function findOldPictures(repos: Repositories, storage: FileStorage): Promise<OldPicture[]> {
  const seen = new Set<string>();
  const found: OldPicture[] = [];
  for (const { restaurantId, url } of await repos.pictures.references()) {
    if (imageIdOf(url)) continue;
    const key = storage.keyOf(url);
    if (!key || seen.has(`${restaurantId} ${url}`)) continue;
    seen.add(`${restaurantId} ${url}`);
    found.push({ restaurantId, url, key });
  }
  return found;
}

/**
 * Turns every upload from before processing into a processed picture: its variants stored, its
 * metadata gone, every field that referred to it pointed at the new URL, the old file deleted
 * once no reference is left. Pictures that cannot be processed (missing, not a picture) keep
 * their old URL and are reported. Then deletes processed pictures nothing refers to.
 * Running it twice does nothing the second time.
 */
export async function reprocessAll(
  repos: Repositories,
  storage: FileStorage,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReprocessReport> {
  const old = await findOldPictures(repos, storage);
  const report: ReprocessReport = { total: old.length, converted: 0, failed: [], deletedOld: 0, swept: 0 };
  const failedUrls = new Set<string>();
  onProgress(0, old.length);
  await withUploadDir(async (dir) => {
    for (const [i, item] of old.entries()) {
      try {
        const file = await storage.get(item.key);
        if (!file) throw new Error('the file is missing');
        const path = join(dir, `in-${i}`);
        await streamToFile(file.body, path);
        const stored = await storeImage(storage, await processImage(path));
        await repos.pictures.swapReferences(item.restaurantId, item.url, stored.url, stored, now());
        report.converted++;
      } catch (err) {
        failedUrls.add(item.url);
        const reason =
          err instanceof ImageError ? err.code : err instanceof Error ? err.message : String(err);
        report.failed.push({ url: item.url, reason });
      }
      onProgress(i + 1, old.length);
    }
  });
  // an old file goes once every restaurant's reference to it was converted
  for (const item of old) {
    if (failedUrls.has(item.url)) continue;
    failedUrls.add(item.url); // delete each file once
    await storage.delete(item.key);
    report.deletedOld++;
  }
  report.swept = await sweepAllPictures(repos, storage);
  return report;
}

/** A one-line progress bar on a terminal, a line every tenth elsewhere (logs). */
export function progressBar(
  stream: NodeJS.WriteStream = process.stderr,
): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    const ratio = total === 0 ? 1 : done / total;
    if (stream.isTTY) {
      const width = 30;
      const full = Math.round(ratio * width);
      stream.write(
        `\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${done}/${total} ${(ratio * 100).toFixed(0)}%`,
      );
      if (done === total) stream.write('\n');
      return;
    }
    const tenth = Math.floor(ratio * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      stream.write(`${done}/${total} pictures (${(ratio * 100).toFixed(0)}%)\n`);
    }
  };
}

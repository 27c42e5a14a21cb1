import { join } from 'node:path';
import { imageIdOf } from '@qrmenu/shared/image-variants';
import type { DB } from '../db';
import { now } from '../db';
import { parseImages } from '../repos/catalog';
import { addPictures } from '../repos/pictures';
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
async function findOldPictures(db: DB, storage: FileStorage): Promise<OldPicture[]> {
  const seen = new Set<string>();
  const found: OldPicture[] = [];
  const consider = (restaurantId: string, url: string | null) => {
    if (!url || imageIdOf(url)) return;
    const key = storage.keyOf(url);
    if (!key || seen.has(`${restaurantId} ${url}`)) return;
    seen.add(`${restaurantId} ${url}`);
    found.push({ restaurantId, url, key });
  };
  for (const r of await db
    .selectFrom('restaurants')
    .select(['id', 'image', 'logotype'])
    .orderBy('id')
    .execute()) {
    consider(r.id, r.image);
    consider(r.id, r.logotype);
  }
  for (const p of await db
    .selectFrom('products')
    .select(['restaurant_id', 'images'])
    .orderBy('id')
    .execute()) {
    for (const image of parseImages(p.images)) consider(p.restaurant_id, image.file);
  }
  return found;
}

/** Points the restaurant's fields at the new URL and records the picture as its own, at once. */
async function swapReferences(db: DB, old: OldPicture, url: string, picture: { id: string; bytes: number }) {
  await db.transaction().execute(async (trx) => {
    await addPictures(trx, old.restaurantId, [picture]);
    const stamp = now();
    for (const field of ['image', 'logotype'] as const) {
      await trx
        .updateTable('restaurants')
        .set({ [field]: url, updated_at: stamp })
        .where('id', '=', old.restaurantId)
        .where(field, '=', old.url)
        .execute();
    }
    const products = await trx
      .selectFrom('products')
      .select(['id', 'images'])
      .where('restaurant_id', '=', old.restaurantId)
      .execute();
    for (const p of products) {
      const images = parseImages(p.images);
      if (!images.some((i) => i.file === old.url)) continue;
      const next = images.map((i) => (i.file === old.url ? { ...i, file: url } : i));
      await trx
        .updateTable('products')
        .set({ images: JSON.stringify(next), updated_at: stamp })
        .where('id', '=', p.id)
        .execute();
    }
  });
}

/**
 * Turns every upload from before processing into a processed picture: its variants stored, its
 * metadata gone, every field that referred to it pointed at the new URL, the old file deleted
 * once no reference is left. Pictures that cannot be processed (missing, not a picture) keep
 * their old URL and are reported. Then deletes processed pictures nothing refers to.
 * Running it twice does nothing the second time.
 */
export async function reprocessAll(
  db: DB,
  storage: FileStorage,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ReprocessReport> {
  const old = await findOldPictures(db, storage);
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
        await swapReferences(db, item, stored.url, stored);
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
  report.swept = await sweepAllPictures(db, storage);
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

import { imageIdOf, imageKeys } from '@qrmenu/shared/image-variants';
import type { FileStorage } from '../storage/types';
import type { ProcessedImage } from './process';

/** A processed picture once stored: the URL the API answers and what its files weigh. */
export interface StoredImage {
  id: string;
  url: string;
  bytes: number;
}

/** Stores every file of a processed picture (a few at a time); on failure, none stays. */
export async function storeImage(storage: FileStorage, image: ProcessedImage): Promise<StoredImage> {
  const put: string[] = [];
  try {
    // four at a time: a bucket's round trips overlap, the disk is not flooded
    for (let i = 0; i < image.files.length; i += 4) {
      await Promise.all(
        image.files.slice(i, i + 4).map(async (f) => {
          await storage.put(f.key, f.body, f.contentType);
          put.push(f.key);
        }),
      );
    }
  } catch (err) {
    await Promise.all(put.map((k) => storage.delete(k).catch(() => undefined)));
    throw err;
  }
  const main = image.files[0]!.key;
  return {
    id: image.id,
    url: storage.url(main),
    bytes: image.files.reduce((n, f) => n + f.body.length, 0),
  };
}

/**
 * The storage keys behind a picture URL: every variant of a processed picture, the one file of
 * an older upload, nothing for an external link.
 */
function keysOfUrl(storage: FileStorage, url: string): string[] {
  const key = storage.keyOf(url);
  if (!key) return [];
  const id = imageIdOf(key);
  return id ? imageKeys(id) : [key];
}

/** Deletes every file behind the URLs (missing ones are no error). */
export async function deleteImages(storage: FileStorage, urls: Iterable<string>): Promise<void> {
  const keys = [...new Set([...urls].flatMap((u) => keysOfUrl(storage, u)))];
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(keys.slice(i, i + 8).map((k) => storage.delete(k)));
  }
}

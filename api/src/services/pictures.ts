/**
 * `app.pictures`: pictures of restaurants and products, from an upload or a POS. Owns: a
 * picture is processed (images/) and stored before anything refers to it, and its files go
 * again when the write that would refer to it fails; the per-restaurant quota, read in the
 * transaction that records the pictures as the restaurant's and refers to them (a release sees
 * both or neither); at most 50 pictures a product; what no field refers to any more is released
 * (effects.ts); every attach makes its restaurant's answers stale.
 */
import type { ProductImage } from '@qrmenu/shared/schemas';
import { now } from '../db';
import { DomainError, invalid, notFound, unsupported } from '../domain/errors';
import { checkImage, deleteImages, ImageError, processImage, type StoredImage, storeImage } from '../images';
import type { Repositories } from '../repos';
import type { ServiceContext } from './context';

const MAX_PRODUCT_IMAGES = 50;

/** Where an upload goes: a product's pictures, or a restaurant's picture or logo. */
export type PictureTarget = { product_id: string } | { restaurant_id: string; type: 'image' | 'logotype' };

export function picturesService({ repos, storage, pictureLimits, effects }: ServiceContext) {
  /**
   * The restaurant's pictures' bytes, read with its row locked (PostgreSQL `FOR UPDATE`) until the
   * transaction that records new ones commits: parallel uploads, on any server, read the use one
   * after the other and cannot pass the quota together.
   */
  async function usedUnderLock(trx: Repositories, restaurantId: string): Promise<number> {
    await trx.restaurants.lock(restaurantId);
    return trx.pictures.usedBytes(restaurantId);
  }

  /** 413 when the restaurant's pictures plus `adding` bytes would pass its quota (read in the transaction). */
  async function assertQuota(trx: Repositories, restaurantId: string, adding: number) {
    const used = await usedUnderLock(trx, restaurantId);
    if (used + adding > pictureLimits.quotaBytes) {
      const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
      throw new DomainError(
        'too_large',
        `The restaurant's pictures would take ${mib(used + adding)} MiB of its ${mib(pictureLimits.quotaBytes)} MiB`,
        [{ path: 'files', message: 'Storage quota exceeded: remove pictures no longer used' }],
        { reason: 'quota_exceeded' },
      );
    }
  }

  const owned = (stored: readonly StoredImage[]) => stored.map((s) => ({ id: s.id, bytes: s.bytes }));
  const discard = (stored: readonly StoredImage[]) =>
    deleteImages(
      storage,
      stored.map((s) => s.url),
    );

  /** Stores `files` (temp paths): those past `keep` are only checked; on failure none stays. */
  async function storeFiles(files: readonly string[], keep: number): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const path of files.slice(keep)) await checkImage(path);
      for (const path of files.slice(0, keep))
        stored.push(await storeImage(storage, await processImage(path)));
    } catch (err) {
      await discard(stored);
      throw imageRefusal(err);
    }
    return stored;
  }

  /** Appends stored pictures to a product's images, in one transaction with the quota and the record. */
  function addToProduct(restaurantId: string, productId: string, stored: readonly StoredImage[]) {
    // Read and rewrite the list in one transaction, or parallel uploads lose images; the
    // pictures and the reference to them in the same one: a release sees both or neither.
    return repos.transaction(async (trx) => {
      await assertQuota(trx, restaurantId, bytesOf(stored));
      const at = now();
      await trx.pictures.add(restaurantId, owned(stored), at);
      return trx.products.rewriteImages(
        productId,
        (existing) => {
          if (!existing) throw notFound('Product not found');
          if (existing.length + stored.length > MAX_PRODUCT_IMAGES) {
            throw invalid(`At most ${MAX_PRODUCT_IMAGES} images a product`, [
              { path: 'files', message: 'Too many images' },
            ]);
          }
          return [...existing, ...stored.map((s) => ({ file: s.url }))];
        },
        at,
      );
    });
  }

  /** Sets a restaurant's picture or logo to a stored picture; the one it replaces is released. */
  async function setRestaurantPicture(
    restaurantId: string,
    field: 'image' | 'logotype',
    picture: StoredImage,
  ) {
    await repos.transaction(async (trx) => {
      await assertQuota(trx, restaurantId, picture.bytes);
      const at = now();
      await trx.pictures.add(restaurantId, owned([picture]), at);
      await trx.restaurants.update(restaurantId, { [field]: picture.url, updated_at: at });
    });
    // the picture it replaced is referred to by nothing now
    await effects.releasePictures(restaurantId);
  }

  return {
    /**
     * An upload's pictures (temp files, the target already checked to be the caller's): a
     * product's are appended to its images (answers the whole list), a restaurant's field takes
     * the first file (the others are checked only; answers its URL). Nothing stays on failure.
     */
    async upload(
      target: PictureTarget,
      restaurantId: string,
      files: readonly string[],
    ): Promise<{ data: ProductImage[] } | { url: string }> {
      // a restaurant field holds one URL: only the first file is stored, the others are checked
      const stored = await storeFiles(files, 'product_id' in target ? files.length : 1);
      try {
        let answer: { data: ProductImage[] } | { url: string };
        if ('product_id' in target) {
          answer = { data: await addToProduct(restaurantId, target.product_id, stored) };
        } else {
          const picture = stored[0] as StoredImage;
          await setRestaurantPicture(restaurantId, target.type, picture);
          answer = { url: picture.url };
        }
        effects.stale({ restaurants: [restaurantId] });
        return answer;
      } catch (err) {
        await discard(stored);
        throw err;
      }
    },

    /** Processes and stores one picture (a POS's download); nothing refers to it yet. */
    store: async (input: Buffer | string): Promise<StoredImage> =>
      storeImage(storage, await processImage(input)),

    /** Deletes the files of pictures stored for a write that did not happen (never fails). */
    discard: (stored: readonly StoredImage[]) => discard(stored).catch(() => undefined),

    /**
     * A POS's pictures of a product, in one transaction: `claim(trx)` first records the links
     * taken (false: another server took them meanwhile, nothing more is written); then, when the
     * stored pictures fit the quota, they are recorded and `merge` makes the product's new
     * image list. Over the quota the links stay recorded (not fetched again until they change).
     */
    attachFromPos(
      restaurantId: string,
      productId: string,
      stored: readonly StoredImage[],
      claim: (trx: Repositories, overQuota: boolean) => Promise<boolean>,
      merge: (current: ProductImage[]) => ProductImage[],
    ): Promise<'written' | 'taken' | 'quota'> {
      return repos.transaction(async (trx) => {
        const used = await usedUnderLock(trx, restaurantId);
        const overQuota = used + bytesOf(stored) > pictureLimits.quotaBytes;
        if (!(await claim(trx, overQuota))) return 'taken';
        if (overQuota) return 'quota';
        const at = now();
        await trx.pictures.add(restaurantId, owned(stored), at);
        await trx.products.rewriteImages(productId, (current = []) => merge(current), at);
        return 'written';
      });
    },

    /** After a POS's pictures were attached: what they replaced is released, its answers are stale. */
    async posPicturesDone(restaurantId: string): Promise<void> {
      await effects.releasePictures(restaurantId);
      effects.stale({ restaurants: [restaurantId] });
    },
  };
}

const bytesOf = (stored: readonly StoredImage[]) => stored.reduce((n, s) => n + s.bytes, 0);

/** The answer for a file that is not a picture, or too large a one; other failures as they are. */
function imageRefusal(err: unknown): unknown {
  if (!(err instanceof ImageError)) return err;
  if (err.code === 'too_many_pixels') {
    return new DomainError('too_large', err.message, [{ path: 'files', message: err.message }], {
      reason: 'too_many_pixels',
    });
  }
  return unsupported('Only JPEG, PNG, WebP or GIF images');
}

export type PicturesService = ReturnType<typeof picturesService>;

import { imageKeys } from '@qrmenu/shared/image-variants';
import type { Repositories } from '../repos';
import type { FileStorage } from '../storage/types';

/**
 * Deletes the restaurant's pictures that nothing refers to any more (all of them once the
 * restaurant is deleted): their files first, then their rows, so a failure half-way is finished
 * by the next sweep. Returns how many went.
 *
 * Safe beside uploads: the owned pictures are read before the references, and an upload records
 * its picture and the reference to it in one transaction, so a picture seen here is either
 * referenced or really dropped.
 */
export async function sweepPictures(
  repos: Repositories,
  storage: FileStorage,
  restaurantId: string,
): Promise<number> {
  const owned = await repos.pictures.ofRestaurant(restaurantId);
  if (owned.length === 0) return 0;
  const referenced = await repos.pictures.referencedIds(restaurantId);
  const gone = owned.filter((p) => !referenced.has(p.id)).map((p) => p.id);
  for (const id of gone) {
    await Promise.all(imageKeys(id).map((key) => storage.delete(key)));
  }
  await repos.pictures.remove(gone);
  return gone.length;
}

/** Sweeps every restaurant that owns pictures, deleted ones included. */
export async function sweepAllPictures(repos: Repositories, storage: FileStorage): Promise<number> {
  let n = 0;
  for (const id of await repos.pictures.restaurantsWithAny()) n += await sweepPictures(repos, storage, id);
  return n;
}

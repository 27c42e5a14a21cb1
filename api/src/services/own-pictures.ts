/**
 * Picture fields (a product's images, a restaurant's picture and logo) refer only to pictures
 * this restaurant stored: an upload, or a POS's picture downloaded into the store. Anything
 * else, another restaurant's picture (it would skip this one's quota and break when its owner
 * drops it), a menu page's address, an outside or a `javascript:` URL, is a 400 naming the
 * field. What the field already holds may be sent back unchanged: an edit sends the whole list,
 * and values from before this rule stay until they are changed.
 */
import { imageIdOf } from '@qrmenu/shared/image-variants';
import { invalid } from '../domain/errors';
import type { ServiceContext } from './context';

/** The API's words (the back office shows `t.pictureNotOwn` for them: shared/forms). */
export const NOT_OWN_PICTURE = 'Not a picture stored for this restaurant';

export interface PictureRef {
  /** The field, as the error's `details` name it: `images.0.file`, `image`, `logotype`. */
  path: string;
  url: string;
}

/** 400 unless every `refs` URL is one of the restaurant's pictures or already `held` by the field. */
export async function assertOwnPictures(
  { repos, storage }: Pick<ServiceContext, 'repos' | 'storage'>,
  restaurantId: string,
  refs: readonly PictureRef[],
  held: Iterable<string> = [],
): Promise<void> {
  const kept = new Set(held);
  const sent = refs.filter((r) => !kept.has(r.url));
  if (sent.length === 0) return;
  // a URL this storage made for a processed picture, then that picture recorded as this restaurant's
  const idOf = (url: string) => (storage.keyOf(url) === null ? null : imageIdOf(url));
  const ids = [...new Set(sent.map((r) => idOf(r.url)).filter((id): id is string => id !== null))];
  const owned = ids.length > 0 ? await repos.pictures.ownedAmong(restaurantId, ids) : new Set<string>();
  const refused = sent.filter((r) => {
    const id = idOf(r.url);
    return id === null || !owned.has(id);
  });
  if (refused.length > 0) {
    throw invalid(
      'A picture field takes only pictures uploaded to this restaurant',
      refused.map((r) => ({ path: r.path, message: NOT_OWN_PICTURE })),
    );
  }
}

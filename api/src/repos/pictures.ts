/**
 * Pictures' bookkeeping: which processed pictures a restaurant owns (table `pictures`), how many
 * bytes they take, and which of them its fields still refer to.
 */
import { imageIdOf } from '@qrmenu/shared/image-variants';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { now } from '../db';
import { parseImages } from './catalog';
import { inTransaction } from './query';

type Db = Kysely<Database> | Transaction<Database>;

export interface OwnedPicture {
  id: string;
  bytes: number;
}

/** Records stored pictures as the restaurant's (in the transaction that refers to them). */
export async function addPictures(db: Db, restaurantId: string, pictures: OwnedPicture[]): Promise<void> {
  if (pictures.length === 0) return;
  const createdAt = now();
  await db
    .insertInto('pictures')
    .values(
      pictures.map((p) => ({ id: p.id, restaurant_id: restaurantId, bytes: p.bytes, created_at: createdAt })),
    )
    .execute();
}

/** Bytes of every picture the restaurant stored (its quota's use). */
export async function usedBytes(db: Db, restaurantId: string): Promise<number> {
  const row = await db
    .selectFrom('pictures')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function picturesOf(db: Db, restaurantId: string): Promise<OwnedPicture[]> {
  return db
    .selectFrom('pictures')
    .select(['id', 'bytes'])
    .where('restaurant_id', '=', restaurantId)
    .execute();
}

/** Restaurants that own at least one picture, existing or deleted. */
export async function restaurantsWithPictures(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('pictures').select('restaurant_id').distinct().execute();
  return rows.map((r) => r.restaurant_id);
}

export async function removePictures(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('pictures').where('id', 'in', ids).execute();
}

/**
 * Ids of the processed pictures the restaurant's fields refer to: its picture, its logo and its
 * products' pictures. Nothing when the restaurant is gone.
 */
export async function referencedPictureIds(db: Db, restaurantId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (url: string | null | undefined) => {
    const id = url ? imageIdOf(url) : null;
    if (id) ids.add(id);
  };
  const restaurant = await db
    .selectFrom('restaurants')
    .select(['image', 'logotype'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
  if (!restaurant) return ids;
  add(restaurant.image);
  add(restaurant.logotype);
  const products = await db
    .selectFrom('products')
    .select('images')
    .where('restaurant_id', '=', restaurantId)
    .execute();
  for (const p of products) for (const image of parseImages(p.images)) add(image.file);
  return ids;
}

/** Every picture URL each restaurant refers to (its picture, logo, products' pictures), in a stable order. */
export async function pictureReferences(db: Db): Promise<Array<{ restaurantId: string; url: string }>> {
  const out: Array<{ restaurantId: string; url: string }> = [];
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'image', 'logotype'])
    .orderBy('id')
    .execute();
  for (const r of restaurants) {
    if (r.image) out.push({ restaurantId: r.id, url: r.image });
    if (r.logotype) out.push({ restaurantId: r.id, url: r.logotype });
  }
  const products = await db
    .selectFrom('products')
    .select(['restaurant_id', 'images'])
    .orderBy('id')
    .execute();
  for (const p of products)
    for (const image of parseImages(p.images)) out.push({ restaurantId: p.restaurant_id, url: image.file });
  return out;
}

/**
 * In one transaction: records the new picture as the restaurant's and points every field of the
 * restaurant that referred to `oldUrl` (picture, logo, products' pictures) at `newUrl`.
 */
export async function swapPictureReferences(
  db: Db,
  restaurantId: string,
  oldUrl: string,
  newUrl: string,
  picture: OwnedPicture,
  at: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await addPictures(trx, restaurantId, [picture]);
    for (const field of ['image', 'logotype'] as const) {
      await trx
        .updateTable('restaurants')
        .set({ [field]: newUrl, updated_at: at })
        .where('id', '=', restaurantId)
        .where(field, '=', oldUrl)
        .execute();
    }
    const products = await trx
      .selectFrom('products')
      .select(['id', 'images'])
      .where('restaurant_id', '=', restaurantId)
      .execute();
    for (const p of products) {
      const images = parseImages(p.images);
      if (!images.some((i) => i.file === oldUrl)) continue;
      const next = images.map((i) => (i.file === oldUrl ? { ...i, file: newUrl } : i));
      await trx
        .updateTable('products')
        .set({ images: JSON.stringify(next), updated_at: at })
        .where('id', '=', p.id)
        .execute();
    }
  });
}

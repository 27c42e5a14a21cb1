/**
 * Pictures' bookkeeping: which processed pictures a restaurant owns (table `pictures`), how many
 * bytes they take, and which of them its fields still refer to.
 */
import { imageIdOf } from '@qrmenu/shared/image-variants';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';
import { now } from '../db';
import { parseImages } from './catalog';

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

/**
 * Pictures' bookkeeping: which processed pictures a restaurant owns (table `pictures`), how many
 * bytes they take, and which of them its fields still refer to.
 */
import { imageIdOf } from '@qrmenu/shared/image-variants';
import { parseImages } from './products';
import { chunks, inTransaction, type Q } from './query';

export interface OwnedPicture {
  id: string;
  bytes: number;
}

export function picturesRepository(q: Q) {
  return {
    /** Records stored pictures as the restaurant's (in the transaction that refers to them). */
    async add(restaurantId: string, pictures: readonly OwnedPicture[], at: string): Promise<void> {
      if (pictures.length === 0) return;
      await q
        .insertInto('pictures')
        .values(
          pictures.map((p) => ({ id: p.id, restaurant_id: restaurantId, bytes: p.bytes, created_at: at })),
        )
        .execute();
    },

    /** Bytes of every picture the restaurant stored (its quota's use). */
    async usedBytes(restaurantId: string): Promise<number> {
      const row = await q
        .selectFrom('pictures')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** Which of `ids` are pictures the restaurant stored. */
    async ownedAmong(restaurantId: string, ids: readonly string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (const part of chunks(ids)) {
        const rows = await q
          .selectFrom('pictures')
          .select('id')
          .where('restaurant_id', '=', restaurantId)
          .where('id', 'in', part)
          .execute();
        for (const r of rows) out.add(r.id);
      }
      return out;
    },

    ofRestaurant(restaurantId: string): Promise<OwnedPicture[]> {
      return q
        .selectFrom('pictures')
        .select(['id', 'bytes'])
        .where('restaurant_id', '=', restaurantId)
        .execute();
    },

    /** Restaurants that own at least one picture, existing or deleted. */
    async restaurantsWithAny(): Promise<string[]> {
      const rows = await q.selectFrom('pictures').select('restaurant_id').distinct().execute();
      return rows.map((r) => r.restaurant_id);
    },

    async remove(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await q
        .deleteFrom('pictures')
        .where('id', 'in', [...ids])
        .execute();
    },

    /**
     * Ids of the processed pictures the restaurant's fields refer to: its picture, its logo and
     * its products' pictures. Nothing when the restaurant is gone.
     */
    async referencedIds(restaurantId: string): Promise<Set<string>> {
      const ids = new Set<string>();
      const add = (url: string | null | undefined) => {
        const id = url ? imageIdOf(url) : null;
        if (id) ids.add(id);
      };
      const restaurant = await q
        .selectFrom('restaurants')
        .select(['image', 'logotype'])
        .where('id', '=', restaurantId)
        .executeTakeFirst();
      if (!restaurant) return ids;
      add(restaurant.image);
      add(restaurant.logotype);
      const products = await q
        .selectFrom('products')
        .select('images')
        .where('restaurant_id', '=', restaurantId)
        .execute();
      for (const p of products) for (const image of parseImages(p.images)) add(image.file);
      return ids;
    },

    /** Every picture URL each restaurant refers to (its picture, logo, products' pictures), in a stable order. */
    async references(): Promise<Array<{ restaurantId: string; url: string }>> {
      const out: Array<{ restaurantId: string; url: string }> = [];
      const restaurants = await q
        .selectFrom('restaurants')
        .select(['id', 'image', 'logotype'])
        .orderBy('id')
        .execute();
      for (const r of restaurants) {
        if (r.image) out.push({ restaurantId: r.id, url: r.image });
        if (r.logotype) out.push({ restaurantId: r.id, url: r.logotype });
      }
      const products = await q
        .selectFrom('products')
        .select(['restaurant_id', 'images'])
        .orderBy('id')
        .execute();
      for (const p of products)
        for (const image of parseImages(p.images))
          out.push({ restaurantId: p.restaurant_id, url: image.file });
      return out;
    },

    /**
     * In one transaction: records the new picture as the restaurant's and points every field of
     * the restaurant that referred to `oldUrl` (picture, logo, products' pictures) at `newUrl`.
     */
    async swapReferences(
      restaurantId: string,
      oldUrl: string,
      newUrl: string,
      picture: OwnedPicture,
      at: string,
    ): Promise<void> {
      await inTransaction(q, async (trx) => {
        await picturesRepository(trx).add(restaurantId, [picture], at);
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
    },
  };
}

/**
 * What makes the showcase restaurant show the product: a drawn picture for each dish, a cover
 * and a logo (art.ts), stored through `app.pictures` as an upload is (processed variants, the
 * quota, the pictures' records); its QR placements through `app.placements`; two weeks of
 * visits (visits.ts), two months of orders (orders.ts) and today's dining room, ordering on
 * (live.ts). Each part adds only what the restaurant lacks (a product without a picture, a missing
 * placement, visits when it has none in the chart's 30 days, the history when it has no order,
 * today's board when it has no order today), so a second run adds nothing and a run cut short is
 * finished by the next.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '../app';
import type { RestaurantRow } from '../db';
import { withUploadDir } from '../images';
import type { AssertOwner } from '../services';
import type { PictureTarget } from '../services/pictures';
import { coverSvg, dishSvg, logoSvg, renderJpeg } from './art';
import { type SeedRestaurant, uzbek } from './demo';
import { type LiveAdded, writeLiveDemo } from './live';
import { writeDemoOrders } from './orders';
import { writeDemoVisits } from './visits';

export type ShowcaseTarget = Pick<
  App,
  'catalog' | 'pictures' | 'placements' | 'visitStats' | 'repos' | 'orders' | 'payments'
>;

/** Where the showcase's QR codes are placed: ten tables, the door and its Instagram page. */
export const PLACEMENTS = [...Array.from({ length: 10 }, (_, i) => `Stol ${i + 1}`), 'Eshik', 'Instagram'];

/** The seed writes as the platform itself: there is no caller whose access to check. */
const platform: AssertOwner = async () => {};

export interface ShowcaseAdded {
  pictures: number;
  placements: number;
  visits: number;
  /** Orders of the history (the days before today) and of today's board. */
  orders: number;
  /** Today's board: its orders, calls and bills. */
  live: LiveAdded;
}

/** Draws each missing picture and stores it as an upload; answers how many. */
async function addPictures(app: ShowcaseTarget, restaurant: RestaurantRow, demo: SeedRestaurant) {
  const dishes = new Map(
    demo.categories
      .flatMap((c) => c.products)
      .flatMap((p) => (p.picture ? [[uzbek(p.name), p.picture]] : [])),
  );
  const uploads: { target: PictureTarget; draw: () => string }[] = [];
  if (!restaurant.image)
    uploads.push({ target: { restaurant_id: restaurant.id, type: 'image' }, draw: coverSvg });
  if (!restaurant.logotype)
    uploads.push({ target: { restaurant_id: restaurant.id, type: 'logotype' }, draw: logoSvg });
  for (const product of await app.catalog.products.list(restaurant.id)) {
    const dish = dishes.get(product.name);
    if (dish && product.images.length === 0)
      uploads.push({ target: { product_id: product._id }, draw: () => dishSvg(dish) });
  }
  await withUploadDir(async (dir) => {
    // side by side (processing keeps its own limit); every one settles before the folder goes
    const done = await Promise.allSettled(
      uploads.map(async ({ target, draw }, i) => {
        const file = join(dir, `picture-${i}.jpg`);
        await writeFile(file, await renderJpeg(draw()), { mode: 0o600 });
        await app.pictures.upload(target, restaurant.id, [file]);
      }),
    );
    const failed = done.find((d) => d.status === 'rejected');
    if (failed) throw failed.reason;
  });
  return uploads.length;
}

/** Answers the restaurant's placements by name, after adding those of PLACEMENTS it lacks. */
async function addPlacements(app: ShowcaseTarget, restaurantId: string) {
  const had = new Set((await app.placements.list(restaurantId)).map((p) => p.name));
  const missing = PLACEMENTS.filter((name) => !had.has(name));
  if (missing.length > 0) await app.placements.create(restaurantId, missing, platform);
  const ids = new Map((await app.placements.list(restaurantId)).map((p) => [p.name, p._id]));
  return { added: missing.length, ids };
}

/**
 * Pictures, placements, visits, orders and today's board for the showcase restaurant (what it
 * lacks of them); `managerId` moves today's orders.
 */
export async function dressShowcase(
  app: ShowcaseTarget,
  restaurant: RestaurantRow,
  demo: SeedRestaurant,
  managerId: string,
): Promise<ShowcaseAdded> {
  const [pictures, placements] = await Promise.all([
    addPictures(app, restaurant, demo),
    addPlacements(app, restaurant.id),
  ]);
  const seen = (await app.visitStats.stats(restaurant.id)).totals.month.visits;
  const visits = seen > 0 ? 0 : await writeDemoVisits(app.repos, restaurant.id, placements.ids);
  // two months of orders for «Hisobot» (none when it has any), then today's, placed as guests do
  const orders = await writeDemoOrders(app.repos, restaurant.id, placements.ids);
  const live = await writeLiveDemo(app, restaurant.id, placements.ids, managerId);
  return { pictures, placements: placements.added, visits, orders: orders + live.orders, live };
}

/**
 * One big restaurant menu for the public menu's bench and size test: 40 categories of 25
 * products (1,000), each with a picture and two options of three rows. Names, descriptions and
 * prices vary like a real menu's (a fixed pseudo-random sequence, so every run is the same);
 * ids and picture names are random hex like real ones, which is what compresses worst.
 */

import type { App } from '../src/app';
import { type DB, newId } from '../src/db';
import { createRepositories } from '../src/repos';
import type { MenuCategory, MenuRows } from '../src/services/catalog';
import { menuRows, store } from '../src/services/catalog/menu';

export const BIG_MENU = { categories: 40, productsPerCategory: 25 } as const;

const DISHES = [
  'osh',
  "lag'mon",
  'manti',
  'somsa',
  'shashlik',
  'norin',
  "sho'rva",
  'mastava',
  'chuchvara',
  'dimlama',
  'qozon kabob',
  'tandir',
  'beshbarmoq',
  'xonim',
  'chalop',
  'salat',
  'burger',
  'lavash',
  'pizza',
  'kotlet',
  'steyk',
  'qanot',
  'baliq',
  'kabob',
  'kartoshka',
  'non',
  'pirog',
  'tort',
  'muzqaymoq',
  'sharbat',
];
const KINDS = [
  'Toshkentcha',
  'Samarqandcha',
  'Buxorocha',
  "Farg'onacha",
  'Xorazmcha',
  'uy usulida',
  'oshpaz maxsus',
  'achchiq',
  'qovurilgan',
  "bug'da pishirilgan",
  'tandirda',
  "mol go'shtli",
  "qo'y go'shtli",
  'tovuqli',
  'sabzavotli',
  "qo'ziqorinli",
  'pishloqli',
  'klassik',
  'yengil',
  'katta',
];
const INGREDIENTS = [
  'guruch',
  "mol go'shti",
  "qo'y go'shti",
  'tovuq',
  'sabzi',
  'piyoz',
  'sarimsoq',
  'pomidor',
  'bodring',
  "bulg'or qalampiri",
  'kartoshka',
  "no'xat",
  'mayiz',
  'zira',
  'kashnich',
  'ukrop',
  'smetana',
  'qatiq',
  'pishloq',
  'tuxum',
  'xamir',
  'un',
  "yog'",
  'dumba',
  'limon',
  'asal',
  "yong'oq",
  'olma',
  'sut',
  'qaymoq',
  'sous',
  'ziravorlar',
  "ko'katlar",
  'karam',
  'lavlagi',
  'baqlajon',
  'qovoq',
  'loviya',
  'mosh',
  'jigar',
];
const CATEGORY_TITLES = [
  'Milliy taomlar',
  "Sho'rvalar",
  'Salatlar',
  'Issiq taomlar',
  'Kaboblar',
  'Xamir taomlar',
  'Baliq taomlari',
  'Garnirlar',
  'Nonlar',
  'Desertlar',
  'Ichimliklar',
  'Choylar',
  'Sharbatlar',
  'Nonushta',
  'Bolalar menyusi',
  'Fast-fud',
  'Pitsalar',
  'Burgerlar',
  'Lavashlar',
  'Souslar',
];

/** A fixed pseudo-random sequence (Park-Miller). */
function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

export type BigMenuRows = MenuRows;

/** The big menu, the same on every run (`seed`: its pseudo-random sequence). */
export function bigMenu(seed = 42): MenuCategory[] {
  const { next, pick } = sequence(seed);
  return Array.from({ length: BIG_MENU.categories }, (_, c) => {
    const title = CATEGORY_TITLES[c % CATEGORY_TITLES.length]!;
    return {
      title: c < CATEGORY_TITLES.length ? title : `${title} ${Math.floor(c / CATEGORY_TITLES.length) + 1}`,
      products: Array.from({ length: BIG_MENU.productsPerCategory }, () => {
        const words = 6 + Math.floor(next() * 8);
        const description = Array.from({ length: words }, () => pick(INGREDIENTS)).join(', ');
        return {
          name: `${pick(KINDS)} ${pick(DISHES)}`.replace(/^./, (ch) => ch.toUpperCase()),
          description: `${description.replace(/^./, (ch) => ch.toUpperCase())}.`,
          price: 5000 + Math.floor(next() * 90) * 1000,
          images: [{ file: `/uploads/products/${newId()}.jpg` }],
          options: [
            {
              name: 'Hajmi',
              rows: [
                { name: 'Kichik', price: 0 },
                { name: "O'rta", price: (2 + Math.floor(next() * 4)) * 1000 },
                { name: 'Katta', price: (6 + Math.floor(next() * 6)) * 1000 },
              ],
            },
            {
              name: "Qo'shimcha",
              rows: [
                { name: pick(INGREDIENTS), price: (1 + Math.floor(next() * 5)) * 1000 },
                { name: pick(INGREDIENTS), price: (1 + Math.floor(next() * 5)) * 1000 },
                { name: 'Achchiq sous', price: 0 },
              ],
            },
          ],
        };
      }),
    };
  });
}

/** The big menu's rows for a restaurant, built as the catalog builds them (not stored). */
export const bigMenuRows = (restaurantId: string, seed = 42): BigMenuRows =>
  menuRows(restaurantId, bigMenu(seed));

/** Adds the big menu to an existing restaurant through the catalog service (one transaction). */
export function insertBigMenu(app: Pick<App, 'transaction'>, restaurantId: string): Promise<BigMenuRows> {
  return app.transaction((tx) => tx.catalog.menu.add(restaurantId, bigMenu()));
}

/** Stores built menu rows (one transaction); bench:web reshapes the big menu before this. */
export async function insertMenuRows(db: DB, rows: BigMenuRows): Promise<void> {
  await createRepositories(db).transaction((repos) => store(repos, rows));
}

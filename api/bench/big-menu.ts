/**
 * One big restaurant menu for the public menu's bench and size test: 40 categories of 25
 * products (1,000), each with a picture and two options of three rows. Names, descriptions and
 * prices vary like a real menu's (a fixed pseudo-random sequence, so every run is the same);
 * ids and picture names are random hex like real ones, which is what compresses worst.
 */
import type { Insertable } from 'kysely';
import { type Database, type DB, newId } from '../src/db';

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

export interface BigMenuRows {
  categories: Insertable<Database['categories']>[];
  products: Insertable<Database['products']>[];
  options: Insertable<Database['product_options']>[];
  rows: Insertable<Database['option_rows']>[];
}

export function bigMenuRows(restaurantId: string, seed = 42): BigMenuRows {
  const { next, pick } = sequence(seed);
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const at = (i: number) => new Date(base + i * 1000).toISOString();
  const out: BigMenuRows = { categories: [], products: [], options: [], rows: [] };
  for (let c = 0; c < BIG_MENU.categories; c++) {
    const categoryId = newId();
    const title = CATEGORY_TITLES[c % CATEGORY_TITLES.length]!;
    out.categories.push({
      id: categoryId,
      restaurant_id: restaurantId,
      title: c < CATEGORY_TITLES.length ? title : `${title} ${Math.floor(c / CATEGORY_TITLES.length) + 1}`,
      is_active: 1,
      external_id: null,
      created_at: at(c),
      updated_at: at(c),
    });
    for (let p = 0; p < BIG_MENU.productsPerCategory; p++) {
      const n = c * BIG_MENU.productsPerCategory + p;
      const productId = newId();
      const words = 6 + Math.floor(next() * 8);
      const description = Array.from({ length: words }, () => pick(INGREDIENTS)).join(', ');
      out.products.push({
        id: productId,
        restaurant_id: restaurantId,
        category_id: categoryId,
        name: `${pick(KINDS)} ${pick(DISHES)}`.replace(/^./, (ch) => ch.toUpperCase()),
        description: `${description.replace(/^./, (ch) => ch.toUpperCase())}.`,
        price: 5000 + Math.floor(next() * 90) * 1000,
        is_active: 1,
        images: JSON.stringify([{ file: `/uploads/products/${newId()}.jpg` }]),
        external_id: null,
        created_at: at(n),
        updated_at: at(n),
      });
      const options: [string, [string, number][]][] = [
        [
          'Hajmi',
          [
            ['Kichik', 0],
            ["O'rta", (2 + Math.floor(next() * 4)) * 1000],
            ['Katta', (6 + Math.floor(next() * 6)) * 1000],
          ],
        ],
        [
          "Qo'shimcha",
          [
            [pick(INGREDIENTS), (1 + Math.floor(next() * 5)) * 1000],
            [pick(INGREDIENTS), (1 + Math.floor(next() * 5)) * 1000],
            ['Achchiq sous', 0],
          ],
        ],
      ];
      options.forEach(([name, rows], o) => {
        const optionId = newId();
        out.options.push({
          id: optionId,
          product_id: productId,
          name,
          external_id: null,
          created_at: at(o),
          updated_at: at(o),
        });
        rows.forEach(([rowName, price], r) => {
          out.rows.push({
            id: newId(),
            product_option_id: optionId,
            name: rowName,
            price,
            external_id: null,
            created_at: at(r),
          });
        });
      });
    }
  }
  return out;
}

/** Inserts the big menu into an existing restaurant (batched, one transaction). */
export async function insertBigMenu(db: DB, restaurantId: string): Promise<BigMenuRows> {
  const rows = bigMenuRows(restaurantId);
  await insertMenuRows(db, rows);
  return rows;
}

/** Inserts menu rows (batched, one transaction); bench:web reshapes the big menu before this. */
export async function insertMenuRows(db: DB, rows: BigMenuRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const batched = async <T extends keyof Database>(table: T, list: Insertable<Database[T]>[]) => {
      for (let i = 0; i < list.length; i += 500) {
        await trx
          .insertInto(table)
          .values(list.slice(i, i + 500) as never)
          .execute();
      }
    };
    await batched('categories', rows.categories);
    await batched('products', rows.products);
    await batched('product_options', rows.options);
    await batched('option_rows', rows.rows);
  });
}

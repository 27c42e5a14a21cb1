/**
 * A fake Poster (joinposter) on 127.0.0.1: GET `/api/access.getSpots`, `/api/menu.getCategories`,
 * `/api/menu.getProducts` with `?token=`, in the shapes of Poster's documented answers
 * (api/test/fixtures/poster/, SOURCES.md there): most numbers as strings, prices per spot in
 * kopecks as strings, tech variants in `modifications` (their spots listed twice, as documented),
 * dish modifier groups in `group_modifications` with numeric ids and `is_deleted` and prices in
 * money, `hidden`, `photo`/`photo_origin` paths, a dish on the top screen (`menu_category_id`
 * "0"), a wrong token answered `{error: {code: 11}}`; webhooks signed the documented way
 * (`posterSign`).
 */
import { createHash } from 'node:crypto';
import { recorded } from '../fixtures/recorded';
import type { FakeBase } from './server';
import { DISHES, GROUPS, rng, startFake } from './server';

export const POSTER_TOKEN = '687409:4164553abf6a031302898da7800b59fb';
export const POSTER_APP_SECRET = 'fe2bc8e865d8fc2236968ee53c3b2bd5';

export interface PosterData {
  spots: { spot_id: string; spot_name: string; spot_adress: string }[];
  categories: Record<string, unknown>[];
  products: Record<string, unknown>[];
}

export function posterMenu(count = 200, seed = 7): PosterData {
  const rand = rng(seed);
  const spots = [
    { spot_id: '1', spot_name: 'Oqtepa Lavash Sergeli', spot_adress: 'Sergeli 5, Toshkent' },
    { spot_id: '2', spot_name: 'Oqtepa Lavash Chorsu', spot_adress: 'Chorsu bozori' },
  ];
  const catCount = Math.max(1, Math.ceil(count / 25));
  const categories = Array.from({ length: catCount }, (_, i) => ({
    category_id: String(i + 1),
    category_name: GROUPS[i % GROUPS.length],
    category_photo: null,
    parent_category: '0',
    category_color: 'white',
    category_hidden: '0',
    sort_order: String(i),
    fiscal: '0',
    nodiscount: '0',
    tax_id: '0',
    left: '0',
    right: '0',
    level: '1',
    category_tag: null,
    visible: spots.map((s) => ({ spot_id: s.spot_id, visible: 1 })),
  }));
  categories.push({
    ...categories[0],
    category_id: '99',
    category_name: 'Yashirin',
    category_hidden: '1',
    sort_order: '99',
  } as never);
  const products = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const som = 12000 + Math.floor(rand() * 100) * 500; // so'm
    const kop = String(som * 100);
    const variants = n % 9 === 0;
    return {
      barcode: '',
      category_name: GROUPS[(i % catCount) % GROUPS.length],
      unit: '',
      cost: '500000',
      fiscal: '0',
      hidden: n % 17 === 0 ? '1' : '0',
      menu_category_id: String((i % catCount) + 1),
      workshop: '1',
      nodiscount: '0',
      photo: n % 4 === 0 ? `/upload/pos/menu/product_${n}.jpg` : null,
      photo_origin: n % 4 === 0 ? `/upload/pos/menu/product_${n}_original.jpg` : null,
      product_code: '',
      product_id: String(100 + n),
      product_name: `${DISHES[n % DISHES.length]} ${n}`,
      sort_order: String(n),
      tax_id: '0',
      product_tax_id: '0',
      type: n % 3 === 0 ? '3' : '2',
      weight_flag: '0',
      color: 'white',
      spots: spots.map((s) => ({
        spot_id: s.spot_id,
        price: kop,
        profit: kop,
        profit_netto: kop,
        visible: s.spot_id === '1' && n % 23 === 0 ? '0' : '1',
      })),
      ...(variants
        ? {
            modifications: ['0.5', '1'].map((v, k) => ({
              modificator_id: String(n * 10 + k),
              modificator_name: `${v} l`,
              modificator_selfprice: '0',
              order: String(k),
              // as documented: each spot listed twice
              spots: [...spots, ...spots].map((s) => ({
                spot_id: s.spot_id,
                price: String((som + k * 4000) * 100),
                profit: '0',
                visible: '1',
              })),
            })),
          }
        : {}),
      ...(n % 6 === 0
        ? {
            group_modifications: [
              {
                dish_modification_group_id: 500 + (n % 3),
                name: 'Souslar',
                num_min: 0,
                num_max: 2,
                type: 2,
                is_deleted: 0,
                modifications: [
                  {
                    dish_modification_id: 71,
                    name: 'Ketchup',
                    ingredient_id: 0,
                    type: 1,
                    brutto: 0,
                    price: 2000,
                    photo_orig: '',
                    photo_large: '',
                    photo_small: '',
                  },
                  {
                    dish_modification_id: 72,
                    name: 'Pishloq',
                    ingredient_id: 0,
                    type: 1,
                    brutto: 0,
                    price: 5000,
                    photo_orig: '',
                    photo_large: '',
                    photo_small: '',
                  },
                ],
              },
            ],
          }
        : {}),
      ingredient_id: '0',
      cooking_time: '0',
      out: 0,
    };
  });
  // a dish on the top screen, outside every category (as documented: "Top screen", category "0")
  products.push({
    ...(products[0] as (typeof products)[number]),
    category_name: 'Top screen',
    menu_category_id: '0',
    product_id: '99',
    product_name: 'Kombo set',
    type: '2',
    hidden: '0',
    photo: null,
    photo_origin: null,
    sort_order: '999',
  });
  return { spots, categories, products };
}

/** The documented signature of a Poster webhook. */
export function posterSign(body: Record<string, unknown>, secret = POSTER_APP_SECRET): string {
  const parts = [body.account, body.object, body.object_id, body.action];
  if (body.data !== undefined) parts.push(body.data);
  parts.push(body.time, secret);
  return createHash('md5').update(parts.map(String).join(';')).digest('hex');
}

export interface FakePoster extends FakeBase {
  data: PosterData;
}

export async function startFakePoster(options: { products?: number } = {}): Promise<FakePoster> {
  const data = posterMenu(options.products ?? 200);
  const base = await startFake(
    (_req, path, _body, query) => {
      if (query.get('token') !== POSTER_TOKEN) return { json: recorded('poster/error.documented.json') };
      switch (path) {
        case '/api/access.getSpots':
          return { json: { response: data.spots } };
        case '/api/menu.getCategories':
          return { json: { response: data.categories } };
        case '/api/menu.getProducts':
          return { json: { response: data.products } };
        default:
          return { json: { error: { code: 20, message: 'Unknown method' } } };
      }
    },
    () => ({ response: 'not a list' }),
  );
  return { ...base, data };
}

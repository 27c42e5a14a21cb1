/**
 * The demo's restaurants and menus, each list in the order written here. The first one is the
 * showcase (showcase.ts): its texts are given in Uzbek, Russian and English, each dish has a
 * drawn picture (art.ts). The others stay as a restaurant starts: Uzbek only, no pictures.
 */
import type { TranslationsPatch } from '@qrmenu/shared/schemas';
import type { Dish } from './art';

/** A text in Uzbek only, or in the menu's three languages. */
export type Said = string | { uz: string; ru: string; en: string };

const tr = (uz: string, ru: string, en: string): Said => ({ uz, ru, en });

/**
 * An option of the demo with its rule (docs/PRODUCT.md, "Options and their rules"): `min` to
 * `max` portions of its rows (0 and 1 when not given: one row or none); a row's third element
 * its limits (taken up to `max` times, chosen beforehand).
 */
export interface SeedOption {
  name: Said;
  min?: number;
  max?: number;
  rows: [Said, number, { max?: number; default?: boolean }?][];
}

export interface SeedProduct {
  name: Said;
  description?: Said;
  price: number;
  stopped?: boolean;
  options?: SeedOption[];
  /** Its picture (art.ts), stored like an upload. */
  picture?: Dish;
}
export interface SeedRestaurant {
  name: string;
  slug: string;
  address: Said;
  phone_number: string;
  work_time: Said;
  manager?: string;
  categories: { title: Said; products: SeedProduct[] }[];
}

/** The Uzbek text. */
export const uzbek = (said: Said): string => (typeof said === 'string' ? said : said.uz);

/**
 * Fields in the shape a create takes: the Uzbek values, and the Russian and English of those
 * given in three languages as `translations` (none when all are Uzbek only).
 */
export function withTranslations<F extends string>(
  fields: Record<F, Said>,
): Record<F, string> & { translations?: TranslationsPatch } {
  const out = {} as Record<F, string>;
  const ru: Record<string, string> = {};
  const en: Record<string, string> = {};
  for (const [field, said] of Object.entries(fields) as [F, Said][]) {
    out[field] = uzbek(said);
    if (typeof said !== 'string') {
      ru[field] = said.ru;
      en[field] = said.en;
    }
  }
  return Object.keys(ru).length > 0 ? { ...out, translations: { ru, en } } : out;
}

/** A size: one to choose, the small one chosen beforehand. */
const size = (s: number, m: number, l: number): SeedOption => ({
  name: 'Hajmi',
  min: 1,
  max: 1,
  rows: [
    ['Kichik', s, { default: true }],
    ['Oʻrta', m],
    ['Katta', l],
  ],
});

/** The restaurant that shows the product off (the README's demo link opens its guests' page). */
export const SHOWCASE: SeedRestaurant = {
  name: 'Rayhon Milliy Taomlar',
  slug: 'rayhon-milliy-taomlar',
  address: tr(
    'Toshkent, Amir Temur koʻchasi 15',
    'Ташкент, улица Амира Темура, 15',
    '15 Amir Temur Street, Tashkent',
  ),
  phone_number: '+998712345678',
  work_time: tr('Har kuni 08:00–23:00', 'Ежедневно, 08:00–23:00', 'Daily, 8 am to 11 pm'),
  manager: 'manager1',
  categories: [
    {
      title: tr('Milliy taomlar', 'Национальные блюда', 'National dishes'),
      products: [
        {
          name: tr('Toshkent oshi', 'Ташкентский плов', 'Tashkent pilaf'),
          description: tr(
            'Guruch, mol goʻshti, sabzi, noʻxat va bedana tuxumi bilan',
            'Рис, говядина, морковь, нут и перепелиные яйца',
            'Rice, beef, carrots, chickpeas and quail eggs',
          ),
          price: 45000,
          options: [
            {
              // a portion must be chosen: the kitchen cannot cook a plov of no size
              name: tr('Porsiya', 'Порция', 'Portion'),
              min: 1,
              max: 1,
              rows: [
                [tr('Yarim', 'Половина', 'Half'), 0],
                [tr('Toʻliq', 'Полная', 'Full'), 20000],
              ],
            },
            {
              // extras taken together, the horse sausage up to twice
              name: tr('Qoʻshimchalar', 'Добавки', 'Extras'),
              min: 0,
              max: 3,
              rows: [
                [tr('Qazi', 'Казы', 'Qazi (horse sausage)'), 15000, { max: 2 }],
                [tr('Bedana tuxumi', 'Перепелиное яйцо', 'Quail egg'), 4000],
              ],
            },
          ],
          picture: 'plov',
        },
        {
          name: tr('Lagʻmon', 'Лагман', 'Lagman'),
          description: tr(
            'Qoʻlda choʻzilgan xamir, goʻsht va sabzavotlar',
            'Тянутая вручную лапша, мясо и овощи',
            'Hand-pulled noodles with meat and vegetables',
          ),
          price: 38000,
          picture: 'lagman',
        },
        {
          name: tr('Manti', 'Манты', 'Manti'),
          description: tr(
            'Bugʻda pishirilgan, qoʻy goʻshti bilan',
            'На пару, с бараниной',
            'Steamed dumplings filled with lamb',
          ),
          price: 35000,
          picture: 'manti',
        },
        {
          name: tr('Norin', 'Нарын', 'Naryn'),
          description: tr(
            'Ot goʻshti va xamir',
            'Конина с тонко нарезанным тестом',
            'Horse meat with thinly cut noodles',
          ),
          price: 40000,
          stopped: true,
          picture: 'norin',
        },
      ],
    },
    {
      title: tr('Shoʻrvalar', 'Супы', 'Soups'),
      products: [
        {
          name: tr('Mastava', 'Мастава', 'Mastava'),
          description: tr(
            'Guruchli shoʻrva, mol goʻshti va qatiq bilan',
            'Рисовый суп с говядиной и катыком',
            'Rice soup with beef and yoghurt',
          ),
          price: 28000,
          picture: 'mastava',
        },
        {
          name: tr('Shoʻrva', 'Шурпа', 'Shurpa'),
          description: tr(
            'Qoʻy goʻshti va sabzavotlar bilan',
            'С бараниной и овощами',
            'Lamb and vegetable soup',
          ),
          price: 32000,
          picture: 'shurpa',
        },
      ],
    },
    {
      title: tr('Ichimliklar', 'Напитки', 'Drinks'),
      products: [
        {
          name: tr('Koʻk choy', 'Зелёный чай', 'Green tea'),
          description: tr('Choynakda damlangan', 'Заваривается в чайнике', 'Brewed in a teapot'),
          price: 8000,
          options: [
            {
              name: tr('Hajmi', 'Размер', 'Size'),
              min: 1,
              max: 1,
              rows: [
                [tr('Kichik', 'Маленький', 'Small'), 0, { default: true }],
                [tr('Oʻrta', 'Средний', 'Medium'), 3000],
                [tr('Katta', 'Большой', 'Large'), 6000],
              ],
            },
          ],
          picture: 'tea',
        },
        {
          name: tr('Kompot', 'Компот', 'Compote'),
          description: tr(
            'Quritilgan mevalardan, uyda tayyorlangan',
            'Домашний, из сухофруктов',
            'Homemade, from dried fruit',
          ),
          price: 12000,
          picture: 'compote',
        },
      ],
    },
  ],
};

export const DEMO: SeedRestaurant[] = [
  SHOWCASE,
  {
    name: 'Oqtepa Lavash',
    slug: 'oqtepa-lavash',
    address: 'Toshkent, Chilonzor 9-kvartal',
    phone_number: '+998781234567',
    work_time: '10:00-02:00',
    manager: 'manager2',
    categories: [
      {
        title: 'Lavashlar',
        products: [
          {
            name: 'Lavash',
            description: 'Mol goʻshti, pomidor, bodring va maxsus sous',
            price: 32000,
            options: [
              size(0, 5000, 10000),
              {
                name: 'Qoʻshimcha',
                rows: [
                  ['Pishloq', 4000],
                  ['Achchiq', 0],
                ],
              },
            ],
          },
          {
            name: 'Tovuqli lavash',
            description: 'Tovuq goʻshti, karam, pomidor va sarimsoqli sous',
            price: 29000,
            options: [size(0, 5000, 9000)],
          },
          { name: 'Pishloqli lavash', price: 35000, stopped: true },
        ],
      },
      {
        title: 'Burgerlar',
        products: [
          { name: 'Gamburger', description: 'Mol goʻshtli kotlet, pomidor, salat bargi', price: 27000 },
          { name: 'Chizburger', description: 'Gamburger, ustiga cheddar pishlogʻi', price: 30000 },
        ],
      },
      {
        title: 'Desertlar',
        products: [{ name: 'Muzqaymoq', price: 12000, stopped: true }],
      },
    ],
  },
  {
    name: 'Caravan',
    slug: 'caravan',
    address: 'Toshkent, Abdulla Qahhor koʻchasi 22',
    phone_number: '+998712001122',
    work_time: '11:00-23:30',
    categories: [
      {
        title: 'Salatlar',
        products: [
          { name: 'Achchiq-chuchuk', description: 'Pomidor, piyoz va qalampir', price: 18000 },
          { name: 'Olivye', description: 'Kartoshka, sabzi, tuxum, tovuq va mayonez', price: 24000 },
        ],
      },
      {
        title: 'Issiq taomlar',
        products: [
          {
            name: 'Qozon kabob',
            description: 'Kartoshka va qoʻy goʻshti',
            price: 65000,
            options: [
              {
                name: 'Goʻsht',
                rows: [
                  ['Qoʻy', 0],
                  ['Mol', 5000],
                ],
              },
            ],
          },
          {
            name: 'Shashlik',
            description: 'Koʻmirda pishirilgan, piyoz va non bilan',
            price: 22000,
            options: [size(0, 8000, 15000)],
          },
        ],
      },
    ],
  },
];

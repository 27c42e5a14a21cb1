/**
 * `pnpm seed`: an idempotent demo on the configured database (DATA_DIR / DATABASE_URL):
 * managers manager1/manager2 (password manager123), three Uzbek restaurants with categories,
 * products with options and rows, and a few stopped products. Existing rows are left alone.
 * Timestamps increase in the order written here, so the catalog (and the guests' menu page at
 * /m/<slug>) lists everything in this order.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES } from '@qrmenu/shared/schemas';
import { resolveDataDir } from './config/data-dir';
import { pickSettings } from './config/settings';
import { connect, type DB, newId, now } from './db';
import { newRestaurantRow } from './repos/restaurants';
import { createUser, ensureAdmin, findUserByLogin } from './repos/users';

interface SeedProduct {
  name: string;
  description?: string;
  price: number;
  stopped?: boolean;
  options?: { name: string; rows: [string, number][] }[];
}
interface SeedRestaurant {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager?: string;
  categories: { title: string; products: SeedProduct[] }[];
}

const size = (s: number, m: number, l: number) => ({
  name: 'Hajmi',
  rows: [
    ['Kichik', s],
    ['Oʻrta', m],
    ['Katta', l],
  ] as [string, number][],
});

export const DEMO: SeedRestaurant[] = [
  {
    name: 'Rayhon Milliy Taomlar',
    slug: 'rayhon-milliy-taomlar',
    address: 'Toshkent, Amir Temur koʻchasi 15',
    phone_number: '+998712345678',
    work_time: '08:00-23:00',
    manager: 'manager1',
    categories: [
      {
        title: 'Milliy taomlar',
        products: [
          {
            name: 'Toshkent oshi',
            description: 'Guruch, mol goʻshti, sabzi, noʻxat va bedana tuxumi bilan',
            price: 45000,
            options: [
              {
                name: 'Porsiya',
                rows: [
                  ['Yarim', 0],
                  ['Toʻliq', 20000],
                ],
              },
            ],
          },
          { name: 'Lagʻmon', description: 'Qoʻlda choʻzilgan xamir, goʻsht va sabzavotlar', price: 38000 },
          { name: 'Manti', description: 'Bugʻda pishirilgan, qoʻy goʻshti bilan', price: 35000 },
          { name: 'Norin', description: 'Ot goʻshti va xamir', price: 40000, stopped: true },
        ],
      },
      {
        title: 'Shoʻrvalar',
        products: [
          { name: 'Mastava', description: 'Guruchli shoʻrva, mol goʻshti va qatiq bilan', price: 28000 },
          { name: 'Shoʻrva', description: 'Qoʻy goʻshti va sabzavotlar bilan', price: 32000 },
        ],
      },
      {
        title: 'Ichimliklar',
        products: [
          {
            name: 'Koʻk choy',
            description: 'Choynakda damlangan',
            price: 8000,
            options: [size(0, 3000, 6000)],
          },
          { name: 'Kompot', description: 'Quritilgan mevalardan, uyda tayyorlangan', price: 12000 },
        ],
      },
    ],
  },
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

async function ensureManager(db: DB, login: string, password: string): Promise<string> {
  const existing = await findUserByLogin(db, login);
  if (existing) return existing.id;
  return (await createUser(db, { login, password, role: ROLES.manager })).id;
}

/** Writes the demo; returns what was created (restaurants already present are skipped). */
export async function seed(db: DB): Promise<{ created: string[]; skipped: string[] }> {
  const managers: Record<string, string> = {
    manager1: await ensureManager(db, 'manager1', 'manager123'),
    manager2: await ensureManager(db, 'manager2', 'manager123'),
  };
  const created: string[] = [];
  const skipped: string[] = [];
  for (const r of DEMO) {
    const exists = await db
      .selectFrom('restaurants')
      .select('id')
      .where('slug', '=', r.slug)
      .executeTakeFirst();
    const managerId = r.manager ? managers[r.manager] : undefined;
    const managerTaken = managerId
      ? await db.selectFrom('restaurants').select('id').where('manager_id', '=', managerId).executeTakeFirst()
      : undefined;
    if (exists) {
      skipped.push(r.slug);
      continue;
    }
    await db.transaction().execute(async (trx) => {
      // one millisecond apart, and each list's positions in the order written above
      const start = Date.parse(now());
      let tick = 0;
      const next = () => new Date(start + tick++).toISOString();
      const t = next();
      const restaurant = newRestaurantRow(
        {
          name: r.name,
          slug: r.slug,
          address: r.address,
          phone_number: r.phone_number,
          work_time: r.work_time,
          manager_id: managerTaken ? null : (managerId ?? null),
        },
        t,
      );
      const restaurantId = restaurant.id;
      await trx.insertInto('restaurants').values(restaurant).execute();
      for (const [ci, c] of r.categories.entries()) {
        const categoryId = newId();
        const categoryAt = next();
        const allStopped = c.products.every((p) => p.stopped);
        await trx
          .insertInto('categories')
          .values({
            id: categoryId,
            restaurant_id: restaurantId,
            title: c.title,
            is_active: allStopped ? 0 : 1,
            external_id: null,
            position: ci,
            created_at: categoryAt,
            updated_at: categoryAt,
          })
          .execute();
        for (const [pi, p] of c.products.entries()) {
          const productId = newId();
          const productAt = next();
          await trx
            .insertInto('products')
            .values({
              id: productId,
              restaurant_id: restaurantId,
              category_id: categoryId,
              name: p.name,
              description: p.description ?? '',
              price: p.price,
              is_active: p.stopped ? 0 : 1,
              images: '[]',
              external_id: null,
              position: pi,
              created_at: productAt,
              updated_at: productAt,
            })
            .execute();
          for (const [oi, o] of (p.options ?? []).entries()) {
            const optionId = newId();
            const optionAt = next();
            await trx
              .insertInto('product_options')
              .values({
                id: optionId,
                product_id: productId,
                name: o.name,
                external_id: null,
                position: oi,
                created_at: optionAt,
                updated_at: optionAt,
              })
              .execute();
            for (const [ri, [name, price]] of o.rows.entries()) {
              await trx
                .insertInto('option_rows')
                .values({
                  id: newId(),
                  product_option_id: optionId,
                  name,
                  price,
                  external_id: null,
                  position: ri,
                  created_at: next(),
                })
                .execute();
            }
          }
        }
      }
    });
    created.push(r.slug);
  }
  return { created, skipped };
}

async function main(): Promise<void> {
  const env = pickSettings(['DATA_DIR', 'INIT_CWD', 'DATABASE_URL', 'ADMIN_LOGIN', 'ADMIN_PASSWORD']);
  const conn = await connect({
    databaseUrl: env.DATABASE_URL,
    dataDir: resolveDataDir(env, process.cwd(), dirname(fileURLToPath(import.meta.url))),
  });
  try {
    await ensureAdmin(conn.db, {
      login: env.ADMIN_LOGIN,
      password: env.ADMIN_PASSWORD,
      onCreated: (login, password, generated) =>
        console.log(
          generated
            ? `Admin created: login "${login}", password "${password}" (shown only once)`
            : `Admin "${login}" created`,
        ),
    });
    const { created, skipped } = await seed(conn.db);
    console.log(
      `Seed: created ${created.length} restaurant(s) [${created.join(', ')}], already present: [${skipped.join(', ')}]`,
    );
    console.log('Managers: manager1 / manager123, manager2 / manager123');
    console.log(`Guests' menus: ${DEMO.map((r) => `/m/${r.slug}`).join(', ')}`);
  } finally {
    await conn.close();
  }
}

const isMain = process.argv[1] && /seed\.(ts|js)$/.test(process.argv[1]);
if (isMain) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

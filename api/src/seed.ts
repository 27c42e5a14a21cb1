/**
 * `pnpm seed`: an idempotent demo on the configured database (DATA_DIR / DATABASE_URL):
 * managers manager1/manager2 (password manager123), three Uzbek restaurants with categories,
 * products with options and rows, and a few stopped products. Existing rows are left alone.
 * Written through the services, as the back office writes them: every list in the order written
 * here, so the catalog (and the guests' menu page at /m/<slug>) lists everything in this order.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, buildApp } from './app';
import { resolveDataDir } from './config/data-dir';
import { pickSettings, STORAGE_SETTINGS, s3Config } from './config/settings';
import type { MenuCategory } from './services/catalog';

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

/** What the seed writes with: the app's services (and its users, read to stay idempotent). */
export type SeedTarget = Pick<App, 'accounts' | 'restaurants' | 'transaction' | 'repos'>;

async function ensureManager(app: SeedTarget, login: string, password: string): Promise<string> {
  const existing = await app.repos.users.findByLogin(login);
  if (existing) return existing.id;
  return (await app.accounts.createManager(login, password))._id;
}

/** The demo's menu in the shape a whole-menu write takes (a category of stopped products only is off). */
const menuOf = (r: SeedRestaurant): MenuCategory[] =>
  r.categories.map((c) => ({
    title: c.title,
    is_active: !c.products.every((p) => p.stopped),
    products: c.products.map((p) => ({
      name: p.name,
      description: p.description ?? '',
      price: p.price,
      is_active: !p.stopped,
      options: (p.options ?? []).map((o) => ({
        name: o.name,
        rows: o.rows.map(([name, price]) => ({ name, price })),
      })),
    })),
  }));

/** Writes the demo; returns what was created (restaurants already present are skipped). */
export async function seed(app: SeedTarget): Promise<{ created: string[]; skipped: string[] }> {
  const managers: Record<string, string> = {
    manager1: await ensureManager(app, 'manager1', 'manager123'),
    manager2: await ensureManager(app, 'manager2', 'manager123'),
  };
  const created: string[] = [];
  const skipped: string[] = [];
  for (const r of DEMO) {
    if (await app.restaurants.findBySlug(r.slug)) {
      skipped.push(r.slug);
      continue;
    }
    const managerId = r.manager ? managers[r.manager] : undefined;
    const managerFree = managerId !== undefined && !(await app.restaurants.ofManager(managerId));
    await app.transaction(async (tx) => {
      const restaurant = await tx.restaurants.create({
        name: r.name,
        slug: r.slug,
        address: r.address,
        phone_number: r.phone_number,
        work_time: r.work_time,
        ...(managerFree ? { manager_id: managerId } : {}),
        type: 'manual',
        is_active: true,
      });
      await tx.catalog.menu.add(restaurant._id, menuOf(r));
    });
    created.push(r.slug);
  }
  return { created, skipped };
}

async function main(): Promise<void> {
  const env = pickSettings([
    'DATA_DIR',
    'INIT_CWD',
    'DATABASE_URL',
    'JWT_SECRET',
    'ADMIN_LOGIN',
    'ADMIN_PASSWORD',
    ...STORAGE_SETTINGS,
  ]);
  const app = await buildApp({
    dataDir: resolveDataDir(env, process.cwd(), dirname(fileURLToPath(import.meta.url))),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    adminLogin: env.ADMIN_LOGIN,
    adminPassword: env.ADMIN_PASSWORD,
    onAdminCreated: (login, password, generated) =>
      console.log(
        generated
          ? `Admin created: login "${login}", password "${password}" (shown only once)`
          : `Admin "${login}" created`,
      ),
    s3: s3Config(env),
    posSchedule: false,
    visits: { enabled: false },
    logger: false,
  });
  try {
    const { created, skipped } = await seed(app);
    console.log(
      `Seed: created ${created.length} restaurant(s) [${created.join(', ')}], already present: [${skipped.join(', ')}]`,
    );
    console.log('Managers: manager1 / manager123, manager2 / manager123');
    console.log(`Guests' menus: ${DEMO.map((r) => `/m/${r.slug}`).join(', ')}`);
  } finally {
    await app.close();
  }
}

const isMain = process.argv[1] && /seed\.(ts|js)$/.test(process.argv[1]);
if (isMain) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

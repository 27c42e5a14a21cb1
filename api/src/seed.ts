/**
 * `pnpm seed`: an idempotent demo on the configured database (DATA_DIR / DATABASE_URL):
 * managers manager1/manager2 (password manager123), three Uzbek restaurants with categories,
 * products with options and rows, and a few stopped products (seed/demo.ts). The first,
 * the showcase, also has its texts in Russian and English, pictures, QR placements, two weeks
 * of visits, two months of orders and, ordering on, today's board: orders in each state, a
 * waiter call, a bill open and one paid (seed/showcase.ts, seed/live.ts). A restaurant already
 * present keeps its menu; the showcase gets only what it lacks. Written through the services, as the back office writes them: every list
 * in the order of seed/demo.ts, so the catalog (and the guests' menu page at /m/<slug>) lists
 * everything in that order.
 */
import type { App } from './app';
import { commandApp, commandSettings } from './command-app';
import { STORAGE_SETTINGS, s3Config } from './config/settings';
import { DEMO, type SeedRestaurant, SHOWCASE, withTranslations } from './seed/demo';
import { CART_TABLE } from './seed/live';
import { dressShowcase, type ShowcaseAdded, type ShowcaseTarget } from './seed/showcase';
import type { MenuCategory } from './services/catalog';

export { DEMO, SHOWCASE } from './seed/demo';

/** What the seed writes with: the app's services (and its users, read to stay idempotent). */
export type SeedTarget = Pick<App, 'accounts' | 'restaurants' | 'transaction' | 'repos'> & ShowcaseTarget;

async function ensureManager(app: SeedTarget, login: string, password: string): Promise<string> {
  const existing = await app.repos.users.findByLogin(login);
  if (existing) return existing.id;
  return (await app.accounts.createManager(login, password))._id;
}

/** The demo's menu in the shape a whole-menu write takes (a category of stopped products only is off). */
const menuOf = (r: SeedRestaurant): MenuCategory[] =>
  r.categories.map((c) => ({
    ...withTranslations({ title: c.title }),
    is_active: !c.products.every((p) => p.stopped),
    products: c.products.map((p) => ({
      ...withTranslations({ name: p.name, description: p.description ?? '' }),
      price: p.price,
      is_active: !p.stopped,
      options: (p.options ?? []).map((o) => ({
        ...withTranslations({ name: o.name }),
        min_choices: o.min,
        max_choices: o.max,
        rows: o.rows.map(([name, price, limits]) => ({
          ...withTranslations({ name }),
          price,
          max_quantity: limits?.max,
          is_default: limits?.default,
        })),
      })),
    })),
  }));

/**
 * Writes the demo; answers which restaurants were created (those already present are skipped)
 * and what the showcase was given.
 */
export async function seed(
  app: SeedTarget,
): Promise<{ created: string[]; skipped: string[]; showcase: ShowcaseAdded }> {
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
        ...withTranslations({ address: r.address, work_time: r.work_time }),
        phone_number: r.phone_number,
        ...(managerFree ? { manager_id: managerId } : {}),
        type: 'manual',
        is_active: true,
      });
      await tx.catalog.menu.add(restaurant._id, menuOf(r));
    });
    created.push(r.slug);
  }
  const row = await app.restaurants.findBySlug(SHOWCASE.slug);
  const added = row
    ? await dressShowcase(app, row, SHOWCASE, managers.manager1 as string)
    : { pictures: 0, placements: 0, visits: 0, orders: 0, live: { orders: 0, calls: 0, bills: 0 } };
  return { created, skipped, showcase: added };
}

async function main(): Promise<void> {
  const env = commandSettings(['ADMIN_LOGIN', 'ADMIN_PASSWORD', ...STORAGE_SETTINGS]);
  const app = await commandApp(env, {
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
  });
  try {
    const { created, skipped, showcase } = await seed(app);
    console.log(
      `Seed: created ${created.length} restaurant(s) [${created.join(', ')}], already present: [${skipped.join(', ')}]`,
    );
    console.log(
      `Showcase /m/${SHOWCASE.slug}: added ${showcase.pictures} picture(s), ${showcase.placements} QR placement(s), ${showcase.visits} visit(s), ${showcase.orders} order(s)`,
    );
    console.log(
      `Today's board (manager1, «Buyurtmalar»): added ${showcase.live.orders} order(s), ${showcase.live.calls} waiter call(s), ${showcase.live.bills} bill(s)`,
    );
    console.log('Managers: manager1 / manager123, manager2 / manager123');
    console.log(`Guests' menus: ${DEMO.map((r) => `/m/${r.slug}`).join(', ')}`);
    const row = await app.restaurants.findBySlug(SHOWCASE.slug);
    const table = row && (await app.placements.list(row.id)).find((p) => p.name === CART_TABLE);
    if (table) console.log(`${CART_TABLE}'s guests' page, with the cart: /m/${SHOWCASE.slug}?p=${table._id}`);
    // what the demo leaves for the restaurant to connect (docs/TELEGRAM.md, docs/PAYMENTS.md)
    console.log(
      "Not connected: the Telegram bot (a token from @BotFather and the staff chat, in the restaurant form) and Payme / Click (the cashbox, in «To'lov tizimlari»); both need INTEGRATION_SECRET_KEY on the server",
    );
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

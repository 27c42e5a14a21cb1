/**
 * The set-ups of the specs that run a server of their own with the fakes of the services it talks
 * to (the POS, the payment providers, Telegram: api/test/fakes/): the API as the admin, a manager
 * and a guest use it, signing a browser in, a POS restaurant imported with its tables open for
 * orders, the restaurant's bot and chat. Written once here; each spec keeps only what it tests.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type FakeIiko, IIKO_API_LOGIN } from '../../api/test/fakes/iiko';
import { type FakePoster, POSTER_APP_SECRET, POSTER_TOKEN } from '../../api/test/fakes/poster';
import { type FakeTelegram, startTelegramFake } from '../../api/test/fakes/telegram';
import { ADMIN, type Credentials, type RunningServer, startApiServer, unique } from './support';

/**
 * The spec's own server, talking to the fakes it is given (their addresses in its environment,
 * a key to seal the integrations' secrets with); `stop` stops it, then closes the fakes.
 */
export async function startServerWith(fakes: {
  iiko?: FakeIiko;
  poster?: FakePoster;
  telegram?: FakeTelegram;
}): Promise<RunningServer> {
  const env: Record<string, string> = { INTEGRATION_SECRET_KEY: 'e2e1'.repeat(16) };
  if (fakes.iiko) env.IIKO_API_URL = fakes.iiko.url;
  if (fakes.poster) env.POSTER_API_URL = fakes.poster.url;
  if (fakes.telegram) {
    env.TELEGRAM_API_URL = fakes.telegram.url;
    env.TELEGRAM_WEBHOOK_URL = 'https://menu.example.uz';
  }
  const closeFakes = () => Promise.all(Object.values(fakes).map((f) => f?.close()));
  try {
    const server = await startApiServer({ env });
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await closeFakes();
      },
    };
  } catch (err) {
    await closeFakes();
    throw err;
  }
}

/**
 * The spec's own server on a fake Bot API of its own (`startServerWith`): started before the
 * spec's first test, stopped (the fake closed) after its last. Call at the spec's top.
 */
export function telegramServer(): { readonly fake: FakeTelegram; readonly server: RunningServer } {
  let started: { fake: FakeTelegram; server: RunningServer } | undefined;
  const made = () => {
    if (!started) throw new Error('the server starts in beforeAll: read it in a test');
    return started;
  };
  test.beforeAll(async () => {
    const fake = await startTelegramFake();
    started = { fake, server: await startServerWith({ telegram: fake }) };
  });
  test.afterAll(() => started?.server.stop());
  return {
    get fake() {
      return made().fake;
    },
    get server() {
      return made().server;
    },
  };
}

/** A created item's answer: `_id` (or `id` where the contract answers that, as products), kept as `_id`. */
export type Created = { _id: string } & Record<string, unknown>;

/** A guest's order as the public API answers it. */
export interface GuestOrder {
  _id: string;
  number: number;
  key: string;
}

/** The API of the spec's server `base`, through Playwright's request context. */
export function serverApi(request: APIRequestContext, base: string) {
  const url = (path: string) => `${base}/api/${path}`;
  return {
    url,

    /** Logs in and answers the access token. */
    async token(creds: Credentials): Promise<string> {
      const res = await request.post(url('auth/login'), { data: creds });
      expect(res.status(), `login ${creds.login}`).toBe(200);
      return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
    },

    /** A call as the token's user that must succeed; answers its `data` (a created item's id as `_id`). */
    async call<T = Created>(auth: string, method: 'post' | 'put', path: string, data: object): Promise<T> {
      const res = await request[method](url(path), { headers: { Authorization: `Bearer ${auth}` }, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      const d = ((await res.json()) as { data: Record<string, unknown> }).data;
      return (Array.isArray(d) ? d : { ...d, _id: d._id ?? d.id }) as T;
    },

    /** Creates as the token's user: expects 201 and answers the new item's id. */
    async create(auth: string, path: string, data: object): Promise<string> {
      const res = await request.post(url(path), { headers: { Authorization: `Bearer ${auth}` }, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      const body = (await res.json()) as { data: { _id?: string; id?: string } };
      return (body.data._id ?? body.data.id) as string;
    },

    /** A guest's order through the public API, as the cart sends it. */
    async order(table: string, items: unknown[], extra: object = {}): Promise<GuestOrder> {
      const res = await request.post(url('public/orders'), {
        data: { placement_id: table, idempotency_key: randomUUID(), language: 'uz', items, ...extra },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: GuestOrder }).data;
    },
  };
}
export type ServerApi = ReturnType<typeof serverApi>;

/** Signs the page's browser context in on `base` (the token and role in its storage). */
export async function signIn(page: Page, base: string, auth: string, role: 'admin' | 'manager') {
  await page.goto(`${base}/not-found`);
  await page.evaluate(
    ([t, r]) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('role', r);
    },
    [auth, role] as const,
  );
}

/**
 * A restaurant made by the admin for a new manager: `name`, in Toshkent; `prefix` starts the
 * manager's login and the slug (made unique). The admin's and the manager's tokens with it.
 */
export async function managedRestaurant(api: ServerApi, name: string, prefix: string) {
  const admin = await api.token(ADMIN);
  const managerCreds = { login: unique(`${prefix}-menejer`), password: 'parol12345' };
  const managerId = await api.create(admin, 'admin/managers', managerCreds);
  const slug = unique(prefix).toLowerCase();
  const restaurantId = await api.create(admin, 'admin/restaurants/create', {
    name,
    slug,
    address: 'Toshkent',
    phone_number: '+998901112233',
    work_time: '09:00-23:00',
    manager_id: managerId,
  });
  const manager = await api.token(managerCreds);
  return { admin, manager, managerCreds, restaurantId, slug };
}

/** `managedRestaurant` with one dish: "Osh" at 45 000 so'm in "Taomlar". */
export async function oshRestaurant(api: ServerApi, name: string, prefix: string) {
  const made = await managedRestaurant(api, name, prefix);
  const category = await api.create(made.manager, 'manager/category/create', {
    title: 'Taomlar',
    restaurant_id: made.restaurantId,
  });
  const osh = await api.create(made.manager, 'manager/products', {
    name: 'Osh',
    category_id: category,
    price: 45_000,
  });
  return { ...made, osh };
}

/**
 * `oshRestaurant` on the server at `base` with its `tables` taking orders (their codes, in the
 * same order), and the API it was made through.
 */
export async function oshRestaurantWithTables(
  request: APIRequestContext,
  base: string,
  name: string,
  prefix: string,
  tables: string[],
) {
  const api = serverApi(request, base);
  const made = await oshRestaurant(api, name, prefix);
  return { api, ...made, tables: await openTables(api, made.manager, made.restaurantId, tables) };
}

export interface PosRestaurant {
  restaurant: { _id: string; slug: string };
  managerCreds: Credentials;
  /** The manager's token. */
  manager: string;
  /** The admin's token. */
  admin: string;
}

/** The fake iiko's first organization, as the admin connects it. */
export const iikoLocation = (fake: FakeIiko) => ({
  provider: 'iiko' as const,
  credentials: { apiLogin: IIKO_API_LOGIN },
  location_id: fake.data.organizations[0]?.id,
});

/** The fake Poster's spot 1, as the admin connects it. */
export const POSTER_SPOT = {
  provider: 'poster' as const,
  credentials: { token: POSTER_TOKEN, appSecret: POSTER_APP_SECRET },
  location_id: '1',
};

/** A manager made by the admin, and the POS location imported as their restaurant. */
export async function importPosRestaurant(
  api: ServerApi,
  managerCreds: Credentials,
  pos: { provider: 'iiko' | 'poster'; credentials: object; location_id: string | undefined },
): Promise<PosRestaurant> {
  const admin = await api.token(ADMIN);
  const managerId = await api.create(admin, 'admin/managers', managerCreds);
  const imported = await api.call<{ restaurant: { _id: string; slug: string } }>(
    admin,
    'post',
    'admin/integration/pos/import',
    { ...pos, manager_id: managerId },
  );
  const manager = await api.token(managerCreds);
  // Poster takes an online order only with a valid phone, the restaurant's own from its card (an
  // import from Poster leaves it empty): the manager fills it in as a restaurant would
  if (pos.provider === 'poster')
    await api.call(manager, 'put', `manager/restaurants/update?slug=${imported.restaurant.slug}`, {
      phone_number: '+998 71 200 00 00',
    });
  return { restaurant: imported.restaurant, managerCreds, manager, admin };
}

/**
 * A POS location imported for a fresh manager (`login` its prefix) and paid online: the admin
 * sets `payments` (Payme's or Click's credentials); its Stol 5 (`table`) takes orders, sent to
 * the POS at once.
 */
export async function payingPosRestaurant(
  api: ServerApi,
  login: string,
  pos: Parameters<typeof importPosRestaurant>[2],
  payments: object,
): Promise<PosRestaurant & { table: string }> {
  const imported = await importPosRestaurant(api, { login: unique(login), password: 'parol12345' }, pos);
  await api.call(imported.admin, 'put', `admin/restaurants/${imported.restaurant._id}/payments`, payments);
  const [table] = await openTables(api, imported.manager, imported.restaurant._id, ['Stol 5'], 'at_once');
  return { ...imported, table: table! };
}

/**
 * The restaurant's tables, made and taking orders; `posSend` sets how orders go to the POS
 * (left as it is without it). Answers the tables' ids in the order of `names`.
 */
export async function openTables(
  api: ServerApi,
  manager: string,
  restaurantId: string,
  names: string[],
  posSend?: 'off' | 'accepted' | 'at_once',
): Promise<string[]> {
  const made = await api.call<{ _id: string }[]>(manager, 'post', 'manager/placements', {
    restaurant_id: restaurantId,
    names,
  });
  const ids = made.map((p) => p._id);
  await api.call(manager, 'put', 'manager/ordering', {
    takes_orders: true,
    placements: ids.map((_id) => ({ _id, takes_orders: true })),
    ...(posSend ? { pos_send: posSend } : {}),
  });
  return ids;
}

/** The restaurant's bot, an administrator of a new supergroup on the fake Bot API, saved by the manager. */
export async function connectBot(
  api: ServerApi,
  telegram: FakeTelegram,
  manager: string,
  slug: string,
  chat: { bot: string; id: number; title: string },
) {
  const bot = telegram.addBot(chat.bot);
  telegram.addChat({ id: chat.id, type: 'supergroup', title: chat.title, members: [[bot, 'administrator']] });
  await api.call(manager, 'put', `manager/restaurants/update?slug=${slug}`, {
    bot_token: bot.token,
    channel_id: String(chat.id),
  });
  return bot;
}

/** The chat's post of the guest's order #`number` (its text as last edited), if sent. */
export const orderPost = (telegram: FakeTelegram, number: number) =>
  telegram.messages.find((m) => m.text.startsWith(`Yangi buyurtma #${number}`));

/**
 * A dish of the fake Poster's menu in Poster's shape (the first product's fields), priced `som` at
 * every spot (Poster writes prices in kopecks: so'm x 100), in category 1 and visible.
 */
export function posterDish(
  poster: FakePoster,
  id: string,
  name: string,
  som: number,
  extra: Record<string, unknown> = {},
) {
  const base = poster.data.products[0] as Record<string, unknown>;
  return {
    ...base,
    product_id: id,
    product_name: name,
    menu_category_id: '1',
    hidden: '0',
    photo: null,
    photo_origin: null,
    sort_order: '0',
    spots: poster.data.spots.map((s) => ({
      spot_id: s.spot_id,
      price: String(Math.round(som * 100)),
      profit: '0',
      visible: '1',
    })),
    ...extra,
  };
}

/** A dish's id and price as the guests' menu page (open in `page`) carries them for its cart. */
export async function menuDish(page: Page, name: string): Promise<{ id: string; price: number }> {
  return page.evaluate((wanted) => {
    const li = [...document.querySelectorAll<HTMLElement>('li[data-product]')].find(
      (el) => el.querySelector('h3')?.textContent === wanted,
    );
    return { id: li?.dataset.product ?? '', price: Number(li?.dataset.price ?? 0) };
  }, name);
}

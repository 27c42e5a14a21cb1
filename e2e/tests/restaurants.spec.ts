/**
 * The restaurants module in the composed production app: admin and manager flows, the
 * integration feed and pagination. This spec runs its own server (fresh DATA_DIR, so the counters
 * are exact) with INTEGRATION_FEED_URL pointing at a feed served here on 127.0.0.1. The one spec
 * with the full motion of the dialogs and toasts (the others reduce it).
 */
import { createServer, type Server } from 'node:http';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type RunningServer, startApiServer } from '../servers';
import { ADMIN, type Credentials, loginThroughUi, PNG, transitionDuration } from './support';

interface Feed {
  provider: string;
  restaurants: {
    id: string;
    name: string;
    address: string;
    phone_number: string;
    work_time: string;
    categories: { id: string; title: string; products: { id: string; name: string; price: number }[] }[];
  }[];
}

function makeFeed(productsInFirstCategory: number): Feed {
  return {
    provider: 'feed',
    restaurants: [
      {
        id: 'ext-1',
        name: 'Tashqi Osh Markazi',
        address: 'Toshkent, Yunusobod',
        phone_number: '+998712000001',
        work_time: '10:00-22:00',
        categories: [
          {
            id: 'c-1',
            title: 'Taomlar',
            products: Array.from({ length: productsInFirstCategory }, (_, i) => ({
              id: `p-${i + 1}`,
              name: `Taom ${i + 1}`,
              price: 25000 + i * 1000,
            })),
          },
        ],
      },
      {
        id: 'ext-2',
        name: 'Tashqi Kafe',
        address: 'Samarqand',
        phone_number: '+998662000002',
        work_time: '08:00-20:00',
        categories: [],
      },
    ],
  };
}

interface Env {
  server: RunningServer;
  feed: { url: string; set: (feed: Feed) => void };
}

/**
 * One feed and one server for this file, started before its first test and stopped after its
 * last, handed to the tests as fixtures. Not worker fixtures: they would give the file a worker
 * of its own, which Playwright schedules after every other file.
 */
let fileEnv: (Env & { stop: () => Promise<void> }) | undefined;
const test = base.extend<Env>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  feed: async ({}, use) => {
    if (!fileEnv) throw new Error("the file's feed did not start");
    await use(fileEnv.feed);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take an object pattern
  server: async ({}, use) => {
    if (!fileEnv) throw new Error("the file's server did not start");
    await use(fileEnv.server);
  },
});
test.describe.configure({ mode: 'serial' });
// The other specs run with the system's "reduce motion" setting (playwright.config.ts); these
// dialogs, menus and toasts open and close with their full animations, as most users see them.
test.use({ reducedMotion: 'no-preference' });
test.beforeAll(async () => {
  let current = makeFeed(2);
  const feedServer: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(current));
  });
  await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
  const address = feedServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const feed = {
    url: `http://127.0.0.1:${port}/feed.json`,
    set: (next: Feed) => {
      current = next;
    },
  };
  const server = await startApiServer({ env: { INTEGRATION_FEED_URL: feed.url } });
  fileEnv = {
    feed,
    server,
    stop: async () => {
      await server.stop();
      await new Promise<void>((r) => feedServer.close(() => r()));
    },
  };
});
test.afterAll(async () => {
  await fileEnv?.stop();
  fileEnv = undefined;
});

/** The API of this file's server, as a given user. */
function apiOf(request: APIRequestContext, server: RunningServer) {
  const url = (path: string) => `${server.url}/api/${path}`;
  const token = async (creds: Credentials) => {
    const res = await request.post(url('auth/login'), { data: creds });
    expect(res.status(), `login ${creds.login}`).toBe(200);
    return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  const as = async (creds: Credentials) => {
    const headers = { Authorization: `Bearer ${await token(creds)}` };
    return {
      get: (path: string) => request.get(url(path), { headers }),
      post: (path: string, data: unknown) => request.post(url(path), { headers, data }),
      del: (path: string) => request.delete(url(path), { headers }),
    };
  };
  return { as };
}

const counter = (page: Page, key: 'all' | 'active' | 'inactive') => page.getByTestId(`counter-${key}-value`);
const row = (page: Page, name: string) => page.getByTestId('restaurant-row').filter({ hasText: name });

async function expectCounters(page: Page, all: number, active: number, inactive: number) {
  await expect(counter(page, 'all')).toHaveText(String(all));
  await expect(counter(page, 'active')).toHaveText(String(active));
  await expect(counter(page, 'inactive')).toHaveText(String(inactive));
}

const MANAGER_A: Credentials = { login: 'menedjer-a', password: 'parol12345' };
const MANAGER_B: Credentials = { login: 'menedjer-b', password: 'parol12345' };
const MANAGER_C: Credentials = { login: 'menedjer-c', password: 'parol12345' };

test('admin creates a manager and a restaurant and sees it with the right counters', async ({
  page,
  server,
}) => {
  await loginThroughUi(page, ADMIN, server.url);
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
  await expectCounters(page, 0, 0, 0);

  await page.getByTestId('sidebar').getByRole('link', { name: 'Menedjerlar' }).click();
  await expect(page).toHaveURL(/\/admin\/managers$/);
  for (const m of [MANAGER_A, MANAGER_B]) {
    await page.locator('input[name="login"]').fill(m.login);
    await page.locator('input[name="password"]').fill(m.password);
    await page.getByRole('button', { name: "Qo'shish" }).click();
    await expect(page.getByTestId('manager-row').filter({ hasText: m.login })).toBeVisible();
  }

  await page.goto(`${server.url}/admin/restaurants`);
  // full motion here (no "reduce motion" setting): the button's transition takes its time
  expect(await transitionDuration(page.getByRole('button', { name: "Restoran qo'shish" }))).toBe('0.2s');
  await page.getByRole('button', { name: "Restoran qo'shish" }).click();
  await expect(page).toHaveURL(/\/admin\/restaurants\/new$/);
  // Required fields first, in Uzbek, with no call.
  await page.getByTestId('restaurant-submit').click();
  await expect(page.getByText('Majburiy maydon')).toHaveCount(6);
  await page.locator('input[name="name"]').fill('Rayhon Milliy Taomlar');
  await page.locator('input[name="slug"]').fill('rayhon-milliy');
  await page.locator('input[name="address"]').fill('Toshkent, Chilonzor 5');
  await page.locator('input[name="phone_number"]').fill('+998901234567');
  await page.locator('input[name="work_time"]').fill('09:00-23:00');
  await page.locator('select[name="manager_id"]').selectOption({ label: MANAGER_A.login });
  await page.getByTestId('restaurant-submit').click();
  await expect(page.getByText("Restoran qo'shildi!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/restaurants$/);

  const r = row(page, 'Rayhon Milliy Taomlar');
  await expect(r).toBeVisible();
  await expect(r.getByText('Faol', { exact: true })).toBeVisible();
  await expect(r.getByTestId('restaurant-type')).toHaveText('Oddiy');
  await expect(r.getByTestId('restaurant-name')).toHaveCSS('color', 'rgb(17, 105, 50)');
  await expectCounters(page, 1, 1, 0);
});

test('admin edits it (no-change case first), makes it inactive and uploads a logo', async ({
  page,
  server,
}) => {
  await loginThroughUi(page, ADMIN, server.url);
  const writes: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    // the shell's load reports of its modules (docs/OPERATIONS.md) are not the form's writes
    if (req.method() !== 'GET' && path.startsWith('/api/') && path !== '/api/releases/reports')
      writes.push(`${req.method()} ${path}`);
  });
  await row(page, 'Rayhon Milliy Taomlar').getByRole('button', { name: 'Tahrirlash' }).click();
  await expect(page).toHaveURL(/\/admin\/restaurants\/[^/]+\/edit$/);
  await expect(page.locator('input[name="name"]')).toHaveValue('Rayhon Milliy Taomlar');
  await expect(page.locator('select[name="manager_id"]')).toHaveValue(/.+/);

  await page.getByTestId('restaurant-submit').click();
  await expect(page.getByText("Hech qanday o'zgarish yo'q.")).toBeVisible();
  expect(writes).toEqual([]);

  await page.locator('input[name="phone_number"]').fill('+998711112233');
  await page.locator('[data-scope="switch"][data-part="root"]').click(); // Faol -> Nofaol
  await page
    .locator('input[name="logotype"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  // (The body of ky's fetch is not visible to Playwright; "changed fields only" is covered by the
  // unit tests. Here: one PUT, then the upload, and the stored result.)
  const put = page.waitForResponse((res) => res.request().method() === 'PUT');
  await page.getByTestId('restaurant-submit').click();
  const saved = ((await (await put).json()) as { data: Record<string, unknown> }).data;
  expect(saved).toMatchObject({
    phone_number: '+998711112233',
    is_active: false,
    name: 'Rayhon Milliy Taomlar',
  });
  await expect(page.getByText('Restoran yangilandi!')).toBeVisible();
  await expect(page.getByText('Rasm yuklandi!')).toBeVisible();
  expect(writes).toEqual(['PUT /api/manager/restaurants/update', 'POST /api/manager/upload']);

  await expect(page).toHaveURL(/\/admin\/restaurants$/);
  const r = row(page, 'Rayhon Milliy Taomlar');
  await expect(r.getByText('Nofaol', { exact: true })).toBeVisible();
  await expect(r.getByTestId('restaurant-name')).toHaveCSS('color', 'rgb(153, 25, 25)'); // red.700: AA on the striped rows
  await expectCounters(page, 1, 0, 1);

  // The detail shows the uploaded logotype and the manager's login.
  await r.getByRole('button', { name: "Ko'rish" }).click();
  await expect(page).toHaveURL(/\/admin\/viewRestaurant\/[^/]+\/rayhon-milliy$/);
  await expect(page.getByTestId('restaurant-logotype')).toHaveAttribute('src', /\/uploads\//);
  await expect(page.getByTestId('restaurant-logotype')).not.toHaveAttribute('data-default', 'true');
  await expect(page.getByTestId('manager-login')).toHaveText(MANAGER_A.login);
  await expect(page.getByText('+998711112233')).toBeVisible();
});

test('admin creates an integration restaurant from the feed and syncs it', async ({
  page,
  server,
  feed,
  request,
}) => {
  await loginThroughUi(page, ADMIN, server.url);
  await page.getByRole('button', { name: 'Integratsiya' }).click();
  const dialog = page.getByTestId('integration-form');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(dialog.getByText('Iltimos, restoran va menedjer tanlang!')).toBeVisible();
  await dialog.locator('select[name="id"]').selectOption({ label: 'Tashqi Osh Markazi' });
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(dialog.getByText('Iltimos, restoran va menedjer tanlang!')).toBeVisible();
  // Manager A already runs a restaurant: only B is offered.
  await expect(dialog.locator('select[name="manager_id"] option', { hasText: MANAGER_A.login })).toHaveCount(
    0,
  );
  await dialog.locator('select[name="manager_id"]').selectOption({ label: MANAGER_B.login });
  await dialog.getByRole('button', { name: 'Yaratish' }).click();
  await expect(dialog).toBeHidden();

  const r = row(page, 'Tashqi Osh Markazi');
  await expect(r).toBeVisible();
  await expect(r.getByTestId('restaurant-type')).toHaveText('Integratsiya');
  await expectCounters(page, 2, 1, 1);
  // Only the integration row can be synced.
  await expect(row(page, 'Rayhon Milliy Taomlar').getByTestId('sync-button')).toHaveCount(0);

  const admin = await apiOf(request, server).as(ADMIN);
  const list = (await (await admin.get('admin/restaurants')).json()) as {
    restaurants: { _id: string; name: string }[];
  };
  const imported = list.restaurants.find((x) => x.name === 'Tashqi Osh Markazi')!;
  const productCount = async () =>
    ((await (await admin.get(`manager/products?restaurant_id=${imported._id}`)).json()) as { count: number })
      .count;
  expect(await productCount()).toBe(2);

  // The feed grows; sync brings the new products in, showing progress on that row meanwhile.
  feed.set(makeFeed(5));
  const sync = r.getByTestId('sync-button');
  await sync.click();
  await expect(page.getByText('Restoran yangilandi!')).toBeVisible();
  await expect(sync).toBeEnabled();
  expect(await productCount()).toBe(5);

  // A feed that cannot be read: the Uzbek sync error.
  feed.set({ provider: 'feed' } as unknown as Feed);
  await sync.click();
  await expect(page.getByText('Restoranni yangilashda xatolik yuz berdi!')).toBeVisible();
  expect(await productCount()).toBe(5);
  feed.set(makeFeed(5));
});

test('admin opens the detail and deletes with confirmation', async ({ page, server }) => {
  await loginThroughUi(page, ADMIN, server.url);
  await row(page, 'Tashqi Osh Markazi').getByRole('button', { name: "Ko'rish" }).click();
  const detail = page.getByTestId('restaurant-detail');
  await expect(detail.getByTestId('restaurant-title')).toHaveText('Tashqi Osh Markazi');
  await expect(detail.getByTestId('manager-login')).toHaveText(MANAGER_B.login);
  await expect(detail.getByTestId('restaurant-image')).toHaveAttribute('data-default', 'true');

  await detail.getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('button', { name: "Yo'q", exact: true }).click();
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: "O'chirish" }).click();
  await page.getByRole('button', { name: 'Ha', exact: true }).click();
  await expect(page.getByText("Restoran o'chirildi!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/restaurants$/);
  await expect(row(page, 'Tashqi Osh Markazi')).toHaveCount(0);
  await expectCounters(page, 1, 0, 1);

  // The detail of a slug that is gone.
  await page.goto(`${server.url}/admin/viewRestaurant/x/tashqi-osh-markazi-yoq`);
  await expect(page.getByText('Restoran topilmadi.')).toBeVisible();
});

test('a manager sees only its own restaurant, edits it and cannot delete it (375 px)', async ({
  page,
  server,
  request,
}) => {
  const admin = await apiOf(request, server).as(ADMIN);
  const created = await admin.post('admin/managers', MANAGER_C);
  expect(created.status()).toBe(201);
  const managerId = ((await created.json()) as { data: { _id: string } }).data._id;
  const res = await admin.post('admin/restaurants/create', {
    name: 'Manager C Oshxonasi',
    slug: 'manager-c-oshxonasi',
    address: 'Buxoro',
    phone_number: '+998652000003',
    work_time: '09:00-21:00',
    manager_id: managerId,
  });
  expect(res.status()).toBe(201);
  const own = ((await res.json()) as { data: { _id: string } }).data;

  await page.setViewportSize({ width: 375, height: 740 });
  await loginThroughUi(page, MANAGER_C, server.url);
  await expect(page).toHaveURL(`${server.url}/admin`);
  const card = page.getByTestId('manager-restaurant-card');
  await expect(card.getByTestId('restaurant-title')).toHaveText('Manager C Oshxonasi');
  await expect(card.getByTestId('restaurant-manager')).toContainText(MANAGER_C.login);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await card.getByRole('button', { name: 'Tahrirlash' }).click();
  const dialog = page.getByTestId('restaurant-edit-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[name="manager_id"]')).toHaveCount(0);
  await expect(dialog.locator('[name="is_active"]')).toHaveCount(0);
  await dialog.getByTestId('restaurant-submit').click();
  await expect(page.getByText("Hech qanday o'zgarish yo'q.")).toBeVisible();
  await dialog.locator('input[name="work_time"]').fill('10:00-22:00');
  const put = page.waitForResponse((res) => res.request().method() === 'PUT');
  await dialog.getByTestId('restaurant-submit').click();
  expect((await put).status()).toBe(200);
  await expect(page.getByText('Restoran yangilandi!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('10:00-22:00')).toBeVisible();

  // The list: one row (its own), no counters, no delete, no sync; links without /admin.
  await page.goto(`${server.url}/admin/restaurants`);
  await expect(page.getByTestId('restaurant-row')).toHaveCount(1);
  await expect(row(page, 'Manager C Oshxonasi')).toBeVisible();
  await expect(page.getByTestId('restaurant-counters')).toHaveCount(0);
  await expect(page.getByRole('button', { name: "O'chirish" })).toHaveCount(0);
  await expect(page.getByTestId('sync-button')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await row(page, 'Manager C Oshxonasi').getByRole('button', { name: "Ko'rish" }).click();
  await expect(page).toHaveURL(`${server.url}/viewRestaurant/${own._id}`);
  await expect(page.getByTestId('restaurant-detail')).toBeVisible();
  await expect(page.getByRole('button', { name: "O'chirish" })).toHaveCount(0);

  // And the server refuses it anyway.
  const manager = await apiOf(request, server).as(MANAGER_C);
  expect((await manager.del(`manager/restaurants/delete?restaurantId=${own._id}`)).status()).toBe(403);
  expect((await manager.del('admin/restaurants/delete?slug=manager-c-oshxonasi')).status()).toBe(403);
});

test('25 restaurants page as 10 / 10 / 5', async ({ page, server, request }) => {
  const admin = await apiOf(request, server).as(ADMIN);
  const before = ((await (await admin.get('admin/restaurants')).json()) as { counts: { all_count: number } })
    .counts.all_count;
  for (let i = before; i < 25; i += 1) {
    const res = await admin.post('admin/restaurants/create', {
      name: `Sahifa ${String(i + 1).padStart(2, '0')}`,
      slug: `sahifa-${i + 1}`,
      address: 'Toshkent',
      phone_number: `+99890${String(1000000 + i)}`,
      work_time: '09:00-18:00',
    });
    expect(res.status()).toBe(201);
  }
  const counts = (
    (await (await admin.get('admin/restaurants')).json()) as {
      counts: { all_count: number; active_count: number; inactive_count: number };
    }
  ).counts;
  expect(counts.all_count).toBe(25);
  await loginThroughUi(page, ADMIN, server.url);
  await expectCounters(page, 25, counts.active_count, counts.inactive_count);
  const rows = page.getByTestId('restaurant-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Oldingi' })).toBeDisabled();
  await page.getByRole('button', { name: 'Keyingi' }).click();
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByRole('cell').first()).toHaveText('11');
  await page.getByRole('button', { name: 'Keyingi' }).click();
  await expect(rows).toHaveCount(5);
  await expect(rows.last().getByRole('cell').first()).toHaveText('25');
  await expect(page.getByRole('button', { name: 'Keyingi' })).toBeDisabled();
  await page.getByRole('button', { name: 'Oldingi' }).click();
  await expect(rows).toHaveCount(10);
});

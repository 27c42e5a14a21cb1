/**
 * Helpers for every e2e spec: the server's base URL, the admin credentials, API shortcuts
 * (token, manager creation) and logging in through the UI.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { seedBesideServer } from '../../scripts/server-settings';
import { ADMIN, type RunningServer, startApiServer, workerBaseUrl } from '../servers';

export { type RunningServer, startApiServer, startStaticServer } from '../servers';
export { ADMIN };

/** A 1x1 PNG (the server checks the magic bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface Credentials {
  login: string;
  password: string;
}

/** Base URL of this worker's server, started by the global setup. */
export function baseURL(): string {
  const url = workerBaseUrl();
  if (!url) throw new Error('no e2e server: E2E_BASE_URLS is set by global-setup.ts');
  return url.replace(/\/+$/, '');
}

/** A unique suffix for logins, slugs and names created by a test. */
export function unique(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Logs in through the API and returns the access token. */
export async function apiToken(request: APIRequestContext, creds: Credentials = ADMIN): Promise<string> {
  const res = await request.post(`${baseURL()}/api/auth/login`, { data: creds });
  expect(res.status(), `login ${creds.login}`).toBe(200);
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** Creates a manager through the API (as the admin) and returns its credentials and id. */
export async function createManager(
  request: APIRequestContext,
  creds: Partial<Credentials> = {},
): Promise<Credentials & { _id: string }> {
  const login = creds.login ?? unique('manager');
  const password = creds.password ?? 'manager12345';
  const token = await apiToken(request, ADMIN);
  const res = await request.post(`${baseURL()}/api/admin/managers`, {
    data: { login, password },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), `create manager ${login}`).toBe(201);
  const body = (await res.json()) as { data: { _id: string; login: string } };
  return { _id: body.data._id, login, password };
}

/**
 * Opens `/` (of `base`, a spec's own server, else the suite's), fills the login form and submits;
 * waits until the app leaves the login screen.
 */
export async function loginThroughUi(page: Page, creds: Credentials = ADMIN, base = ''): Promise<void> {
  await page.goto(`${base}/`);
  await page.locator('input[name="login"]').fill(creds.login);
  await page.locator('input[name="password"]').fill(creds.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

/**
 * How long the element's transitions take (its computed `transition-duration`): 1e-05s under
 * the system's "reduce motion" setting, which the suite runs with (playwright.config.ts).
 */
export const transitionDuration = (element: Locator): Promise<string> =>
  element.evaluate((el) => getComputedStyle(el).transitionDuration);

/**
 * Creates through the API as the token's user: `create(path, body)` posts to `/api/<path>`,
 * expects 201 and answers the new item's id (`_id`, or `id` where the contract answers that).
 */
export function creator(request: APIRequestContext, token: string) {
  return async (path: string, body: object): Promise<string> => {
    const created = await request.post(`${baseURL()}/api/${path}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: body,
    });
    expect(created.status(), path).toBe(201);
    const answer = (await created.json()) as { data: { _id?: string; id?: string } };
    return (answer.data._id ?? answer.data.id)!;
  };
}

/**
 * Puts a token (and role) straight into storage, for tests that do not test the login itself:
 * before the first script of the page's next document on the suite's origin runs, and only that
 * once (a later sign-out stays signed out). The next `page.goto` opens the app signed in, with
 * no page loaded just to write the storage.
 */
export async function loginWithStorage(page: Page, token: string, role: string): Promise<void> {
  await page.addInitScript(
    ([origin, t, r]) => {
      if (window.location.origin !== origin || sessionStorage.getItem('e2e-session-put')) return;
      sessionStorage.setItem('e2e-session-put', '1');
      localStorage.setItem('accessToken', t);
      localStorage.setItem('role', r);
    },
    [new URL(baseURL()).origin, token, role] as const,
  );
}

/**
 * The browser's print dialog cannot be driven headless: from now on a print on `page` copies its
 * print sheets (`.qm-print-page`) aside as `printed` (test id), to be read as paper shows them.
 */
export async function copyPrintedSheets(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.print = () => {
      for (const sheet of document.querySelectorAll('body > .qm-print-page')) {
        const copy = sheet.cloneNode(true) as HTMLElement;
        copy.setAttribute('data-testid', 'printed');
        document.body.append(copy);
      }
    };
  });
}

/**
 * Records the Content-Security-Policy violations of every document the page loads (call before
 * the first navigation); the returned function reads them.
 */
export async function trackCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return () => cspViolationsOf(page);
}

/** The CSP violations the page has met since it was opened (trackCspViolations put the record in place). */
export const cspViolationsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** A restaurant and its catalog: a category, a product in it, an option of the product with a row. */
export interface CatalogWorld {
  restaurant: { _id: string; slug: string };
  category: string;
  product: string;
  option: string;
}

export type Who = 'guest' | 'admin' | 'manager';

/** What a catalog world is made of: the manager's login, the restaurant's card, the names in its menu. */
export interface CatalogTexts {
  manager?: Partial<Credentials>;
  slug: string;
  /** The restaurant's card as the admin fills it in (name, address, phone, hours…). */
  restaurant: Record<string, unknown>;
  category: string;
  product: { name: string; price: number; description: string };
  option: string;
  row: { name: string; price: number };
  /** More products in the category after it (a stopped one: the stop-list's second tab). */
  more: { name: string; price: number; is_active?: boolean }[];
}

/** A catalog world and the tokens of its admin and manager. */
export interface MadeCatalog {
  world: CatalogWorld;
  tokens: Record<'admin' | 'manager', string>;
}

/**
 * A catalog world for the page-wide checks (accessibility, the longest names): the admin makes
 * a restaurant for a fresh manager, who fills its menu; with both tokens for opening the pages.
 */
export async function catalogWorld(request: APIRequestContext, texts: CatalogTexts): Promise<MadeCatalog> {
  const manager = await createManager(request, texts.manager);
  const tokens = { admin: await apiToken(request, ADMIN), manager: await apiToken(request, manager) };
  const res = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${tokens.admin}` },
    data: { ...texts.restaurant, slug: texts.slug, manager_id: manager._id },
  });
  expect(res.status()).toBe(201);
  const { data } = (await res.json()) as { data: { _id: string; slug: string } };
  const create = creator(request, tokens.manager);
  const category = await create('manager/category/create', {
    title: texts.category,
    restaurant_id: data._id,
  });
  const product = await create('manager/products', { ...texts.product, category_id: category });
  const option = await create('manager/product-option', { product_id: product, name: texts.option });
  await create('manager/product-option-row', { ...texts.row, product_option_id: option });
  for (const more of texts.more) await create('manager/products', { ...more, category_id: category });
  return { world: { restaurant: data, category, product, option }, tokens };
}

/** The widths every page-wide check runs at: a desktop's and a phone's. */
export const PAGE_VIEWPORTS = [
  { label: '1280', width: 1280, height: 800 },
  { label: '375', width: 375, height: 740 },
] as const;

/**
 * A page-wide check (accessibility, the longest names): one test for each page of `pages`, over
 * the catalog world `texts` describe (made once, before the first). The page is opened at the
 * first of PAGE_VIEWPORTS (`ready` says when it is there, and may act on it) and checked there,
 * then the window is resized to each next width and the page checked again, as a browser window
 * narrowed to a phone's: the layout follows the width (media queries and the kit's breakpoints),
 * not the load. One load a page instead of one a width. `check` is given the page and where it
 * is ("… at 375 px").
 *
 * The checks only read, so the file's tests share one browser tab per role (signed in as that
 * role, a guest as nobody; the page's CSP violations recorded: `cspViolationsOf`), each test
 * going to its page in it: the modules' scripts come from the tab's cache, compiled once,
 * instead of a new browser context and renderer for every test. A failed test leaves a screenshot
 * of the tab; Playwright then starts a new worker for the rest, with tabs of its own.
 */
export function eachPageAtEachWidth(
  pages: readonly PageCase[],
  texts: () => CatalogTexts,
  ready: (page: Page, c: PageCase) => Promise<void>,
  check: (page: Page, where: string) => Promise<void>,
): void {
  let made: MadeCatalog | undefined;
  let browser: Browser | undefined;
  const tabs = new Map<Who, Promise<Page>>();
  test.beforeAll(async ({ request, browser: running }) => {
    made = await catalogWorld(request, texts());
    browser = running;
  });
  test.afterAll(async () => {
    const contexts: BrowserContext[] = [];
    for (const tab of tabs.values()) {
      const page = await tab.catch(() => null);
      if (page) contexts.push(page.context());
    }
    tabs.clear();
    await Promise.all(contexts.map((context) => context.close()));
  });
  /** The file's tab for `who`, made by its first test with the project's context options. */
  const tabOf = (who: Who): Promise<Page> => {
    let tab = tabs.get(who);
    if (!tab) {
      const { baseURL, locale } = test.info().project.use;
      tab = (async () => {
        const page = await browser!.newPage({ baseURL, locale });
        if (who !== 'guest') await loginWithStorage(page, made!.tokens[who], who);
        await trackCspViolations(page);
        return page;
      })();
      tabs.set(who, tab);
    }
    return tab;
  };
  const [first, ...next] = PAGE_VIEWPORTS;
  for (const c of pages) {
    test(`${c.name} at ${PAGE_VIEWPORTS.map((v) => v.label).join(' and ')} px`, async () => {
      const page = await tabOf(c.who);
      try {
        await page.setViewportSize({ width: first.width, height: first.height });
        await page.goto(c.path(made!.world));
        await ready(page, c);
        await check(page, `${c.name} at ${first.label} px`);
        for (const viewport of next) {
          await page.setViewportSize({ width: viewport.width, height: viewport.height });
          await settled(page);
          // a resize that did not take would check the first width twice and pass
          expect(await page.evaluate(() => window.innerWidth)).toBe(viewport.width);
          await check(page, `${c.name} at ${viewport.label} px`);
        }
      } catch (error) {
        const shot = await page.screenshot().catch(() => null);
        if (shot) await test.info().attach('screenshot', { body: shot, contentType: 'image/png' });
        throw error;
      }
    });
  }
}

/**
 * The page has laid itself out for a new size: two frames (the resize's layout, then what the
 * kit re-renders for the new breakpoint) and nothing loading.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

export interface PageCase {
  name: string;
  who: Who;
  path: (w: CatalogWorld) => string;
  /** A state of the page worth its own check (a dialog opened on it). */
  action?: (page: Page) => Promise<void>;
  /** The page holds a live stream open (the orders board): the network is never idle on it. */
  live?: boolean;
}

/**
 * Every back-office page of both roles over a catalog world: what the page-wide checks
 * (pages.spec.ts: accessibility, the longest names) go through. A module that adds a page adds it
 * here.
 */
export const BACK_OFFICE_PAGES: readonly PageCase[] = [
  { name: 'restaurants (admin)', who: 'admin', path: () => '/admin/restaurants' },
  { name: 'restaurant form (admin)', who: 'admin', path: () => '/admin/restaurants/new' },
  {
    name: 'restaurant detail (admin)',
    who: 'admin',
    path: (w) => `/admin/viewRestaurant/${w.restaurant._id}/${w.restaurant.slug}`,
  },
  { name: 'managers (admin)', who: 'admin', path: () => '/admin/managers' },
  { name: 'profile (admin)', who: 'admin', path: () => '/admin/profile' },
  { name: 'home (manager)', who: 'manager', path: () => '/admin' },
  { name: 'restaurant detail (manager)', who: 'manager', path: (w) => `/viewRestaurant/${w.restaurant._id}` },
  { name: 'profile (manager)', who: 'manager', path: () => '/admin/profile' },
  // the catalog (mfe_catalog): the same pages for both roles, under /admin for admins
  { name: 'categories (admin)', who: 'admin', path: (w) => `/admin/categoryList/${w.restaurant._id}` },
  {
    name: 'products (admin)',
    who: 'admin',
    path: (w) => `/admin/viewProduct/${w.category}/${w.restaurant._id}`,
  },
  {
    name: 'product detail (admin)',
    who: 'admin',
    path: (w) => `/admin/product-detail/${w.product}/${w.restaurant._id}`,
  },
  { name: 'options (admin)', who: 'admin', path: (w) => `/admin/product-option/${w.product}` },
  { name: 'option rows (admin)', who: 'admin', path: (w) => `/admin/product-option-row/${w.option}` },
  { name: 'categories (manager)', who: 'manager', path: () => '/categoryList' },
  { name: 'products (manager)', who: 'manager', path: (w) => `/ProductTable/${w.category}` },
  {
    name: 'product detail (manager)',
    who: 'manager',
    path: (w) => `/product-detail/${w.product}/${w.restaurant._id}`,
  },
  { name: 'options (manager)', who: 'manager', path: (w) => `/product-option/${w.product}` },
  { name: 'option rows (manager)', who: 'manager', path: (w) => `/product-option-row/${w.option}` },
  // the stop-list (mfe_stoplist): both tabs, with the world's available and stopped products
  { name: 'stop-list, Mavjud (manager)', who: 'manager', path: () => '/ProductStopList' },
  {
    name: 'stop-list, Stop-list tab (manager)',
    who: 'manager',
    path: () => '/ProductStopList?tab=stop-list',
  },
  // the orders board (mfe_orders): a manager's own, an admin's for a restaurant
  { name: 'orders board (manager)', who: 'manager', path: () => '/orders', live: true },
  { name: 'orders history (manager)', who: 'manager', path: () => '/orders/history' },
  { name: 'ordering switches (manager)', who: 'manager', path: () => '/orders/settings' },
  {
    name: 'orders board (admin)',
    who: 'admin',
    path: (w) => `/admin/orders/${w.restaurant._id}`,
    live: true,
  },
  // «Hisobot» (mfe_reports): a manager's own, an admin's of a restaurant, the admin's side by side
  { name: 'reports (manager)', who: 'manager', path: () => '/reports' },
  {
    name: 'reports of a restaurant (admin)',
    who: 'admin',
    path: (w) => `/admin/reports/${w.restaurant._id}`,
  },
  { name: 'restaurants side by side (admin)', who: 'admin', path: () => '/admin/reports' },
  // «Xodimlar» (mfe_restaurants): the restaurant's waiters and kitchen, its floor and devices
  { name: 'staff (manager)', who: 'manager', path: () => '/staff' },
  { name: 'staff (admin)', who: 'admin', path: (w) => `/admin/staff/${w.restaurant._id}` },
];

/** A new manager's restaurant, as `managerRestaurant` makes it. */
export interface ManagedRestaurant {
  manager: Credentials & { _id: string };
  /** The manager's token. */
  token: string;
  restaurantId: string;
  slug: string;
}

/**
 * A restaurant the admin creates through the API for a new manager (its slug `slugPrefix-…`, the
 * test's own), with `fields` of the restaurant's form over a plain card (Toshkent, open 09-23).
 */
export async function managerRestaurant(
  request: APIRequestContext,
  name: string,
  slugPrefix: string,
  fields: Record<string, unknown> = {},
): Promise<ManagedRestaurant> {
  const manager = await createManager(request);
  const admin = await apiToken(request, ADMIN);
  const slug = unique(slugPrefix).toLowerCase();
  const created = await request.post(`${baseURL()}/api/admin/restaurants/create`, {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      name,
      slug,
      address: 'Toshkent',
      phone_number: '+998901112233',
      work_time: '09:00-23:00',
      manager_id: manager._id,
      is_active: true,
      ...fields,
    },
  });
  expect(created.status(), `create restaurant ${slug}`).toBe(201);
  const restaurantId = ((await created.json()) as { data: { _id: string } }).data._id;
  return { manager, token: await apiToken(request, manager), restaurantId, slug };
}

/**
 * The manager's placements `names` made (their ids by name), and ordering switched on for the
 * restaurant and for those of them named in `ordering` (all unless told; none: left off).
 */
export async function placementsTakingOrders(
  request: APIRequestContext,
  r: ManagedRestaurant,
  names: string[],
  ordering: string[] = names,
): Promise<Map<string, string>> {
  const headers = { Authorization: `Bearer ${r.token}` };
  const placed = await request.post(`${baseURL()}/api/manager/placements`, {
    headers,
    data: { restaurant_id: r.restaurantId, names },
  });
  expect(placed.status()).toBe(201);
  const ids = new Map(
    ((await placed.json()) as { data: { _id: string; name: string }[] }).data.map((p) => [p.name, p._id]),
  );
  if (ordering.length > 0) {
    const opened = await request.put(`${baseURL()}/api/manager/ordering`, {
      headers,
      data: {
        takes_orders: true,
        placements: ordering.map((name) => ({ _id: ids.get(name), takes_orders: true })),
      },
    });
    expect(opened.status()).toBe(200);
  }
  return ids;
}

/** A restaurant ready to order in one call: a new manager's, with `tables` taking orders. */
export async function restaurantReadyToOrder(
  request: APIRequestContext,
  name: string,
  slugPrefix: string,
  tables: string[],
  ordering: string[] = tables,
): Promise<ManagedRestaurant & { tables: Map<string, string> }> {
  const r = await managerRestaurant(request, name, slugPrefix);
  return { ...r, tables: await placementsTakingOrders(request, r, tables, ordering) };
}

/** A spec's own server, seeded as the demo: see `seededServer`. */
export interface SeededServer {
  /** The server's base URL. */
  readonly url: string;
  /** What the seed printed (the demo's pages, with their codes). */
  readonly printed: string;
  /** Signs `page` in on the server as `creds` (through its API), the token and role where the app reads them. */
  signIn(page: Page, creds: Credentials, role: 'admin' | 'manager'): Promise<void>;
}

/**
 * A server of the spec's own, seeded as `pnpm seed` seeds it beside a running server (README.md,
 * "The demo"): started and seeded before the spec's first test (the seed given `seedMs` at the
 * most), stopped after its last. Call at the spec's top.
 */
export function seededServer(seedMs: number): SeededServer {
  let server: RunningServer | undefined;
  let printed = '';
  const running = () => {
    if (!server) throw new Error('the seeded server starts in beforeAll: read it in a test');
    return server;
  };
  test.beforeAll(async () => {
    const started = await startApiServer();
    server = started;
    const seeded = seedBesideServer(started.dataDir, ADMIN, seedMs);
    expect(seeded.status, seeded.stderr).toBe(0);
    printed = seeded.stdout;
  });
  test.afterAll(async () => server?.stop());
  return {
    get url() {
      return running().url;
    },
    get printed() {
      return printed;
    },
    async signIn(page, creds, role) {
      const res = await page.request.post(`${running().url}/api/auth/login`, { data: creds });
      expect(res.status()).toBe(200);
      const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
      await page.goto(`${running().url}/api/health`);
      await page.evaluate(
        ([t, r]) => {
          localStorage.setItem('accessToken', t);
          localStorage.setItem('role', r);
        },
        [token, role] as const,
      );
    },
  };
}

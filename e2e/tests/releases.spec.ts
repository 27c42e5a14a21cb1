/**
 * A team ships, canaries and rolls back mfe_catalog while two servers run on one PostgreSQL
 * database (the built server, as production runs it; no restart anywhere): v1 is the workspace's
 * build at /remotes/mfe-catalog, v2 a copy built alone with a visible label and served from a
 * second origin. Registered as a canary at 50 % with `pnpm release` and the module's deploy key
 * (made on the admin's Modullar page): each of 20 managers sees the version the split gives it,
 * the same on reload and on the other server; Promote puts everyone on v2 at their next
 * navigation, Roll back on v1 (and a manager who has not opened the catalog since fetches none of
 * v2's code). A canary that fails, whatever fails (a v2 that throws on load; a v2 whose page
 * chunk is cut after it was registered), gives its users v1 in the same page view, counted
 * against it only, and once its failures pass the threshold (10 % of at least MIN_LOADS users who
 * loaded it: 8 here, where production counts 20; each user counts once, so the test sees to it
 * that 8 users are on that canary) the canary is off by itself and the page says why, by error
 * name and first error. Refused at registration: a manifest needing a newer shell, mfe-auth's
 * key, an upload missing its page chunk (the file named), an origin nobody allowed; an admin
 * allows a new CDN on the Modullar page and a release from it registers on both servers.
 * Needs TEST_DATABASE_URL (two servers share their releases through PostgreSQL's notices).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { bucketOf } from '../../api/src/services/releases/split';
import { freshDatabase } from '../../api/test/cluster/harness';
import { expectAccessible } from '../a11y';
import { buildRemoteCopy, ROOT, type RunningServer, startApiServer, startStaticServer } from '../servers';
import { ADMIN, loginThroughUi } from './support';

const PG = process.env.TEST_DATABASE_URL?.trim();
const USERS = 20;
/** RELEASE_CANARY_MIN_LOADS of these servers: the broken canary stops within its users' first round. */
const MIN_LOADS = 8;
const V2 = 'Katalog v2';
const FALLBACK = "Bo'limni yuklab bo'lmadi";

test.describe.configure({ mode: 'serial' });
// These tests open hundreds of browser contexts in one test; Playwright's tracing of that many
// contexts in a test races on its network files (ENOENT copying `<test>-N.network` on a context's
// close), failing a passing test. A failure still keeps its screenshot and the servers' logs.
test.use({ trace: 'off' });
test.skip(!PG, 'needs TEST_DATABASE_URL: two servers on one PostgreSQL database');

interface User {
  _id: string;
  token: string;
}

let servers: RunningServer[] = [];
let cdn: (RunningServer & { served: string[] }) | undefined;
/** A team's new CDN: an origin no environment names, allowed by an admin on the page. */
let newCdn: (RunningServer & { served: string[] }) | undefined;
let site = '';
let dropDatabase: (() => Promise<void>) | undefined;
const cleanups: (() => void)[] = [];
let users: User[] = [];
let adminToken = '';
let catalogKey = '';
let authKey = '';

const api = async (server: RunningServer, method: string, path: string, token?: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field and checked by the assertions
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { data: any } };
};

/** `pnpm release ...` as a team's pipeline runs it (against the first server, or `server`). */
const release = (args: string[], key: string, server = servers[0]) =>
  new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts/release.mjs'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', QRMENU_API_URL: server?.url ?? '', QRMENU_DEPLOY_KEY: key },
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });

/** Whether the split puts `user` in the canary `version` at `share` (the server's rule). */
const inCanary = (user: User, version: string, share = 50) =>
  bucketOf('mfe_catalog', version, `user:${user._id}`) < share;

/** A browser of its own for `user`: signed in, its own storage (visitor id) on every origin. */
async function signedIn(browser: Browser, user: User): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((token) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('role', 'manager');
  }, user.token);
  return context.newPage();
}

/** The catalog's label on the page once its category list shows ('v1': the workspace's build has none). */
async function catalogVersion(page: Page): Promise<string> {
  await expect(page.getByTestId('category-list-page')).toBeVisible();
  await expect(page.getByText(FALLBACK)).toHaveCount(0);
  const label = page.getByTestId('build-label');
  return (await label.count()) > 0 ? ((await label.textContent()) ?? '') : 'v1';
}

/** Opens the category list on `server` (a load) and reads the catalog's version. */
async function loadCatalog(page: Page, server: RunningServer): Promise<string> {
  await page.goto(`${server.url}/categoryList`);
  return catalogVersion(page);
}

/**
 * The next navigation inside the app: the bottom bar's Kategoriyalar from another page. A page that
 * ran another release of the catalog loads again (`reloads`): waited for by a marker that only the
 * old document has.
 */
async function navigateToCatalog(page: Page, reloads: boolean): Promise<string> {
  await page.evaluate(() => {
    (window as unknown as { __old?: boolean }).__old = true;
  });
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Kategoriyalar' }).click();
  if (reloads) await page.waitForFunction(() => !(window as unknown as { __old?: boolean }).__old);
  return catalogVersion(page);
}

async function toHome(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Asosiy' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function modulesPage(page: Page): Promise<ReturnType<Page['getByTestId']>> {
  await page.goto(`${servers[0]?.url}/admin/modules`);
  const card = page.getByTestId('module-mfe_catalog');
  await expect(card).toBeVisible();
  return card;
}

/** A manager of its own, signed in. */
async function newManager(server: RunningServer): Promise<User> {
  const login = `rel-${users.length}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const made = await api(server, 'POST', '/admin/managers', adminToken, { login, password: 'manager12345' });
  expect(made.status).toBe(201);
  const token = (await api(server, 'POST', '/auth/login', undefined, { login, password: 'manager12345' }))
    .body.data.accessToken;
  return { _id: made.body.data._id, token };
}

test.beforeAll(async () => {
  if (!PG) return;
  test.setTimeout(900_000);
  // v2 and a v2 that throws as soon as its page module loads, each built alone with a label
  const v2 = await buildRemoteCopy({ app: 'mfe-catalog', label: V2 });
  const broken = await buildRemoteCopy({
    app: 'mfe-catalog',
    label: 'Katalog v2 (buzuq)',
    patch: {
      'src/categories/CategoryListPage.tsx': (source) => `${source}\nthrow new TypeError('v2 is broken');\n`,
    },
  });
  cleanups.push(v2.remove, broken.remove);
  site = mkdtempSync(join(tmpdir(), 'qrmenu-cdn-'));
  const newSite = mkdtempSync(join(tmpdir(), 'qrmenu-new-cdn-'));
  cleanups.push(() => rmSync(site, { recursive: true, force: true }));
  cleanups.push(() => rmSync(newSite, { recursive: true, force: true }));
  cpSync(v2.dist, join(site, 'v2'), { recursive: true });
  cpSync(broken.dist, join(site, 'broken'), { recursive: true });
  // an upload that stopped before the page's chunk; a good one whose page chunk is cut later
  cpSync(v2.dist, join(site, 'partial'), { recursive: true });
  for (const file of readdirSync(join(site, 'partial')))
    if (file.startsWith('__federation_expose_CategoryListPage.')) rmSync(join(site, 'partial', file));
  cpSync(v2.dist, join(site, 'late'), { recursive: true });
  // the same build on the team's new CDN, twice (one registered through each server)
  cpSync(v2.dist, join(newSite, 'v2'), { recursive: true });
  cpSync(v2.dist, join(newSite, 'v2b'), { recursive: true });
  newCdn = await startStaticServer(newSite);
  // a build from a later commit: it requires the next minor of @qrmenu/shared
  cpSync(v2.dist, join(site, 'newer'), { recursive: true });
  const shared = JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8')) as { version: string };
  const [major, minor] = shared.version.split('.').map(Number);
  const manifestFile = join(site, 'newer', 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: { name: string; requiredVersion: string }[];
  };
  for (const s of manifest.shared)
    if (s.name.startsWith('@qrmenu/shared/')) s.requiredVersion = `^${major}.${(minor ?? 0) + 1}.0`;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  for (const encoded of ['mf-manifest.json.br', 'mf-manifest.json.gz'])
    rmSync(join(site, 'newer', encoded), { force: true });
  mkdirSync(join(site, 'empty'), { recursive: true });
  cdn = await startStaticServer(site);

  const db = await freshDatabase(PG);
  dropDatabase = db.drop;
  const env = {
    DATABASE_URL: db.url,
    JWT_SECRET: 'releases-e2e-secret-0123456789abcdef',
    RELEASE_ORIGINS: cdn.url,
    RELEASE_CANARY_MIN_LOADS: String(MIN_LOADS),
  };
  servers = [await startApiServer({ env }), await startApiServer({ env })];
  const [a] = servers as [RunningServer];
  adminToken = (await api(a, 'POST', '/auth/login', undefined, ADMIN)).body.data.accessToken;
  users = [];
  for (let i = 0; i < USERS; i++) users.push(await newManager(a));
  authKey = (await api(a, 'POST', '/releases/modules/mfe_auth/deploy-key', adminToken)).body.data.key;
});

test.afterAll(async () => {
  await Promise.all([...servers.map((s) => s.stop()), cdn?.stop(), newCdn?.stop()]);
  await dropDatabase?.();
  for (const clean of cleanups) clean();
});

test("the admin makes mfe-catalog's deploy key on the Modullar page; it is shown once", async ({ page }) => {
  await loginThroughUi(page, ADMIN, servers[0]?.url);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Modullar' }).click();
  await expect(page.getByRole('heading', { name: 'Modullar', level: 1 })).toBeVisible();
  const card = page.getByTestId('module-mfe_catalog');
  await expect(card.getByTestId('release-Barqaror versiya').getByTestId('release-version')).toHaveText(
    'initial',
  );
  // where releases may come from: the environment's origin, to begin with
  const origins = page.getByTestId('release-origins');
  await expect(origins.getByTestId('release-origin')).toHaveCount(1);
  await expect(origins.getByTestId('release-origin')).toContainText(`${cdn?.url}Server sozlamasi`);
  await expectAccessible(page, 'Modullar');
  await card.getByRole('button', { name: 'Kalit yaratish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ha' }).click();
  const key = page.getByTestId('deploy-key').getByRole('textbox', { name: 'Joylashtirish kaliti' });
  await expect(key).toHaveValue(/^qrd_/);
  catalogKey = await key.inputValue();
  await expectAccessible(page, 'Modullar: the new key');
  await page.getByRole('button', { name: 'Yopish' }).click();
  await expect(card.getByRole('button', { name: 'Yangi kalit' })).toBeVisible();
});

test("refused at registration: a manifest needing a newer shell, and mfe-auth's key on mfe-catalog", async () => {
  const newer = await release(
    ['mfe-catalog', `${cdn?.url}/newer/mf-manifest.json`, '--canary', '50'],
    catalogKey,
  );
  expect(newer.code).toBe(1);
  expect(newer.err).toMatch(/@qrmenu\/shared\/\S+ requires \^\d+\.\d+\.0, the shell provides/);
  const wrongKey = await release(
    ['mfe-catalog', `${cdn?.url}/v2/mf-manifest.json`, '--canary', '50'],
    authKey,
  );
  expect(wrongKey.code).toBe(1);
  expect(wrongKey.err).toContain(
    "403 forbidden: This deploy key is mfe_auth's: it cannot change mfe_catalog",
  );
  // an upload that stopped before the page's chunk: the server fetched every file, names the missing one
  const chunk = readdirSync(join(site, 'v2')).find(
    (f) => f.startsWith('__federation_expose_CategoryListPage.') && f.endsWith('.js'),
  ) as string;
  const partial = await release(
    ['mfe-catalog', `${cdn?.url}/partial/mf-manifest.json`, '--canary', '50'],
    catalogKey,
  );
  expect(partial.code).toBe(1);
  expect(partial.err).toContain(`manifest_url: ${chunk} is missing (/partial/${chunk} answered 404)`);
  // an origin nobody allowed: not even fetched
  const servedBefore = newCdn?.served.length ?? 0;
  const elsewhere = await release(
    ['mfe-catalog', `${newCdn?.url}/v2/mf-manifest.json`, '--canary', '50'],
    catalogKey,
  );
  expect(elsewhere.code).toBe(1);
  expect(elsewhere.err).toContain(`${newCdn?.url} is not an allowed origin`);
  expect(newCdn?.served.length).toBe(servedBefore);
  const overview = await api(servers[0] as RunningServer, 'GET', '/releases', adminToken);
  expect(
    overview.body.data.modules.find((m: { module: string }) => m.module === 'mfe_catalog').canary,
  ).toBeNull();
});

test('a 50 % canary: about half of 20 managers see v2, each the same on reload and on the other server', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const registered = await release(
    ['mfe-catalog', `${cdn?.url}/v2/mf-manifest.json`, '--canary', '50', '--version', 'v2'],
    catalogKey,
  );
  expect(registered.out).toContain('canary: v2');
  const [a, b] = servers as [RunningServer, RunningServer];
  let onV2 = 0;
  for (const user of users) {
    const expected = inCanary(user, 'v2') ? V2 : 'v1';
    if (expected === V2) onV2++;
    const page = await signedIn(browser, user);
    expect(await loadCatalog(page, a)).toBe(expected);
    await page.reload();
    expect(await catalogVersion(page)).toBe(expected);
    expect(await loadCatalog(page, b)).toBe(expected);
    await page.context().close();
  }
  // the split's share, over 20 (1 in 500 000 runs would see 0 or 20)
  expect(onV2).toBeGreaterThan(0);
  expect(onV2).toBeLessThan(USERS);
});

test('Promote puts everyone on v2 at the next navigation; Roll back everyone on v1; no restart', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const [, b] = servers as [RunningServer, RunningServer];
  const outside = users.find((u) => !inCanary(u, 'v2')) as User;
  const inside = users.find((u) => inCanary(u, 'v2')) as User;
  const open = [
    { user: outside, page: await signedIn(browser, outside), before: 'v1' },
    { user: inside, page: await signedIn(browser, inside), before: V2 },
  ];
  for (const o of open) {
    expect(await loadCatalog(o.page, b)).toBe(o.before);
    await toHome(o.page);
  }

  await loginThroughUi(page, ADMIN, servers[0]?.url);
  let card = await modulesPage(page);
  await card.getByRole('button', { name: 'Hammaga chiqarish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ha' }).click();
  await expect(card.getByTestId('release-Barqaror versiya').getByTestId('release-version')).toHaveText('v2');
  // the manager who ran v1 loads the page again at its next navigation; the other stays
  expect(await navigateToCatalog(open[0]!.page, true)).toBe(V2);
  expect(await navigateToCatalog(open[1]!.page, false)).toBe(V2);
  for (const user of users) {
    const mine = await api(b, 'GET', '/releases/assignment', user.token);
    expect(mine.body.data.remotes.mfe_catalog.version).toBe('v2');
  }
  // a manager who opens the app on v2 and has not opened the catalog when the rollback comes
  const later = await signedIn(browser, users[2] as User);
  await later.goto(`${b.url}/admin`);
  await expect(later.getByRole('navigation', { name: 'Menyu' })).toBeVisible();

  for (const o of open) await toHome(o.page);
  card = await modulesPage(page);
  await card.getByRole('button', { name: 'Orqaga qaytarish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ha' }).click();
  await expect(card.getByTestId('release-Barqaror versiya').getByTestId('release-version')).toHaveText(
    'initial',
  );
  const servedAtRollback = cdn?.served.length ?? 0;
  for (const o of open) expect(await navigateToCatalog(o.page, true)).toBe('v1');
  // its next click asks for its releases before any code: v1, and not a file of v2 fetched
  expect(await navigateToCatalog(later, false)).toBe('v1');
  expect(cdn?.served.slice(servedAtRollback).filter((p) => p.startsWith('/v2/'))).toEqual([]);
  await later.context().close();
  for (const user of users) {
    const mine = await api(b, 'GET', '/releases/assignment', user.token);
    expect(mine.body.data.remotes.mfe_catalog.version).toBe('initial');
  }
  for (const o of open) await o.page.context().close();
});

interface Stop {
  version: string;
  loads: number;
  failures: number;
  failure_names: Record<string, number>;
  first_error: { name: string; message: string } | null;
}

const catalogOverview = async () =>
  (await api(servers[0] as RunningServer, 'GET', '/releases', adminToken)).body.data.modules.find(
    (m: { module: string }) => m.module === 'mfe_catalog',
  );

/**
 * Registers the canary `version` at `folder` of the CDN (50 %), then opens the catalog as each of
 * its users, round after round on either server, until it stops: every page view shows v1 (never
 * the module's fallback), the first MIN_LOADS having tried the canary's page first. The threshold
 * counts users, each once: MIN_LOADS of them are on the canary (more managers made if the split
 * put fewer of the 20 there). `afterRegistering` runs between the registration and the first view.
 */
async function runCanaryUntilStopped(
  browser: Browser,
  folder: string,
  version: string,
  afterRegistering: () => void = () => {},
): Promise<{ stop: Stop; canaryUsers: User[] }> {
  const [a, b] = servers as [RunningServer, RunningServer];
  const registered = await release(
    ['mfe-catalog', `${cdn?.url}/${folder}/mf-manifest.json`, '--canary', '50', '--version', version],
    catalogKey,
  );
  expect(registered.out, registered.err).toContain(`canary: ${version}`);
  afterRegistering();
  const canaryUsers = users.filter((u) => inCanary(u, version));
  while (canaryUsers.length < MIN_LOADS) {
    const more = await newManager(a);
    users.push(more);
    if (inCanary(more, version)) canaryUsers.push(more);
  }
  const stopped = async (): Promise<Stop | null> => (await catalogOverview()).stopped;
  let loads = 0;
  for (let round = 0; round < 25 && (await stopped())?.version !== version; round++) {
    for (const user of canaryUsers) {
      const view = await signedIn(browser, user);
      const reported = view.waitForRequest((r) => r.url().endsWith('/api/releases/reports'));
      const servedBefore = cdn?.served.length ?? 0;
      expect(await loadCatalog(view, round % 2 ? a : b)).toBe('v1');
      // the canary was tried first (surely before MIN_LOADS loads: fewer cannot stop it; later
      // loads may meet the canary already off)
      const triedCanary = cdn?.served
        .slice(servedBefore)
        .some((p) => p.startsWith(`/${folder}/__federation_expose_CategoryListPage`));
      if (loads < MIN_LOADS) expect(triedCanary).toBe(true);
      loads += 1;
      await reported;
      await view.context().close();
    }
    // the servers write what they were told every 5 s
    await expect
      .poll(async () => (await stopped())?.version, { timeout: 12_000 })
      .toBe(version)
      .catch(() => undefined);
  }
  const stop = (await stopped()) as Stop;
  expect(stop).toMatchObject({ version, failures: expect.any(Number) });

  // its users are back on v1 without trying the canary again
  const view = await signedIn(browser, canaryUsers[0] as User);
  const servedBefore = cdn?.served.length ?? 0;
  expect(await loadCatalog(view, b)).toBe('v1');
  expect(cdn?.served.slice(servedBefore)).toEqual([]);
  await view.context().close();
  return { stop, canaryUsers };
}

test('a v2 that throws on load: its canary users get v1 in the same page view; past the threshold the canary is off by itself', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const { stop } = await runCanaryUntilStopped(browser, 'broken', 'v2-broken');
  expect(stop.failure_names).toEqual({ TypeError: stop.failures });
  // counted against the canary only: the stable release each user fell back to never failed
  expect((await catalogOverview()).stable).toMatchObject({
    version: 'initial',
    failures: 0,
    failure_names: {},
  });

  // the page says why, after it stopped: its failures by name and its first error
  await loginThroughUi(page, ADMIN, servers[0]?.url);
  const card = await modulesPage(page);
  await expect(card.getByTestId('canary-stopped')).toContainText(
    "v2-broken sinov versiyasi o'z-o'zidan o'chirildi",
  );
  await expect(card.getByTestId('stopped-failure-names')).toHaveText(
    `Xato turlari: TypeError: ${stop.failures}`,
  );
  await expect(card.getByTestId('stopped-first-error')).toHaveText('Birinchi xato: TypeError: v2 is broken');
  await expect(card.getByTestId('release-Sinov versiyasi').getByTestId('release-version')).toHaveText(
    "Sinov versiyasi yo'q",
  );
  await expect(page.getByTestId('canary-threshold')).toContainText(
    `kamida ${MIN_LOADS} ta yuklashda xatolar 10%`,
  );
  await expectAccessible(page, 'Modullar: a canary switched off');
});

test("a canary whose page chunk is cut after it was registered: every user of it gets v1 in the same view, never through the canary's shared chunks; counted against it only; it stops", async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const stableBefore = (await catalogOverview()).stable;
  const { stop } = await runCanaryUntilStopped(browser, 'late', 'v2-late', () => {
    // registered whole; then the CDN loses half of the page's chunk (and its compressed twins)
    for (const file of readdirSync(join(site, 'late'))) {
      if (!file.startsWith('__federation_expose_CategoryListPage.')) continue;
      const path = join(site, 'late', file);
      if (file.endsWith('.js')) writeFileSync(path, readFileSync(path).subarray(0, 200));
      else rmSync(path);
    }
  });
  expect(stop.failure_names).toEqual({ ChunkLoadError: stop.failures });
  expect(stop.first_error).toMatchObject({ name: 'ChunkLoadError' });
  // the stable release counted its loads and no failure: the fallback never used the canary's code
  const stable = (await catalogOverview()).stable;
  expect(stable).toMatchObject({ version: 'initial', failures: stableBefore.failures, failure_names: {} });
  expect(stable.loads).toBeGreaterThanOrEqual(stableBefore.loads);

  await loginThroughUi(page, ADMIN, servers[0]?.url);
  const card = await modulesPage(page);
  await expect(card.getByTestId('canary-stopped')).toContainText(
    "v2-late sinov versiyasi o'z-o'zidan o'chirildi",
  );
  await expect(card.getByTestId('stopped-failure-names')).toHaveText(
    `Xato turlari: ChunkLoadError: ${stop.failures}`,
  );
  await expect(card.getByTestId('stopped-first-error')).toContainText('Birinchi xato: ChunkLoadError: ');
});

test('an admin allows a new CDN on the Modullar page: a release from it registers on both servers, no restart', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const [a, b] = servers as [RunningServer, RunningServer];
  await loginThroughUi(page, ADMIN, a.url);
  await modulesPage(page);
  const origins = page.getByTestId('release-origins');
  const field = origins.getByRole('textbox', { name: 'Yangi manba (masalan, https://cdn.example.uz)' });
  // a folder is not an origin: said under the field, in Uzbek
  await field.fill(`${newCdn?.url}/v2/`);
  await origins.getByRole('button', { name: "Manba qo'shish" }).click();
  await expect(
    origins.getByText("Manba https://manzil yoki https://manzil:port ko'rinishida bo'lsin"),
  ).toBeVisible();
  await field.fill(newCdn?.url as string);
  await origins.getByRole('button', { name: "Manba qo'shish" }).click();
  await expect(page.getByText("Manba qo'shildi")).toBeVisible();
  await expect(origins.getByTestId('release-origin')).toHaveCount(2);
  await expect(origins.getByTestId('release-origin').nth(1)).toContainText(`${newCdn?.url}admin`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page, `Modullar with a new origin at ${width} px`);
  }

  // the other server takes a release from it at once, and its users load it from there
  const onB = await release(
    ['mfe-catalog', `${newCdn?.url}/v2/mf-manifest.json`, '--canary', '100', '--version', 'v2-new-cdn'],
    catalogKey,
    b,
  );
  expect(onB.out, onB.err).toContain('canary: v2-new-cdn');
  const user = users[0] as User;
  for (const server of [a, b]) {
    const view = await signedIn(browser, user);
    expect(await loadCatalog(view, server)).toBe(V2);
    await view.context().close();
  }
  expect(newCdn?.served.some((p) => p.startsWith('/v2/__federation_expose_CategoryListPage'))).toBe(true);
  // and so does the first one
  const onA = await release(
    ['mfe-catalog', `${newCdn?.url}/v2b/mf-manifest.json`, '--canary', '100', '--version', 'v2b-new-cdn'],
    catalogKey,
    a,
  );
  expect(onA.out, onA.err).toContain('canary: v2b-new-cdn');
  expect((await release(['rollback', 'mfe-catalog'], catalogKey, b)).code).toBe(0);
});

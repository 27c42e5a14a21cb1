// bench:web's catalog figures (mfe-catalog): a manager's restaurant seeded with the bench's big
// menu (40 categories, 1,000 products, the first category holding 200: scripts/bench-web-catalog-seed.ts),
// then in Chromium (fresh cache each run):
// - the remote's own JS for a catalog page (its entry and page chunks: files under
//   /remotes/mfe-catalog/, gzip -9), each page opened by its address with every other module's
//   load held (bench-web's `holdOtherModules`: the shell's prefetch would fetch them too), and
//   whether any library came twice (a shared singleton from the remote rather than the host);
// - the paint after navigation, timed in the page from the click until the rows are on screen and
//   a frame is painted: the category list from the bottom bar (40 categories) and the 200-product
//   table from its category; first (the module warmed at idle by the shell, no data cached) and
//   again (the data cached, refetched in the background).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { call, managerRestaurant } from './bench-api.mjs';
import { collectScripts } from './bench-web-wire.mjs';

const root = new URL('..', import.meta.url).pathname;
export const CATALOG_TARGETS = { remoteJsGzipKiB: 30, paintMs: 300 };
const MANAGER = { login: 'bench-katalog', password: 'bench-katalog-12345' };
const REMOTE_PATH = '/remotes/mfe-catalog/';

/** A manager with a restaurant holding the big menu; the token of the manager and the big category. */
async function seed(base, dataDir, adminCreds) {
  const { restaurant, token } = await managerRestaurant(base, adminCreds, MANAGER, {
    name: 'Katta Katalog',
    slug: 'katta-katalog',
    address: 'Toshkent',
  });
  const tsx = join(root, 'api/node_modules/.bin/tsx');
  const run = spawnSync(tsx, [join(root, 'scripts/bench-web-catalog-seed.ts'), dataDir, restaurant._id], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`seeding the big menu failed:\n${run.stderr}`);
  const seeded = JSON.parse(run.stdout.trim().split('\n').pop());
  const categories = await call(base, 'manager/category', { token });
  if (categories.count !== seeded.categories) throw new Error('the seeded categories are not served');
  return { token, seeded };
}

function storageState(base, token) {
  return {
    cookies: [],
    origins: [
      {
        origin: base,
        localStorage: [
          { name: 'accessToken', value: token },
          { name: 'role', value: 'manager' },
        ],
      },
    ],
  };
}

const remoteJs = (files) =>
  files.filter((f) => f.type === 'js' && new URL(f.url).pathname.startsWith(REMOTE_PATH));
const sum = (files, key) => files.reduce((n, f) => n + f[key], 0);

/** The time from the click on `target` until `rows` rows of `css` are in the DOM and painted. */
async function clickAndPaint(page, target, css, rows) {
  await page.evaluate(
    ({ css, rows }) => {
      window.__paint = new Promise((resolve) => {
        document.addEventListener(
          'click',
          (event) => {
            const t0 = event.timeStamp;
            const check = () =>
              document.querySelectorAll(css).length >= rows
                ? requestAnimationFrame(() => resolve(performance.now() - t0))
                : requestAnimationFrame(check);
            check();
          },
          { capture: true, once: true },
        );
      });
    },
    { css, rows },
  );
  await target.click();
  return page.evaluate(() => window.__paint);
}

const median = (xs) => {
  const s = [...xs].filter((x) => x !== null && x !== undefined).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

/**
 * The catalog's figures. `duplicates(files)` is bench-web's check (a shared library from more than
 * one app, or react-dom twice) over every script the visit loaded.
 */
export async function catalogBench(browser, base, { dataDir, admin, runs, duplicates, hold }) {
  const { token, seeded } = await seed(base, dataDir, admin);
  // the remote's copies of the shared singletons (used only when no app had loaded one before)
  const manifest = await (await fetch(`${base}${REMOTE_PATH}mf-manifest.json`)).json();
  const sharedFiles = new Set(manifest.shared.flatMap((x) => [...x.assets.js.sync, ...x.assets.js.async]));
  const isShared = (f) => sharedFiles.has(new URL(f.url).pathname.replace(REMOTE_PATH, ''));
  const own = (files) => remoteJs(files).filter((f) => !isShared(f));
  const shared = (files) => remoteJs(files).filter(isShared);
  const big = seeded.bigCategory;
  const bar = (page) => page.getByRole('navigation', { name: 'Menyu' });
  const openBig = (page) =>
    page
      .getByTestId('category-row')
      .filter({ has: page.getByText(big.title, { exact: true }) })
      .getByRole('button', { name: 'Mahsulotlar' });

  /**
   * The files a page opened by its address loads: those requested before its rows were in the DOM
   * (a mutation observer notes the moment), and those after (at idle). Other modules' loads are
   * held until it shows (the shell's prefetch would fetch them too).
   */
  const pageFiles = async (path, expose, css) => {
    const context = await browser.newContext({ storageState: storageState(base, token) });
    const page = await context.newPage();
    await page.addInitScript(hold, `mfe_catalog/${expose}`);
    await page.addInitScript((selector) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(selector)) {
          window.__shownAt = performance.now();
          observer.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    }, css);
    const files = collectScripts(page);
    await page.goto(`${base}${path}`);
    await page.locator(css).first().waitFor();
    await page.evaluate(() => window.__benchRelease());
    await page.waitForLoadState('networkidle');
    const before = new Set(
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime <= window.__shownAt)
          .map((r) => r.name),
      ),
    );
    await context.close();
    return { shown: files.filter((f) => before.has(f.url)), later: files.filter((f) => !before.has(f.url)) };
  };
  const listFiles = await pageFiles('/categoryList', 'CategoryListPage', '[data-testid="category-row"]');
  const tableFiles = await pageFiles(
    `/ProductTable/${big.id}`,
    'ProductTablePage',
    '[data-testid="product-row"]',
  );

  const first = { categories: [], products: [] };
  const again = { categories: [], products: [] };
  let visitFiles = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ storageState: storageState(base, token) });
    const page = await context.newPage();
    const files = collectScripts(page);
    await page.goto(`${base}/admin`, { waitUntil: 'networkidle' });
    await page.getByTestId('manager-restaurant-card').waitFor();
    await page.waitForLoadState('networkidle'); // the shell's prefetch at idle
    const categories = bar(page).getByRole('link', { name: 'Kategoriyalar' });
    first.categories.push(
      await clickAndPaint(page, categories, '[data-testid="category-row"]', seeded.categories),
    );
    first.products.push(await clickAndPaint(page, openBig(page), '[data-testid="product-row"]', 10));
    await bar(page).getByRole('link', { name: 'Asosiy' }).click();
    await page.getByTestId('manager-restaurant-card').waitFor();
    again.categories.push(
      await clickAndPaint(page, categories, '[data-testid="category-row"]', seeded.categories),
    );
    again.products.push(await clickAndPaint(page, openBig(page), '[data-testid="product-row"]', 10));
    const total = await page.getByTestId('counter-all-value').textContent();
    if (total !== String(big.products)) throw new Error(`the big category shows ${total} products`);
    await page.waitForLoadState('networkidle');
    if (i === 0) visitFiles = [...files];
    await context.close();
  }
  const everything = (f) => [...f.shown, ...f.later];
  return {
    seeded,
    bytes: {
      list: own(listFiles.shown),
      listLater: own(listFiles.later),
      listShared: shared(everything(listFiles)),
      table: own(tableFiles.shown),
      tableLater: own(tableFiles.later),
      tableShared: shared(everything(tableFiles)),
      sharedBeforeShown: shared([...listFiles.shown, ...tableFiles.shown]),
      all: remoteJs(visitFiles),
      duplicates: [
        ...new Set([
          ...duplicates(visitFiles),
          ...duplicates(everything(listFiles)),
          ...duplicates(everything(tableFiles)),
        ]),
      ],
    },
    paint: {
      categoriesFirst: median(first.categories),
      productsFirst: median(first.products),
      categoriesAgain: median(again.categories),
      productsAgain: median(again.products),
      runs: { first, again },
    },
  };
}

const kib = (n) => (n / 1024).toFixed(1);

/** The tables bench-web prints, and its target checks. */
export function catalogReport(catalog, table) {
  const { bytes, paint, seeded } = catalog;
  const fileRow = (label, files) => ({
    what: label,
    files: files.length,
    'raw KiB': kib(sum(files, 'raw')),
    'gzip KiB': kib(sum(files, 'gzip')),
    names: files.map((f) => new URL(f.url).pathname.replace(REMOTE_PATH, '')).join(' '),
  });
  table(
    "Catalog remote's JS (files under /remotes/mfe-catalog/, gzip -9): its own code, and shared singletons it had to supply",
    [
      fileRow('category list, opened by its address: until it shows', bytes.list),
      fileRow('  then at idle: its form (and the shell prefetch)', bytes.listLater),
      fileRow('  shared singletons it supplied itself (no app had them yet)', bytes.listShared),
      fileRow('product table, opened by its address: until it shows', bytes.table),
      fileRow('  then at idle: its form (and the shell prefetch)', bytes.tableLater),
      fileRow('  shared singletons it supplied itself (no app had them yet)', bytes.tableShared),
      fileRow('a manager visit: home, categories, table (with the prefetch)', bytes.all),
    ],
    ['what', 'files', 'raw KiB', 'gzip KiB', 'names'],
  );
  const ms = (x) => (x === null ? '-' : x.toFixed(0));
  table(
    `Catalog paint after navigation (${seeded.categories} categories, ${seeded.products} products; click until the rows are painted; median; first: module warmed at idle, no data cached)`,
    [
      {
        page: `category list (${seeded.categories} rows), from the bottom bar`,
        'first ms': ms(paint.categoriesFirst),
        'again ms': ms(paint.categoriesAgain),
      },
      {
        page: `product table (${seeded.bigCategory.products} products, 10 shown), from its category`,
        'first ms': ms(paint.productsFirst),
        'again ms': ms(paint.productsAgain),
      },
    ],
    ['page', 'first ms', 'again ms'],
  );
  const listKiB = sum(bytes.list, 'gzip');
  const tableKiB = sum(bytes.table, 'gzip');
  const limit = CATALOG_TARGETS.remoteJsGzipKiB * 1024;
  return [
    {
      target: `catalog page's own JS <= ${CATALOG_TARGETS.remoteJsGzipKiB} KiB gzip (category list; product table)`,
      value: `${kib(listKiB)} KiB; ${kib(tableKiB)} KiB`,
      ok: listKiB <= limit && tableKiB <= limit,
    },
    {
      target: 'no shared library from the catalog remote before its page shows',
      value: bytes.sharedBeforeShown.map((f) => new URL(f.url).pathname).join(', ') || 'none',
      ok: bytes.sharedBeforeShown.length === 0,
    },
    {
      target: 'no library loaded twice (manager home + catalog)',
      value: bytes.duplicates.join('; ') || 'none',
      ok: bytes.duplicates.length === 0,
    },
    ...[
      ['category list', paint.categoriesFirst],
      ['200-product table', paint.productsFirst],
    ].map(([label, value]) => ({
      target: `${label} paints < ${CATALOG_TARGETS.paintMs} ms after navigation (first)`,
      value: `${ms(value)} ms`,
      ok: value !== null && value < CATALOG_TARGETS.paintMs,
    })),
  ];
}

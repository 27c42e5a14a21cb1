// bench:web's figures of the manager's stop-list screen (mfe_stoplist), on a restaurant of 40
// categories and 1,000 products (two categories of 100) seeded over the API, in Chromium at
// 375 px: the paint after navigation (Menyu in the bottom bar, from the manager's home), the
// update after ticking a category of 100, and stopping 200 products (requests sent; the screen
// updated after the answer); the remote's own JS. Figures are timed inside the page (event
// timestamps, resource timing, the next animation frame), so the driver's round trips do not count.
// Alone, against a running server with the admin below: `node scripts/bench-web-stoplist.mjs <url>`.
import { gzipSync } from 'node:zlib';

export const STOP_LIST_TARGETS = { paintMs: 300, selectMs: 50, stopUpdateMs: 300, remoteJsGzipKiB: 20 };
const VIEWPORT = { width: 375, height: 740 };
const BIG = { categories: 40, products: 1000, bigCategorySize: 100 };
const bigTitle = (i) => `Katta ${i + 1}`;

async function call(base, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const login = async (base, creds) => (await call(base, 'auth/login', { body: creds })).data.accessToken;

/** Runs `task` over `items`, `width` at a time. */
async function pool(items, width, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

/**
 * A manager with a restaurant of 40 categories and 1,000 products: the first two categories hold
 * 100 products each, the other 38 share 800.
 */
export async function seedStopListRestaurant(base, admin) {
  const adminToken = await login(base, admin);
  const manager = { login: `bench-stop-${Date.now().toString(36)}`, password: 'bench-manager-1' };
  const { data: created } = await call(base, 'admin/managers', { token: adminToken, body: manager });
  const { data: restaurant } = await call(base, 'admin/restaurants/create', {
    token: adminToken,
    body: {
      name: 'Katta oshxona',
      slug: manager.login,
      address: 'Toshkent',
      phone_number: '+998901112233',
      work_time: '09:00-23:00',
      manager_id: created._id,
    },
  });
  const token = await login(base, manager);
  const categories = [];
  for (let i = 0; i < BIG.categories; i++) {
    const title = i < 2 ? bigTitle(i) : `Kategoriya ${i + 1}`;
    const { data } = await call(base, 'manager/category/create', {
      token,
      body: { title, restaurant_id: restaurant._id, is_active: true },
    });
    categories.push({ ...data, productIds: [] });
  }
  const rest = BIG.products - 2 * BIG.bigCategorySize;
  const small = BIG.categories - 2;
  const sizes = categories.map((_, i) =>
    i < 2 ? BIG.bigCategorySize : Math.floor(rest / small) + (i - 2 < rest % small ? 1 : 0),
  );
  const jobs = categories.flatMap((c, i) =>
    Array.from({ length: sizes[i] }, (_, k) => ({ category: c, name: `${c.title}: taom ${k + 1}` })),
  );
  await pool(jobs, 8, async (job) => {
    const { data } = await call(base, 'manager/products', {
      token,
      body: {
        name: job.name,
        category_id: job.category._id,
        description: 'Mol go‘shti, guruch, sabzi',
        price: 20000 + (job.name.length % 9) * 1000,
        is_active: true,
      },
    });
    job.category.productIds.push(data.id);
  });
  return { manager, token, restaurant, categories };
}

/** A fresh browser context at 375 px, signed in as the manager (the keys the shell reads). */
async function managerContext(browser, token) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(
    ([t]) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('role', 'manager');
    },
    [token],
  );
  return context;
}

/**
 * In the page: `install(arg)` sets `window.__benchDone` (no eval: the CSP forbids it); the next
 * click's promise `window.__benchClick` resolves at the first animation frame where it holds.
 */
async function armClick(page, install, arg = null) {
  await page.evaluate(install, arg);
  await page.evaluate(() => {
    window.__benchClick = new Promise((resolve, reject) => {
      // never wait for ever: a screen that does not come is a failed run
      setTimeout(() => reject(new Error('the screen did not show within 30 s')), 30_000);
      document.addEventListener(
        'click',
        (event) => {
          const t0 = event.timeStamp;
          const check = () =>
            window.__benchDone()
              ? requestAnimationFrame(() => resolve({ t0, t1: performance.now() }))
              : requestAnimationFrame(check);
          check();
        },
        { capture: true, once: true },
      );
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

/**
 * From the manager's home, once the page is idle (the shell has warmed the stop-list module, which
 * warms its data), Menyu in the bottom bar until the products are painted.
 */
async function paintAfterNavigation(browser, base, token) {
  const context = await managerContext(browser, token);
  const page = await context.newPage();
  const remoteFiles = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/remotes/mfe-stoplist/') || res.request().resourceType() !== 'script') return;
    try {
      const body = await res.body();
      remoteFiles.push({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    } catch {
      // no body
    }
  });
  await page.goto(`${base}/admin`, { waitUntil: 'networkidle' });
  await page.getByTestId('manager-restaurant-card').waitFor();
  await armClick(page, () => {
    window.__benchDone = () => document.querySelectorAll('[data-testid="stop-list-product"]').length > 0;
  });
  await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Menyu' }).click();
  const { t0, t1 } = await page.evaluate(() => window.__benchClick);
  const products = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/manager/products'))
      .map((e) => ({
        start: e.startTime,
        end: e.responseEnd,
        wire: e.encodedBodySize,
        json: e.decodedBodySize,
      })),
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  const warmed = products.some((p) => p.end < t0);
  return { ms: t1 - t0, warmed, products: products[0], remoteFiles };
}

/** A fresh browser opening /ProductStopList itself: shell, remote and data, until the products are painted. */
async function coldOpen(browser, base, token) {
  const context = await managerContext(browser, token);
  await context.addInitScript(() => {
    const check = () =>
      document.querySelector('[data-testid="stop-list-product"]')
        ? requestAnimationFrame(() => {
            window.__rowsPaintedAt = performance.now();
          })
        : requestAnimationFrame(check);
    requestAnimationFrame(check);
  });
  const page = await context.newPage();
  await page.goto(`${base}/ProductStopList`);
  await page.waitForFunction(() => window.__rowsPaintedAt !== undefined, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => window.__rowsPaintedAt);
  await context.close();
  return ms;
}

/** Ticks (and unticks) the checkbox of a category of 100; each tap until the rows are painted. */
async function selectCategory(page, title, taps) {
  const times = [];
  const box = page.getByRole('checkbox', { name: `${title}: hammasini tanlash` });
  for (let i = 0; i < taps; i++) {
    await armClick(
      page,
      ([t, checked]) => {
        window.__benchDone = () => {
          const rows = document.querySelectorAll(`section[aria-label="${t}"] li input[type=checkbox]`);
          return rows.length > 0 && [...rows].every((r) => r.checked === checked);
        };
      },
      [title, i % 2 === 0],
    );
    await box.click();
    const { t0, t1 } = await page.evaluate(() => window.__benchClick);
    times.push(t1 - t0);
  }
  return times;
}

/**
 * Ticks the two categories of 100, taps "Stop-listga qo'shish": the requests sent to the
 * stop-list, and the time from the answer's last byte until Mavjud has lost both categories
 * (painted). Then takes them out again over the API for the next run.
 */
async function stop200(page, base, token, categories) {
  const stopCalls = [];
  const onRequest = (req) => {
    if (req.url().includes('/api/manager/stop-list')) stopCalls.push(req.method());
  };
  page.on('request', onRequest);
  for (const c of categories)
    await page.getByRole('checkbox', { name: `${c.title}: hammasini tanlash` }).click();
  await armClick(
    page,
    (titles) => {
      window.__benchDone = () => titles.every((t) => !document.querySelector(`section[aria-label="${t}"]`));
    },
    categories.map((c) => c.title),
  );
  await page.getByRole('button', { name: "Stop-listga qo'shish" }).click();
  const { t1 } = await page.evaluate(() => window.__benchClick);
  const answerAt = await page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/manager/stop-list'));
    return entries.at(-1)?.responseEnd ?? null;
  });
  page.off('request', onRequest);
  const ids = categories.flatMap((c) => c.productIds);
  await call(base, 'manager/stop-list', { token, body: { product_ids: ids, action: 'resume' } });
  return {
    afterAnswerMs: answerAt === null ? null : t1 - answerAt,
    requests: stopCalls.length,
    products: ids.length,
  };
}

export async function measureStopList(browser, base, admin, runs = 5) {
  const world = await seedStopListRestaurant(base, admin);
  const big = world.categories.slice(0, 2);
  const paints = [];
  const colds = [];
  let remoteFiles = [];
  for (let i = 0; i < runs; i++) {
    const run = await paintAfterNavigation(browser, base, world.token);
    paints.push(run);
    if (i === 0) remoteFiles = run.remoteFiles;
    colds.push(await coldOpen(browser, base, world.token));
  }
  const selects = [];
  const stops = [];
  for (let i = 0; i < runs; i++) {
    const context = await managerContext(browser, world.token);
    const page = await context.newPage();
    await page.goto(`${base}/ProductStopList`, { waitUntil: 'networkidle' });
    await page.getByTestId('stop-list-product').first().waitFor();
    selects.push(...(await selectCategory(page, big[0].title, 4)));
    stops.push(await stop200(page, base, world.token, big));
    await context.close();
  }
  const answer = paints.find((p) => p.products)?.products;
  return {
    runs,
    paintMs: median(paints.map((p) => p.ms)),
    paintRunsMs: paints.map((p) => p.ms),
    warmedRuns: paints.filter((p) => p.warmed).length,
    coldMs: median(colds),
    coldRunsMs: colds,
    productsAnswer: answer ? { wireKiB: answer.wire / 1024, jsonKiB: answer.json / 1024 } : null,
    selectMs: median(selects),
    selectRunsMs: selects,
    stopUpdateMs: median(stops.map((s) => s.afterAnswerMs).filter((x) => x !== null)),
    stopRunsMs: stops.map((s) => s.afterAnswerMs),
    stopRequests: Math.max(...stops.map((s) => s.requests)),
    stoppedProducts: stops[0]?.products ?? 0,
    remoteJs: {
      files: remoteFiles.length,
      rawKiB: remoteFiles.reduce((n, f) => n + f.raw, 0) / 1024,
      gzipKiB: remoteFiles.reduce((n, f) => n + f.gzip, 0) / 1024,
    },
  };
}

const f1 = (x) => (x === null || x === undefined ? '-' : x.toFixed(1));

/** Rows of bench:web's table, and its targets. */
export function stopListReport(r) {
  const T = STOP_LIST_TARGETS;
  const rows = [
    {
      figure: `paint after navigation: Menyu tapped on the idle home (median of ${r.runs})`,
      value: `${f1(r.paintMs)} ms (runs ${r.paintRunsMs.map(f1).join(', ')}; data warmed before the tap in ${r.warmedRuns} of ${r.runs})`,
    },
    {
      figure: 'cold open of /ProductStopList in a fresh browser (shell, remote, data; median)',
      value: `${f1(r.coldMs)} ms after navigation start (runs ${r.coldRunsMs.map(f1).join(', ')})`,
    },
    {
      figure: 'GET /api/manager/products (1,000 products)',
      value: r.productsAnswer
        ? `${f1(r.productsAnswer.jsonKiB)} KiB JSON, ${f1(r.productsAnswer.wireKiB)} KiB body on the wire`
        : '-',
    },
    {
      figure: 'tick a category of 100 until painted (median)',
      value: `${f1(r.selectMs)} ms (taps ${r.selectRunsMs.map(f1).join(', ')})`,
    },
    {
      figure: `stop ${r.stoppedProducts} products: the answer's last byte until painted (median)`,
      value: `${f1(r.stopUpdateMs)} ms (runs ${r.stopRunsMs.map(f1).join(', ')}); ${r.stopRequests} request(s) a run`,
    },
    {
      figure: "the remote's own JS (files from /remotes/mfe-stoplist/)",
      value: `${r.remoteJs.files} files, ${f1(r.remoteJs.rawKiB)} KiB raw, ${f1(r.remoteJs.gzipKiB)} KiB gzip`,
    },
  ];
  const checks = [
    {
      target: `stop-list paint after navigation < ${T.paintMs} ms`,
      value: `${f1(r.paintMs)} ms`,
      ok: r.paintMs < T.paintMs,
    },
    {
      target: `stop-list: a category of 100 ticked < ${T.selectMs} ms`,
      value: `${f1(r.selectMs)} ms`,
      ok: r.selectMs < T.selectMs,
    },
    {
      target: `stop-list: 200 stopped in one request, painted < ${T.stopUpdateMs} ms after the answer`,
      value: `${r.stopRequests} request, ${f1(r.stopUpdateMs)} ms`,
      ok: r.stopRequests === 1 && r.stopUpdateMs !== null && r.stopUpdateMs < T.stopUpdateMs,
    },
    {
      target: `stop-list remote's own JS <= ${T.remoteJsGzipKiB} KiB gzip`,
      value: `${f1(r.remoteJs.gzipKiB)} KiB`,
      ok: r.remoteJs.files > 0 && r.remoteJs.gzipKiB <= T.remoteJsGzipKiB,
    },
  ];
  return { rows, checks };
}

// Alone: node scripts/bench-web-stoplist.mjs http://127.0.0.1:8080 (admin from ADMIN_LOGIN / ADMIN_PASSWORD)
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createRequire } = await import('node:module');
  const require = createRequire(new URL('../e2e/package.json', import.meta.url));
  const { chromium } = require('@playwright/test');
  const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const admin = {
    login: process.env.ADMIN_LOGIN ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'admin12345',
  };
  const browser = await chromium.launch({
    executablePath: process.env.PW_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const report = stopListReport(
      await measureStopList(browser, base, admin, Number(process.env.BENCH_RUNS ?? 5)),
    );
    for (const row of report.rows) console.log(`${row.figure}: ${row.value}`);
    for (const c of report.checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.target}: ${c.value}`);
  } finally {
    await browser.close();
  }
}

#!/usr/bin/env node
// `pnpm bench:web`: production build (when missing, or with --build), the server on a free port,
// then Chromium measures the login page and the admin landing page: JS/CSS bytes (raw and gzip),
// bytes over the wire (what Chromium received, as the server sent it: compressed or not) for a
// first visit, the admin landing's critical path apart from the modules prefetched at idle, and a
// repeat visit with a warm HTTP cache; which scripts carry zod; what each shared singleton costs,
// first contentful paint, duplicate libraries, the time to move between modules; then Lighthouse
// (mobile preset) on both pages: performance, LCP, accessibility (`--no-lighthouse` skips it);
// and the catalog pages on a seeded 40-category, 1,000-product menu (bench-web-catalog.mjs): the
// remote's own JS and the paint after navigation of the category list and a 200-product table;
// and the manager's stop-list screen on 1,000 products (bench-web-stoplist.mjs).
// Targets: login < 150 KiB gzip JS and <= 130 KiB over the wire, the admin critical path <= 220
// KiB over the wire, zod on neither first page, no library loaded twice, module switch < 150 ms,
// a catalog page's own JS <= 30 KiB gzip and its paint < 300 ms after navigation,
// Lighthouse performance >= 90 and LCP <= 2.5 s on the login page. `--strict` exits 1 when a
// target is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/chromium.ts';
import { catalogBench, catalogReport } from './bench-web-catalog.mjs';
import { lighthousePage } from './bench-web-lighthouse.mjs';
import { measureStopList, stopListReport } from './bench-web-stoplist.mjs';
import { collectScripts, containsZod, recordWire, wireTotals } from './bench-web-wire.mjs';
import { ensureBuilt, startProductionServer } from './production-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const ADMIN = { login: 'admin', password: 'admin12345' };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGETS = {
  loginGzipJsKiB: 150,
  loginWireKiB: 130,
  adminCriticalWireKiB: 220,
  repeatVisitJsWireKiB: 1,
  moduleSwitchMs: 150,
  loginPerformance: 90,
  loginLcpMs: 2500,
};
/** The admin landing page's module; other modules' files are what the shell prefetches at idle. */
const ADMIN_LANDING = { remote: 'mfe_restaurants', expose: 'RestaurantsPage' };

// ---------- build and server ----------

ensureBuilt(args.has('--build'));
const startServer = () => startProductionServer({ admin: ADMIN });

// ---------- attribution of loaded files (from the mf-manifests) ----------

/** url -> what it is: shared names, an expose, or the app's entry. */
async function ownersOf(base) {
  const config = await (await fetch(`${base}/config.json`)).json();
  const manifests = [['shell', `${base}/mf-manifest.json`]];
  for (const [name, url] of Object.entries(config.remotes ?? {}))
    if (url) manifests.push([name, new URL(url, base).href]);
  const owners = new Map();
  const add = (url, what) => {
    const list = owners.get(url) ?? [];
    if (!list.includes(what)) list.push(what);
    owners.set(url, list);
  };
  for (const [app, manifestUrl] of manifests) {
    const res = await fetch(manifestUrl);
    if (!res.ok) continue;
    const manifest = await res.json();
    const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
    for (const shared of manifest.shared ?? []) {
      for (const kind of ['js', 'css'])
        for (const f of [...shared.assets[kind].sync, ...shared.assets[kind].async])
          add(dir + f, `shared:${shared.name}`);
    }
    for (const expose of manifest.exposes ?? []) {
      for (const kind of ['js', 'css'])
        for (const f of [...expose.assets[kind].sync, ...expose.assets[kind].async])
          add(dir + f, `${app}/${expose.name}`);
    }
    add(`${dir}remoteEntry.js`, `${app} entry`);
    owners.set(`${dir}__app__`, [app]);
  }
  return owners;
}

function appOf(url, base) {
  const m = url.match(/\/remotes\/([^/]+)\//);
  if (m) return m[1];
  return url.startsWith(base) ? 'shell' : new URL(url).origin;
}

// ---------- measurement ----------

const require = createRequire(join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');

const fcp = (page) =>
  page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);

function totals(files) {
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
  return {
    jsRaw: sum('js', 'raw'),
    jsGzip: sum('js', 'gzip'),
    cssRaw: sum('css', 'raw'),
    cssGzip: sum('css', 'gzip'),
  };
}

const kib = (n) => (n / 1024).toFixed(1);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

async function loginPage(browser, base) {
  const runs = [];
  let files = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = collectScripts(page);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('input[name="login"]').waitFor();
    runs.push(await fcp(page));
    if (i === 0) files = [...seen];
    await context.close();
  }
  return { files, fcp: median(runs.filter((x) => x !== null)) };
}

/**
 * A federation runtime plugin, put in place before the page's scripts run (the runtime adopts
 * the global plugins it finds), that holds every module load other than `keep` until the bench
 * calls `__benchRelease()`: the prefetch at idle then waits, so what the page requests until it
 * shows is its critical path alone. Held loads go on after 15 s anyway (`__benchHeldTooLong`).
 */
function holdOtherModules(keep) {
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  window.__benchRelease = release;
  setTimeout(() => {
    window.__benchHeldTooLong = true;
    release();
  }, 15_000);
  const hold = {
    name: 'bench-hold-other-modules',
    async beforeRequest(args) {
      if (args.id !== keep) await released;
      return args;
    },
  };
  globalThis.__FEDERATION__ = { __GLOBAL_PLUGIN__: [hold] };
}

/** A second visit in the same browser context (warm HTTP cache), from a new tab. */
async function repeatVisit(context, url, ready) {
  const page = await context.newPage();
  const wire = await recordWire(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await wire.stop();
  await page.close();
  return wire.entries;
}

/**
 * Bytes over the wire of a first visit (fresh context), split at the moment the page showed
 * (`ready`) with the other modules' loads held until then (`keep`: the page's own module), and
 * of a repeat visit in the same context.
 */
async function wireOf(browser, url, ready, { storageState, keep } = {}) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  if (keep) await page.addInitScript(holdOtherModules, keep);
  const recorder = await recordWire(page);
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  const readyAt = recorder.mark();
  const heldTooLong = keep ? await page.evaluate(() => window.__benchHeldTooLong === true) : false;
  if (keep) await page.evaluate(() => window.__benchRelease());
  await page.waitForLoadState('networkidle');
  await recorder.stop();
  await page.close();
  const repeat = await repeatVisit(context, url, ready);
  await context.close();
  return {
    critical: recorder.entries.slice(0, readyAt),
    later: recorder.entries.slice(readyAt),
    all: recorder.entries,
    repeat,
    heldTooLong,
  };
}

/**
 * Time from the click event (its timeStamp, in the page) until the target page is in the DOM and
 * a frame has been painted: measured inside the page, so the driver's round trips do not count.
 */
async function clickAndTime(page, linkName, ready) {
  await page.evaluate((target) => {
    window.__switch = new Promise((resolve) => {
      document.addEventListener(
        'click',
        (event) => {
          const t0 = event.timeStamp;
          const there = () =>
            target.css
              ? document.querySelector(target.css) !== null
              : (document.body.textContent ?? '').includes(target.text);
          const check = () =>
            there()
              ? requestAnimationFrame(() => resolve(performance.now() - t0))
              : requestAnimationFrame(check);
          check();
        },
        { capture: true, once: true },
      );
    });
  }, ready);
  await page.getByTestId('sidebar').getByRole('link', { name: linkName }).click();
  return page.evaluate(() => window.__switch);
}

const PROFILE = { css: '[data-testid="profile"]' };
const RESTAURANTS = { text: 'Jami' };

async function adminLanding(browser, base) {
  // log in once through the UI to get a token, then measure a fresh load of the landing page
  const setup = await browser.newContext();
  const setupPage = await setup.newPage();
  await setupPage.goto(`${base}/`);
  await setupPage.locator('input[name="login"]').fill(ADMIN.login);
  await setupPage.locator('input[name="password"]').fill(ADMIN.password);
  await setupPage.getByRole('button', { name: 'Kirish' }).click();
  await setupPage.waitForURL(`${base}/admin/restaurants`);
  const state = await setup.storageState();
  await setup.close();

  const fcps = [];
  let files = [];
  const firstSwitch = [];
  const warmSwitch = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    const seen = collectScripts(page);
    await page.goto(`${base}/admin/restaurants`, { waitUntil: 'networkidle' });
    await page.getByText('Jami').first().waitFor();
    fcps.push(await fcp(page));
    if (i === 0) files = [...seen];
    // first move to another module (mfe_auth's profile), then back and forth (warm)
    firstSwitch.push(await clickAndTime(page, 'Profil', PROFILE));
    for (let k = 0; k < 3; k++) {
      warmSwitch.push(await clickAndTime(page, 'Restoranlar', RESTAURANTS));
      warmSwitch.push(await clickAndTime(page, 'Profil', PROFILE));
    }
    await context.close();
  }
  const wire = await wireOf(
    browser,
    `${base}/admin/restaurants`,
    (p) => p.getByText('Jami').first().waitFor(),
    {
      storageState: state,
      keep: `${ADMIN_LANDING.remote}/${ADMIN_LANDING.expose}`,
    },
  );
  return {
    files,
    wire,
    fcp: median(fcps.filter((x) => x !== null)),
    firstSwitch: median(firstSwitch),
    warmSwitch: median(warmSwitch),
  };
}

function attribution(files, owners, base) {
  const rows = new Map();
  for (const f of files) {
    const what =
      owners.get(f.url) ??
      (f.url.endsWith('remoteEntry.js') ? ['remote entry'] : [`${appOf(f.url, base)} (app/runtime)`]);
    const label = what.join(' + ');
    const row = rows.get(label) ?? { label, files: 0, raw: 0, gzip: 0, apps: new Set() };
    row.files += 1;
    row.raw += f.raw;
    row.gzip += f.gzip;
    row.apps.add(appOf(f.url, base));
    rows.set(label, row);
  }
  return [...rows.values()].sort((a, b) => b.gzip - a.gzip);
}

/** A shared library whose files came from more than one app was loaded twice. */
function duplicates(files, owners, base) {
  const byLib = new Map();
  for (const f of files) {
    for (const what of owners.get(f.url) ?? []) {
      if (!what.startsWith('shared:')) continue;
      const apps = byLib.get(what) ?? new Set();
      apps.add(appOf(f.url, base));
      byLib.set(what, apps);
    }
  }
  const dup = [...byLib.entries()]
    .filter(([, apps]) => apps.size > 1)
    .map(([lib, apps]) => `${lib} (${[...apps].join(', ')})`);
  const reactDomCopies = files.filter((f) => f.type === 'js' && f.body.includes('__reactContainer$')).length;
  if (reactDomCopies !== 1) dup.push(`react-dom code in ${reactDomCopies} files`);
  return dup;
}

function table(title, rows, columns) {
  console.log(`\n${title}`);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells) => cells.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}

// ---------- Lighthouse ----------

async function runLighthouse(base) {
  const options = {
    chromium: process.env.PW_CHROMIUM || '/usr/bin/chromium',
    connectOverCDP: (url) => chromium.connectOverCDP(url),
  };
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin login for Lighthouse: ${res.status}`);
  const { data } = await res.json();
  const session = { origin: base, accessToken: data.accessToken, role: 'admin' };
  console.log(`\nLighthouse (mobile preset), ${LIGHTHOUSE_RUNS} runs a page…`);
  const results = {
    login: await lighthousePage(`${base}/`, options, LIGHTHOUSE_RUNS),
    admin: await lighthousePage(`${base}/admin/restaurants`, { ...options, session }, LIGHTHOUSE_RUNS),
  };
  const row = (page, r) => ({
    page,
    performance: r.performance,
    'LCP s': (r.lcpMs / 1000).toFixed(2),
    'FCP s': (r.fcpMs / 1000).toFixed(2),
    'TBT ms': r.tbtMs.toFixed(0),
    accessibility: r.accessibility,
    'every run (perf / LCP s)': r.runs
      .map((x) => `${x.performance} / ${(x.lcpMs / 1000).toFixed(2)}`)
      .join(', '),
    'failed a11y audits': r.failedA11y.join(', ') || 'none',
  });
  table(
    `Lighthouse, mobile preset (simulated slow 4G and 4x CPU slowdown; median of ${LIGHTHOUSE_RUNS})`,
    [
      row('login  /', results.login),
      row(`admin  ${new URL(results.admin.finalUrl).pathname}`, results.admin),
    ],
    [
      'page',
      'performance',
      'LCP s',
      'FCP s',
      'TBT ms',
      'accessibility',
      'every run (perf / LCP s)',
      'failed a11y audits',
    ],
  );
  return results;
}

function lighthouseChecks(results) {
  if (!results) return [];
  return [
    {
      target: `Lighthouse login: performance >= ${TARGETS.loginPerformance}`,
      value: String(results.login.performance),
      ok: results.login.performance >= TARGETS.loginPerformance,
    },
    {
      target: `Lighthouse login: LCP <= ${TARGETS.loginLcpMs / 1000} s`,
      value: `${(results.login.lcpMs / 1000).toFixed(2)} s`,
      ok: results.login.lcpMs <= TARGETS.loginLcpMs,
    },
    {
      target: 'Lighthouse admin landing: the page itself, logged in (not sent to login)',
      value: new URL(results.admin.finalUrl).pathname,
      ok: new URL(results.admin.finalUrl).pathname === '/admin/restaurants',
    },
  ];
}

// ---------- run ----------

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.PW_CHROMIUM || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
let failed = false;
try {
  const owners = await ownersOf(server.url);
  const login = await loginPage(browser, server.url);
  const admin = await adminLanding(browser, server.url);
  const lt = totals(login.files);
  const at = totals(admin.files);
  const adminDup = duplicates(admin.files, owners, server.url);
  const loginDup = duplicates(login.files, owners, server.url);

  table(
    'Pages (fresh cache; gzip = gzip -9 of each file; median FCP of runs)',
    [
      {
        page: 'login  /',
        'JS raw KiB': kib(lt.jsRaw),
        'JS gzip KiB': kib(lt.jsGzip),
        'CSS raw KiB': kib(lt.cssRaw),
        'CSS gzip KiB': kib(lt.cssGzip),
        files: login.files.length,
        'FCP ms': login.fcp?.toFixed(0),
      },
      {
        page: 'admin  /admin/restaurants',
        'JS raw KiB': kib(at.jsRaw),
        'JS gzip KiB': kib(at.jsGzip),
        'CSS raw KiB': kib(at.cssRaw),
        'CSS gzip KiB': kib(at.cssGzip),
        files: admin.files.length,
        'FCP ms': admin.fcp?.toFixed(0),
      },
    ],
    ['page', 'JS raw KiB', 'JS gzip KiB', 'CSS raw KiB', 'CSS gzip KiB', 'files', 'FCP ms'],
  );
  const attrRows = (files) =>
    attribution(files, owners, server.url).map((r) => ({
      what: r.label,
      from: [...r.apps].join(','),
      files: r.files,
      'raw KiB': kib(r.raw),
      'gzip KiB': kib(r.gzip),
    }));
  table('Login page: what the bytes are (shared singletons by name)', attrRows(login.files), [
    'what',
    'from',
    'files',
    'raw KiB',
    'gzip KiB',
  ]);
  table('Admin landing page: what the bytes are', attrRows(admin.files), [
    'what',
    'from',
    'files',
    'raw KiB',
    'gzip KiB',
  ]);
  const loginWireRun = await wireOf(browser, `${server.url}/`, (p) =>
    p.locator('input[name="login"]').waitFor(),
  );
  const { critical, later: prefetch } = admin.wire;
  const wireRow = (label, entries) => {
    const w = wireTotals(entries);
    return {
      what: label,
      requests: w.requests,
      'from cache': w.fromCache,
      304: w.revalidated,
      'JS KiB': kib(w.js),
      'CSS KiB': kib(w.css),
      'HTML KiB': kib(w.html),
      'data KiB': kib(w.data),
      'other KiB': kib(w.other),
      'all KiB': kib(w.all),
      'JS encoding': [...w.encodings].join(',') || '-',
    };
  };
  const loginWire = wireTotals(loginWireRun.all);
  const criticalWire = wireTotals(critical);
  const loginRepeat = wireTotals(loginWireRun.repeat);
  const adminRepeat = wireTotals(admin.wire.repeat);
  table(
    'Over the wire (what Chromium received: headers + body as sent; data = fetch/XHR, other = fonts, images, manifests)',
    [
      wireRow('login  / (first visit)', loginWireRun.all),
      wireRow('admin landing: critical path', critical),
      wireRow('admin landing: prefetched after it showed', prefetch),
      wireRow('admin landing: all', admin.wire.all),
      wireRow('login  / (repeat visit, warm cache)', loginWireRun.repeat),
      wireRow('admin landing (repeat visit, warm cache)', admin.wire.repeat),
    ],
    [
      'what',
      'requests',
      'from cache',
      '304',
      'JS KiB',
      'CSS KiB',
      'HTML KiB',
      'data KiB',
      'other KiB',
      'all KiB',
      'JS encoding',
    ],
  );
  if (admin.wire.heldTooLong) {
    console.log(
      '  (the admin landing waited 15 s for a held module: its critical path includes another module)',
    );
  }
  const zodIn = (files) => files.filter((f) => f.type === 'js' && containsZod(f.body.toString('utf8')));
  const criticalUrls = new Set(critical.map((e) => e.url));
  const loginZod = zodIn(login.files);
  const adminZod = zodIn(admin.files.filter((f) => criticalUrls.has(f.url)));
  const prefetchZod = zodIn(admin.files.filter((f) => !criticalUrls.has(f.url)));
  const short = (files) => files.map((f) => new URL(f.url).pathname).join(', ') || 'none';
  console.log('\nScripts with zod in them');
  console.log(`  login page:                   ${short(loginZod)}`);
  console.log(`  admin landing, critical path: ${short(adminZod)}`);
  console.log(`  admin landing, prefetched:    ${short(prefetchZod)}`);
  table(
    `Module switch (click event until the page is painted, timed in the page; median of ${RUNS} loads)`,
    [
      {
        move: 'restaurants -> profile, first time (module prefetched at idle)',
        ms: admin.firstSwitch?.toFixed(1),
      },
      { move: 'restaurants <-> profile, afterwards', ms: admin.warmSwitch?.toFixed(1) },
    ],
    ['move', 'ms'],
  );
  const catalog = await catalogBench(browser, server.url, {
    dataDir: server.dataDir,
    admin: ADMIN,
    runs: RUNS,
    duplicates: (files) => duplicates(files, owners, server.url),
    hold: holdOtherModules,
  });
  const catalogChecks = catalogReport(catalog, table);
  const stopListFigures = await measureStopList(browser, server.url, ADMIN, RUNS);
  const stopList = stopListReport(stopListFigures);
  table('Stop-list screen (manager, 375 px; 40 categories, 1,000 products)', stopList.rows, [
    'figure',
    'value',
  ]);
  const lighthouseResults = args.has('--no-lighthouse') ? null : await runLighthouse(server.url);
  const checks = [
    {
      target: `login JS < ${TARGETS.loginGzipJsKiB} KiB gzip`,
      value: `${kib(lt.jsGzip)} KiB`,
      ok: lt.jsGzip < TARGETS.loginGzipJsKiB * 1024,
    },
    {
      target: `login <= ${TARGETS.loginWireKiB} KiB over the wire`,
      value: `${kib(loginWire.all)} KiB`,
      ok: loginWire.all <= TARGETS.loginWireKiB * 1024,
    },
    {
      target: `admin landing critical path <= ${TARGETS.adminCriticalWireKiB} KiB over the wire`,
      value: `${kib(criticalWire.all)} KiB`,
      ok: criticalWire.all <= TARGETS.adminCriticalWireKiB * 1024,
    },
    {
      target: `repeat visit: JS over the wire < ${TARGETS.repeatVisitJsWireKiB} KiB (login, admin)`,
      value: `${kib(loginRepeat.js)} KiB, ${kib(adminRepeat.js)} KiB`,
      ok: Math.max(loginRepeat.js, adminRepeat.js) < TARGETS.repeatVisitJsWireKiB * 1024,
    },
    {
      target: 'zod off the first pages (login, admin critical path)',
      value: loginZod.length + adminZod.length === 0 ? 'none' : short([...loginZod, ...adminZod]),
      ok: loginZod.length + adminZod.length === 0,
    },
    {
      target: 'no library loaded twice (login)',
      value: loginDup.join('; ') || 'none',
      ok: loginDup.length === 0,
    },
    {
      target: 'no library loaded twice (admin + profile)',
      value: adminDup.join('; ') || 'none',
      ok: adminDup.length === 0,
    },
    {
      target: `module switch < ${TARGETS.moduleSwitchMs} ms (first)`,
      value: `${admin.firstSwitch?.toFixed(1)} ms`,
      ok: (admin.firstSwitch ?? Infinity) < TARGETS.moduleSwitchMs,
    },
    {
      target: `module switch < ${TARGETS.moduleSwitchMs} ms (afterwards)`,
      value: `${admin.warmSwitch?.toFixed(1)} ms`,
      ok: (admin.warmSwitch ?? Infinity) < TARGETS.moduleSwitchMs,
    },
    ...catalogChecks,
    ...lighthouseChecks(lighthouseResults),
    ...stopList.checks,
  ].map((c) => ({ ...c, result: c.ok ? 'PASS' : 'FAIL' }));
  table('Targets', checks, ['target', 'value', 'result']);
  failed = checks.some((c) => !c.ok);

  mkdirSync(join(root, '.reports'), { recursive: true });
  const strip = (files) => files.map(({ body: _b, ...f }) => f);
  writeFileSync(
    join(root, '.reports/bench-web.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        login: { ...login, files: strip(login.files), totals: lt },
        admin: { ...admin, files: strip(admin.files), totals: at },
        catalog: {
          ...catalog,
          bytes: {
            list: strip(catalog.bytes.list),
            listLater: strip(catalog.bytes.listLater),
            table: strip(catalog.bytes.table),
            tableLater: strip(catalog.bytes.tableLater),
            listShared: strip(catalog.bytes.listShared),
            tableShared: strip(catalog.bytes.tableShared),
            sharedBeforeShown: strip(catalog.bytes.sharedBeforeShown),
            all: strip(catalog.bytes.all),
            duplicates: catalog.bytes.duplicates,
          },
        },
        lighthouse: lighthouseResults,
        stopList: stopListFigures,
        checks,
      },
      null,
      2,
    ),
  );
  console.log('\nDetails: .reports/bench-web.json');
} finally {
  await browser.close();
  await server.stop();
}
if (failed && args.has('--strict')) process.exit(1);

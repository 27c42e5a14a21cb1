#!/usr/bin/env node
// `pnpm bench:web`: production build (when missing, or with --build), the server on a free port,
// then Chromium measures the login page and the admin landing page: JS/CSS bytes (raw and gzip),
// what each shared singleton costs, first contentful paint, duplicate libraries, and the time to
// move between modules after the first load. Targets: login < 150 KiB gzip JS, no library
// loaded twice, module switch < 150 ms. `--strict` exits 1 when a target is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const ADMIN = { login: 'admin', password: 'admin12345' };
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { loginGzipJsKiB: 150, moduleSwitchMs: 150 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ---------- build and server ----------

const frontends = ['shell', 'mfe-auth', 'mfe-restaurants', 'mfe-catalog', 'mfe-stoplist'];
function missingBuilds() {
  const missing = [];
  if (!existsSync(join(root, 'api/dist/server.js'))) missing.push('api');
  for (const name of frontends) {
    const pkg = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8'));
    if (!pkg.scripts?.build) continue;
    const marker = name === 'shell' ? 'dist/index.html' : 'dist/mf-manifest.json';
    if (!existsSync(join(root, name, marker))) missing.push(name);
  }
  return missing;
}

if (args.has('--build') || missingBuilds().length > 0) {
  console.log('Building for production (pnpm build)…');
  const build = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-'));
  const child = spawn(process.execPath, [join(root, 'api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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

async function collect(page) {
  const files = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      const body = await res.body();
      files.push({
        url: res.url(),
        type: type === 'script' ? 'js' : 'css',
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        body,
      });
    } catch {
      // redirects and failed loads have no body
    }
  });
  return files;
}

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
    const seen = await collect(page);
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('input[name="login"]').waitFor();
    runs.push(await fcp(page));
    if (i === 0) files = [...seen];
    await context.close();
  }
  return { files, fcp: median(runs.filter((x) => x !== null)) };
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
    const seen = await collect(page);
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
  return {
    files,
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
  const checks = [
    {
      target: `login JS < ${TARGETS.loginGzipJsKiB} KiB gzip`,
      value: `${kib(lt.jsGzip)} KiB`,
      ok: lt.jsGzip < TARGETS.loginGzipJsKiB * 1024,
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

#!/usr/bin/env node
// `pnpm bench:compare <git ref>`: this tree against another commit, side by side on this machine.
// Builds the ref in a git worktree under a temporary folder (`pnpm install --frozen-lockfile`,
// `pnpm build`), builds this tree, then drives both production servers with this tree's bench
// code, taking turns figure by figure (A, B, then B, A the next round...) so that the shared
// machine's swings hit both:
// - the API bench's scenarios (api/bench/compare.ts over api/bench/scenarios.ts: reads with the
//   answer cache on and off, inserts, updates, stop-lists), `--rounds` rounds (default 3);
// - Lighthouse (mobile preset, scripts/bench-web-lighthouse.mjs) on the login page, the admin's
//   restaurant list, the manager's home (Asosiy), stop-list (Menyu) and categories, signed in on a
//   warmed-up server, `--lighthouse-runs` each (default 3); `--pages login,admin,asosiy,stoplist,
//   categories` picks some.
// Prints each figure's median for both with the ratio current / ref, and the verdict against the
// speed targets of docs/BENCHMARKS.md ("Side by side"). Options: --only <scenario keys> (API),
// --no-api, --no-lighthouse, --no-build (use this tree's build as it is), --keep (leave the
// ref's worktree and print where), --ref-tree <dir> (a built checkout of the ref instead of a new
// worktree), --json <file> (every run's figures), --markdown (the table for docs), --strict (exit 1
// on a missed target), --nav-runs <n> (the warm-up's purpose: the time from a tap on Menyu on
// Asosiy to the stop-list, n taps a side). Old refs need no bench scripts of their own: only their built server runs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { lighthousePage } from './bench-web-lighthouse.mjs';
import { builtServerEnv, withoutDatabaseUrl } from './server-settings.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const argv = process.argv.slice(2);
const has = (name) => argv.includes(`--${name}`);
const VALUED = ['rounds', 'lighthouse-runs', 'only', 'ref-tree', 'json', 'pages', 'nav-runs'];
function value(name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
}
const positional = argv.filter(
  (a, i) => !a.startsWith('--') && !VALUED.some((v) => argv[i - 1] === `--${v}`),
);
const ref = positional[0];
if (!ref) {
  console.error(
    'usage: pnpm bench:compare <git ref> [--rounds 3] [--lighthouse-runs 3] [--no-lighthouse] ...',
  );
  process.exit(2);
}
const ROUNDS = Number(value('rounds') ?? 3);
const LIGHTHOUSE_RUNS = Number(value('lighthouse-runs') ?? 3);
const CURRENT = 'current';
const ADMIN = { login: 'admin', password: 'bench-admin-pass' };
const MANAGER = { login: 'asosiy-menedjer', password: 'asosiy-parol-123' };

// ---------- the two builds ----------

function sh(command, args, cwd) {
  console.log(`\n$ ${command} ${args.join(' ')}   (in ${cwd})`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], {
  cwd: root,
  encoding: 'utf8',
}).trim();
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
  cwd: root,
  encoding: 'utf8',
}).trim();
const currentDesc = `this tree (HEAD ${head}${dirty ? ', with uncommitted changes' : ''})`;

let temp;
let refTree = value('ref-tree') && resolve(value('ref-tree'));
function cleanUp() {
  if (!temp) return;
  if (has('keep')) {
    console.log(
      `\nThe ref's worktree stays in ${refTree} (git worktree remove --force ${refTree} when done).`,
    );
    return;
  }
  spawnSync('git', ['worktree', 'remove', '--force', refTree], { cwd: root, stdio: 'inherit' });
  rmSync(temp, { recursive: true, force: true });
  temp = undefined;
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

// ---------- the servers (Lighthouse) ----------

/** `<tree>/api/dist/server.js` on a free port with a fresh data folder; resolves when listening. */
function startServer(tree) {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-compare-web-'));
  const child = spawn(process.execPath, [join(tree, 'api/dist/server.js')], {
    cwd: tree,
    env: builtServerEnv({ port: 0, dataDir, admin: ADMIN, inherited: withoutDatabaseUrl() }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${tree}: the server did not start`)), 60_000);
    child.stdout.on('data', (d) => {
      out += String(d);
      const url = /^Listening on (http:\/\/\S+)$/m.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolvePromise({
        url,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => {
              rmSync(dataDir, { recursive: true, force: true });
              done();
            });
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`${tree}: the server exited (${code})`)));
  });
}

async function api(base, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The admin, and a manager with a restaurant of 2 categories of 5 products (through the
 * contract's API, which both sides keep): the sessions Lighthouse signs in with.
 */
async function sessionsOn(base) {
  const login = async (creds) => (await api(base, 'auth/login', { body: creds })).data.accessToken;
  const admin = await login(ADMIN);
  const manager = await api(base, 'admin/managers', { token: admin, body: MANAGER });
  const restaurant = await api(base, 'admin/restaurants/create', {
    token: admin,
    body: {
      name: 'Asosiy Oshxonasi',
      slug: 'asosiy-oshxonasi',
      address: 'Toshkent, Chilonzor 5',
      phone_number: '+998901234567',
      work_time: '09:00-23:00',
      manager_id: manager.data._id,
    },
  });
  const managerToken = await login(MANAGER);
  for (const title of ['Salatlar', 'Issiq taomlar']) {
    const category = await api(base, 'manager/category/create', {
      token: managerToken,
      body: { title, restaurant_id: restaurant.data._id },
    });
    for (let i = 1; i <= 5; i++)
      await api(base, 'manager/products', {
        token: managerToken,
        body: { name: `${title} ${i}`, category_id: category.data._id, price: 20000 + i * 1000 },
      });
  }
  return {
    admin: { origin: base, accessToken: admin, role: 'admin' },
    manager: { origin: base, accessToken: managerToken, role: 'manager' },
  };
}

const PAGES = [
  { key: 'login', name: 'login page /', path: '/', who: null },
  {
    key: 'admin',
    name: "admin's restaurant list /admin/restaurants",
    path: '/admin/restaurants',
    who: 'admin',
  },
  { key: 'asosiy', name: "manager's home (Asosiy) /admin", path: '/admin', who: 'manager' },
  {
    key: 'stoplist',
    name: "manager's stop-list (Menyu) /ProductStopList",
    path: '/ProductStopList',
    who: 'manager',
  },
  { key: 'categories', name: "manager's categories /categoryList", path: '/categoryList', who: 'manager' },
].filter((page) => !value('pages') || value('pages').split(',').includes(page.key));

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, seen on a busy machine) is run again, up to 3 times. */
async function lighthouseOnce(url, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await lighthousePage(url, options, 1)).runs[0];
    } catch (err) {
      if (attempt === 3 || !/^Lighthouse: /.test(err.message)) throw err;
      console.log(`  (${err.message.split(' ').slice(0, 2).join(' ')}: running it again)`);
    }
  }
}

async function lighthouseSideBySide(sides) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const executablePath = process.env.PW_CHROMIUM || '/usr/bin/chromium';
  const options = { chromium: executablePath, connectOverCDP: (url) => chromium.connectOverCDP(url) };
  const running = [];
  try {
    for (const side of sides) {
      const server = await startServer(side.tree);
      running.push(server);
      side.server = server;
      side.sessions = await sessionsOn(server.url);
    }
    // warm-up: every page once per side (the servers' caches and JIT; Lighthouse's own runs then
    // start from a cold browser cache)
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      for (const side of sides)
        for (const page of PAGES) {
          const context = await browser.newContext();
          const tab = await context.newPage();
          const session = page.who && side.sessions[page.who];
          if (session) {
            await tab.goto(`${side.server.url}/api/health`);
            await tab.evaluate((s) => {
              localStorage.setItem('accessToken', s.accessToken);
              localStorage.setItem('role', s.role);
            }, session);
          }
          await tab.goto(`${side.server.url}${page.path}`, { waitUntil: 'networkidle' });
          await context.close();
        }
    } finally {
      await browser.close();
    }
    const results = {};
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      const order = run % 2 === 1 ? sides : [...sides].reverse();
      for (const page of PAGES)
        for (const side of order) {
          const session = page.who ? side.sessions[page.who] : undefined;
          const once = await lighthouseOnce(`${side.server.url}${page.path}`, { ...options, session });
          const landed = new URL(once.finalUrl).pathname;
          if (landed !== page.path)
            throw new Error(`${side.label} ${page.path}: Lighthouse landed on ${landed}`);
          results[page.key] ??= {};
          results[page.key][side.label] ??= [];
          results[page.key][side.label].push(once);
          console.log(
            `  Lighthouse ${run}/${LIGHTHOUSE_RUNS} ${page.key.padEnd(6)} ${side.label.padEnd(10)} performance ${once.performance}, TBT ${once.tbtMs.toFixed(0)} ms, LCP ${(once.lcpMs / 1000).toFixed(2)} s, script ${once.scriptMs.toFixed(0)} ms, ${once.longTasks} long tasks`,
          );
        }
    }
    return results;
  } finally {
    for (const server of running) await server.stop();
  }
}

/**
 * The warm-up's purpose, measured: a manager on Asosiy (a touch screen, the CPU slowed 4x as
 * Lighthouse's mobile preset does) waits until the page and its warm-up are done, taps Menyu, and
 * the time from the finger's touch to the stop-list's heading, then to its first product row, is
 * read in the page (performance.now(), so Playwright's polling is not in it). `--nav-runs` runs a
 * side.
 */
async function navigationSideBySide(sides, runs) {
  const require = createRequire(join(root, 'e2e/package.json'));
  const { chromium } = require('@playwright/test');
  const executablePath = process.env.PW_CHROMIUM || '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const running = [];
  const results = {};
  try {
    for (const side of sides) {
      side.server = await startServer(side.tree);
      running.push(side.server);
      side.sessions = await sessionsOn(side.server.url);
    }
    for (let run = 1; run <= runs; run++) {
      const order = run % 2 === 1 ? sides : [...sides].reverse();
      for (const side of order) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true });
        const tab = await context.newPage();
        const session = side.sessions.manager;
        await tab.goto(`${side.server.url}/api/health`);
        await tab.evaluate((s) => {
          localStorage.setItem('accessToken', s.accessToken);
          localStorage.setItem('role', s.role);
        }, session);
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.goto(`${side.server.url}/admin`);
        await tab.getByTestId('manager-restaurant-card').waitFor();
        // the warm-up starts once the page has settled (3 s at the latest): let it finish
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(5000);
        await tab.evaluate(() => {
          const times = {};
          window.__navTimes = times;
          addEventListener('touchstart', () => (times.tap ??= performance.now()), { capture: true });
          new MutationObserver(() => {
            const now = performance.now();
            if (
              !times.heading &&
              [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === 'Menyu')
            )
              times.heading = now;
            if (!times.row && document.querySelector('[data-testid="stop-list-product"]')) times.row = now;
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
        await tab.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Menyu' }).tap();
        await tab.getByTestId('stop-list-product').first().waitFor();
        const times = await tab.evaluate(() => window.__navTimes);
        const once = { headingMs: times.heading - times.tap, rowMs: times.row - times.tap };
        results[side.label] ??= [];
        results[side.label].push(once);
        console.log(
          `  Asosiy -> Menyu ${run}/${runs} ${side.label.padEnd(10)} heading ${once.headingMs.toFixed(0)} ms, first row ${once.rowMs.toFixed(0)} ms (CPU 4x slower)`,
        );
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    for (const server of running) await server.stop();
  }
}

// ---------- figures ----------

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Rows: figure, ref, current, ratio current/ref, verdict. */
function rows(apiResult, lighthouse, refLabel, navigation) {
  const out = [];
  const fmt = (x, digits = 0) => (x === undefined ? '-' : x.toFixed(digits));
  const ratio = (cur, old) => (cur === undefined || !old ? '-' : `${(cur / old).toFixed(2)}x`);
  if (apiResult) {
    const f = apiResult.figures;
    const of = (key, side, pick) => median((f[key]?.[side] ?? []).map(pick));
    for (const s of apiResult.scenarios) {
      if (!f[s.key]) continue;
      if (s.key === 'stopListSerial') {
        const [a, b] = [of(s.key, refLabel, (x) => x.median), of(s.key, CURRENT, (x) => x.median)];
        out.push({
          figure: `${s.name.trim()}, median ms`,
          ref: fmt(a, 1),
          current: fmt(b, 1),
          ratio: ratio(b, a),
        });
        continue;
      }
      const [a, b] = [of(s.key, refLabel, (x) => x.rps), of(s.key, CURRENT, (x) => x.rps)];
      const failed = [refLabel, CURRENT].some((side) =>
        (f[s.key][side] ?? []).some((x) => x.errors + x.non2xx > 0),
      );
      out.push({
        key: s.key,
        figure: `${s.name.trim()} (${s.cache === 'on' ? 'cache on' : 'cache off'}), req/s${failed ? ' (some requests failed)' : ''}`,
        ref: fmt(a),
        current: fmt(b),
        ratio: ratio(b, a),
      });
    }
    // shares of the bare route: per round, then the median
    const share = (key, side) =>
      median((f[key]?.[side] ?? []).map((x, i) => x.rps / (f.bare?.[side]?.[i]?.rps ?? Number.NaN)));
    for (const [key, label] of [
      ['listRaw', 'product list without the cache, share of the bare route'],
      ['detailRaw', 'product detail without the cache, share of the bare route'],
    ]) {
      if (!f[key] || !f.bare) continue;
      const [a, b] = [share(key, refLabel), share(key, CURRENT)];
      out.push({
        figure: label,
        ref: a === undefined ? '-' : `${(a * 100).toFixed(1)} %`,
        current: b === undefined ? '-' : `${(b * 100).toFixed(1)} %`,
        ratio: ratio(b, a),
        verdict: b === undefined ? undefined : [b >= 0.15, 'current >= 15 %'],
      });
    }
    // the admin's table as it asks (a page of 10; a ref without pages answers all 1,000 to it)
    const adminKey = f.adminPageRaw ? 'adminPageRaw' : f.adminRaw ? 'adminRaw' : undefined;
    if (adminKey) {
      const [a, b] = [of(adminKey, refLabel, (x) => x.p99), of(adminKey, CURRENT, (x) => x.p99)];
      out.push({
        figure: `1,000-restaurant admin list${adminKey === 'adminPageRaw' ? ', the page of 10 its table asks for,' : ''} without the cache, p99 ms`,
        ref: fmt(a),
        current: fmt(b),
        ratio: ratio(b, a),
        verdict: b === undefined ? undefined : [b < 100, 'current < 100 ms'],
      });
    }
    // the same page at the concurrency of its use (a few admins); no target of its own
    if (f.adminPageRaw5) {
      const [a, b] = [
        of('adminPageRaw5', refLabel, (x) => x.p99),
        of('adminPageRaw5', CURRENT, (x) => x.p99),
      ];
      out.push({
        figure: '1,000-restaurant admin list, the page of 10, without the cache, 5 connections, p99 ms',
        ref: fmt(a),
        current: fmt(b),
        ratio: ratio(b, a),
      });
    }
    for (const r of out) {
      if (r.key === 'insert' || r.key === 'update') {
        const x = Number.parseFloat(r.ratio);
        r.verdict = Number.isFinite(x) ? [x >= 1, '>= 1.0x the ref'] : undefined;
      }
    }
  }
  if (navigation) {
    for (const [key, name] of [
      ['headingMs', "Asosiy -> Menyu: the stop-list's heading after the tap, ms (CPU 4x)"],
      ['rowMs', '  its first product row after the tap, ms'],
    ]) {
      const [a, b] = [refLabel, CURRENT].map((side) => median(navigation[side].map((x) => x[key])));
      out.push({
        figure: name,
        ref: `${fmt(a)} (${navigation[refLabel].map((x) => x[key].toFixed(0)).join(', ')})`,
        current: `${fmt(b)} (${navigation[CURRENT].map((x) => x[key].toFixed(0)).join(', ')})`,
        ratio: ratio(b, a),
      });
    }
  }
  if (lighthouse) {
    for (const page of PAGES) {
      const runs = lighthouse[page.key];
      if (!runs) continue;
      const [a, b] = [refLabel, CURRENT].map((side) => median(runs[side].map((x) => x.performance)));
      const [ta, tb] = [refLabel, CURRENT].map((side) => median(runs[side].map((x) => x.tbtMs)));
      const [la, lb] = [refLabel, CURRENT].map((side) => median(runs[side].map((x) => x.lcpMs / 1000)));
      out.push({
        figure: `Lighthouse performance, ${page.name}`,
        ref: `${a} (${runs[refLabel].map((x) => x.performance).join(', ')})`,
        current: `${b} (${runs[CURRENT].map((x) => x.performance).join(', ')})`,
        ratio: ratio(b, a),
        verdict: page.key === 'asosiy' ? [b >= a - 5, 'within 5 points of the ref'] : undefined,
      });
      out.push({
        figure: `  its total blocking time, ms`,
        ref: fmt(ta),
        current: fmt(tb),
        ratio: ratio(tb, ta),
      });
      out.push({ figure: `  its LCP, s`, ref: fmt(la, 2), current: fmt(lb, 2), ratio: ratio(lb, la) });
      const [sa, sb] = [refLabel, CURRENT].map((side) => median(runs[side].map((x) => x.scriptMs)));
      out.push({
        figure: `  its main-thread script time (bootup-time), ms`,
        ref: fmt(sa),
        current: fmt(sb),
        ratio: ratio(sb, sa),
      });
    }
  }
  return out;
}

function printTable(list, refLabel) {
  const verdictOf = (r) => (r.verdict ? `${r.verdict[0] ? 'PASS' : 'MISS'} (${r.verdict[1]})` : '');
  const cols = ['figure', refLabel, CURRENT, 'current / ref', 'target'];
  const cells = list.map((r) => [r.figure, r.ref, r.current, r.ratio, verdictOf(r)]);
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => String(row[i]).length)));
  const line = (xs) => xs.map((x, i) => String(x).padEnd(widths[i])).join('  ');
  console.log(`\n${line(cols)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of cells) console.log(line(row));
  if (has('markdown')) {
    console.log(`\n| figure | ${refLabel} | ${CURRENT} | current / ref | target |\n|---|---|---|---|---|`);
    for (const row of cells) console.log(`| ${row.map((x) => String(x).trim() || ' ').join(' | ')} |`);
  }
  return list.every((r) => !r.verdict || r.verdict[0]);
}

/** Where each page's script time went: the median over the runs of each bundle's, largest first. */
function printScriptByBundle(lighthouse, refLabel) {
  for (const page of PAGES) {
    for (const side of [refLabel, CURRENT]) {
      const runs = lighthouse[page.key]?.[side] ?? [];
      const urls = new Set(runs.flatMap((r) => Object.keys(r.scriptByUrl ?? {})));
      const byBundle = [...urls]
        .map((url) => [url, median(runs.map((r) => r.scriptByUrl?.[url] ?? 0))])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([url, ms]) => `${URL.canParse(url) ? new URL(url).pathname : url} ${ms}`);
      console.log(`  script ms by bundle, ${page.key}, ${side}: ${byBundle.join(', ')}`);
    }
  }
}

// ---------- run ----------

let ok = true;
try {
  if (!refTree) {
    temp = mkdtempSync(join(tmpdir(), 'qrmenu-compare-ref-'));
    refTree = join(temp, 'tree');
    sh('git', ['worktree', 'add', '--detach', refTree, sha], root);
    sh('pnpm', ['install', '--frozen-lockfile', '--config.side-effects-cache=false'], refTree);
    sh('pnpm', ['build'], refTree);
  } else if (!existsSync(join(refTree, 'api/dist/server.js'))) {
    throw new Error(`${refTree} has no build (api/dist/server.js): run pnpm build there`);
  }
  if (!has('no-build')) sh('pnpm', ['build'], root);
  console.log(`\nComparing ${ref} (${sha.slice(0, 10)}, built in ${refTree}) with ${currentDesc}`);
  const sides = [
    { label: ref, tree: refTree },
    { label: CURRENT, tree: root },
  ];
  let apiResult;
  if (!has('no-api')) {
    const out = join(mkdtempSync(join(tmpdir(), 'qrmenu-compare-api-')), 'api.json');
    const only = value('only');
    sh(
      'pnpm',
      [
        '--filter',
        '@qrmenu/api',
        'exec',
        'tsx',
        'bench/compare.ts',
        '--a',
        refTree,
        '--a-label',
        ref,
        '--b',
        root,
        '--b-label',
        CURRENT,
        '--rounds',
        String(ROUNDS),
        '--json',
        out,
        ...(only ? ['--only', only] : []),
      ],
      root,
    );
    apiResult = JSON.parse(readFileSync(out, 'utf8'));
    rmSync(resolve(out, '..'), { recursive: true, force: true });
  }
  let lighthouse;
  if (!has('no-lighthouse')) {
    console.log(`\nLighthouse (mobile preset), ${LIGHTHOUSE_RUNS} runs a page on each side, taking turns…`);
    lighthouse = await lighthouseSideBySide(sides);
  }
  let navigation;
  if (value('nav-runs')) {
    console.log(`\nAsosiy -> Menyu, ${value('nav-runs')} taps on each side, taking turns…`);
    navigation = await navigationSideBySide(sides, Number(value('nav-runs')));
  }
  console.log(
    `\n${ref} (${sha.slice(0, 10)}) against ${currentDesc}, ${new Date().toISOString().slice(0, 10)}: medians of ${ROUNDS} API rounds and ${LIGHTHOUSE_RUNS} Lighthouse runs (all runs in brackets); req/s higher is better, ms and s lower`,
  );
  ok = printTable(rows(apiResult, lighthouse, ref, navigation), ref);
  if (lighthouse) printScriptByBundle(lighthouse, ref);
  const json = value('json');
  if (json)
    writeFileSync(
      resolve(process.env.INIT_CWD ?? '.', json),
      `${JSON.stringify({ ref, sha, current: currentDesc, api: apiResult, lighthouse, navigation }, null, 2)}\n`,
    );
} finally {
  cleanUp();
}
if (!ok && has('strict')) process.exit(1);

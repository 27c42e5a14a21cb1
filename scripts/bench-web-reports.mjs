#!/usr/bin/env node
// `pnpm bench:reports`, the page's half (after the API's, api/bench/reports.ts): «Hisobot» as the
// user gets it, on the production build (built when missing) and a server seeded as `pnpm seed`
// seeds it (the showcase restaurant's two months of orders, manager1):
// - bytes over the wire when the manager opens «Hisobot» from Asosiy (Chromium at 375 px, a warm
//   cache of the shell as a signed-in user has it): the module's own files (mfe_reports), the
//   answers, and the rest; and the module's own JS (raw, gzip) in the build;
// - Lighthouse (mobile preset, LIGHTHOUSE_RUNS runs each, the median) on the manager's Asosiy
//   (/admin) and on «Hisobot» (/reports), each a first view with a cold cache: the target is the
//   reports' performance within 5 points of Asosiy's.
// Prints figures, the date and the machine's load; it asserts nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { lighthousePage } from './bench-web-lighthouse.mjs';
import { recordWire, wireTotals } from './bench-web-wire.mjs';
import { ensureBuilt, root, startProductionServer } from './production-server.mjs';
import { seedBesideServer } from './server-settings.ts';

const ADMIN = { login: 'admin', password: 'admin12345' };
const MANAGER = { login: 'manager1', password: 'manager123' };
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET_POINTS = 5;
const CHROMIUM = process.env.PW_CHROMIUM || '/usr/bin/chromium';
const require = createRequire(join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

/** The module's own JS in its build: every script of mfe-reports/dist but the shared libraries' copies. */
function ownJs() {
  const dist = join(root, 'mfe-reports/dist');
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  const files = new Set(['remoteEntry.js']);
  for (const expose of manifest.exposes)
    for (const f of [...expose.assets.js.sync, ...expose.assets.js.async]) files.add(f);
  let raw = 0;
  let gzip = 0;
  for (const f of readdirSync(dist)) {
    if (!files.has(f)) continue;
    const bytes = readFileSync(join(dist, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
}

async function login(base, creds) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (!res.ok) throw new Error(`login ${creds.login}: ${res.status}`);
  return (await res.json()).data.accessToken;
}

/** What the browser receives when the manager opens «Hisobot» from Asosiy. */
async function wire(base, token) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate((t) => {
      localStorage.setItem('accessToken', t);
      localStorage.setItem('role', 'manager');
    }, token);
    await page.goto(`${base}/admin`);
    await page.getByText("Menyuni ko'rishlar").first().waitFor();
    await page.waitForLoadState('networkidle');
    const recorder = await recordWire(page);
    await page.getByRole('navigation', { name: 'Menyu' }).getByRole('link', { name: 'Hisobot' }).click();
    await page.getByRole('img', { name: /7 kunlik tushum grafigi/ }).waitFor({ timeout: 90_000 });
    await page.waitForLoadState('networkidle');
    await recorder.stop();
    const own = recorder.entries.filter((e) => e.url.includes('/remotes/mfe-reports/'));
    const answers = recorder.entries.filter((e) => e.url.includes('/api/'));
    const rest = recorder.entries.filter((e) => !own.includes(e) && !answers.includes(e));
    return {
      own: wireTotals(own),
      answers: wireTotals(answers),
      rest: wireTotals(rest),
      restFiles: rest.map((e) => `${new URL(e.url).pathname} ${kib(e.wire)}`),
      all: wireTotals(recorder.entries),
      requests: recorder.entries.length,
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  ensureBuilt(process.argv.includes('--build'));
  const server = await startProductionServer({ admin: ADMIN, tmpPrefix: 'qrmenu-bench-reports-' });
  try {
    const seeded = seedBesideServer(server.dataDir, ADMIN);
    if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
    console.log(seeded.stdout.split('\n').find((l) => l.includes('order(s)')) ?? '');
    const token = await login(server.url, MANAGER);

    const js = ownJs();
    const w = await wire(server.url, token);
    const session = { origin: server.url, accessToken: token, role: 'manager' };
    const options = { chromium: CHROMIUM, session, connectOverCDP: (url) => chromium.connectOverCDP(url) };
    console.log(`Lighthouse (mobile preset), ${LIGHTHOUSE_RUNS} runs a page…`);
    const home = await lighthousePage(`${server.url}/admin`, options, LIGHTHOUSE_RUNS);
    const reports = await lighthousePage(`${server.url}/reports`, options, LIGHTHOUSE_RUNS);

    console.log(
      `\nbench:reports (page) ${new Date().toISOString()} · ${cpus().length} cores · load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `mfe-reports' own JS in the build: ${js.files} files, ${kib(js.raw)} raw, ${kib(js.gzip)} gzip`,
    );
    console.log('| opening «Hisobot» from Asosiy (375 px) | requests | over the wire |');
    console.log('| --- | ---: | ---: |');
    console.log(`| mfe-reports' files | - | ${kib(w.own.all)} |`);
    console.log(`| the API's answers | - | ${kib(w.answers.all)} |`);
    console.log(`| anything else | - | ${kib(w.rest.all)} |`);
    console.log(`| in all | ${w.requests} | ${kib(w.all.all)} |`);
    console.log(`(anything else: ${w.restFiles.join(', ')})`);
    console.log(
      '\n| Lighthouse, first view | performance | LCP | FCP | TBT | accessibility | every run (perf) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [name, r] of [
      ['Asosiy (manager, /admin)', home],
      ['Hisobot (manager, /reports)', reports],
    ]) {
      console.log(
        `| ${name} | ${r.performance} | ${(r.lcpMs / 1000).toFixed(2)} s | ${(r.fcpMs / 1000).toFixed(2)} s | ${r.tbtMs.toFixed(0)} ms | ${r.accessibility} | ${r.runs.map((x) => x.performance).join(', ')} |`,
      );
    }
    const gap = home.performance - reports.performance;
    console.log(
      `\nHisobot within ${TARGET_POINTS} points of Asosiy: ${gap <= TARGET_POINTS ? 'yes' : 'NO'} (${gap >= 0 ? '-' : '+'}${Math.abs(gap)})`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

#!/usr/bin/env node
// `pnpm bench:photos`: the pictures' targets (docs/BENCHMARKS.md) on the production build, end to end.
// A restaurant whose 40 products each get their own phone photo (4032 × 3024 JPEG, ~2.3 MB, GPS,
// make/model, orientation: api/test/photos.ts), uploaded through POST /api/manager/upload, then:
// - the upload of one 12 MP photo (median of 5; the request's time on 127.0.0.1 is the
//   server's processing time) and 10 uploads at once: their time and the server's peak memory
//   (VmHWM of its process; the baseline is its peak before);
// - the guests' page /m/<slug> in Chromium at 375 px, DPR 2 (a phone): bytes over the wire for
//   the first screen (load, nothing scrolled) and after scrolling the whole menu;
// - every picture the page loaded: no EXIF, GPS, camera, XMP or ICC (sharp's reading of it);
// - Lighthouse (mobile preset) performance on that page (`--no-lighthouse` skips it);
// - the same page at a table that takes orders (the guests' cart script and its data): its first
//   screen over the wire and Lighthouse again;
// - the back office: picture bytes of the manager's product table of 10 photographed products
//   and of a product's detail page.
// Targets: first screen <= 200 KiB (plus the cart's script at a table taking orders), whole menu
// <= 1 MiB, Lighthouse >= 95 (with and without the cart), no metadata,
// 12 MP in <= 1.5 s, 10 at once with the server's memory bounded (<= 512 MiB over its baseline),
// back-office product list <= 150 KiB of pictures. `--strict` exits 1 when a target is missed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { openTable, PRODUCTS, seedMenu, upload } from './bench-photo-menu.mjs';
import { lighthousePage } from './bench-web-lighthouse.mjs';
import { recordWire } from './bench-web-wire.mjs';
import { ensureBuilt, startProductionServer } from './production-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = new Set(process.argv.slice(2));
const ADMIN = { login: 'admin', password: 'admin12345' };
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.PW_CHROMIUM || '/usr/bin/chromium';
const TARGETS = {
  firstScreenKiB: 200,
  wholeMenuKiB: 1024,
  lighthouse: 95,
  uploadMs: 1500,
  tenAtOnceExtraMiB: 512,
  backOfficeListKiB: 150,
};

const requireApi = createRequire(join(root, 'api/package.json'));
const sharp = requireApi('sharp');
const { chromium } = createRequire(join(root, 'e2e/package.json'))('@playwright/test');
// Node strips the types: the tests' photo maker is the bench's too
const { phonePhoto } = await import(join(root, 'api/test/photos.ts'));

const kib = (n) => (n / 1024).toFixed(1);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---------- build and server ----------

ensureBuilt(args.has('--build'));
const startServer = () =>
  startProductionServer({
    admin: ADMIN,
    tmpPrefix: 'qrmenu-bench-photos-',
    // the bench uploads 50 photos from one account in a minute
    env: { UPLOAD_RATE_LIMIT: '1000' },
  });

/** The server's memory (KiB) from /proc: now (VmRSS) and its peak so far (VmHWM). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** CPU seconds the server's process has used (all its threads: libvips' too), from /proc. */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux)
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// ---------- measurements ----------

async function pageBytes(browser, url, { scroll, storageState } = {}) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState,
  });
  const page = await context.newPage();
  const wire = await recordWire(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  const firstScreen = wire.entries.reduce((n, e) => n + e.wire, 0);
  const firstImages = wire.entries.filter((e) => e.type === 'Image').length;
  if (scroll) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 500) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(60);
    }
    await page.waitForLoadState('networkidle');
  }
  await wire.stop();
  const images = wire.entries.filter((e) => e.type === 'Image');
  const result = {
    firstScreen,
    firstImages,
    html: wire.entries.filter((e) => e.type === 'Document').reduce((n, e) => n + e.wire, 0),
    scripts: wire.entries.filter((e) => e.type === 'Script').reduce((n, e) => n + e.wire, 0),
    all: wire.entries.reduce((n, e) => n + e.wire, 0),
    images: images.reduce((n, e) => n + e.wire, 0),
    imageUrls: [...new Set(images.map((e) => e.url))],
    requests: wire.entries.length,
  };
  await context.close();
  return result;
}

async function metadataLeaks(urls) {
  const leaks = [];
  for (const url of urls) {
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    const found = ['exif', 'icc', 'xmp', 'iptc'].filter((k) => meta[k]);
    if (bytes.includes('iPhone') || bytes.includes('Apple')) found.push('camera text');
    if (found.length) leaks.push(`${url}: ${found.join(', ')}`);
  }
  return leaks;
}

// ---------- run ----------

console.log(`Making ${PRODUCTS + 2} phone photos (4032 × 3024)…`);
const photos = [];
for (let i = 0; i < PRODUCTS + 2; i++)
  photos.push(await phonePhoto({ seed: 100 + i, orientation: i % 3 === 0 ? 6 : 1 }));
console.log(`  ${kib(photos.reduce((n, p) => n + p.length, 0) / photos.length)} KiB each on average`);

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const report = {};
try {
  const base = server.url;
  const s = await seedMenu(base, ADMIN);

  // one at a time: the processing time of a 12 MP photo
  const single = [];
  const cpu = [];
  for (let i = 0; i < 5; i++) {
    const before = cpuOf(server.pid);
    single.push(await upload(base, s.token, { product_id: s.products[i] }, photos[i]));
    cpu.push(cpuOf(server.pid) - before);
  }
  report.uploadMs = median(single);
  report.uploadCpuS = median(cpu);
  report.load = loadavg()[0];

  // ten at once: time and the server's memory
  const before = memoryOf(server.pid);
  const started = performance.now();
  let sampled = before.rss;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(server.pid).rss);
  }, 25);
  await Promise.all(
    s.products.slice(5, 15).map((id, i) => upload(base, s.token, { product_id: id }, photos[5 + i])),
  );
  clearInterval(sampler);
  report.tenAtOnceMs = performance.now() - started;
  const after = memoryOf(server.pid);
  report.memory = { baselineMiB: before.rss / 1024, peakMiB: Math.max(after.peak, sampled) / 1024 };

  for (let i = 15; i < PRODUCTS; i++) await upload(base, s.token, { product_id: s.products[i] }, photos[i]);
  await upload(base, s.token, { restaurant_id: s.restaurant._id, type: 'image' }, photos[PRODUCTS]);
  await upload(base, s.token, { restaurant_id: s.restaurant._id, type: 'logotype' }, photos[PRODUCTS + 1]);

  const menu = await pageBytes(browser, `${base}/m/${s.restaurant.slug}`, { scroll: true });
  report.menu = menu;
  report.leaks = await metadataLeaks(menu.imageUrls);

  // the back office: the manager's table of a category's 10 products, and one product's page
  const state = {
    cookies: [],
    origins: [
      {
        origin: base,
        localStorage: [
          { name: 'accessToken', value: s.token },
          { name: 'role', value: 'manager' },
        ],
      },
    ],
  };
  const table = await pageBytes(browser, `${base}/ProductTable/${s.categories[0]._id}`, {
    storageState: state,
  });
  const detail = await pageBytes(browser, `${base}/product-detail/${s.products[0]}/${s.restaurant._id}`, {
    storageState: state,
  });
  report.backOffice = { table: table.images, detail: detail.images, detailUrls: detail.imageUrls };

  const lighthouseOptions = { chromium: CHROMIUM, connectOverCDP: (u) => chromium.connectOverCDP(u) };
  if (!args.has('--no-lighthouse')) {
    report.lighthouse = await lighthousePage(
      `${base}/m/${s.restaurant.slug}`,
      lighthouseOptions,
      LIGHTHOUSE_RUNS,
    );
  }

  // the same page at a table that takes orders: the cart's script and its data on top
  const tableUrl = await openTable(base, s, 'Stol 5');
  report.ordering = await pageBytes(browser, tableUrl);
  if (!args.has('--no-lighthouse')) {
    report.orderingLighthouse = await lighthousePage(tableUrl, lighthouseOptions, LIGHTHOUSE_RUNS);
  }
} finally {
  await browser.close();
  await server.stop();
}

const rows = [];
const check = (name, value, target, ok) => rows.push({ name, value, target, ok });
check(
  '12 MP photo uploaded and processed (median of 5; server CPU time; load average)',
  `${report.uploadMs.toFixed(0)} ms (${report.uploadCpuS.toFixed(2)} CPU s; load ${report.load.toFixed(1)} on ${availableParallelism()} cores)`,
  `<= ${TARGETS.uploadMs} ms`,
  report.uploadMs <= TARGETS.uploadMs,
);
const extra = report.memory.peakMiB - report.memory.baselineMiB;
check(
  '10 uploads at once: time, server memory over its baseline',
  `${(report.tenAtOnceMs / 1000).toFixed(1)} s, +${extra.toFixed(0)} MiB (peak ${report.memory.peakMiB.toFixed(0)} MiB)`,
  `<= +${TARGETS.tenAtOnceExtraMiB} MiB`,
  extra <= TARGETS.tenAtOnceExtraMiB,
);
check(
  'guests page, first screen over the wire (375 px, DPR 2)',
  `${kib(report.menu.firstScreen)} KiB (${report.menu.firstImages} pictures)`,
  `<= ${TARGETS.firstScreenKiB} KiB`,
  report.menu.firstScreen <= TARGETS.firstScreenKiB * 1024,
);
check(
  'guests page, whole menu scrolled',
  `${kib(report.menu.all)} KiB (${report.menu.imageUrls.length} pictures)`,
  `<= ${TARGETS.wholeMenuKiB} KiB`,
  report.menu.all <= TARGETS.wholeMenuKiB * 1024,
);
check(
  'served pictures with EXIF/GPS/camera/ICC',
  report.leaks.length === 0 ? 'none' : report.leaks.join('; '),
  'none',
  report.leaks.length === 0,
);
check(
  'back office product table (10 products): pictures',
  `${kib(report.backOffice.table)} KiB`,
  `<= ${TARGETS.backOfficeListKiB} KiB`,
  report.backOffice.table <= TARGETS.backOfficeListKiB * 1024,
);
check(
  'back office product detail: pictures',
  `${kib(report.backOffice.detail)} KiB (${report.backOffice.detailUrls.map((u) => u.split('/').pop()).join(', ')})`,
  '(shown)',
  true,
);
const cart = report.ordering;
check(
  'guests page at a table taking orders, first screen (cart script, its data and the table answer included)',
  `${kib(cart.firstScreen)} KiB (page ${kib(cart.html)} KiB vs ${kib(report.menu.html)} KiB, script ${kib(cart.scripts)} KiB; ${kib(report.menu.firstScreen)} KiB without ordering)`,
  `<= ${TARGETS.firstScreenKiB} KiB + the script`,
  cart.firstScreen <= TARGETS.firstScreenKiB * 1024 + cart.scripts,
);
if (report.orderingLighthouse) {
  check(
    'Lighthouse mobile, guests page at a table taking orders: performance (LCP, TBT)',
    `${report.orderingLighthouse.performance} (LCP ${(report.orderingLighthouse.lcpMs / 1000).toFixed(2)} s, TBT ${report.orderingLighthouse.tbtMs.toFixed(0)} ms)`,
    `>= ${TARGETS.lighthouse}`,
    report.orderingLighthouse.performance >= TARGETS.lighthouse,
  );
}
if (report.lighthouse) {
  check(
    'Lighthouse mobile, guests page: performance (LCP)',
    `${report.lighthouse.performance} (LCP ${(report.lighthouse.lcpMs / 1000).toFixed(2)} s)`,
    `>= ${TARGETS.lighthouse}`,
    report.lighthouse.performance >= TARGETS.lighthouse,
  );
}

console.log('\nbench:photos');
for (const r of rows) console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} (target ${r.target})`);
if (args.has('--strict') && rows.some((r) => !r.ok)) process.exit(1);

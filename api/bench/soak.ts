/**
 * Soak: `pnpm bench:soak`. Starts the built server (`node api/dist/server.js`, production mode, a
 * fresh DATA_DIR with its SQLite database) and drives a write-heavy mixed load for SOAK_MINUTES
 * (default 5) from SOAK_WORKERS managers at once (default 6), each looping over: logins,
 * creates/updates/deletes of categories, products, options and rows, stop-list stop/resume of up
 * to 200 products, image uploads, restaurant edits, public and manager reads, and now and then the
 * deletion of its whole restaurant (cascading) and a new one; the admin reads its lists.
 *
 * Every answer is checked: its status, and its body against the answer's zod schema
 * (`answers.*` of @qrmenu/shared, checked here so the server runs exactly as in production).
 * The server process is watched: an exit stops the load and prints its last output (the stack of
 * an abort). Prints requests, errors, latency per operation, RSS over time and the exit state
 * after SIGTERM. Exits 1 on any error, 5xx or server death.
 *
 * SOAK_NODE=/path/to/node runs the server on another Node (e.g. 22); SOAK_SQLITE=node runs it
 * on Node's own node:sqlite instead of better-sqlite3 (bench/node-sqlite); SOAK_DATABASE_URL
 * (postgres://...) runs it on PostgreSQL.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers, productImage, restaurantUploadResult } from '@qrmenu/shared/schemas';
import { z } from 'zod';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 6);
const SERVER_NODE = process.env.SOAK_NODE || process.execPath;
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 15_000);
const NODE_SQLITE = process.env.SOAK_SQLITE === 'node';
const ADMIN = { login: 'admin', password: 'soak-admin-password' };
/** A worker keeps at most this many products; above it, it deletes a category (with its products). */
const MAX_PRODUCTS = 240;

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverJs = join(root, 'api/dist/server.js');

const productImagesAnswer = z.object({ data: z.array(productImage) });

// a 1x1 PNG: uploads are checked by content
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// ---------- the server ----------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  url: string;
  child: ChildProcess;
  /** set once the process has exited */
  exit: { code: number | null; signal: NodeJS.Signals | null; at: number } | null;
  /** the last output lines (stdout and stderr), for the stack of an abort */
  tail: string[];
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-soak-'));
  const shim = join(root, 'api/bench/node-sqlite/register.mjs');
  const child = spawn(SERVER_NODE, [...(NODE_SQLITE ? ['--import', shim] : []), serverJs], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.SOAK_DATABASE_URL ?? '',
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = { url: `http://127.0.0.1:${port}`, child, exit: null, tail: [], dataDir };
  const keep = (chunk: Buffer) => {
    server.tail.push(...chunk.toString('utf8').split('\n'));
    if (server.tail.length > 400) server.tail.splice(0, server.tail.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    server.exit = { code, signal, at: Date.now() };
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exit) throw new Error(`server exited at start:\n${server.tail.join('\n')}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Resident set size of a process in MiB (Linux /proc), or null once it is gone. */
function rssMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

// ---------- checked calls ----------

interface OpStats {
  count: number;
  errors: number;
  serverErrors: number;
  ms: number[];
}
const stats = new Map<string, OpStats>();
const errorSamples: string[] = [];
let totalRequests = 0;
let stopping = false;

class SoakFailure extends Error {}

interface CallOptions<S extends z.ZodType> {
  token?: string;
  json?: unknown;
  form?: FormData;
  expect?: number;
  schema: S;
}

async function call<S extends z.ZodType>(
  server: Server,
  op: string,
  method: string,
  path: string,
  options: CallOptions<S>,
): Promise<z.infer<S>> {
  const s = stats.get(op) ?? { count: 0, errors: 0, serverErrors: 0, ms: [] };
  stats.set(op, s);
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const t0 = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${server.url}/api${path}`, { method, headers, body });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = String((err as Error).cause ?? err);
  }
  s.ms.push(performance.now() - t0);
  s.count += 1;
  totalRequests += 1;
  const expected = options.expect ?? 200;
  let problem: string | null = null;
  if (status !== expected) problem = `status ${status} (expected ${expected})`;
  let parsed: z.infer<S> | undefined;
  if (!problem) {
    try {
      const result = options.schema.safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
      else problem = `answer does not match its schema: ${result.error.message.slice(0, 300)}`;
    } catch {
      problem = 'answer is not JSON';
    }
  }
  if (problem) {
    s.errors += 1;
    if (status >= 500) s.serverErrors += 1;
    if (errorSamples.length < 20)
      errorSamples.push(`${op} ${method} ${path}: ${problem}: ${text.slice(0, 300)}`);
    throw new SoakFailure(problem);
  }
  return parsed as z.infer<S>;
}

// ---------- the load ----------

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const sample = <T>(xs: readonly T[], n: number): T[] => {
  const copy = [...xs];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
};

interface Product {
  id: string;
  categoryId: string;
}

class Worker {
  token = '';
  restaurantId = '';
  slug = '';
  categories: string[] = [];
  products: Product[] = [];
  round = 0;
  restaurantsMade = 0;

  constructor(
    private readonly server: Server,
    private readonly n: number,
    private readonly managerId: string,
    private readonly login: string,
    private readonly password: string,
    private readonly adminToken: () => string,
  ) {}

  private call<S extends z.ZodType>(op: string, method: string, path: string, options: CallOptions<S>) {
    return call(this.server, op, method, path, { token: this.token, ...options });
  }

  async signIn(): Promise<void> {
    const { data } = await call(this.server, 'POST /auth/login', 'POST', '/auth/login', {
      json: { login: this.login, password: this.password },
      schema: answers.login,
    });
    this.token = data.accessToken;
  }

  /** A new restaurant for this manager (the first, or after the old one was deleted). */
  async newRestaurant(): Promise<void> {
    this.restaurantsMade += 1;
    const slug = `soak-${this.n}-${this.restaurantsMade}-${Date.now().toString(36)}`;
    const { data } = await call(
      this.server,
      'POST /admin/restaurants/create',
      'POST',
      '/admin/restaurants/create',
      {
        token: this.adminToken(),
        json: {
          name: `Soak restoran ${this.n}`,
          slug,
          address: 'Toshkent',
          phone_number: '+998901234567',
          work_time: '09:00-23:00',
          manager_id: this.managerId,
        },
        expect: 201,
        schema: answers.restaurant,
      },
    );
    this.restaurantId = data._id;
    this.slug = data.slug;
    this.categories = [];
    this.products = [];
  }

  async run(deadline: number): Promise<void> {
    await this.signIn();
    await this.newRestaurant();
    while (!stopping && Date.now() < deadline) {
      try {
        await this.oneRound();
      } catch (err) {
        if (!(err instanceof SoakFailure)) throw err;
        // the failure is counted; start over from what the server says is there
        if (!stopping) await this.resync().catch(() => undefined);
      }
    }
  }

  private async resync(): Promise<void> {
    const { data } = await this.call('GET /manager/restaurants/me', 'GET', '/manager/restaurants/me', {
      schema: answers.myRestaurant,
    });
    if (!data) return this.newRestaurant();
    this.restaurantId = data._id;
    this.slug = data.slug;
    const cats = await this.call('GET /manager/category', 'GET', '/manager/category', {
      schema: answers.managerCategories,
    });
    this.categories = cats.data.map((c) => c._id);
    const prods = await this.call('GET /manager/products', 'GET', '/manager/products', {
      schema: answers.managerProducts,
    });
    this.products = prods.data.map((p) => ({ id: p._id, categoryId: p.category_id }));
  }

  private async oneRound(): Promise<void> {
    this.round += 1;
    if (this.round % 25 === 0) await this.signIn();
    await this.call('GET /auth/profile', 'GET', '/auth/profile', { schema: answers.profile });

    // categories and products
    for (let i = 0; i < 2; i++) {
      const { data } = await this.call('POST /manager/category/create', 'POST', '/manager/category/create', {
        json: { title: `Kategoriya ${this.round}-${i}`, restaurant_id: this.restaurantId, is_active: true },
        expect: 201,
        schema: answers.category,
      });
      this.categories.push(data._id);
    }
    for (let i = 0; i < 12; i++) {
      const categoryId = pick(this.categories);
      const { data } = await this.call('POST /manager/products', 'POST', '/manager/products', {
        json: {
          name: `Mahsulot ${this.round}-${i}`,
          category_id: categoryId,
          description: 'Issiq holda beriladi',
          price: 10_000 + i * 500,
          is_active: true,
        },
        expect: 201,
        schema: answers.productCreated,
      });
      this.products.push({ id: data.id, categoryId });
    }
    for (const p of sample(this.products, 5)) {
      await this.call('PUT /manager/products/{id}', 'PUT', `/manager/products/${p.id}`, {
        json: { price: Math.round(Math.random() * 100_000), name: `Mahsulot ${this.round}` },
        schema: answers.product,
      });
    }

    // options and rows
    for (const p of sample(this.products, 3)) {
      const option = await this.call('POST /manager/product-option', 'POST', '/manager/product-option', {
        json: { product_id: p.id, name: 'Hajmi' },
        expect: 201,
        schema: answers.option,
      });
      const rows: string[] = [];
      for (let r = 0; r < 2; r++) {
        const row = await this.call(
          'POST /manager/product-option-row',
          'POST',
          '/manager/product-option-row',
          {
            json: { product_option_id: option.data._id, name: `Variant ${r}`, price: r * 2000 },
            expect: 201,
            schema: answers.optionRow,
          },
        );
        rows.push(row.data._id);
      }
      await this.call(
        'PUT /manager/product-option/{id}',
        'PUT',
        `/manager/product-option/${option.data._id}`,
        {
          json: { name: "Qo'shimcha" },
          schema: answers.option,
        },
      );
      await this.call(
        'PUT /manager/product-option-row/{id}',
        'PUT',
        `/manager/product-option-row/${rows[0]}`,
        {
          json: { price: 3000 },
          schema: answers.optionRow,
        },
      );
      await this.call(
        'DELETE /manager/product-option-row/{id}',
        'DELETE',
        `/manager/product-option-row/${rows[1]}`,
        {
          schema: answers.deleted,
        },
      );
      const left = await this.call(
        'GET /manager/product-option-row/{id}',
        'GET',
        `/manager/product-option-row/${option.data._id}`,
        {
          schema: answers.optionRows,
        },
      );
      if (left.data.length !== 1) throw this.wrong('option rows', `${left.data.length} rows, expected 1`);
      const options = await this.call(
        'GET /manager/product-option/product/{productId}',
        'GET',
        `/manager/product-option/product/${p.id}`,
        {
          schema: answers.options,
        },
      );
      if (this.round % 2 === 0) {
        await this.call(
          'DELETE /manager/product-option/{id}',
          'DELETE',
          `/manager/product-option/${pick(options.data)._id}`,
          {
            schema: answers.deleted,
          },
        );
      }
    }

    // the stop-list: a batch of varying size (up to 200) out, then back
    const batch = sample(this.products, 1 + Math.floor(Math.random() * Math.min(200, this.products.length)));
    const ids = batch.map((p) => p.id);
    const stopped = await this.call('POST /manager/stop-list (stop)', 'POST', '/manager/stop-list', {
      json: { product_ids: ids, action: 'stop' },
      schema: answers.stopList,
    });
    if (stopped.data.products.some((p) => p.is_active))
      throw this.wrong('stop-list', 'a stopped product is active');
    const resumed = await this.call('POST /manager/stop-list (resume)', 'POST', '/manager/stop-list', {
      json: { product_ids: ids, action: 'resume' },
      schema: answers.stopList,
    });
    if (resumed.data.products.length !== stopped.data.products.length) {
      throw this.wrong(
        'stop-list',
        `${stopped.data.products.length} stopped, ${resumed.data.products.length} resumed`,
      );
    }

    // uploads: product images, the restaurant's picture or logo
    const productForm = new FormData();
    const target = pick(this.products);
    productForm.set('product_id', target.id);
    for (let f = 0; f < 1 + (this.round % 3); f++)
      productForm.append('files', new Blob([PNG], { type: 'image/png' }), 'p.png');
    await this.call('POST /manager/upload (product)', 'POST', '/manager/upload', {
      form: productForm,
      schema: productImagesAnswer,
    });
    const restaurantForm = new FormData();
    restaurantForm.set('restaurant_id', this.restaurantId);
    restaurantForm.set('type', this.round % 2 ? 'image' : 'logotype');
    restaurantForm.append('files', new Blob([PNG], { type: 'image/png' }), 'r.png');
    await this.call('POST /manager/upload (restaurant)', 'POST', '/manager/upload', {
      form: restaurantForm,
      schema: restaurantUploadResult,
    });
    await this.call(
      'PUT /manager/restaurants/update',
      'PUT',
      `/manager/restaurants/update?slug=${this.slug}`,
      {
        json: { work_time: `0${this.round % 10}:00-23:00` },
        schema: answers.restaurant,
      },
    );

    // reads: public (anonymous) and the manager's own
    const anonymous = { token: '' };
    await this.call('GET /user/products/', 'GET', `/user/products/?restaurant_id=${this.restaurantId}`, {
      ...anonymous,
      schema: answers.userProducts,
    });
    await this.call(
      'GET /user/products/ (category)',
      'GET',
      `/user/products/?restaurant_id=${this.restaurantId}&category_id=${pick(this.products).categoryId}`,
      {
        ...anonymous,
        schema: answers.userProducts,
      },
    );
    for (let i = 0; i < 3; i++) {
      await this.call('GET /user/products/{id}', 'GET', `/user/products/${pick(this.products).id}`, {
        ...anonymous,
        schema: answers.productDetail,
      });
    }
    await this.call('GET /user/category', 'GET', `/user/category?restaurant_id=${this.restaurantId}`, {
      ...anonymous,
      schema: answers.userCategories,
    });
    await this.call('GET /user/restaurants/view', 'GET', `/user/restaurants/view?slug=${this.slug}`, {
      ...anonymous,
      schema: answers.restaurantView,
    });
    const mine = await this.call('GET /manager/products', 'GET', '/manager/products', {
      schema: answers.managerProducts,
    });
    if (mine.count !== this.products.length) {
      throw this.wrong('manager products', `${mine.count} on the server, ${this.products.length} made`);
    }
    await this.call('GET /manager/category', 'GET', '/manager/category', {
      schema: answers.managerCategories,
    });
    await this.call('GET /manager/restaurants/me', 'GET', '/manager/restaurants/me', {
      schema: answers.myRestaurant,
    });

    // deletes: a few products, and a whole category when the menu is large
    for (const p of sample(this.products, 3)) {
      await this.call('DELETE /manager/products/{id}', 'DELETE', `/manager/products/${p.id}`, {
        schema: answers.deleted,
      });
      this.products = this.products.filter((x) => x.id !== p.id);
    }
    while (this.products.length > MAX_PRODUCTS) {
      const categoryId = this.categories.shift()!;
      await this.call(
        'DELETE /manager/category/delete/{id}',
        'DELETE',
        `/manager/category/delete/${categoryId}`,
        {
          schema: answers.deleted,
        },
      );
      this.products = this.products.filter((p) => p.categoryId !== categoryId);
    }

    // the admin: its lists; now and then this restaurant goes, with everything in it
    if (this.round % 5 === 0) {
      await call(this.server, 'GET /admin/restaurants', 'GET', '/admin/restaurants', {
        token: this.adminToken(),
        schema: answers.adminRestaurants,
      });
      await call(this.server, 'GET /admin/managers', 'GET', '/admin/managers', {
        token: this.adminToken(),
        schema: answers.managers,
      });
    }
    if (this.round % 40 === 0) {
      const bySlug = this.round % 80 === 0;
      await call(
        this.server,
        bySlug ? 'DELETE /admin/restaurants/delete' : 'DELETE /manager/restaurants/delete',
        'DELETE',
        bySlug
          ? `/admin/restaurants/delete?slug=${this.slug}`
          : `/manager/restaurants/delete?restaurantId=${this.restaurantId}`,
        { token: this.adminToken(), schema: answers.deleted },
      );
      await this.newRestaurant();
    }
  }

  private wrong(what: string, detail: string): SoakFailure {
    if (errorSamples.length < 20) errorSamples.push(`${what}: ${detail}`);
    const s = stats.get(`check: ${what}`) ?? { count: 0, errors: 0, serverErrors: 0, ms: [] };
    s.count += 1;
    s.errors += 1;
    stats.set(`check: ${what}`, s);
    return new SoakFailure(detail);
  }
}

// ---------- run ----------

function percentile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

async function main(): Promise<void> {
  if (!existsSync(serverJs)) {
    console.log('Building the API (pnpm --filter @qrmenu/api build)...');
    const build = spawnSync('pnpm', ['--filter', '@qrmenu/api', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const nodeVersion = spawnSync(SERVER_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const server = await startServer();
  const pid = server.child.pid!;
  console.log(
    `Soak: ${MINUTES} min, ${WORKERS} managers at once, server ${serverJs} on Node ${nodeVersion} (pid ${pid}), ` +
      `${process.env.SOAK_DATABASE_URL ? 'PostgreSQL' : `SQLite (${NODE_SQLITE ? 'node:sqlite' : 'better-sqlite3'})`} in ${server.dataDir}`,
  );

  const started = Date.now();
  const deadline = started + MINUTES * 60_000;
  const samples: { at: number; rss: number | null; requests: number; errors: number }[] = [];
  const errorsSoFar = () => [...stats.values()].reduce((n, s) => n + s.errors, 0);
  const sampleNow = () => {
    const row = {
      at: Date.now() - started,
      rss: rssMiB(pid),
      requests: totalRequests,
      errors: errorsSoFar(),
    };
    samples.push(row);
    const previous = samples[samples.length - 2];
    const rate = previous
      ? ((row.requests - previous.requests) * 1000) / Math.max(1, row.at - previous.at)
      : 0;
    console.log(
      `  ${(row.at / 1000).toFixed(0).padStart(4)} s  RSS ${row.rss?.toFixed(1) ?? 'gone'} MiB  ` +
        `requests ${row.requests} (${rate.toFixed(0)}/s)  errors ${row.errors}`,
    );
  };
  sampleNow();
  const sampler = setInterval(sampleNow, SAMPLE_MS);
  // the server dying stops the load at once
  server.child.on('exit', () => {
    stopping = true;
  });

  let adminToken = '';
  const admin = async () => {
    const { data } = await call(server, 'POST /auth/login', 'POST', '/auth/login', {
      json: ADMIN,
      schema: answers.login,
    });
    adminToken = data.accessToken;
  };
  await admin();
  // the admin's token is renewed every minute (as a long admin session would log in again)
  const adminRenewal = setInterval(() => void admin().catch(() => undefined), 60_000);

  const workers: Worker[] = [];
  for (let n = 0; n < WORKERS; n++) {
    const login = `soak-manager-${n}`;
    const password = `soak-password-${n}`;
    const { data } = await call(server, 'POST /admin/managers', 'POST', '/admin/managers', {
      token: adminToken,
      json: { login, password },
      expect: 201,
      schema: answers.manager,
    });
    workers.push(new Worker(server, n, data._id, login, password, () => adminToken));
  }
  const results = await Promise.allSettled(workers.map((w) => w.run(deadline)));
  clearInterval(adminRenewal);
  clearInterval(sampler);
  sampleNow();
  const crashedInLoad = server.exit !== null;

  // the exit state: a graceful stop on SIGTERM, as a deployment would stop it
  let exit = server.exit;
  if (!exit) {
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    while (!server.exit && Date.now() - t0 < 15_000) await new Promise((r) => setTimeout(r, 100));
    if (!server.exit) server.child.kill('SIGKILL');
    while (!server.exit) await new Promise((r) => setTimeout(r, 50));
    exit = server.exit;
  }

  const seconds = (Date.now() - started) / 1000;
  console.log(
    `\nOperations (${totalRequests} requests in ${seconds.toFixed(0)} s, ${(totalRequests / seconds).toFixed(0)}/s)`,
  );
  console.log(
    `${'operation'.padEnd(52)} ${'count'.padStart(7)} ${'errors'.padStart(7)} ${'5xx'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const [op, s] of [...stats.entries()].sort((a, b) => b[1].count - a[1].count)) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    console.log(
      `${op.padEnd(52)} ${String(s.count).padStart(7)} ${String(s.errors).padStart(7)} ${String(s.serverErrors).padStart(5)} ` +
        `${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)}`,
    );
  }
  const rss = samples.map((s) => s.rss).filter((x): x is number => x !== null);
  const errors = errorsSoFar();
  const serverErrors = [...stats.values()].reduce((n, s) => n + s.serverErrors, 0);
  console.log(
    `\nRSS: start ${rss[0]?.toFixed(1)} MiB, max ${Math.max(...rss).toFixed(1)} MiB, end ${rss[rss.length - 1]?.toFixed(1)} MiB`,
  );
  for (const r of results) if (r.status === 'rejected') console.log(`worker failed: ${String(r.reason)}`);
  if (errorSamples.length) console.log(`\nFirst errors:\n  ${errorSamples.join('\n  ')}`);
  console.log(
    `\nServer exit: ${crashedInLoad ? 'DIED DURING THE LOAD' : 'after SIGTERM'}: code ${exit.code}, signal ${exit.signal}`,
  );
  if (crashedInLoad || (exit.code !== 0 && exit.signal === null) || exit.signal === 'SIGKILL') {
    console.log(`\nLast server output:\n${server.tail.join('\n')}`);
  }
  const ok =
    !crashedInLoad && exit.code === 0 && errors === 0 && results.every((r) => r.status === 'fulfilled');
  console.log(
    `\nSoak ${ok ? 'PASS' : 'FAIL'}: ${totalRequests} requests, ${errors} errors (${serverErrors} 5xx), ` +
      `server ${crashedInLoad ? 'died' : 'alive to the end'}, exit code ${exit.code}`,
  );
  rmSync(server.dataDir, { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

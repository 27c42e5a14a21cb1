/**
 * A checkout's production build (`<root>/api/dist/server.js`, after `pnpm build` there) as a
 * bench target, for `pnpm bench:compare`: the same scenarios (bench/scenarios.ts) are driven
 * against the built servers of two checkouts, whatever bench scripts each of them has.
 *
 * `prepareBuilt` makes a seeded data folder once: it starts the server on an empty DATA_DIR (its
 * own migrations make its own schema), creates the bench's manager through the API (the contract
 * both sides keep), stops it, then writes this tree's bench rows (bench/server.ts, the big menu)
 * into its SQLite file directly, each table with the columns that schema has (an older schema
 * lacks later columns; a column it requires that the rows do not give is an error). `startBuilt`
 * starts the server on a fresh copy of that folder, with the answer cache on or off
 * (PUBLIC_CACHE_TTL_MS), signs the admin and the manager in, and answers a `Target`.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { builtServerEnv, withoutDatabaseUrl } from '../../scripts/server-settings';
import { bigMenuRows } from './big-menu';
import type { Target } from './scenarios';
import {
  type BenchRows,
  BIG_MENU_SLUG,
  benchRows,
  bigMenuRestaurant,
  menuTables,
  type SeededIds,
} from './server';

const ADMIN = { login: 'admin', password: 'bench-admin-pass' };
const MANAGER = { login: 'bench-menedjer', password: 'bench-parol-12345' };

export interface Prepared {
  root: string;
  /** the seeded data folder each start copies */
  template: string;
  ids: SeededIds;
}

export interface RunningBuilt {
  url: string;
  stop(): Promise<void>;
}

/** Starts `<root>/api/dist/server.js` on `dataDir` (as it is); resolves on its "Listening on" line. */
function startOn(root: string, dataDir: string, env: Record<string, string> = {}): Promise<RunningBuilt> {
  const serverJs = join(root, 'api/dist/server.js');
  if (!existsSync(serverJs)) throw new Error(`${serverJs} missing: build that checkout first (pnpm build)`);
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: builtServerEnv({
      port: 0,
      dataDir,
      admin: ADMIN,
      inherited: withoutDatabaseUrl(),
      env: { JWT_SECRET: 'bench-secret-bench-secret-bench-secret', ...env },
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise<RunningBuilt>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${serverJs} did not start within 60 s:\n${log}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      log += String(d);
      const url = /^Listening on (http:\/\/\S+)$/m.exec(log)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // later warnings still show
      child.stdout?.on('data', (x) => process.stdout.write(x));
      resolve({
        url,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(killer);
          }
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => {
      log += String(d);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${serverJs} exited (${code}) before listening:\n${log}`));
    });
  });
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const login = async (url: string, creds: { login: string; password: string }) =>
  (
    await call<{ data: { accessToken: string } }>(`${url}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify(creds),
    })
  ).data.accessToken;

/** Writes `rows` into `table` with the columns that table has; says what it left out. */
function insertRows(db: Database.Database, table: string, rows: object[], label: string): void {
  if (rows.length === 0) return;
  const columns = new Set(
    (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name),
  );
  if (columns.size === 0) throw new Error(`${label}: no table ${table}`);
  const given = Object.keys(rows[0]!).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const kept = given.filter((k) => columns.has(k));
  const left = given.filter((k) => !columns.has(k));
  if (left.length) console.log(`  ${label}: ${table} has no ${left.join(', ')} (left out)`);
  const insert = db.prepare(
    `INSERT INTO ${table} (${kept.join(', ')}) VALUES (${kept.map(() => '?').join(', ')})`,
  );
  db.transaction(() => {
    for (const row of rows) insert.run(kept.map((k) => (row as Record<string, unknown>)[k] ?? null));
  })();
}

/** Seeds a checkout's data folder once (see the file's comment); `label` names it in messages. */
export async function prepareBuilt(root: string, workDir: string, label: string): Promise<Prepared> {
  const template = join(workDir, 'template');
  mkdirSync(template, { recursive: true });
  const server = await startOn(root, template);
  let managerId: string;
  try {
    const adminToken = await login(server.url, ADMIN);
    const created = await call<{ data: { _id: string } }>(`${server.url}/api/admin/managers`, {
      method: 'POST',
      token: adminToken,
      body: JSON.stringify(MANAGER),
    });
    managerId = created.data._id;
  } finally {
    await server.stop();
  }
  const t0 = performance.now();
  const { rows, ids } = benchRows(managerId);
  const menuRestaurant = bigMenuRestaurant();
  const menu = menuTables(bigMenuRows(menuRestaurant.id as string));
  const tables: BenchRows = {
    users: rows.users,
    restaurants: [...rows.restaurants, menuRestaurant],
    categories: [...rows.categories, ...menu.categories],
    products: [...rows.products, ...menu.products],
    product_options: [...rows.product_options, ...menu.product_options],
    option_rows: [...rows.option_rows, ...menu.option_rows],
  };
  const db = new Database(join(template, 'qrmenu.sqlite'));
  try {
    for (const [table, list] of Object.entries(tables)) insertRows(db, table, list, label);
    db.exec('ANALYZE');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  console.log(`  ${label}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { root, template, ids };
}

/**
 * The checkout's server on a fresh copy of its seeded folder, the answer cache on (as deployed)
 * or off; `bareUrl` is the shared yardstick's. Answers the target and how to stop it (its data
 * folder goes with it).
 */
export async function startBuilt(
  prepared: Prepared,
  options: {
    cache: 'on' | 'off';
    bareUrl: string;
    workDir: string;
    /** more of the server's environment (e.g. NODE_OPTIONS=--cpu-prof to profile it) */
    env?: Record<string, string>;
  },
): Promise<{ target: Target; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(options.workDir, 'run-'));
  cpSync(prepared.template, dataDir, { recursive: true });
  const server = await startOn(prepared.root, dataDir, {
    PUBLIC_CACHE_TTL_MS: options.cache === 'on' ? '1000' : '0',
    ...options.env,
  });
  try {
    const target: Target = {
      appUrl: server.url,
      bareUrl: options.bareUrl,
      restaurantId: prepared.ids.restaurantId,
      categoryId: prepared.ids.categoryId,
      productId: prepared.ids.productId,
      stopListIds: prepared.ids.stopListIds,
      stopListCategoryId: prepared.ids.stopListCategoryId,
      adminToken: await login(server.url, ADMIN),
      managerToken: await login(server.url, MANAGER),
      menuSlug: BIG_MENU_SLUG,
    };
    return {
      target,
      stop: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

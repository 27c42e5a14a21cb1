/**
 * Every environment variable the project reads, in one table: its default, the values it takes
 * and what it sets. Each part of the app lists the server's variables of its part in its file of
 * `variables/` (the server, accounts, front ends, pictures, orders, the POS, Telegram, payments,
 * several servers); this module joins them. The server, the seed and `reprocess-images` read theirs through
 * `readSettings` (settings.ts), which parses them with the zod schema given here; the scripts,
 * the front's build, the tests and the benches read their own directly, but only names listed
 * here. docs/CONFIGURATION.md is written from this table (`pnpm docs:config`) and
 * `api/test/config.test.ts` fails when the two differ or when code reads a variable that is not
 * listed.
 */
import { ACCOUNT_SETTINGS } from './variables/accounts';
import { CLUSTER_SETTINGS } from './variables/cluster';
import { FRONT_END_SETTINGS } from './variables/front-ends';
import { ORDER_SETTINGS } from './variables/orders';
import { PAYMENT_SETTINGS } from './variables/payments';
import { PICTURE_SETTINGS } from './variables/pictures';
import { POS_SETTINGS } from './variables/pos';
import type { OtherVariable, Setting } from './variables/rules';
import { SERVER_SETTINGS, SYSTEM_SETTINGS } from './variables/server';
import { TELEGRAM_SETTINGS } from './variables/telegram';

export { parsePublicMenuUrl } from './variables/front-ends';
export { GROUPS, type Group, type OtherVariable, type Setting } from './variables/rules';
export { DEFAULT_REQUEST_TIMEOUT_MS } from './variables/server';

/**
 * The variables the server reads (through `readSettings`), each part's in its file of
 * `variables/`; the doc shows them by group (GROUPS), each group in the order written here.
 */
export const SETTINGS = {
  ...SERVER_SETTINGS,
  ...ACCOUNT_SETTINGS,
  ...FRONT_END_SETTINGS,
  ...PICTURE_SETTINGS,
  ...ORDER_SETTINGS,
  ...POS_SETTINGS,
  ...TELEGRAM_SETTINGS,
  ...PAYMENT_SETTINGS,
  ...CLUSTER_SETTINGS,
  ...SYSTEM_SETTINGS,
};

export type SettingName = keyof typeof SETTINGS;

/** The default as the doc says it: the entry's words, else what the schema makes of "unset". */
export function defaultOf(entry: Setting | OtherVariable): string {
  if (entry.default !== undefined || !('schema' in entry)) return entry.default ?? 'none';
  const value: unknown = entry.schema.parse(undefined);
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return `\`${String(value)}\``;
}

/** The variables read outside the server: by the scripts, the front's build, tests and benches. */
export const OTHER_VARIABLES: Record<string, OtherVariable> = {
  QRMENU_BUILD_LABEL: {
    group: 'build',
    default: 'none',
    meaning:
      'a release label shown small on the login page (`mfe-auth`) and the category list (`mfe-catalog`)',
  },
  QRMENU_API_URL: {
    group: 'releases',
    default: '`http://127.0.0.1:8080`',
    meaning: '`pnpm release`: the server whose API it calls',
  },
  QRMENU_DEPLOY_KEY: {
    group: 'releases',
    default: 'none (needed)',
    meaning: "`pnpm release`: the module's deploy key (made on the admin's Modullar page, shown once)",
  },
  API_DEV_URL: {
    group: 'build',
    default: '`http://127.0.0.1:8080`',
    meaning: 'the API the development servers of `pnpm dev` send `/api` to',
  },

  TEST_DATABASE_URL: {
    group: 'test',
    default: 'none (SQLite only)',
    meaning: '`postgres://...`: the API suite runs once more on PostgreSQL (each test in its own schema)',
  },
  TEST_NODE22: {
    group: 'test',
    default: 'none',
    meaning: 'path of a Node 22 binary: `pnpm test` runs the unit and API suites on it as well',
  },
  PW_CHROMIUM: {
    group: 'test',
    default:
      'e2e: `/usr/bin/chromium-headless-shell` (else `/usr/bin/chromium`); benches: `/usr/bin/chromium`',
    meaning: 'the Chromium that Playwright, Lighthouse and the web benches drive',
  },
  PW_OUTPUT_DIR: { group: 'test', default: '`test-results`', meaning: "Playwright's traces and screenshots" },
  E2E_WORKERS: {
    group: 'test',
    default: '`2`',
    meaning: 'Playwright workers of the end-to-end suite, each with a server of its own',
  },
  E2E_BASE_URLS: {
    group: 'test',
    default: 'set by the set-up',
    meaning: "the addresses of the suite's servers, one a worker (set by `e2e/global-setup.ts`)",
  },
  TEST_PARALLEL_INDEX: {
    group: 'test',
    default: 'set by Playwright',
    meaning: "which worker runs a spec (Playwright's own), hence which server it uses",
  },
  CI: {
    group: 'test',
    default: 'none (`.ci/run` sets `true`)',
    meaning:
      'under CI no Playwright traces, even for a spec run alone (`pnpm test` never keeps any); a failure keeps its screenshot',
  },
  HAPROXY_BIN: {
    group: 'test',
    default: '`/usr/sbin/haproxy`',
    meaning: 'the HAProxy the cluster tests put in front of their servers',
  },
  RECORD_SHARED_SURFACES: {
    group: 'test',
    default: 'off',
    meaning:
      "`1`: record the shared package's surfaces at their new version (`shell/test/shared-versions.test.ts`)",
  },
  RECORD_MIGRATIONS_SQL: {
    group: 'test',
    default: 'off',
    meaning:
      "`1`: record the SQL of migrations not yet recorded, for the run's database (`api/test/migrations-sql.test.ts`)",
  },
  RECORD_DOC_FIGURES: {
    group: 'test',
    default: 'off',
    meaning:
      "`1`: write the cart script's sizes, measured on a fresh build, into docs/DELIVERY.md (`api/test/guest-script-docs.test.ts`)",
  },
  API_BASE: {
    group: 'test',
    default: '`http://127.0.0.1:18081/api`',
    meaning: "the running API the shared client's live smoke test (`shared/test/live`) calls",
  },
  QRMENU_NODE_CACHE: {
    group: 'test',
    default: '`~/.cache/qrmenu-node`',
    meaning: 'where `.ci/run` keeps the Node builds it fetches',
  },

  NODE_OPTIONS: {
    group: 'bench',
    default: 'none',
    meaning: "Node's own; `bench:orders` adds its memory probe to what is set for the servers it starts",
  },
  QRMENU_BENCH_ULIMIT: {
    group: 'bench',
    default: 'none',
    meaning:
      '`bench:orders` sets it when it starts itself again under the hard open-files limit (not to be set by hand)',
  },
  BENCH_DURATION: {
    group: 'bench',
    default: '`5`',
    meaning: 'seconds of each load run (`bench:api`, `bench:cluster`, `bench:visits`)',
  },
  BENCH_CONNECTIONS: {
    group: 'bench',
    default: '`50` (`bench:visits`: `20`)',
    meaning: 'connections of each load run',
  },
  BENCH_ROUNDS: { group: 'bench', default: '`3`', meaning: 'rounds of `bench:visits`' },
  BENCH_GUESTS: {
    group: 'bench',
    default: '`0`',
    meaning: 'distinct guests (addresses) of `bench:visits` (`0`: one per request)',
  },
  BENCH_DATABASE_URL: {
    group: 'bench',
    default: 'none (SQLite)',
    meaning:
      '`postgres://...`: the API benches run on PostgreSQL too (`bench:cluster` falls back to `TEST_DATABASE_URL`)',
  },
  BENCH_NODE_SQLITE: {
    group: 'bench',
    default: 'off',
    meaning: '`1`: `bench:api` runs on `node:sqlite` as well',
  },
  BENCH_MOVE_PRODUCTS: {
    group: 'bench',
    default: '`200`',
    meaning: 'products of the category `bench:moves` reorders',
  },
  BENCH_MOVES: { group: 'bench', default: '`300`', meaning: 'moves `bench:moves` makes' },
  BENCH_RUNS: { group: 'bench', default: '`5`', meaning: 'page loads of each web bench' },
  LIGHTHOUSE_RUNS: {
    group: 'bench',
    default: '`3`',
    meaning: 'Lighthouse runs of `bench:web` and `bench:photos`',
  },
  VISITS: {
    group: 'bench',
    default: 'on',
    meaning:
      "`off`: the visits bench's server counts no visits (set by `bench:visits` for its side-by-side run)",
  },
  SOAK_MINUTES: { group: 'bench', default: '`5`', meaning: 'length of `bench:soak`' },
  SOAK_WORKERS: { group: 'bench', default: '`6`', meaning: 'client processes of `bench:soak`' },
  SOAK_SAMPLE_MS: {
    group: 'bench',
    default: '`15000`',
    meaning: "how often `bench:soak` samples the server's memory",
  },
  SOAK_NODE: {
    group: 'bench',
    default: 'this Node',
    meaning: 'the Node binary `bench:soak` runs its server on',
  },
  SOAK_SQLITE: {
    group: 'bench',
    default: 'better-sqlite3',
    meaning: "`node`: the soak's server uses `node:sqlite`",
  },
  SOAK_DATABASE_URL: {
    group: 'bench',
    default: 'none (SQLite)',
    meaning: "`postgres://...` for the soak's server",
  },
  DRIVER_BLOCKS: { group: 'bench', default: '`6`', meaning: 'measuring blocks of `bench:drivers`' },
  DRIVER_BLOCK_MS: { group: 'bench', default: '`1500`', meaning: 'length of each block of `bench:drivers`' },

  PATH: {
    group: 'system',
    default: "the shell's",
    meaning: 'passed on to the processes the scripts and tests start',
  },
};

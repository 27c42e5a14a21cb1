/**
 * Every environment variable the project reads, in one table: its default, the values it takes
 * and what it sets. The server, the seed and `reprocess-images` read theirs through
 * `readSettings` (settings.ts), which parses them with the zod schema given here; the scripts,
 * the front's build, the tests and the benches read their own directly, but only names listed
 * here. docs/CONFIGURATION.md is written from this table (`pnpm docs:config`) and
 * `api/test/config.test.ts` fails when the two differ or when code reads a variable that is not
 * listed.
 */
import { z } from 'zod';
import { chooseLogFormat } from '../http/log-format';
import { parseTrustProxy } from '../http/trust-proxy';
import { DEFAULT_PICTURE_LIMITS } from '../images/limits';
import { parseSecretKey } from '../integration/secrets';
import { DEFAULT_ORDER_RATE_LIMITS } from '../services/orders/limits';
import { DEFAULT_LIVE_LIMITS } from '../services/orders/stream-limits';
import { parseClickAddresses } from '../services/payments/click-addresses';

/** The sections of docs/CONFIGURATION.md, in their order. */
export const GROUPS = {
  server: 'The server',
  accounts: 'Accounts and sign-in',
  front: "The front end and the guests' pages",
  orders: "Guests' orders",
  pictures: 'Pictures',
  pos: 'POS and the integration feed',
  telegram: "The restaurants' Telegram bots",
  payments: 'Paying the bill (Payme, Click)',
  cluster: 'Several servers',
  releases: "Releasing a module (the server's rules; `pnpm release` reads the last two)",
  build: 'Building the front end (read by the build, not the server)',
  test: 'Tests only',
  bench: 'Benchmarks only',
  system: 'Set by the system or pnpm',
} as const;
export type Group = keyof typeof GROUPS;

/** A variable the server reads: its text (trimmed; unset or blank: `undefined`) goes through `schema`. */
export interface Setting<T = unknown> {
  group: Group;
  /** The values it takes, as the doc says them (the error of a wrong value repeats it). */
  values: string;
  /** The default in words, when the schema's own default (of unset) does not say it. */
  default?: string;
  meaning: string;
  schema: z.ZodType<T>;
  /** Read as given, spaces and all (a password may end with one). */
  verbatim?: true;
}

/** A variable the scripts, the front's build, the tests or the benches read directly. */
export interface OtherVariable {
  group: Group;
  default: string;
  meaning: string;
}

const setting = <T>(s: Setting<T>): Setting<T> => s;

// ---- the values' rules ----

const text = z.string().optional();

/** A whole number of at least `min` (milliseconds, a port): `fallback` when unset. */
const whole = (min: number, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** A number above zero (minutes, megabytes): `fallback` when unset. */
const positive = (fallback: number) => z.coerce.number().positive().default(fallback);

const YES = ['1', 'true', 'yes', 'on'];
const NO = ['0', 'false', 'no', 'off'];
/** On or off: 1/true/yes/on or 0/false/no/off (any case); off when unset. */
const flag = z
  .string()
  .toLowerCase()
  .pipe(z.enum([...YES, ...NO]))
  .transform((v) => YES.includes(v))
  .default(false);

/** An absolute URL whose scheme is one of `schemes` (no trailing slash kept). */
const url = (...schemes: string[]) =>
  z
    .url({ protocol: new RegExp(`^(${schemes.join('|')})$`) })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional();

/** Parsed by a function that throws a message naming the variable (its rule lives beside its use). */
const parsedBy = <T>(parse: (v: string | undefined) => T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parse(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    });

/** A comma-separated list (blank entries dropped). */
const commaList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** POS_IMAGE_HOSTS: host names (an `https://host` written whole is taken as its host). */
function parseImageHosts(v: string | undefined): string[] {
  return commaList(v).map((entry) => {
    if (!entry.includes('://')) return entry.toLowerCase();
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (url?.protocol !== 'https:' || url.port !== '' || url.pathname !== '/')
      throw new Error(
        `POS_IMAGE_HOSTS: "${entry}" is not a host name: pictures are fetched over https on port 443 only (a test's fake host: POS_PICTURE_TEST_ORIGINS)`,
      );
    return url.hostname;
  });
}

/** POS_PICTURE_TEST_ORIGINS: origins on the loopback only (127.0.0.0/8, [::1], localhost). */
function parseTestOrigins(v: string | undefined): string[] {
  return commaList(v).map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    const loopback = url && /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/.test(url.hostname);
    if (!url || !loopback || !/^https?:$/.test(url.protocol))
      throw new Error(
        `POS_PICTURE_TEST_ORIGINS: "${entry}" is not a loopback origin (http://127.0.0.1:<port>)`,
      );
    return url.origin;
  });
}

/** Longest time to receive a whole request (buildApp's default as well). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** PUBLIC_MENU_URL: an absolute http(s) URL (a wrong one fails the start, not a QR code later). */
export function parsePublicMenuUrl(v: string | undefined): string | null {
  const s = v?.trim();
  if (!s) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    throw new Error(`PUBLIC_MENU_URL must be an absolute http(s) URL, got "${s}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`PUBLIC_MENU_URL must be an http(s) URL without query or fragment, got "${s}"`);
  }
  return s.replace(/\/+$/, '');
}

const MIB = 1024 * 1024;
const remote = (pkg: string) =>
  setting({
    group: 'front',
    values: 'a URL or a path',
    default: `\`/remotes/${pkg}/mf-manifest.json\``,
    meaning: `where the shell loads ${pkg} from (another deployment, no rebuild)`,
    schema: text,
  });

/** The variables the server reads (through `readSettings`), grouped as the doc shows them. */
export const SETTINGS = {
  PORT: setting({
    group: 'server',
    values: 'a whole number, 0 to 65535 (`0`: any free port)',
    meaning: 'HTTP port',
    schema: whole(0, 8080, 65535),
  }),
  HOST: setting({
    group: 'server',
    values: 'an address',
    meaning: 'address to listen on',
    schema: z.string().default('0.0.0.0'),
  }),
  DATA_DIR: setting({
    group: 'server',
    values: 'a folder (relative: to where the command was typed)',
    default: '`data` of the repository',
    meaning: 'SQLite database, uploads (`/uploads/...`), generated JWT secret and admin password',
    schema: text,
  }),
  DATABASE_URL: setting({
    group: 'server',
    values: '`postgres://user:pass@host:5432/db`, or a SQLite file',
    default: 'SQLite file `qrmenu.sqlite` in `DATA_DIR`',
    meaning: 'the database',
    schema: text,
  }),
  WEB_ROOT: setting({
    group: 'server',
    values: 'a folder',
    default: "the repository (found from the server's own folder)",
    meaning: 'where the built front end is served from (`shell/dist`, `<remote>/dist`)',
    schema: text,
  }),
  NODE_ENV: setting({
    group: 'server',
    values: '`production`, `development` or `test`',
    default: '`production` (`pnpm start`)',
    meaning:
      "React's production build renders the menu pages (~5x faster); `test` checks every answer and turns the answer cache off; also the front's build mode",
    schema: text,
  }),
  LOG_LEVEL: setting({
    group: 'server',
    values: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
    meaning: 'which log lines are written (`Listening on <url>` is printed whatever the level)',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
  LOG_FORMAT: setting({
    group: 'server',
    values: '`pretty` or `json`',
    default: 'pretty in a terminal, else `json`',
    meaning: '`pretty`: `10:14:02 GET /api/x 200 2 ms`; `json`: pino lines',
    // the terminal's default is taken at start (server.ts)
    schema: parsedBy((v) => (v?.trim() ? chooseLogFormat(v, false) : undefined)),
  }),
  TRUST_PROXY: setting({
    group: 'server',
    values: 'addresses or CIDRs, comma-separated; `loopback`, `linklocal`, `uniquelocal`',
    default: 'none',
    meaning:
      'the reverse proxies whose `X-Forwarded-For` is believed ([DELIVERY.md](DELIVERY.md#behind-a-reverse-proxy-trust_proxy))',
    schema: parsedBy(parseTrustProxy),
  }),
  REQUEST_TIMEOUT_MS: setting({
    group: 'server',
    values: 'whole milliseconds, at least 1000',
    meaning: 'longest time to receive a whole request, body included (slower: 408)',
    schema: whole(1000, DEFAULT_REQUEST_TIMEOUT_MS),
  }),
  PUBLIC_CACHE_TTL_MS: setting({
    group: 'server',
    values: 'whole milliseconds (`0`: off)',
    default: '`1000` (`0` when `NODE_ENV=test`)',
    meaning:
      "how long an answer of the guests' menu and the admin's lists is kept in memory (a write clears its restaurant's at once)",
    schema: z.coerce.number().int().min(0).optional(),
  }),
  ORDER_STREAMS_PER_ORDER: setting({
    group: 'server',
    values: 'a whole number, at least 1',
    meaning:
      "live streams of one guest's order a server holds; a new one past it closes the oldest ([ORDERS.md](ORDERS.md#limits-of-the-streams))",
    schema: whole(1, DEFAULT_LIVE_LIMITS.perOrder),
  }),
  ORDER_STREAMS_PER_ADDRESS: setting({
    group: 'server',
    values: 'a whole number, at least 1',
    meaning:
      "guests' live streams a server takes from one address (IPv6: its /64); past it 429 (a restaurant's Wi-Fi puts many guests behind one)",
    schema: whole(1, DEFAULT_LIVE_LIMITS.perAddress),
  }),
  ORDER_STREAMS_MAX: setting({
    group: 'server',
    values: 'a whole number, at least 1',
    meaning: "guests' live streams a server holds in all; past it 503 (the staff's boards are not counted)",
    schema: whole(1, DEFAULT_LIVE_LIMITS.guests),
  }),
  VALIDATE_RESPONSES: setting({
    group: 'server',
    values: 'on or off (`1`, `true`, `yes`, `on` / `0`, `false`, `no`, `off`)',
    default: 'off (on when `NODE_ENV=test`)',
    meaning: 'check every answer against its schema (a mismatch is a 500)',
    schema: flag,
  }),

  JWT_SECRET: setting({
    group: 'accounts',
    values: 'text, at least 32 characters (e.g. `openssl rand -hex 32`)',
    default: 'generated once into `DATA_DIR`',
    meaning: 'signing secret of access tokens',
    schema: text,
  }),
  TOKEN_TTL: setting({
    group: 'accounts',
    values: 'seconds, or a span like `12h`',
    default: '`12h`',
    meaning: 'access token lifetime',
    schema: text,
  }),
  ADMIN_LOGIN: setting({
    group: 'accounts',
    values: 'a login',
    default: '`admin`',
    meaning: 'the admin created on an empty database',
    schema: text,
  }),
  ADMIN_PASSWORD: setting({
    group: 'accounts',
    values: 'text, at least 8 characters',
    default: 'generated into `DATA_DIR/admin-password` (readable by its owner only)',
    meaning: "that admin's password",
    schema: text,
    verbatim: true,
  }),

  REMOTE_MFE_AUTH_URL: remote('mfe-auth'),
  REMOTE_MFE_RESTAURANTS_URL: remote('mfe-restaurants'),
  REMOTE_MFE_CATALOG_URL: remote('mfe-catalog'),
  REMOTE_MFE_STOPLIST_URL: remote('mfe-stoplist'),
  RELEASE_ORIGINS: setting({
    group: 'releases',
    values: 'exact origins (`https://cdn.example.uz`), comma-separated',
    default: "none (with the origins of `REMOTE_*_URL`; this server's `/remotes/...` is allowed anyway)",
    meaning:
      "the first origins a module's release may be registered from: a start that finds none in the database takes them (and those of `REMOTE_*_URL`); afterwards admins manage the list on the Modullar page, every server at once ([OPERATIONS.md](OPERATIONS.md#shipping-one-module)); the shell's Content-Security-Policy allows the list",
    schema: parsedBy(commaList),
  }),
  RELEASE_CANARY_MIN_LOADS: setting({
    group: 'releases',
    values: 'a whole number, at least 1',
    meaning: 'users who loaded a canary (each counted once) before its failure rate can switch it off',
    schema: whole(1, 20),
  }),
  RELEASE_CANARY_MAX_FAILURE_RATE: setting({
    group: 'releases',
    values: 'a number above 0, at most 1 (`0.1`: 10 %)',
    meaning:
      'a canary whose failing users reach this share of the users who loaded it is switched off by itself',
    schema: z.coerce.number().gt(0).max(1).default(0.1),
  }),
  REMOTE_MFE_ORDERS_URL: remote('mfe-orders'),
  REMOTE_MFE_REPORTS_URL: remote('mfe-reports'),
  PUBLIC_API_BASE: setting({
    group: 'front',
    values: 'a URL or a path',
    default: '`/api`',
    meaning: 'API base the front end calls',
    schema: text,
  }),
  PUBLIC_MENU_URL: setting({
    group: 'front',
    values: 'an absolute http(s) URL, no query',
    default: "this server's origin",
    meaning: "base of the guests' menu pages in QR codes (`<base>/m/<slug>`)",
    schema: parsedBy((v) => parsePublicMenuUrl(v) ?? undefined),
  }),

  STORAGE_DRIVER: setting({
    group: 'pictures',
    values: '`local` or `s3`',
    meaning:
      'where uploaded pictures live: `local` (`DATA_DIR/uploads`) or `s3` (a bucket, the `S3_*` below)',
    schema: z
      .string()
      .toLowerCase()
      .pipe(z.enum(['local', 's3']))
      .default('local'),
  }),
  S3_BUCKET: setting({
    group: 'pictures',
    values: 'a bucket name',
    default: 'none (needed with `s3`)',
    meaning: 'the bucket',
    schema: text,
  }),
  S3_REGION: setting({
    group: 'pictures',
    values: 'a region',
    meaning: "the bucket's region",
    schema: z.string().default('us-east-1'),
  }),
  S3_ENDPOINT: setting({
    group: 'pictures',
    values: 'a URL',
    default: 'AWS',
    meaning: 'the S3-compatible service (e.g. `https://storage.yandexcloud.net`)',
    schema: text,
  }),
  S3_ACCESS_KEY_ID: setting({
    group: 'pictures',
    values: 'text',
    default: 'none (needed with `s3`)',
    meaning: "the key's id (it needs `s3:PutObject`, `s3:GetObject`, `s3:DeleteObject` on the bucket)",
    schema: text,
  }),
  S3_SECRET_ACCESS_KEY: setting({
    group: 'pictures',
    values: 'text',
    default: 'none (needed with `s3`)',
    meaning: "the key's secret",
    schema: text,
  }),
  S3_FORCE_PATH_STYLE: setting({
    group: 'pictures',
    values: 'on or off',
    meaning: '`<endpoint>/<bucket>/<key>` addresses (MinIO, servers without bucket subdomains)',
    schema: flag,
  }),
  S3_PUBLIC_URL: setting({
    group: 'pictures',
    values: 'an absolute http(s) URL',
    default: 'through this server (`/uploads/...`)',
    meaning: "where the guests' browsers load the pictures from (a public bucket or a CDN)",
    schema: url('http', 'https'),
  }),
  ORDER_RATE_LIMIT_PER_RESTAURANT: setting({
    group: 'orders',
    values: 'a whole number above 0',
    meaning:
      'orders one restaurant takes from its guests per minute, all its tables together (over it: 429 with `Retry-After`); each table takes 10 a minute, each address 30; docs/ORDERS.md',
    schema: whole(1, DEFAULT_ORDER_RATE_LIMITS.ordersPerRestaurant),
  }),
  UPLOAD_QUOTA_MB: setting({
    group: 'pictures',
    values: 'megabytes, above 0',
    meaning: 'pictures one restaurant may keep, every variant counted (over it: 413 `quota_exceeded`)',
    schema: positive(DEFAULT_PICTURE_LIMITS.quotaBytes / MIB),
  }),
  UPLOAD_RATE_LIMIT: setting({
    group: 'pictures',
    values: 'a number above 0',
    meaning: `upload requests one account may send per ${DEFAULT_PICTURE_LIMITS.windowMs / 60_000} minutes (over it: 429)`,
    schema: positive(DEFAULT_PICTURE_LIMITS.uploadsPerWindow),
  }),

  INTEGRATION_FEED_URL: setting({
    group: 'pos',
    values: 'an `http(s)://` or `file://` URL',
    default: 'none',
    meaning: 'JSON feed of the integration provider',
    schema: url('http', 'https', 'file'),
  }),
  INTEGRATION_SECRET_KEY: setting({
    group: 'pos',
    values: '32 random bytes in base64 or hex (`openssl rand -base64 32`)',
    default: 'none',
    meaning:
      'seals POS credentials (AES-GCM, the restaurant as associated data); required to import from iiko / Poster; a key of the earlier form (any text) is refused: re-seal with `pnpm rotate-secrets` (README, "Rotating INTEGRATION_SECRET_KEY")',
    schema: parsedBy((v) => {
      parseSecretKey(v);
      return v?.trim() || undefined;
    }),
  }),
  INTEGRATION_SECRET_KEY_OLD: setting({
    group: 'pos',
    values: 'the key being replaced (32 bytes, or any text of the earlier form)',
    default: 'none',
    meaning:
      'read only by `pnpm rotate-secrets`: opens the sealed values to seal them again under INTEGRATION_SECRET_KEY',
    schema: text,
    verbatim: true,
  }),
  IIKO_API_URL: setting({
    group: 'pos',
    values: 'an absolute http(s) URL',
    default: 'iiko Cloud (`https://api-ru.iiko.services`)',
    meaning: 'address of the iiko API (tests: the fake)',
    schema: url('http', 'https'),
  }),
  POSTER_API_URL: setting({
    group: 'pos',
    values: 'an absolute http(s) URL',
    default: '`https://joinposter.com`',
    meaning: 'address of the Poster API (tests: the fake)',
    schema: url('http', 'https'),
  }),
  POS_IMAGE_HOSTS: setting({
    group: 'pos',
    values: 'host names, comma-separated (fetched over https, port 443, public addresses only)',
    default: 'none',
    meaning: "picture hosts allowed besides the POS's own (a self-hosted POS)",
    schema: parsedBy(parseImageHosts),
  }),
  POS_PICTURE_TEST_ORIGINS: setting({
    group: 'pos',
    values: 'loopback origins (`http://127.0.0.1:8081`), comma-separated; only with `NODE_ENV=test`',
    default: 'none',
    meaning:
      "tests only: a fake picture host the POS's pictures are fetched from as they are (the server refuses to start with it under any other NODE_ENV)",
    schema: parsedBy(parseTestOrigins),
  }),
  TELEGRAM_API_URL: setting({
    group: 'telegram',
    values: 'an absolute http(s) URL',
    default: '`https://api.telegram.org`',
    meaning: 'address of the Telegram Bot API (tests: the fake); docs/TELEGRAM.md',
    schema: url('http', 'https'),
  }),
  TELEGRAM_WEBHOOK_URL: setting({
    group: 'telegram',
    values: 'an absolute http(s) URL (Telegram itself calls https only)',
    default: 'PUBLIC_MENU_URL; without either no webhook is set',
    meaning:
      "this server's public origin as Telegram reaches it: each bot's updates (buttons, commands) come to `<it>/api/telegram/webhook/<restaurant>`",
    schema: url('http', 'https'),
  }),
  PAYME_CHECKOUT_URL: setting({
    group: 'payments',
    values: 'an absolute https URL',
    default: '`https://checkout.paycom.uz`',
    meaning:
      "Payme's checkout the guests are sent to; its sandbox is `https://test.paycom.uz` (docs/PAYMENTS.md)",
    schema: url('https'),
  }),
  CLICK_PAY_URL: setting({
    group: 'payments',
    values: 'an absolute https URL',
    default: '`https://my.click.uz/services/pay`',
    meaning: "Click's payment page the guests are sent to (docs/PAYMENTS.md)",
    schema: url('https'),
  }),
  CLICK_ALLOWED_ADDRESSES: setting({
    group: 'payments',
    values: 'addresses or CIDRs, comma-separated (IPv4 or IPv6)',
    default: 'none: every address may call (the signature proves the call)',
    meaning:
      "the only addresses Click's Prepare and Complete are taken from; any other is answered -1, nothing read. The addresses are Click's to give (docs/PAYMENTS.md, \"Click\", has the ones integrators list); behind a proxy, set TRUST_PROXY so the client's address is read",
    schema: parsedBy(parseClickAddresses),
  }),
  POS_SYNC_INTERVAL_MINUTES: setting({
    group: 'pos',
    values: 'minutes, above 0',
    meaning: "scheduled sync of every POS restaurant (iiko's stop-list is polled every minute)",
    schema: positive(15),
  }),

  CLUSTER: setting({
    group: 'cluster',
    values: 'on or off',
    meaning:
      'this server is one of several: it refuses to start, in one line, without PostgreSQL, `JWT_SECRET` and `STORAGE_DRIVER=s3`',
    schema: flag,
  }),
  SHUTDOWN_DRAIN_MS: setting({
    group: 'cluster',
    values: 'whole milliseconds',
    meaning:
      "after SIGTERM, how long readiness answers 503 before the port closes: the balancer's check interval × its fall count, e.g. `2000`",
    schema: whole(0, 0),
  }),
  SHUTDOWN_TIMEOUT_MS: setting({
    group: 'cluster',
    values: 'whole milliseconds, at least 1000',
    meaning: 'running requests may finish until then; past it the process exits anyway',
    schema: whole(1000, 30_000),
  }),

  INIT_CWD: setting({
    group: 'system',
    values: 'a folder',
    default: 'set by pnpm',
    meaning: 'the folder a `pnpm` command was typed in: a relative `DATA_DIR` is taken from there',
    schema: text,
  }),
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
    meaning: 'under CI the end-to-end suite keeps no Playwright traces (a failure keeps its screenshot)',
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

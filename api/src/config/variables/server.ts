/** The server's own variables (docs/CONFIGURATION.md, "The server"). */
import { z } from 'zod';
import { chooseLogFormat } from '../../http/log-format';
import { parseTrustProxy } from '../../http/trust-proxy';
import { DEFAULT_LIVE_LIMITS } from '../../services/orders/stream-limits';
import { flag, parsedBy, setting, text, whole } from './rules';

/** Longest time to receive a whole request (buildApp's default as well). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** The server: where it listens, its database, its logs, its answers and its streams. */
export const SERVER_SETTINGS = {
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
};

/** Set by the system or pnpm. */
export const SYSTEM_SETTINGS = {
  INIT_CWD: setting({
    group: 'system',
    values: 'a folder',
    default: 'set by pnpm',
    meaning: 'the folder a `pnpm` command was typed in: a relative `DATA_DIR` is taken from there',
    schema: text,
  }),
};

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cors from '@fastify/cors';
import jwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { type CanaryThreshold, errorBody as errorBodySchema, LIMITS } from '@qrmenu/shared/schemas';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DEFAULT_REQUEST_TIMEOUT_MS, parsePublicMenuUrl } from './config/env';
import { privateDir, privateFile } from './config/private-files';
import { connect } from './db';
import { accessHook } from './http/access';
import { answerCache } from './http/answer-cache';
import { registerApiCompression } from './http/compression';
import { badRequest, clientErrorHandler, errorHandler, notFoundHandler } from './http/errors';
import { requestLogSerializers } from './http/log-redact';
import { JSON_HEADERS, registerSecurityHeaders } from './http/security-headers';
import { checkTrustProxy, type TrustProxy } from './http/trust-proxy';
import { type PictureLimits, resolvePictureLimits } from './images/limits';
import { providersPlugin } from './integration';
import type { HttpPolicy } from './integration/pos/http';
import type { PosSenderOptions } from './integration/pos/order-sender';
import { posOrdersPlugin } from './integration/pos/orders-plugin';
import { posPicturesSettled } from './integration/pos/pictures';
import { posRegistryFromConfig } from './integration/pos/registry';
import { type PosScheduleOptions, startPosSchedule } from './integration/pos/schedule';
import { secretBox } from './integration/secrets';
import publicMenuRoutes from './public-menu/route';
import { GUEST_STYLE_HASHES } from './public-menu/styles';
import { REMOTE_PACKAGES, type RemoteName } from './remotes';
import { createRepositories, repositoriesPlugin } from './repos';
import accountRoutes from './routes/accounts';
import authRoutes from './routes/auth';
import categoryRoutes from './routes/categories';
import healthRoutes from './routes/health';
import integrationRoutes from './routes/integration';
import managerRoutes from './routes/managers';
import optionRoutes from './routes/options';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import placementRoutes from './routes/placements';
import posRoutes from './routes/pos';
import posOrderRoutes from './routes/pos-orders';
import positionRoutes from './routes/positions';
import productRoutes from './routes/products';
import releaseRoutes from './routes/releases';
import reportRoutes from './routes/reports';
import restaurantRoutes from './routes/restaurants';
import staffRoutes from './routes/staff';
import stopListRoutes from './routes/stop-list';
import telegramRoutes from './routes/telegram';
import uploadRoutes from './routes/upload';
import visitRoutes from './routes/visits';
import { servicesPlugin } from './services';
import { ensureAdmin } from './services/accounts';
import type { OrderRateLimits } from './services/orders/limits';
import type { LiveLimits } from './services/orders/stream-limits';
import { DEFAULT_CANARY_THRESHOLD, seedReleaseOrigins, seedReleases } from './services/releases';
import { allowedOrigins } from './services/releases/manifest';
import { reportKeyFrom } from './services/releases/report-token';
import { pinKeyFrom } from './services/staff/pin';
import { statePlugin } from './state';
import { type NightlyStatementsOptions, nightlyStatementsPlugin } from './state/nightly-statements';
import { createStorage, type FileStorage, uploadsRoute } from './storage';
import type { S3Config } from './storage/s3';
import { type OutboxOptions, telegramAccess, telegramPlugin, telegramSetup } from './telegram';
import type { App, AppConfig } from './types';
import { type VisitsOptions, visitsPlugin } from './visits';
import { environmentRemotes, registerWeb, trySpaFallback } from './web';

export type { App, AppConfig } from './types';

export interface BuildAppOptions {
  /** Holds the default SQLite database, uploads and a generated JWT secret. */
  dataDir: string;
  /** `postgres://...` or a SQLite file; default `<dataDir>/qrmenu.sqlite`. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: use a fresh random schema (parallel tests). */
  isolateSchema?: boolean;
  jwtSecret?: string | undefined;
  /** Seconds, or a time span like `12h` (default `12h`). */
  tokenTtl?: string | number | undefined;
  adminLogin?: string | undefined;
  adminPassword?: string | undefined;
  /** Called once when the bootstrap admin is created on an empty database. */
  onAdminCreated?: (login: string, password: string, generated: boolean) => void;
  integrationFeedUrl?: string | undefined;
  /** Seals POS credentials at rest (AES-GCM); without it POS restaurants cannot be imported. */
  integrationSecretKey?: string | undefined;
  /** iiko Cloud's address (default https://api-ru.iiko.services); tests: the fake. */
  iikoApiUrl?: string | undefined;
  /** Poster's address (default https://joinposter.com); tests: the fake. */
  posterApiUrl?: string | undefined;
  /** Timeouts/retries of POS calls (tests shorten them). */
  posHttp?: Partial<HttpPolicy>;
  /** Hosts POS pictures may be downloaded from besides the provider's own: host names (https, port 443, subdomains too). */
  posImageHosts?: readonly string[] | undefined;
  /**
   * Loopback origins a fake picture host of the tests answers on, fetched without the public
   * address check (server.ts passes POS_PICTURE_TEST_ORIGINS, which needs NODE_ENV=test).
   */
  posPictureTestOrigins?: readonly string[] | undefined;
  /** The Telegram Bot API's address (default https://api.telegram.org); tests: the fake. */
  telegramApiUrl?: string | undefined;
  /** This server's public origin as Telegram reaches it (bots' webhooks); none: no webhook is set. */
  telegramWebhookUrl?: string | undefined;
  /** How long the answer cache keeps an answer (default PUBLIC_CACHE_TTL_MS; 0: off). */
  answerCacheTtlMs?: number | undefined;
  /** Bot API calls taking longer are given up (default 10 s; tests shorten it). */
  telegramTimeoutMs?: number | undefined;
  /** The bots' outbox: its schedule (tests drain it themselves) and pacing. */
  telegramOutbox?: OutboxOptions;
  /** The sender of guests' orders into the POS (integration/pos/order-sender.ts). */
  posOrders?: PosSenderOptions;
  /** The payments' nightly statement (default on; tests run the night themselves). */
  nightlyStatements?: NightlyStatementsOptions;
  /** Scheduled POS syncs and stop-list polls (default on; tests turn it off or shorten it). */
  posSchedule?: PosScheduleOptions | false;
  /** The workspace root: serves `shell/dist` and `<remote>/dist`. Optional. */
  webRoot?: string | undefined;
  /** Overrides of remote manifest URLs in /config.json. */
  remoteUrls?: Partial<Record<RemoteName, string | undefined>>;
  /**
   * The first origins (`https://cdn.example.uz`) a release's manifest may be registered from,
   * with those of `remoteUrls` (RELEASE_ORIGINS): taken into the database by a start that finds
   * none there; an admin manages them afterwards. The shell's CSP allows the database's.
   */
  releaseOrigins?: readonly string[] | undefined;
  /** When a canary is switched off by itself (default: 10 % failures of at least 20 loads). */
  canaryThreshold?: Partial<CanaryThreshold> | undefined;
  /** Payme's checkout (default `https://checkout.paycom.uz`; its sandbox `https://test.paycom.uz`). */
  paymeCheckoutUrl?: string | undefined;
  /** Click's payment page (default `https://my.click.uz/services/pay`). */
  clickPayUrl?: string | undefined;
  /** The only addresses Click's calls are taken from (null or unset: any; the signature proves them). */
  clickAllowedAddresses?: readonly string[] | null | undefined;
  /** The payments' clock in ms (tests move it past Payme's 12 hours); default `Date.now`. */
  paymentsClock?: (() => number) | undefined;
  /** Overrides `apiBase` in /config.json. */
  publicApiBase?: string | undefined;
  /** Base URL of the guests' menu pages (`<base>/m/<slug>`, printed in QR codes); default: this origin. */
  publicMenuUrl?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against its zod schema (default true; server.ts turns it off in production). */
  validateResponses?: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed: a hop count or their addresses/CIDRs; default
   * none, so a client cannot pick its address. `true` (everyone) is refused.
   */
  trustProxy?: TrustProxy;
  /**
   * Longest time to receive a whole request, body included (default 120 s): a body that trickles
   * in slower is cut off with 408, so it cannot hold a connection and an upload slot forever.
   */
  requestTimeoutMs?: number;
  /** Where uploaded files live; default: the folder `<dataDir>/uploads`. */
  storage?: FileStorage;
  /** Failed logins allowed per address and window (default 10 per 15 min). */
  loginRateLimit?: { max: number; windowMs: number; pruneEveryMs?: number };
  /** The guests' visit counter: on by default, written every 5 s. */
  visits?: VisitsOptions;
  /** Keep uploads in an S3-compatible bucket instead of `<dataDir>/uploads` (STORAGE_DRIVER=s3). */
  s3?: S3Config | undefined;
  /** Pictures' limits: per-restaurant quota and uploads per user over time (see PictureLimits). */
  pictureLimits?: Partial<PictureLimits>;
  /** Orders and calls per address and per table and minute (services/orders/limits.ts). */
  orderLimits?: Partial<OrderRateLimits>;
  /** The live streams one server holds: per order, per address, in all (services/orders/live.ts). */
  streamLimits?: Partial<LiveLimits>;
  /** The guests' script build (`api/dist/guest`); without it the menu pages have no cart. */
  guestScriptsDir?: string | undefined;
}

function loadJwtSecret(dataDir: string, given: string | undefined): string {
  if (given?.trim()) return given.trim();
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    privateFile(file); // one left readable by an earlier version
    const s = readFileSync(file, 'utf8').trim();
    if (s) return s;
  }
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function parseTokenTtl(v: string | number | undefined): string | number {
  if (v === undefined || v === '') return '12h';
  if (typeof v === 'number') return v;
  const s = v.trim();
  return /^\d+$/.test(s) ? Number(s) : s;
}

const ACCESS_TEXT = {
  pub: 'pub (no token needed; a valid token may widen the answer)',
  key: "key (the module's deploy key, `Authorization: Bearer qrd_...`, or an admin's token)",
  any: 'any (any valid token)',
  adm: 'adm (admins only)',
  own: "own (admins, or a manager acting on its own restaurant; another restaurant's things answer 404)",
  staff: 'staff (a staff account, a waiter or the kitchen: its own; others 403)',
} as const;

/** Which roles may call a route, as the OpenAPI document's `x-roles` lists them. */
const ROLES_OF = {
  pub: ['anyone'],
  key: ['admin', 'deploy key'],
  any: ['admin', 'manager', 'waiter', 'kitchen'],
  adm: ['admin'],
  own: ['admin', 'manager'],
  staff: ['waiter', 'kitchen'],
} as const;

/**
 * The access line of a route's description: its level, and the staff roles an `own` route lets in
 * (each on its own restaurant only, by the service's rules: docs/PRODUCT.md, "The restaurant's staff").
 */
function accessText(access: keyof typeof ACCESS_TEXT, staff: readonly string[] | undefined): string {
  if (!staff?.length) return ACCESS_TEXT[access];
  return `${ACCESS_TEXT[access]}; also ${staff.join(' and ')} of that restaurant (their own restaurant only, by the rules of their role)`;
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const publicMenuBase = parsePublicMenuUrl(options.publicMenuUrl); // before anything is opened
  const trustProxy = checkTrustProxy(options.trustProxy); // before anything is opened
  const dataDir = resolve(options.dataDir);
  const uploadsDir = join(dataDir, 'uploads');
  // password hashes, sealed keys, the visits' salt, pictures: this user's only (config/private-files.ts)
  privateDir(dataDir);
  privateDir(uploadsDir);
  const webRoot = options.webRoot ? resolve(options.webRoot) : undefined;
  const remoteUrls = options.remoteUrls ?? {};
  const releaseOrigins = options.releaseOrigins ?? [];
  let differingRemotes: string[] = [];
  // the app's logger once it exists; a connection lost before that is only dropped by the pool
  let logIdleError: (err: Error) => void = () => {};

  const conn = await connect({
    databaseUrl: options.databaseUrl,
    dataDir,
    isolateSchema: options.isolateSchema ?? false,
    // the first admin under the same start-up lock as the migrations (servers started together)
    bootstrap: async (db) => {
      await ensureAdmin(createRepositories(db), {
        login: options.adminLogin,
        password: options.adminPassword,
        onCreated: options.onAdminCreated,
      });
      // each module's first stable release: the environment's address (a later start keeps the database's)
      differingRemotes = await seedReleases(createRepositories(db), environmentRemotes(webRoot, remoteUrls));
      // and the first origins releases may come from (an admin manages them afterwards)
      await seedReleaseOrigins(
        createRepositories(db),
        allowedOrigins([...Object.values(remoteUrls), ...releaseOrigins]),
      );
    },
    onIdleError: (err) => logIdleError(err),
  });

  const given: FastifyServerOptions['logger'] =
    options.logger === true
      ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : (options.logger ?? false);
  // a request is logged by its path, never its query (a guest's order key is there: log-redact.ts)
  const logger: FastifyServerOptions['logger'] =
    given && typeof given === 'object'
      ? { ...given, serializers: { ...requestLogSerializers, ...given.serializers } }
      : given;

  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy,
    requestTimeout,
    // Node takes the request timeout only when the server is made (Fastify's own setting,
    // applied afterwards, is not enforced on Node 24), and checks for expired requests on an
    // interval (30 s by default): kept well below the timeout so that the cut comes close to it.
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler,
    // an address the router cannot read (a malformed %-escape, a path segment past its 100
    // characters) answers the API's error body (docs/API.md, "Errors") through the app's hooks,
    // never Fastify's own body echoing the address and its query
    frameworkErrors: (error, request, reply) => {
      // the app's onSend hooks do not run for it: its headers are set here
      void reply.headers(JSON_HEADERS);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        // no id is that long: no such thing
        notFoundHandler(request, reply);
        return;
      }
      errorHandler(
        badRequest('Malformed address', [{ path: 'url', message: 'Not a valid address' }]),
        request,
        reply,
      );
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  logIdleError = (err) =>
    app.log.warn({ err }, 'an idle database connection was lost; the next query opens a new one');
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written with JSON.stringify of exactly what the handler built (mappers build
  // exact objects). With validateResponses (the default; tests) each answer is first checked
  // against its zod schema and a mismatch is a 500, so tests catch a wrong shape; extra keys
  // are not stripped, so a test's exact-shape check sees them as production would.
  if (options.validateResponses === false) {
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  } else {
    app.setSerializerCompiler(({ schema, method, url }) => {
      const zod = schema as z.ZodType;
      return (data) => {
        const result = zod.safeParse(data);
        if (!result.success) {
          throw Object.assign(
            new Error(`answer of ${method} ${url} does not match its schema: ${result.error.message}`),
            {
              statusCode: 500,
            },
          );
        }
        return JSON.stringify(data);
      };
    });
  }
  registerSecurityHeaders(app, {
    // a release may be registered only from where the browser may load it
    remoteUrls: [...Object.values(remoteUrls), ...releaseOrigins],
    publicApiBase: options.publicApiBase,
    picturesUrl: options.s3?.publicUrl,
    styleHashes: GUEST_STYLE_HASHES,
  });
  app.setErrorHandler(errorHandler);
  // not async: returning the reply (a thenable) from an async handler makes it wait on the stream
  app.setNotFoundHandler((request, reply) => {
    if (!trySpaFallback(request, reply)) notFoundHandler(request, reply);
  });

  // one secret signs the access tokens and, under a key of its own, the release report tokens
  const jwtSecret = loadJwtSecret(dataDir, options.jwtSecret);
  app.decorate('db', conn.db);
  answerCache(conn.db, options.answerCacheTtlMs);
  app.decorate('dbDialect', conn.dialect);
  app.decorate('appConfig', {
    dataDir,
    uploadsDir,
    tokenTtl: parseTokenTtl(options.tokenTtl),
    integrationFeedUrl: options.integrationFeedUrl,
    webRoot,
    remoteUrls,
    publicApiBase: options.publicApiBase,
    publicMenuBase,
    pictureLimits: resolvePictureLimits(options.pictureLimits),
    releases: {
      manifests: {
        webRoot,
        packages: REMOTE_PACKAGES,
        allowedOrigins: allowedOrigins([...Object.values(remoteUrls), ...releaseOrigins]),
      },
      threshold: { ...DEFAULT_CANARY_THRESHOLD, ...options.canaryThreshold },
      reportKey: reportKeyFrom(jwtSecret),
    },
    orderLimits: options.orderLimits,
    streamLimits: options.streamLimits,
    pinKey: pinKeyFrom(jwtSecret),
  } satisfies AppConfig);
  for (const module of differingRemotes) {
    app.log.warn(
      { module },
      "the module's address in the environment differs from its stable release in the database, which is kept: register the new one (pnpm release)",
    );
  }
  app.addHook('onClose', async () => {
    await conn.close();
  });
  await app.register(repositoriesPlugin);
  await app.register(providersPlugin);
  app.decorate('pos', {
    providers: posRegistryFromConfig({ iikoApiUrl: options.iikoApiUrl, posterApiUrl: options.posterApiUrl }),
    box: secretBox(options.integrationSecretKey),
    http: options.posHttp ?? {},
    imageHosts: options.posImageHosts ?? [],
    pictureTestOrigins: options.posPictureTestOrigins ?? [],
  });
  // the POS's pictures still downloading finish before the database closes
  app.addHook('preClose', () => posPicturesSettled(app));
  await app.register(statePlugin, { loginRateLimit: options.loginRateLimit, pubsub: conn.pubsub });
  await app.register(visitsPlugin, options.visits ?? {});
  app.decorate(
    'storage',
    options.storage ??
      createStorage(options.s3 ? { driver: 's3', config: options.s3 } : { driver: 'local', dir: uploadsDir }),
  );
  const telegram = {
    box: app.pos.box,
    apiUrl: options.telegramApiUrl,
    webhookUrl: options.telegramWebhookUrl?.replace(/\/+$/, ''),
    menuUrl: publicMenuBase ?? undefined,
    timeoutMs: options.telegramTimeoutMs,
    log: app.log,
  };
  await app.register(servicesPlugin, {
    bots: telegramSetup(telegram),
    box: app.pos.box,
    payments: {
      ...(options.paymeCheckoutUrl ? { paymeCheckoutUrl: options.paymeCheckoutUrl } : {}),
      ...(options.clickPayUrl ? { clickPayUrl: options.clickPayUrl } : {}),
      ...(options.clickAllowedAddresses ? { clickAllowedAddresses: options.clickAllowedAddresses } : {}),
      ...(options.paymentsClock ? { clock: options.paymentsClock } : {}),
    },
  });
  await app.register(telegramPlugin, {
    access: telegramAccess(telegram),
    outbox: options.telegramOutbox ?? {},
  });
  await app.register(posOrdersPlugin, options.posOrders ?? {});
  await app.register(nightlyStatementsPlugin, options.nightlyStatements ?? {});

  // Every /api route must say who may call it; error answers are documented for all of them.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url === '/api/openapi.json') return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!route.config?.access) {
      throw new Error(`route ${String(route.method)} ${url} has no config.access`);
    }
    if (route.schema) {
      const access = route.config.access;
      const who = accessText(access, route.config.staff);
      route.schema.description = route.schema.description
        ? `${route.schema.description}\n\nAccess: ${who}`
        : `Access: ${who}`;
      (route.schema as Record<string, unknown>)['x-roles'] = [
        ...ROLES_OF[access],
        ...(route.config.staff ?? []),
      ];
      if (access === 'pub') route.schema.security = [];
      const response = { ...((route.schema.response as Record<number, unknown> | undefined) ?? {}) };
      for (const s of ERROR_STATUSES) response[s] ??= errorBodySchema;
      route.schema.response = response;
    }
  });

  await app.register(cors, { origin: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] });
  await app.register(jwt, {
    secret: jwtSecret,
    sign: { expiresIn: app.appConfig.tokenTtl },
    // every authenticated request verifies its token: fast-jwt keeps the verified payloads of
    // recent tokens (an LRU keyed by the token's hash, each kept no longer than the token's exp),
    // ~8 us of decoding and HMAC to ~2 us. Only the signature check is skipped: whether the
    // session was ended is still read for every request (http/sessions.ts)
    verify: { cache: true },
  });
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.uploadBytes,
      files: LIMITS.uploadFiles,
      fields: 10,
      fieldSize: 1024,
      parts: LIMITS.uploadFiles + 10,
      headerPairs: 200,
    },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'QR-menu back office API',
        version: '1.0.0',
        description:
          "Every failure answers `{ error: { code, message, details? } }`: 400 validation (details name the fields; also malformed JSON), 401 unauthorized, 403 forbidden, 404 not_found (also for another restaurant's things, and for a write that raced the delete of what it refers to, e.g. a product created in a category deleted in the same moment: nothing is stored), 409 conflict, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited (failed logins per address and per login; orders and calls per address and per table; with Retry-After), 502 bad_gateway (integration feed). Each operation's description ends with who may call it (pub, any, adm, own, staff, key) and its `x-roles` lists the roles (a staff role on an `own` route: of that restaurant only, by its role's rules).",
        // the project is private, with no open-source licence: said so, as info-license(-strict) asks
        license: {
          name: 'Proprietary (all rights reserved)',
          url: 'https://en.wikipedia.org/wiki/All_rights_reserved',
        },
      },
      // paths carry their /api prefix: the server is the origin that serves this document
      servers: [{ url: '/', description: 'this server (the API under /api)' }],
      // `pnpm lint:openapi` (Redocly, redocly.yaml) fails on an operation whose tag is not listed here
      tags: [
        { name: 'health', description: 'Liveness of the server' },
        { name: 'auth', description: "Log in (an access token) and the caller's profile" },
        { name: 'restaurants', description: "Restaurants: the admin's list and forms, a manager's own one" },
        { name: 'managers', description: 'Manager accounts (admins)' },
        { name: 'uploads', description: 'Images of restaurants and products' },
        { name: 'categories', description: 'Menu categories of a restaurant' },
        { name: 'products', description: "Products of a restaurant's categories" },
        { name: 'options', description: 'Options of a product (e.g. size)' },
        { name: 'option rows', description: 'The choices of an option, each with its price' },
        { name: 'stop-list', description: 'Products the kitchen has run out of' },
        { name: 'placements', description: "Where a restaurant's QR codes are placed (a code each)" },
        {
          name: 'orders',
          description: "Guests' orders and calls from the table, the staff's board and its live streams",
        },
        {
          name: 'payments',
          description:
            "The table's bill paid with Payme and Click: checkout, the providers' endpoints, credentials",
        },
        {
          name: 'reports',
          description:
            "«Hisobot»: a restaurant's takings, dishes, times, guests and rejected orders over a period, as answers and as CSV or XLSX files; the admin's restaurants side by side",
        },
        {
          name: 'telegram',
          description:
            "A restaurant's own Telegram bot: its set-up, a test message and the webhook of its updates",
        },
        {
          name: 'staff',
          description:
            "A restaurant's waiters and kitchen: their accounts, PINs and devices, the tables of each waiter, a staff member's own Telegram",
        },
        {
          name: 'visits',
          description: "Guests' visits of the menu page: daily counts, placements, languages",
        },
        {
          name: 'integration',
          description: 'Import and sync of restaurants from the integration feed (admins)',
        },
        {
          name: 'releases',
          description:
            "The federated modules' releases: stable and canary, the split of users, promote and roll back (an admin or the module's deploy key), the shells' load reports",
        },
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // BaseLayout: the operations without Swagger's top bar, whose logo is an SVG with an inline
  // <style> the documents' policy refuses (no 'unsafe-inline', docs/DELIVERY.md); the bar's URL
  // box is of no use for the one document served here
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } });

  app.addHook('onRequest', accessHook);
  if (logger) {
    // Fastify writes no completion line for a request whose client went away first (a closed
    // live stream, a cancelled fetch): this is its end line (the pretty format drops it on it)
    app.addHook('onRequestAbort', async (request) => request.log.info('request aborted'));
  }

  await app.register(
    async (api) => {
      await registerApiCompression(api);
      api.get('/openapi.json', { config: { access: 'pub' }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(restaurantRoutes);
      await api.register(managerRoutes);
      await api.register(uploadRoutes);
      await api.register(categoryRoutes);
      await api.register(productRoutes);
      await api.register(optionRoutes);
      await api.register(positionRoutes);
      await api.register(stopListRoutes);
      await api.register(integrationRoutes);
      await api.register(posRoutes);
      await api.register(placementRoutes);
      await api.register(visitRoutes);
      await api.register(releaseRoutes);
      await api.register(orderRoutes);
      await api.register(posOrderRoutes);
      await api.register(paymentRoutes);
      await api.register(reportRoutes);
      await api.register(staffRoutes);
      await api.register(telegramRoutes);
    },
    { prefix: '/api' },
  );

  // Uploaded files, served from the storage: only the files the pictures service stores (a
  // picture's variants, named by their type); never renamed, so cached for good.
  await app.register(uploadsRoute);

  await app.register(publicMenuRoutes, { guestScriptsDir: options.guestScriptsDir });
  await registerWeb(app);

  if (options.posSchedule !== false) startPosSchedule(app, options.posSchedule ?? {});

  return app;
}

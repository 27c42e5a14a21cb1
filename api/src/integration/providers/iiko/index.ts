/**
 * iiko Cloud (iikoTransport): every call a POST with a JSON body and `Authorization: Bearer`.
 * Tokens (`/api/1/access_token` with `apiLogin`, or `/api/v2/access_token` with
 * `appId`/`clientSecret`/`apiKey`) live about an hour: cached per credentials in this process,
 * renewed 10 minutes early, and renewed once on a 401 (an expired token). See README.md.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PosCredentialsError } from '../../pos/errors';
import { type ConnectDeps, type PosFactoryOptions, posProviderFactory } from '../../pos/factory';
import { malformed, PosHttpError, requestJson } from '../../pos/http';
import type { PosStopList } from '../../pos/stop-list';
import type { PosConnection, PosMenuAnswer, PosProviderFactory, PosRestaurant } from '../../pos/types';
import { errorAnswer, nomenclatureAnswer, organizationsAnswer, stopListsAnswer, tokenAnswer } from './api';
import { mapNomenclature, readStopList } from './mapping';
import { iikoOrders } from './orders';
import { iikoPayments } from './payments';

export const IIKO_PROVIDER_NAME = 'iiko';
export const IIKO_DEFAULT_URL = 'https://api-ru.iiko.services';
/** iiko's own picture hosts (imageLinks point there). */
export const IIKO_IMAGE_HOSTS = ['iiko.biz', 'iiko.services', 'iiko.it', 'syrve.online'];
/** Renew a token this long before it expires. */
const RENEW_EARLY_MS = 10 * 60_000;
const TOKEN_LIFETIME_MS = 60 * 60_000;

export const iikoCredentials = z.union([
  z.object({ apiLogin: z.string().trim().min(1).max(200) }).strict(),
  z
    .object({
      appId: z.string().trim().min(1).max(200),
      clientSecret: z.string().trim().min(1).max(500),
      apiKey: z.string().trim().min(1).max(500),
    })
    .strict(),
]);

interface CachedToken {
  token: string;
  renewAt: number;
}
/** One token per credentials in this process (every restaurant of an iiko account shares it). */
const tokens = new Map<string, CachedToken>();
const pendingTokens = new Map<string, Promise<string>>();

/** When a JWT says it expires (its `exp`), else an hour from now. */
function expiresAt(token: string): number {
  const payload = token.split('.')[1];
  if (payload) {
    try {
      const exp = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).exp;
      if (typeof exp === 'number') return exp * 1000;
    } catch {
      // not a JWT: the documented lifetime
    }
  }
  return Date.now() + TOKEN_LIFETIME_MS;
}

/** Forgets every cached token (tests). */
export function clearIikoTokens(): void {
  tokens.clear();
  pendingTokens.clear();
}

export function createIikoFactory(options: PosFactoryOptions = {}): PosProviderFactory {
  return posProviderFactory(
    {
      type: IIKO_PROVIDER_NAME,
      defaultUrl: IIKO_DEFAULT_URL,
      imageHosts: IIKO_IMAGE_HOSTS,
      credentials: iikoCredentials,
      connect: connectIiko,
    },
    options,
  );
}

function connectIiko(
  base: string,
  credentials: z.infer<typeof iikoCredentials>,
  deps: ConnectDeps,
): PosConnection {
  const { policy, log } = deps;
  const cacheKey = createHash('sha256')
    .update(`${base}\u0000${JSON.stringify(credentials)}`)
    .digest('hex');
  const correlationOf = (json: unknown) =>
    json && typeof json === 'object' && 'correlationId' in json ? String(json.correlationId) : undefined;

  const detailOf = (json: unknown) => {
    const parsed = errorAnswer.safeParse(json);
    return parsed.success ? (parsed.data.errorDescription ?? parsed.data.error ?? undefined) : undefined;
  };
  /** `once`: one attempt, no HTTP retry (an order call: the sender retries, looking first). */
  const call = (path: string, body: unknown, token?: string, once = false) =>
    requestJson(
      {
        provider: IIKO_PROVIDER_NAME,
        method: 'POST',
        url: new URL(path, base),
        label: path,
        body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        correlationOf,
        detailOf,
      },
      once ? { ...policy, attempts: 1 } : policy,
      log,
    );

  /** The credential fields an admin typed: what a refusal names. */
  const credentialFields = Object.keys(credentials);
  const refused = (err: PosHttpError, why: string) =>
    new PosCredentialsError(IIKO_PROVIDER_NAME, credentialFields, err.status, err.correlationId, why);

  async function newToken(): Promise<string> {
    const [path, body] =
      'apiLogin' in credentials
        ? ['/api/1/access_token', { apiLogin: credentials.apiLogin }]
        : ['/api/v2/access_token', credentials];
    let json: unknown;
    try {
      json = await call(path, body);
    } catch (err) {
      // a wrong apiLogin answers 401 (400 for one iiko cannot read): the admin's input is refused
      if (err instanceof PosHttpError && [400, 401, 403].includes(err.status))
        throw refused(err, `${path} refused the credentials (HTTP ${err.status})`);
      throw err;
    }
    const parsed = tokenAnswer.safeParse(json);
    if (!parsed.success) throw malformed(IIKO_PROVIDER_NAME, path, correlationOf(json), log, parsed.error);
    const token = parsed.data.token;
    const renewAt = expiresAt(token) - RENEW_EARLY_MS;
    tokens.set(cacheKey, { token, renewAt });
    await deps.tokens?.set(cacheKey, token, renewAt);
    return token;
  }

  async function token(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.renewAt > Date.now()) return cached.token;
    let pending = pendingTokens.get(cacheKey);
    if (!pending) {
      // another server's token first: one token per credentials across every server
      pending = (async () => {
        const shared = await deps.tokens?.get(cacheKey).catch(() => undefined);
        if (shared && shared.renewAt > Date.now()) {
          tokens.set(cacheKey, shared);
          return shared.token;
        }
        return newToken();
      })().finally(() => pendingTokens.delete(cacheKey));
      pendingTokens.set(cacheKey, pending);
    }
    return pending;
  }

  /** An authorised call; a 401 (token expired or revoked) renews the token once. */
  async function authorised<T>(path: string, body: unknown, schema: z.ZodType<T>, once = false): Promise<T> {
    let json: unknown;
    try {
      json = await call(path, body, await token(), once);
    } catch (err) {
      if (err instanceof PosHttpError && err.status === 403 && !(err instanceof PosCredentialsError))
        throw refused(err, `${path} is not allowed to these credentials`);
      if (!(err instanceof PosHttpError) || err.status !== 401) throw err;
      tokens.delete(cacheKey);
      await deps.tokens?.delete(cacheKey);
      try {
        json = await call(path, body, await token(), once);
      } catch (again) {
        // a fresh token refused too: these credentials no longer reach iiko
        if (again instanceof PosHttpError && again.status === 401 && !(again instanceof PosCredentialsError))
          throw refused(again, `${path} refused a fresh token`);
        throw again;
      }
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw malformed(IIKO_PROVIDER_NAME, path, correlationOf(json), log, parsed.error);
    return parsed.data;
  }

  const organizations = async () =>
    (
      await authorised(
        '/api/1/organizations',
        { organizationIds: null, returnAdditionalInfo: false, includeDisabled: false },
        organizationsAnswer,
      )
    ).organizations.map((o) => ({ id: o.id, name: o.name }));

  async function fetchStopList(organizationId: string): Promise<PosStopList> {
    const answer = await authorised(
      '/api/1/stop_lists',
      { organizationIds: [organizationId] },
      stopListsAnswer,
    );
    return readStopList(answer, organizationId);
  }

  /** Nomenclature first: an unchanged menu costs this one call (and the token, when due). */
  async function fetchMenu(organizationId: string, sinceRevision: string | null): Promise<PosMenuAnswer> {
    const startRevision = sinceRevision === null ? 0 : Number(sinceRevision);
    let nomenclature: z.infer<typeof nomenclatureAnswer>;
    try {
      nomenclature = await authorised(
        '/api/1/nomenclature',
        { organizationId, startRevision },
        nomenclatureAnswer,
      );
    } catch (err) {
      // iiko answers 400 for an organization these credentials do not reach: that location is gone
      if (!(err instanceof PosHttpError) || err.status !== 400) throw err;
      if ((await organizations()).some((o) => o.id === organizationId)) throw err;
      throw new PosHttpError(IIKO_PROVIDER_NAME, 404, err.correlationId, 'organization not found');
    }
    const revision = String(nomenclature.revision);
    const unchanged =
      sinceRevision !== null &&
      revision === sinceRevision &&
      nomenclature.products.length === 0 &&
      nomenclature.groups.length === 0;
    if (unchanged) return { revision, menu: null };
    const org = (await organizations()).find((o) => o.id === organizationId);
    if (!org)
      throw new PosHttpError(IIKO_PROVIDER_NAME, 404, nomenclature.correlationId, 'organization not found');
    const stopped = await fetchStopList(organizationId);
    return { revision, menu: mapNomenclature(org, nomenclature, stopped, log) };
  }

  return {
    name: IIKO_PROVIDER_NAME,
    listRestaurants: organizations,
    async fetchRestaurant(organizationId): Promise<PosRestaurant | null> {
      try {
        return (await fetchMenu(organizationId, null)).menu;
      } catch (err) {
        if (err instanceof PosHttpError && err.status === 404) return null;
        throw err;
      }
    },
    fetchMenu,
    fetchStopList,
    orders: { ...iikoOrders(authorised, log), recordPayment: iikoPayments(authorised) },
  };
}

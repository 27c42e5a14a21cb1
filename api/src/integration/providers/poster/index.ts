/**
 * Poster (joinposter): GET `https://joinposter.com/api/<method>?token=<account token>`. The
 * token is the restaurant's secret (it sits in the query string, so paths are logged without it).
 * Webhooks are signed: `verify` = md5 of `account;object;object_id;action;[data;]time;secret`
 * with the application's secret. See README.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PosCredentialsError } from '../../pos/errors';
import { DEFAULT_HTTP_POLICY, type HttpPolicy, malformed, PosHttpError, requestJson } from '../../pos/http';
import type {
  PosConnection,
  PosDeps,
  PosMenuAnswer,
  PosProviderFactory,
  PosRestaurant,
} from '../../pos/types';
import { categoriesAnswer, posterError, productsAnswer, spotsAnswer } from './api';
import { mapPosterMenu } from './mapping';

export const POSTER_PROVIDER_NAME = 'poster';
export const POSTER_DEFAULT_URL = 'https://joinposter.com';
export const POSTER_IMAGE_HOSTS = ['joinposter.com', 'ps.joinposter.com'];

/**
 * Poster's error codes (its docs, "errors"): 10 no token, 11 a wrong token, 12 an expired one,
 * 20 the application may not call this method, 54 access denied: the token is refused. 700: too
 * many requests. Anything else is Poster failing.
 */
const TOKEN_REFUSED = new Set([10, 11, 12, 20, 54]);
const RATE_LIMITED = 700;

export const posterCredentials = z
  .object({
    /** The account's API token (`<account id>:<key>`). */
    token: z.string().trim().min(3).max(300),
    /** The application's secret: checks the `verify` of webhooks. */
    appSecret: z.string().trim().min(1).max(300),
  })
  .strict();

export function createPosterFactory(
  options: { baseUrl?: string; imageHosts?: readonly string[] } = {},
): PosProviderFactory {
  const base = options.baseUrl?.trim() || POSTER_DEFAULT_URL;
  return {
    type: POSTER_PROVIDER_NAME,
    imageHosts: options.imageHosts ?? POSTER_IMAGE_HOSTS,
    parseCredentials: (input) => posterCredentials.parse(input),
    connect: (credentials, deps) => connectPoster(base, posterCredentials.parse(credentials), deps),
  };
}

/** Poster's webhook signature check (constant time). */
export function posterVerify(body: Record<string, unknown>, appSecret: string): boolean {
  const parts = [body.account, body.object, body.object_id, body.action];
  if (body.data !== undefined && body.data !== null) parts.push(body.data);
  parts.push(body.time, appSecret);
  const expected = createHash('md5')
    .update(parts.map((p) => String(p ?? '')).join(';'))
    .digest('hex');
  const got = Buffer.from(String(body.verify ?? ''));
  const want = Buffer.from(expected);
  return got.length === want.length && timingSafeEqual(got, want);
}

function connectPoster(
  base: string,
  credentials: z.infer<typeof posterCredentials>,
  deps: PosDeps = {},
): PosConnection {
  const policy: HttpPolicy = { ...DEFAULT_HTTP_POLICY, ...deps.http };
  const log = deps.log;

  async function get<T>(method: string, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`/api/${method}`, base);
    url.searchParams.set('token', credentials.token);
    const json = await requestJson(
      { provider: POSTER_PROVIDER_NAME, method: 'GET', url, label: `/api/${method}` },
      policy,
      log,
    );
    const error = posterError.safeParse(json);
    if (error.success) {
      const e = error.data.error;
      const code = Number(typeof e === 'object' ? e.code : e);
      const label = `/api/${method} answered error ${Number.isNaN(code) ? String(e) : code}`;
      if (TOKEN_REFUSED.has(code))
        throw new PosCredentialsError(POSTER_PROVIDER_NAME, ['token'], 401, undefined, label);
      throw new PosHttpError(POSTER_PROVIDER_NAME, code === RATE_LIMITED ? 429 : 502, undefined, label);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw malformed(POSTER_PROVIDER_NAME, `/api/${method}`, undefined, log, parsed.error);
    return parsed.data;
  }

  const spots = async () =>
    (await get('access.getSpots', spotsAnswer)).response.map((s) => ({
      id: s.spot_id,
      name: s.spot_name,
      address: s.spot_adress,
    }));

  async function fetchMenu(spotId: string): Promise<PosMenuAnswer> {
    const spot = (await spots()).find((s) => s.id === spotId);
    if (!spot) throw new PosHttpError(POSTER_PROVIDER_NAME, 404, undefined, 'spot not found');
    const [categories, products] = await Promise.all([
      get('menu.getCategories', categoriesAnswer),
      get('menu.getProducts', productsAnswer),
    ]);
    return {
      revision: null,
      menu: mapPosterMenu(spot, categories.response, products.response, base, log),
    };
  }

  return {
    name: POSTER_PROVIDER_NAME,
    listRestaurants: async () => (await spots()).map(({ id, name }) => ({ id, name })),
    async fetchRestaurant(spotId): Promise<PosRestaurant | null> {
      try {
        return (await fetchMenu(spotId)).menu;
      } catch (err) {
        if (err instanceof PosHttpError && err.status === 404) return null;
        throw err;
      }
    },
    fetchMenu: (spotId) => fetchMenu(spotId),
  };
}

/**
 * Poster (joinposter): GET `https://joinposter.com/api/<method>?token=<account token>`. The
 * token is the restaurant's secret (it sits in the query string, so paths are logged without it).
 * Webhooks are signed: `verify` = md5 of `account;object;object_id;action;[data;]time;secret`
 * with the application's secret. See README.md.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type ConnectDeps, type PosFactoryOptions, posProviderFactory } from '../../pos/factory';
import { PosHttpError } from '../../pos/http';
import type { PosConnection, PosMenuAnswer, PosProviderFactory, PosRestaurant } from '../../pos/types';
import { categoriesAnswer, productsAnswer, spotsAnswer } from './api';
import { POSTER_PROVIDER_NAME, posterCaller } from './client';
import { mapPosterMenu } from './mapping';
import { posterOrders } from './orders';
import { posterPayments } from './payments';

export { POSTER_PROVIDER_NAME };
export const POSTER_DEFAULT_URL = 'https://joinposter.com';
export const POSTER_IMAGE_HOSTS = ['joinposter.com', 'ps.joinposter.com'];

export const posterCredentials = z
  .object({
    /** The account's API token (`<account id>:<key>`). */
    token: z.string().trim().min(3).max(300),
    /** The application's secret: checks the `verify` of webhooks. */
    appSecret: z.string().trim().min(1).max(300),
  })
  .strict();

export function createPosterFactory(options: PosFactoryOptions = {}): PosProviderFactory {
  return posProviderFactory(
    {
      type: POSTER_PROVIDER_NAME,
      defaultUrl: POSTER_DEFAULT_URL,
      imageHosts: POSTER_IMAGE_HOSTS,
      credentials: posterCredentials,
      connect: connectPoster,
    },
    options,
  );
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
  deps: ConnectDeps,
): PosConnection {
  const { policy, log } = deps;

  const call = posterCaller(base, credentials.token, policy, log);
  const get = <T>(method: string, schema: z.ZodType<T>) => call(method, schema);

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
    orders: { ...posterOrders(call, log), recordPayment: posterPayments(call) },
  };
}

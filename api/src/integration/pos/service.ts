/**
 * The POS integrations' work, the same for every POS provider: import, sync (one transaction,
 * at most one at a time per restaurant across every server), the stop-list, the last sync's
 * status. Routes, webhooks and the scheduler call these; nothing here knows HTTP.
 */
import { feedRestaurant } from '@qrmenu/shared/schemas';
import type { IntegrationAccountRow, RestaurantRow } from '../../db';
import { now } from '../../db';
import type { App } from '../../types';
import { importRestaurant, syncRestaurant } from '../importer';
import { mask, newWebhookToken } from '../secrets';
import { describePosError, PosInvalidMenuError, PosSyncBusyError } from './errors';
import { startPosPictures } from './pictures';
import type { PosConnection, PosRestaurant, TokenStore } from './types';

/** A sync lock older than this belongs to a server that died mid-sync: taken over. */
const LOCK_LIFETIME_MS = 5 * 60_000;

export function connectionOf(app: App, provider: string, credentials: Record<string, string>): PosConnection {
  const factory = app.pos.providers.get(provider);
  if (!factory) throw new Error(`unknown POS provider ${provider}`);
  return factory.connect(credentials, {
    log: app.log.child({ provider }),
    http: app.pos.http,
    tokens: tokenStore(app),
  });
}

/** Tokens in the database, sealed: every server uses the same one until it is due. */
function tokenStore(app: App): TokenStore {
  const repo = app.repos.integrationTokens;
  return {
    async get(key) {
      const row = await repo.find(key);
      if (!row) return undefined;
      try {
        return { token: app.pos.box.open(row.token_enc, key), renewAt: Date.parse(row.renew_at) };
      } catch {
        return undefined; // sealed with another key
      }
    },
    set: (key, token, renewAt) =>
      repo.save({ key, token_enc: app.pos.box.seal(token, key), renew_at: new Date(renewAt).toISOString() }),
    delete: (key) => repo.delete(key),
  };
}

/** Takes the menu's pictures in the background (pictures.ts), from the provider's hosts only. */
function followPictures(app: App, provider: string, restaurantId: string, menu: PosRestaurant): void {
  const hosts = [...(app.pos.providers.get(provider)?.imageHosts ?? []), ...app.pos.imageHosts];
  void startPosPictures(app, restaurantId, menu, { hosts, testOrigins: app.pos.pictureTestOrigins });
}

export function accountConnection(app: App, account: IntegrationAccountRow): PosConnection {
  return connectionOf(
    app,
    account.provider,
    JSON.parse(app.pos.box.open(account.credentials_enc, account.restaurant_id)),
  );
}

/** A menu the database can hold (names, prices within limits); else the sync is refused whole. */
function assertStorable(menu: PosRestaurant): void {
  const parsed = feedRestaurant.safeParse(menu);
  if (!parsed.success)
    throw new PosInvalidMenuError('the POS menu does not fit the catalog', { cause: parsed.error });
}

export interface PosPreview {
  name: string;
  categories: number;
  products: number;
  options: number;
  pictures: number;
}

export function previewOf(menu: PosRestaurant): PosPreview {
  const products = menu.categories.flatMap((c) => c.products);
  return {
    name: menu.name,
    categories: menu.categories.length,
    products: products.length,
    options: products.reduce((n, p) => n + p.options.length, 0),
    pictures: products.reduce((n, p) => n + p.imageLinks.length, 0),
  };
}

/** Imports a location's menu as a new restaurant with its account (credentials sealed). */
export async function importPos(
  app: App,
  input: { provider: string; credentials: Record<string, string>; location_id: string; manager_id: string },
): Promise<{ restaurant: RestaurantRow; webhookToken: string }> {
  const connection = connectionOf(app, input.provider, input.credentials);
  const answer = await connection.fetchMenu(input.location_id, null);
  const menu = answer.menu;
  if (!menu) throw new PosInvalidMenuError('the POS answered no menu');
  assertStorable(menu);
  const webhookToken = newWebhookToken();
  const at = now();
  const restaurant = await app.transaction(async (tx, trx) => {
    const row = await importRestaurant(tx, input.provider, menu, input.manager_id);
    await trx.integrationAccounts.create({
      restaurant_id: row.id,
      provider: input.provider,
      location_id: input.location_id,
      // sealed for this restaurant (its id the associated data): they open only in its row
      credentials_enc: app.pos.box.seal(JSON.stringify(input.credentials), row.id),
      webhook_token_enc: app.pos.box.seal(webhookToken, row.id),
      revision: answer.revision,
      sync_started_at: null,
      last_sync_at: at,
      last_sync_result: 'ok',
      last_sync_added: previewOf(menu).categories + previewOf(menu).products,
      last_sync_changed: 0,
      last_sync_removed: 0,
      last_sync_error: null,
      created_at: at,
      updated_at: at,
    });
    return row;
  });
  followPictures(app, input.provider, restaurant.id, menu);
  return { restaurant, webhookToken };
}

export interface PosSyncResult {
  result: 'ok' | 'unchanged';
  restaurant: RestaurantRow;
  categories: number;
  products: number;
  added: number;
  changed: number;
  removed: number;
}

async function withLock<T>(app: App, restaurantId: string, work: () => Promise<T>): Promise<T> {
  const at = now();
  const stale = new Date(Date.now() - LOCK_LIFETIME_MS).toISOString();
  if (!(await app.repos.integrationAccounts.tryLock(restaurantId, at, stale))) throw new PosSyncBusyError();
  try {
    return await work();
  } finally {
    await app.repos.integrationAccounts.unlock(restaurantId, at);
  }
}

/**
 * Brings a POS restaurant in step with its POS. Nothing changed (iiko: the same revision): one
 * nomenclature call, no menu write. A failure changes nothing of the menu (one transaction) and
 * is recorded as the last sync's error, in Uzbek.
 */
export async function syncPos(app: App, restaurantId: string): Promise<PosSyncResult> {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  if (!account) throw new Error('not a POS restaurant');
  try {
    return await withLock(app, restaurantId, async () => {
      const answer = await accountConnection(app, account).fetchMenu(account.location_id, account.revision);
      const at = now();
      if (!answer.menu) {
        await app.repos.integrationAccounts.recordSync(restaurantId, {
          last_sync_at: at,
          last_sync_result: 'unchanged',
          last_sync_added: 0,
          last_sync_changed: 0,
          last_sync_removed: 0,
          last_sync_error: null,
        });
        const restaurant = await app.restaurants.find(restaurantId);
        if (!restaurant) throw new Error('restaurant vanished');
        const totals = await app.restaurants.countMenu(restaurantId);
        return { result: 'unchanged' as const, restaurant, ...totals, added: 0, changed: 0, removed: 0 };
      }
      const menu = answer.menu;
      assertStorable(menu);
      const result = await app.transaction(async (tx, trx) => {
        const current = await trx.restaurants.findById(restaurantId);
        if (!current) throw new Error('restaurant vanished');
        const synced = await syncRestaurant(tx, current, menu, { keepRestaurantFields: true });
        await trx.integrationAccounts.recordSync(restaurantId, {
          revision: answer.revision,
          last_sync_at: at,
          last_sync_result: 'ok',
          last_sync_added: synced.added,
          last_sync_changed: synced.changed,
          last_sync_removed: synced.removed,
          last_sync_error: null,
        });
        return synced;
      });
      followPictures(app, account.provider, restaurantId, menu);
      return { result: 'ok' as const, ...result };
    });
  } catch (err) {
    if (!(err instanceof PosSyncBusyError)) {
      const { uz } = describePosError(err);
      app.log.warn(
        { restaurantId, provider: account.provider, err: (err as Error).message },
        'POS sync failed',
      );
      await app.repos.integrationAccounts
        .recordSync(restaurantId, {
          last_sync_at: now(),
          last_sync_result: 'error',
          last_sync_added: 0,
          last_sync_changed: 0,
          last_sync_removed: 0,
          last_sync_error: uz,
        })
        .catch(() => undefined);
    }
    throw err;
  }
}

/**
 * Reads the POS's stop-list and applies it (iiko). Waits for a running sync (up to ~5 s) rather
 * than racing it. Answers how many products and rows changed.
 */
export async function refreshStopList(app: App, restaurantId: string): Promise<number> {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  if (!account) return 0;
  const connection = accountConnection(app, account);
  if (!connection.fetchStopList) return 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await withLock(app, restaurantId, async () => {
        const stopped = await (connection.fetchStopList as NonNullable<PosConnection['fetchStopList']>)(
          account.location_id,
        );
        return app.transaction((tx) => tx.catalog.stopList.applyPos(restaurantId, stopped));
      });
    } catch (err) {
      if (!(err instanceof PosSyncBusyError) || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** What the admin sees of an account: never a secret, only masks. */
export function accountView(app: App, account: IntegrationAccountRow) {
  let credentials: Record<string, string> = {};
  try {
    credentials = Object.fromEntries(
      Object.entries(
        JSON.parse(app.pos.box.open(account.credentials_enc, account.restaurant_id)) as Record<
          string,
          string
        >,
      ).map(([k, v]) => [k, mask(v)]),
    );
  } catch {
    // a changed INTEGRATION_SECRET_KEY: the credentials must be entered again
  }
  return {
    provider: account.provider,
    location_id: account.location_id,
    credentials,
    webhook_path: `/api/integrations/${account.provider}/webhook/${account.restaurant_id}`,
    last_sync: {
      at: account.last_sync_at,
      result: account.last_sync_result,
      added: account.last_sync_added,
      changed: account.last_sync_changed,
      removed: account.last_sync_removed,
      error: account.last_sync_error,
    },
    pictures: {
      total: account.pictures_total ?? 0,
      done: account.pictures_done ?? 0,
      failed: account.pictures_failed ?? 0,
    },
  };
}

/**
 * The POS's webhooks: each is checked (iiko: the account's webhook token, 32 random bytes,
 * compared in constant time; Poster: the request's signature with the app secret, and its
 * `time` within `POSTER_WEBHOOK_MAX_AGE_S` of now, so a captured request cannot be replayed
 * later), answered at once (the POS wants its 200), and the work it asks for runs after the
 * answer.
 */
import { HttpError } from '../../http/errors';
import type { App } from '../../types';
import { posterVerify } from '../providers/poster';
import { posterOrderChange } from '../providers/poster/webhook';
import { sameSecret } from '../secrets';
import { refreshStopList, syncPos } from './service';
import { enumKey } from './skipped';

/** How old a Poster webhook may be (its `time`, Unix seconds): a delivery takes seconds. */
export const POSTER_WEBHOOK_MAX_AGE_S = 300;
const now = () => Date.now();

/** Webhook work runs after the answer; a failure is logged. */
function later(app: App, what: string, restaurantId: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((err) =>
      app.log.warn({ restaurantId, err: (err as Error).message }, `${what} after a webhook failed`),
    );
  });
}

/** iiko's StopListUpdate events: the stop-list is read again (401 for a wrong token). */
export async function acceptIikoWebhook(
  app: App,
  restaurantId: string,
  authorization: string | undefined,
  events: readonly (string | undefined)[],
): Promise<void> {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  const presented = (authorization ?? '').replace(/^Bearer\s+/i, '');
  let expected: string | undefined;
  try {
    expected =
      account?.provider === 'iiko' ? app.pos.box.open(account.webhook_token_enc, restaurantId) : undefined;
  } catch {
    expected = undefined;
  }
  if (!expected || !sameSecret(presented, expected))
    throw new HttpError(401, 'unauthorized', 'Bad webhook token');
  // iiko documents `StopListUpdate`; its enums are compared without case (skipped.ts)
  if (events.some((e) => enumKey(e) === 'stoplistupdate'))
    later(app, 'stop-list', restaurantId, () => refreshStopList(app, restaurantId));
}

/**
 * Poster's product, dish and category changes: the restaurant is synced; an online order's
 * change (`incoming_order`): its pending send is asked about now (401 for a wrong signature).
 */
export async function acceptPosterWebhook(
  app: App,
  restaurantId: string,
  body: Record<string, unknown> & { verify: string; object: string },
): Promise<void> {
  const account = await app.repos.integrationAccounts.find(restaurantId);
  let secret: string | undefined;
  try {
    secret =
      account?.provider === 'poster'
        ? JSON.parse(app.pos.box.open(account.credentials_enc, restaurantId)).appSecret
        : undefined;
  } catch {
    secret = undefined;
  }
  if (!secret || !posterVerify(body, secret)) throw new HttpError(401, 'unauthorized', 'Bad signature');
  // signed, but sent long ago (or its clock far off): a replay is refused like a bad signature
  const sentAt = Number(body.time) * 1000;
  if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > POSTER_WEBHOOK_MAX_AGE_S * 1000)
    throw new HttpError(401, 'unauthorized', 'Webhook too old');
  if (['product', 'dish', 'category'].includes(enumKey(body.object))) {
    later(app, 'sync', restaurantId, () => syncPos(app, restaurantId));
  }
  const order = posterOrderChange(body);
  if (order)
    later(app, 'POS order follow-up', restaurantId, () =>
      app.posOrders.followNow(restaurantId, order.ticket),
    );
}

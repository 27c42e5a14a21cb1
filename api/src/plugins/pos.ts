/**
 * The POS part of the app (docs/ARCHITECTURE.md, "Pictures and integrations"): `app.pos`, its providers, the box that seals their
 * credentials and their HTTP policy; the senders of orders and payments (integration/pos/
 * orders-plugin.ts) and the scheduled syncs (integration/pos/schedule.ts) read their settings here.
 */
import fp from 'fastify-plugin';
import type { HttpPolicy } from '../integration/pos/http';
import type { PosSenderOptions } from '../integration/pos/order-sender';
import { posPicturesSettled } from '../integration/pos/pictures';
import { posRegistryFromConfig } from '../integration/pos/registry';
import type { PosScheduleOptions } from '../integration/pos/schedule';
import { secretBox } from '../integration/secrets';
import type { App } from '../types';

export interface PosOptions {
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
  /** The sender of guests' orders into the POS (integration/pos/order-sender.ts). */
  posOrders?: PosSenderOptions;
  /** Scheduled POS syncs and stop-list polls (default on; tests turn it off or shorten it). */
  posSchedule?: PosScheduleOptions | false;
}

/** `app.pos` (after the repositories and the providers, before the services that seal with its box). */
export const posPlugin = fp(async (app, options: PosOptions) => {
  app.decorate('pos', {
    providers: posRegistryFromConfig({ iikoApiUrl: options.iikoApiUrl, posterApiUrl: options.posterApiUrl }),
    box: secretBox(options.integrationSecretKey),
    http: options.posHttp ?? {},
    imageHosts: options.posImageHosts ?? [],
    pictureTestOrigins: options.posPictureTestOrigins ?? [],
  });
  // the POS's pictures still downloading finish before the database closes
  app.addHook('preClose', () => posPicturesSettled(app as unknown as App));
});

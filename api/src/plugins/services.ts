/**
 * The domain's part of the app (docs/ARCHITECTURE.md, "The app's decorations"): where pictures
 * are stored, the services (with the payments' settings), the restaurants' Telegram bots, the
 * senders into the POS and the payments' nightly statement, in the order they depend on.
 */
import fp from 'fastify-plugin';
import { posOrdersPlugin } from '../integration/pos/orders-plugin';
import { servicesPlugin } from '../services';
import { type NightlyStatementsOptions, nightlyStatementsPlugin } from '../state/nightly-statements';
import { createStorage, type FileStorage } from '../storage';
import type { S3Config } from '../storage/s3';
import { type OutboxOptions, telegramAccess, telegramPlugin, telegramSetup } from '../telegram';
import type { PosOptions } from './pos';

export interface StorageOptions {
  /** Where uploaded files live; default: the folder `<dataDir>/uploads`. */
  storage?: FileStorage;
  /** Keep uploads in an S3-compatible bucket instead of `<dataDir>/uploads` (STORAGE_DRIVER=s3). */
  s3?: S3Config | undefined;
}

export interface TelegramOptions {
  /** The Telegram Bot API's address (default https://api.telegram.org); tests: the fake. */
  telegramApiUrl?: string | undefined;
  /** This server's public origin as Telegram reaches it (bots' webhooks); none: no webhook is set. */
  telegramWebhookUrl?: string | undefined;
  /** Bot API calls taking longer are given up (default 10 s; tests shorten it). */
  telegramTimeoutMs?: number | undefined;
  /** The bots' outbox: its schedule (tests drain it themselves) and pacing. */
  telegramOutbox?: OutboxOptions;
}

export interface PaymentsOptions {
  /** Payme's checkout (default `https://checkout.paycom.uz`; its sandbox `https://test.paycom.uz`). */
  paymeCheckoutUrl?: string | undefined;
  /** Click's payment page (default `https://my.click.uz/services/pay`). */
  clickPayUrl?: string | undefined;
  /** The only addresses Click's calls are taken from (null or unset: any; the signature proves them). */
  clickAllowedAddresses?: readonly string[] | null | undefined;
  /** The payments' clock in ms (tests move it past Payme's 12 hours); default `Date.now`. */
  paymentsClock?: (() => number) | undefined;
  /** The payments' nightly statement (default on; tests run the night themselves). */
  nightlyStatements?: NightlyStatementsOptions;
}

export type DomainOptions = StorageOptions &
  TelegramOptions &
  PaymentsOptions &
  Pick<PosOptions, 'posOrders'>;

/** After the repositories, the state, the visit counter and `app.pos`. */
export const domainPlugin = fp(async (app, options: DomainOptions) => {
  app.decorate(
    'storage',
    options.storage ??
      createStorage(
        options.s3
          ? { driver: 's3', config: options.s3 }
          : { driver: 'local', dir: app.appConfig.uploadsDir },
      ),
  );
  const telegram = {
    box: app.pos.box,
    apiUrl: options.telegramApiUrl,
    webhookUrl: options.telegramWebhookUrl?.replace(/\/+$/, ''),
    menuUrl: app.appConfig.publicMenuBase ?? undefined,
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
});

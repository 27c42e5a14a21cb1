/**
 * `app.telegram` (docs/TELEGRAM.md): a restaurant's own bot posts its orders and calls to the
 * staff's chat and hears the staff's buttons and stop-list commands. Its parts: api.ts (the Bot
 * API client and the shapes read), setup.ts (the checks before a bot is saved, the webhook),
 * messages.ts (what the staff read), outbox.ts (sending in order, within Telegram's limits, on
 * the lease holder), updates.ts (the webhook's updates), names.ts (dishes named loosely).
 */
import type { TelegramStatus } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import fp from 'fastify-plugin';
import { badRequest, notFound } from '../http/errors';
import { scheduleLeasedDrain } from '../state/leased-drain';
import type { App } from '../types';
import { TelegramError, TelegramUnreachable } from './api';
import { telegramGuests } from './guests';
import { sendParams } from './messages';
import { type OutboxOptions, telegramOutbox } from './outbox';
import type { TelegramAccess } from './setup';
import type { TelegramService } from './types';
import { telegramUpdates } from './updates';

export type { OutboxOptions } from './outbox';
export { type TelegramSettings, telegramAccess, telegramSetup } from './setup';

/** Updates are remembered for this long (Telegram stops repeating one well before). */
const UPDATES_KEPT_MS = 24 * 3_600_000;

export function telegramService(app: App, access: TelegramAccess, options: OutboxOptions): TelegramService {
  const outbox = telegramOutbox(app, access, options);
  const scheduled =
    options.schedule === false
      ? undefined
      : scheduleLeasedDrain(app, {
          lease: 'telegram-outbox',
          drain: outbox.drain,
          failure: 'Telegram outbox failed',
          everyMs: options.everyMs,
        });
  const wake = () => void scheduled?.wake();
  const updates = telegramUpdates(app, access, wake, { clock: options.clock });
  const guests = telegramGuests(app, access, options.clock);
  let lastPrune = 0;

  return {
    async status(restaurantId: string): Promise<TelegramStatus> {
      const bot = await app.repos.telegramBots.find(restaurantId);
      const { waiting, lastError } = await app.repos.telegramOutbox.summary(restaurantId);
      return {
        connected: bot !== undefined,
        bot_username: bot?.bot_username ?? null,
        chat_title: bot?.chat_title ?? null,
        webhook: Boolean(bot?.webhook_secret_enc),
        waiting,
        last_error: lastError,
      };
    },

    async test(restaurantId: string): Promise<{ sent: true }> {
      const restaurant = await app.repos.restaurants.findById(restaurantId);
      const bot = await app.repos.telegramBots.find(restaurantId);
      if (!restaurant) throw notFound('Restaurant not found');
      if (!restaurant.bot_token || !bot) {
        throw badRequest('No bot', [{ path: 'bot_token', message: 'telegram: no_token' }]);
      }
      if (!bot.chat_id)
        throw badRequest('No chat', [{ path: 'channel_id', message: 'telegram: chat_not_found' }]);
      const call = access.bot(access.openToken(restaurant.bot_token, restaurantId));
      try {
        await call('sendMessage', sendParams(bot.chat_id, { text: t.telegram.testText }));
      } catch (err) {
        const code =
          err instanceof TelegramUnreachable || (err instanceof TelegramError && err.code === 429)
            ? 'unreachable'
            : err instanceof TelegramError && err.code === 401
              ? 'bad_token'
              : err instanceof TelegramError && err.code === 403
                ? 'not_in_chat'
                : 'cannot_post';
        throw badRequest('Telegram refused the test message', [
          { path: code === 'bad_token' ? 'bot_token' : 'channel_id', message: `telegram: ${code}` },
        ]);
      }
      return { sent: true };
    },

    async handleUpdate(restaurantId: string, secret: string | undefined, body: unknown): Promise<void> {
      await updates.handle(restaurantId, secret, body);
      if (Date.now() - lastPrune > 3_600_000) {
        lastPrune = Date.now();
        await app.repos.telegramUpdates.prune(new Date(Date.now() - UPDATES_KEPT_MS).toISOString());
      }
    },

    linkGuest: (orderId, key, initData, writeGranted) => guests.link(orderId, key, initData, writeGranted),

    drain: () => outbox.drain(),
  };
}

export type { TelegramService } from './types';

/** Decorates `app.telegram` and runs the outbox (after the services). */
export const telegramPlugin = fp(
  async (app, options: { access: TelegramAccess; outbox: OutboxOptions }) => {
    app.decorate('telegram', telegramService(app as unknown as App, options.access, options.outbox));
  },
  { name: 'telegram', dependencies: ['services', 'state'] },
);

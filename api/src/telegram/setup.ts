/**
 * The bot's set-up (docs/TELEGRAM.md, "Setting up a bot"): a token is checked with `getMe`, the
 * chat with `getChat` and the bot's place in it with `getChatMember` (it must be able to post:
 * an administrator who may post in a channel; a member or administrator of a group), each refusal
 * a 400 whose detail names the field and a `telegram: <code>` the form shows in Uzbek. A public
 * chat (one with a `username`: anyone can find and read it) is refused: the orders, their tables
 * and the guests' comments are the restaurant's business, and its staff's buttons belong in a
 * chat strangers cannot see (docs/TELEGRAM.md, "Setting up a bot"). The
 * token is stored sealed (AES-GCM under INTEGRATION_SECRET_KEY, the restaurant as associated data,
 * as the POS credentials); the webhook is set with a new random `secret_token` whenever the token
 * changes, and the old token's webhook is deleted; a removed token deletes its webhook.
 */
import { randomBytes } from 'node:crypto';
import { BOT_TOKEN_MASK, MINI_APP_PARAM } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { badRequest } from '../http/errors';
import type { SecretBox } from '../integration/secrets';
import { SecretKeyMissingError } from '../integration/secrets';
import type { Repositories } from '../repos';
import type { Logger } from '../services/effects';
import type { BotChange, BotSetup } from '../services/restaurants/bot';
import {
  ALLOWED_UPDATES,
  type BotCall,
  botApi,
  TelegramError,
  TelegramUnreachable,
  type TgChat,
  type TgChatMember,
} from './api';

export interface TelegramSettings {
  box: SecretBox;
  apiUrl?: string | undefined;
  /** This server's public origin for Telegram (`<it>/api/telegram/webhook/<restaurant>`); none: no webhook. */
  webhookUrl?: string | undefined;
  /** The guests' menu origin (PUBLIC_MENU_URL): the Mini App's address, `<it>/m/<slug>`; none: no menu button. */
  menuUrl?: string | undefined;
  timeoutMs?: number | undefined;
  log: Logger;
}

/** What BotFather gives: the bot's id, a colon, its secret. */
const TOKEN_SHAPE = /^\d{1,20}:[\w-]{20,100}$/;

/** A refusal under `field`, its reason one of the catalogue's `t.telegram.errors` codes. */
const refuse = (field: 'bot_token' | 'channel_id', code: string) =>
  badRequest('Telegram refused the bot set-up', [{ path: field, message: `telegram: ${code}` }]);

/** Telegram's errors as the form's reasons. */
async function checked<T>(field: 'bot_token' | 'channel_id', call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof TelegramUnreachable) throw refuse(field, 'unreachable');
    if (!(err instanceof TelegramError)) throw err;
    if (err.code === 429) throw refuse(field, 'unreachable');
    if (field === 'bot_token') throw refuse(field, 'bad_token');
    if (err.code === 403) throw refuse(field, 'not_in_chat');
    if (err.code === 401) throw refuse('bot_token', 'bad_token');
    throw refuse(field, 'chat_not_found');
  }
}

/** Whether the bot may post in the chat; the reason it may not. */
export function postingRight(chat: TgChat, member: TgChatMember): 'ok' | 'not_in_chat' | 'cannot_post' {
  const status = member.status.toLowerCase();
  if (status === 'left' || status === 'kicked') return 'not_in_chat';
  if (status === 'creator') return 'ok';
  if (chat.type.toLowerCase() === 'channel') {
    return status === 'administrator' && member.can_post_messages !== false ? 'ok' : 'cannot_post';
  }
  if (status === 'restricted') {
    if (member.is_member === false) return 'not_in_chat';
    return member.can_send_messages === false ? 'cannot_post' : 'ok';
  }
  return status === 'administrator' || status === 'member' ? 'ok' : 'cannot_post';
}

/**
 * setWebhook's parameters: the address and a new random secret, 32 random bytes as base64url:
 * 43 characters of A-Z a-z 0-9 _ -, what #setwebhook allows in secret_token (1-256 of them).
 */
export function webhookParams(url: string) {
  return { url, secret_token: randomBytes(32).toString('base64url'), allowed_updates: [...ALLOWED_UPDATES] };
}

export interface TelegramAccess {
  /** The restaurant's token, opened (a token stored before sealing existed is read as it is). */
  openToken(sealed: string, restaurantId: string): string;
  /** A client of a bot. */
  bot(token: string): BotCall;
  webhookAddress(restaurantId: string): string | undefined;
  /** A guest page's address (`<menu>/m/<path>`), or undefined without a public menu address. */
  menuAddress(path: string): string | undefined;
}

export function telegramAccess(settings: TelegramSettings): TelegramAccess {
  return {
    openToken: (sealed, restaurantId) =>
      sealed.startsWith('v2.') ? settings.box.open(sealed, restaurantId) : sealed,
    bot: (token) => botApi(token, { baseUrl: settings.apiUrl, timeoutMs: settings.timeoutMs }),
    webhookAddress: (restaurantId) =>
      settings.webhookUrl ? `${settings.webhookUrl}/api/telegram/webhook/${restaurantId}` : undefined,
    menuAddress: (path) =>
      settings.menuUrl ? `${settings.menuUrl.replace(/\/+$/, '')}/m/${path}` : undefined,
  };
}

export function telegramSetup(settings: TelegramSettings): BotSetup {
  const access = telegramAccess(settings);
  const { log } = settings;

  /** Best effort: an old token's webhook (a revoked token cannot delete it, and need not). */
  async function dropWebhook(token: string) {
    try {
      await access.bot(token)('deleteWebhook', { drop_pending_updates: true });
    } catch (err) {
      log.warn({ err: (err as Error).message }, "the old bot's webhook was not deleted");
    }
  }

  /** Sets the webhook with a new secret: the secret sealed, or null when no webhook could be set. */
  async function setWebhook(restaurantId: string, token: string): Promise<string | null> {
    const url = access.webhookAddress(restaurantId);
    if (!url) return null;
    const params = webhookParams(url);
    try {
      await access.bot(token)('setWebhook', params);
      return settings.box.seal(params.secret_token, restaurantId);
    } catch (err) {
      log.warn({ restaurantId, err: (err as Error).message }, 'the bot webhook was not set');
      return null;
    }
  }

  /**
   * The bot's menu button opens the restaurant's menu as a Mini App (docs/TELEGRAM.md, "The menu
   * inside Telegram"): `setChatMenuButton` with a MenuButtonWebApp, for every private chat (no
   * `chat_id`). Telegram opens only HTTPS there (#webappinfo), so a menu on http gets none. Best
   * effort: a bot without the button still posts the orders.
   */
  async function setMenuButton(restaurantId: string, token: string, repos: Repositories) {
    const restaurant = await repos.restaurants.findById(restaurantId);
    const url = restaurant ? access.menuAddress(`${restaurant.slug}?${MINI_APP_PARAM}=1`) : undefined;
    if (!url?.startsWith('https://')) return;
    try {
      await access.bot(token)('setChatMenuButton', {
        menu_button: { type: 'web_app', text: t.telegram.menuButton, web_app: { url } },
      });
    } catch (err) {
      log.warn({ restaurantId, err: (err as Error).message }, 'the bot menu button was not set');
    }
  }

  return {
    async prepare(restaurantId, stored, sent): Promise<BotChange | undefined> {
      const tokenSent = sent.bot_token !== undefined && sent.bot_token !== BOT_TOKEN_MASK;
      const channelSent = sent.channel_id !== undefined;
      if (!tokenSent && !channelSent) return undefined;
      const oldToken = stored?.bot_token ? access.openToken(stored.bot_token, restaurantId) : null;
      const token = tokenSent ? sent.bot_token?.trim() || null : oldToken;
      const channel = channelSent ? sent.channel_id?.trim() || null : (stored?.channel_id ?? null);

      if (token && !tokenSent && !channel) {
        // the chat cleared, the bot kept: nothing to ask Telegram
        return {
          columns: { bot_token: stored?.bot_token ?? null, channel_id: null },
          async apply(repos) {
            const existing = await repos.telegramBots.find(restaurantId);
            if (existing) {
              await repos.telegramBots.put({
                ...existing,
                chat_id: null,
                chat_title: null,
                updated_at: new Date().toISOString(),
              });
            }
          },
        };
      }
      if (!token) {
        return {
          columns: { bot_token: null, channel_id: channel },
          async apply(repos) {
            await repos.telegramBots.remove(restaurantId);
            if (oldToken) await dropWebhook(oldToken);
          },
        };
      }
      // the token goes into the Bot API's path: only its own shape (`<bot id>:<secret>`) is sent
      if (tokenSent && !TOKEN_SHAPE.test(token)) throw refuse('bot_token', 'bad_token');
      let sealed: string;
      try {
        sealed = settings.box.seal(token, restaurantId);
      } catch (err) {
        if (err instanceof SecretKeyMissingError) throw refuse('bot_token', 'no_key');
        throw err;
      }
      const call = access.bot(token);
      const me = await checked('bot_token', () => call('getMe'));
      let chat: TgChat | null = null;
      if (channel) {
        const found = await checked('channel_id', () => call('getChat', { chat_id: channel }));
        const member = await checked('channel_id', () =>
          call('getChatMember', { chat_id: found.id, user_id: me.id }),
        );
        const right = postingRight(found, member);
        if (right !== 'ok') throw refuse('channel_id', right);
        // a @name makes a chat public (#chat: username "for private chats, supergroups and
        // channels if available"); a private group or channel is named by its number only
        if (found.username) throw refuse('channel_id', 'public_chat');
        chat = found;
      }
      return {
        columns: { bot_token: sealed, channel_id: channel },
        async apply(repos: Repositories) {
          const existing = await repos.telegramBots.find(restaurantId);
          const tokenChanged = token !== oldToken;
          let secret = existing?.webhook_secret_enc ?? null;
          if (tokenChanged || !secret) {
            if (oldToken && tokenChanged) await dropWebhook(oldToken);
            secret = await setWebhook(restaurantId, token);
            await setMenuButton(restaurantId, token, repos);
          }
          const at = new Date().toISOString();
          const chatId = chat ? String(chat.id) : null;
          const eventsNow = (await repos.orderEvents.bounds()).max ?? 0;
          await repos.telegramBots.put({
            restaurant_id: restaurantId,
            bot_id: String(me.id),
            bot_username: me.username ?? me.first_name,
            chat_id: chatId,
            chat_title: chat ? (chat.title ?? String(chat.id)) : null,
            webhook_secret_enc: secret,
            events_seq: eventsNow,
            created_at: existing?.created_at ?? at,
            updated_at: at,
          });
          // a chat set, or another one, is posted to from now on, not what happened before it
          // (docs/TELEGRAM.md); the same chat kept goes on from where it was (put keeps the mark)
          if (existing && existing.chat_id !== chatId)
            await repos.telegramBots.advance(restaurantId, eventsNow);
        },
      };
    },
  };
}

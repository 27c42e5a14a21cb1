/**
 * A fake Telegram Bot API on 127.0.0.1 (`TELEGRAM_API_URL` points the server at it): `POST
 * /bot<token>/<method>` with a JSON body, answered in the shapes of the recorded answers
 * (api/test/fixtures/telegram/, SOURCES.md there): a wrong token 401 "Unauthorized"; every
 * request's parameters checked as Telegram checks them (telegram-requests.ts: the documented
 * tables and limits) and refused with 400 in Telegram's words ("message is too long",
 * "BUTTON_DATA_INVALID", ...); an unknown chat 400 "chat not found", a channel the bot is not in
 * 403, flood control 429 with `parameters.retry_after`, an edit to the same text 400 "message is
 * not modified"; getChatMember answers the asked user's place in the chat (a bot's, or a person's:
 * the creator, an administrator, a member, or "left" for one who is not in it; an id it never met
 * 400 "user not found"); a person's private chat with a bot exists once they started it (sent it
 * `/start`), and before that a message to them is 403 "bot can't initiate conversation with a
 * user". It keeps the bots, the people, chats (with each one's membership), the
 * messages sent and
 * edited (numbered per chat, as Telegram numbers them: a message id means nothing in another
 * chat), the webhooks set (URL and secret token), and delivers updates to a webhook as Telegram
 * does (the secret in `X-Telegram-Bot-Api-Secret-Token`).
 *
 * For the Mini App (core.telegram.org/bots/webapps): `setChatMenuButton` keeps each bot's menu
 * button (per chat, or its default), `initDataFor` signs a guest's `initData` as Telegram signs
 * it ("Validating data received via the Mini App": HMAC-SHA-256 of the token under "WebAppData"
 * as the key of the sorted data-check-string's HMAC), and a guest who allowed the bot to write
 * (`requestWriteAccess`) has their private chat with it; `block` makes a person's chat answer
 * 403 "bot was blocked by the user".
 */
import { createHmac } from 'node:crypto';
import { recorded } from '../fixtures/recorded';
import { type FakeBase, startFake } from './server';
import { telegramRefusal } from './telegram-requests';

type Json = Record<string, unknown>;

const fixture = (name: string) => recorded<Json>(`telegram/${name}.json`);
const GET_ME = fixture('getMe.documented').result as Json;
const GET_CHAT = fixture('getChat.supergroup.documented').result as Json;
const CREATOR = fixture('getChatMember.creator.documented').result as Json;
const ADMIN = fixture('getChatMember.administrator.documented').result as Json;
const MEMBER = fixture('getChatMember.member.documented').result as Json;
const RESTRICTED = fixture('getChatMember.restricted.documented').result as Json;
const LEFT = fixture('getChatMember.left.documented').result as Json;
const SENT = fixture('sendMessage.documented').result as Json;
const EDITED = fixture('editMessageText.documented').result as Json;

export type Membership = 'creator' | 'administrator' | 'member' | 'restricted' | 'left';

export interface FakeBot {
  token: string;
  id: number;
  username: string;
  first_name: string;
}

/** A person Telegram knows (a staff member, or a stranger who pressed a button). */
export interface FakeUser {
  id: number;
  is_bot: false;
  first_name: string;
  username?: string;
}

export interface FakeChat {
  id: number;
  /** `private`: a person's chat with a bot (its id the person's: core.telegram.org/bots/api#chat). */
  type: 'group' | 'supergroup' | 'channel' | 'private';
  title: string;
  username?: string;
  /** Each bot's and person's place in the chat (by their id); absent: not in it. */
  members: Map<number, Membership>;
}

export interface FakeMessage {
  chat_id: number;
  message_id: number;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; callback_data: string }[][] };
  /** Every text it had, the first one first. */
  texts: string[];
  sentAt: number;
}

export interface InitDataOptions {
  /** What the direct link's `startapp` carried. */
  startParam?: string;
  /** Unix seconds (default: now). */
  authDate?: number;
  /** `user.allows_write_to_pm` (default true). */
  allowsWrite?: boolean;
  languageCode?: string;
}

export type TelegramFault = '429' | '500' | 'timeout';

export interface FakeTelegram {
  url: string;
  base: FakeBase;
  /** A bot the fake knows (its token answers getMe). */
  addBot(username: string, id?: number): FakeBot;
  /** A person Telegram knows (in no chat until a chat's `members` says so). */
  addUser(first_name: string, username?: string, id?: number): FakeUser;
  /** A chat; the bots and people of `members` are in it as given. */
  addChat(chat: Omit<FakeChat, 'members'> & { members?: [FakeBot | FakeUser, Membership][] }): FakeChat;
  /** The person started the bot (`/start`): their private chat with it, where it may write to them. */
  startPrivate(bot: FakeBot, user: FakeUser): FakeChat;
  /** The guest's `initData`, signed with the bot's token as Telegram signs it (its hash last). */
  initDataFor(bot: FakeBot, user: FakeUser, options?: InitDataOptions): string;
  /** The bot's menu button (`chatId` absent: its default one), as set with setChatMenuButton. */
  menuButton(bot: FakeBot, chatId?: number): Json | undefined;
  /** The person blocked the bot: a message to them is 403 "bot was blocked by the user". */
  block(bot: FakeBot, user: FakeUser): void;
  /** Every message the bots sent, in order. */
  messages: FakeMessage[];
  /** Every call: method, the bot's token, the body. */
  calls: { method: string; token: string; body: Json }[];
  /** The calls refused for their parameters, with Telegram's words. */
  refused: { method: string; body: Json; description: string }[];
  callsOf(method: string): { method: string; token: string; body: Json }[];
  /** The webhook a bot set (undefined: none or deleted). */
  webhook(token: string): { url: string; secret_token?: string } | undefined;
  /** The next `times` calls of `method` fail: 429 (`retry_after` seconds), 500 or no answer at all. */
  fail(method: string, fault: TelegramFault, times?: number, retryAfterS?: number): void;
  /** Posts an update to the bot's webhook as Telegram does; `secret` overrides the header (null: none). */
  deliver(token: string, update: Json, secret?: string | null): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startTelegramFake(): Promise<FakeTelegram> {
  const bots = new Map<string, FakeBot>();
  const users = new Map<number, FakeUser>();
  const chats: FakeChat[] = [];
  const messages: FakeMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  const refused: FakeTelegram['refused'] = [];
  /** Each chat's last message id: "unique message identifier inside this chat" (#message). */
  const lastMessageId = new Map<number, number>();
  const hooks = new Map<string, { url: string; secret_token?: string }>();
  const faults = new Map<string, { fault: TelegramFault; retryAfterS: number }[]>();
  /** Menu buttons by `<token>:<chat id or "default">`. */
  const menuButtons = new Map<string, Json>();
  /** `<bot id>:<user id>` of the people who blocked a bot. */
  const blocked = new Set<string>();
  let nextBotId = 7_094_613_800;
  let nextUserId = 500_000_001;

  const error = (status: number, name: string) => ({ status, json: fixture(name) });
  const ok = (result: unknown, description?: string) => ({
    json: description ? { ok: true, result, description } : { ok: true, result },
  });
  const chatOf = (ref: unknown) =>
    chats.find((c) => String(c.id) === String(ref) || (c.username && `@${c.username}` === ref));
  const chatJson = (c: FakeChat) => ({
    ...GET_CHAT,
    id: c.id,
    type: c.type,
    title: c.title,
    ...(c.username ? { username: c.username } : {}),
    is_forum: undefined,
  });
  const userOf = (bot: FakeBot) => ({
    id: bot.id,
    is_bot: true,
    first_name: bot.first_name,
    username: bot.username,
  });
  /** May the bot post in the chat? (a channel: an administrator with can_post_messages) */
  const mayPost = (c: FakeChat, bot: FakeBot) => {
    const m = c.members.get(bot.id);
    if (c.type === 'channel') return m === 'administrator';
    return m === 'administrator' || m === 'member';
  };

  const base = await startFake(
    (_req, path, rawBody) => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
      if (!match) return { status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } };
      const token = decodeURIComponent(match[1] ?? '');
      const method = match[2] ?? '';
      const body = (rawBody ?? {}) as Json;
      calls.push({ method, token, body });
      const fault = faults.get(method)?.shift();
      if (fault?.fault === '429') {
        const seconds = fault.retryAfterS;
        return {
          status: 429,
          json: {
            ...fixture('error.429.recorded'),
            description: `Too Many Requests: retry after ${seconds}`,
            parameters: { retry_after: seconds },
          },
        };
      }
      if (fault?.fault === '500')
        return { status: 500, json: { ok: false, error_code: 500, description: 'Internal Server Error' } };
      const bot = bots.get(token);
      if (!bot) return error(401, 'error.401.recorded');
      const refusal = telegramRefusal(method, body);
      if (refusal) {
        refused.push({ method, body, description: refusal });
        return { status: 400, json: { ok: false, error_code: 400, description: refusal } };
      }
      switch (method) {
        case 'getMe':
          return ok({ ...GET_ME, ...userOf(bot) });
        case 'setWebhook':
          hooks.set(token, { url: String(body.url), secret_token: body.secret_token as string | undefined });
          return ok(true, 'Webhook was set');
        case 'deleteWebhook':
          hooks.delete(token);
          return ok(true, 'Webhook was deleted');
        case 'answerCallbackQuery':
          return ok(true);
        case 'setChatMenuButton':
          menuButtons.set(
            `${token}:${body.chat_id ?? 'default'}`,
            (body.menu_button as Json) ?? { type: 'default' },
          );
          return ok(fixture('setChatMenuButton.documented').result);
      }
      if (method === 'sendMessage' && blocked.has(`${bot.id}:${Number(body.chat_id)}`))
        return error(403, 'error.blocked.recorded');
      const chat = chatOf(body.chat_id);
      // a person the bot knows of who never started it: no private chat to write in
      if (!chat && users.has(Number(body.chat_id)) && method === 'sendMessage')
        return error(403, 'error.cant-initiate.recorded');
      if (!chat) return error(400, 'error.chat-not-found.recorded');
      const membership = chat.members.get(bot.id);
      const outside = !membership || membership === 'left';
      // a chat the bot is not in: a public one (an @name) is still seen, a private one is not
      if (outside && method === 'getChat' && !chat.username)
        return error(400, 'error.chat-not-found.recorded');
      if (outside && (method === 'sendMessage' || method === 'editMessageText'))
        return error(403, 'error.not-member.recorded');
      switch (method) {
        case 'getChat':
          return ok(chatJson(chat));
        case 'getChatMember': {
          // the asked user's place in the chat (#getchatmember): a bot's or a person's
          const id = Number(body.user_id);
          const asked = [...bots.values()].find((b) => b.id === id) ?? users.get(id);
          if (!asked) return error(400, 'error.user-not-found.recorded');
          const place = chat.members.get(id) ?? 'left';
          const shape = {
            creator: CREATOR,
            administrator: ADMIN,
            member: MEMBER,
            restricted: RESTRICTED,
            left: LEFT,
          }[place];
          const member: Json = { ...shape, user: 'token' in asked ? userOf(asked) : { ...asked } };
          if (place === 'administrator' && chat.type !== 'channel') delete member.can_post_messages;
          return ok(member);
        }
        case 'sendMessage': {
          if (!mayPost(chat, bot)) return error(400, 'error.not-enough-rights.recorded');
          const messageId = (lastMessageId.get(chat.id) ?? 399) + 1;
          lastMessageId.set(chat.id, messageId);
          const message: FakeMessage = {
            chat_id: chat.id,
            message_id: messageId,
            text: String(body.text),
            reply_markup: body.reply_markup as FakeMessage['reply_markup'],
            texts: [String(body.text)],
            sentAt: Date.now(),
          };
          messages.push(message);
          return ok({
            ...SENT,
            message_id: message.message_id,
            from: userOf(bot),
            chat: { id: chat.id, type: chat.type, title: chat.title },
            date: Math.floor(Date.now() / 1000),
            text: message.text,
            ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
          });
        }
        case 'editMessageText': {
          const message = messages.find((m) => m.chat_id === chat.id && m.message_id === body.message_id);
          if (!message) return error(400, 'error.message-to-edit-not-found.recorded');
          const markup = body.reply_markup as FakeMessage['reply_markup'];
          if (message.text === body.text && JSON.stringify(message.reply_markup) === JSON.stringify(markup))
            return error(400, 'error.not-modified.recorded');
          message.text = String(body.text);
          message.reply_markup = markup;
          message.texts.push(message.text);
          return ok({
            ...EDITED,
            message_id: message.message_id,
            from: userOf(bot),
            chat: { id: chat.id, type: chat.type, title: chat.title },
            text: message.text,
            edit_date: Math.floor(Date.now() / 1000),
          });
        }
        default:
          return {
            status: 404,
            json: { ok: false, error_code: 404, description: 'Not Found: method not found' },
          };
      }
    },
    () => ({ ok: true, result: 'not a shape of this method' }),
  );

  return {
    url: base.url,
    base,
    addBot(username, id = nextBotId++) {
      const bot = {
        token: `${id}:AAH${username.replace(/\W/g, '')}Secret0123456789abcd`,
        id,
        username,
        first_name: username,
      };
      bots.set(bot.token, bot);
      return bot;
    },
    addUser(first_name, username, id = nextUserId++) {
      const user: FakeUser = { id, is_bot: false, first_name, ...(username ? { username } : {}) };
      users.set(id, user);
      return user;
    },
    addChat({ members = [], ...chat }) {
      const c: FakeChat = { ...chat, members: new Map(members.map(([bot, m]) => [bot.id, m])) };
      chats.push(c);
      return c;
    },
    startPrivate(bot, user) {
      const known = chats.find((c) => c.type === 'private' && c.id === user.id);
      if (known) {
        known.members.set(bot.id, 'member');
        return known;
      }
      const c: FakeChat = {
        id: user.id,
        type: 'private',
        title: user.first_name,
        members: new Map<number, Membership>([
          [bot.id, 'member'],
          [user.id, 'member'],
        ]),
      };
      chats.push(c);
      return c;
    },
    initDataFor(bot, user, options = {}) {
      const fields: [string, string][] = [
        ['query_id', `AAF${user.id.toString(36)}${Date.now().toString(36)}`],
        [
          'user',
          JSON.stringify({
            id: user.id,
            first_name: user.first_name,
            ...(user.username ? { username: user.username } : {}),
            language_code: options.languageCode ?? 'uz',
            allows_write_to_pm: options.allowsWrite ?? true,
          }),
        ],
        ['auth_date', String(options.authDate ?? Math.floor(Date.now() / 1000))],
        ...(options.startParam ? ([['start_param', options.startParam]] as [string, string][]) : []),
      ];
      const check = fields
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('\n');
      const secret = createHmac('sha256', 'WebAppData').update(bot.token).digest();
      const hash = createHmac('sha256', secret).update(check).digest('hex');
      return new URLSearchParams([...fields, ['hash', hash]]).toString();
    },
    menuButton: (bot, chatId) => menuButtons.get(`${bot.token}:${chatId ?? 'default'}`),
    block(bot, user) {
      blocked.add(`${bot.id}:${user.id}`);
    },
    messages,
    calls,
    refused,
    callsOf: (method) => calls.filter((c) => c.method === method),
    webhook: (token) => hooks.get(token),
    fail(method, fault, times = 1, retryAfterS = 1) {
      if (fault === 'timeout') {
        // the shared server hangs the next calls of a path: every bot's path of this method
        for (const token of bots.keys()) base.fail(`/bot${token}/${method}`, 'timeout', times);
        return;
      }
      faults.set(method, [...(faults.get(method) ?? []), ...Array(times).fill({ fault, retryAfterS })]);
    },
    async deliver(token, update, secret) {
      const hook = hooks.get(token);
      if (!hook) throw new Error('no webhook set for this bot');
      const header = secret === undefined ? hook.secret_token : secret;
      const res = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(header === null || header === undefined ? {} : { 'x-telegram-bot-api-secret-token': header }),
        },
        body: JSON.stringify(update),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => base.close(),
  };
}

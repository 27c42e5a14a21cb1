/**
 * Who may act from the staff's chat (docs/TELEGRAM.md, "Who may press"): a button pressed or a
 * command written moves orders and the stop-list, so it counts only from the restaurant's staff,
 * and the staff are the chat's administrators (its creator or an administrator, with any rights
 * or none). Anyone else who sees the chat (a member of a group, a viewer of a channel) is refused.
 *
 * - A press comes with `from`, the person who pressed, in a channel too (a viewer of a channel
 *   presses as themselves): asked with `getChatMember` of that user in the chat.
 * - A message sent on behalf of a chat has `sender_chat` (core.telegram.org/bots/api#message):
 *   the group itself for its anonymous administrators, the channel for a channel's post (only its
 *   administrators may post). A command whose `sender_chat` is the staff chat itself is therefore
 *   an administrator's; one sent on behalf of any other chat (a member writing as their own
 *   channel, a linked channel's post forwarded into its discussion group) is not.
 * - An answer is kept `ADMINS_CACHED_MS` per chat and user: a rush of presses asks Telegram once a
 *   minute per person, and an administrator removed from the chat loses the buttons within a
 *   minute (a member just made one waits as long).
 *
 * A linked staff account (docs/TELEGRAM.md, "A staff member's own chat": a waiter or the kitchen
 * whose Telegram is tied to their account here by a one-time code) is asked first, in the staff
 * chat and in their own private chat with the bot: its press or command is theirs, recorded under
 * their account, with their role's rights (a waiter on their tables). In a private chat nobody
 * else may act; in the staff chat its administrators still may, recorded under their Telegram name.
 */
import type { TelegramBotRow } from '../db';
import type { Actor } from '../services/staff';
import { accountActor } from '../services/staff';
import type { App } from '../types';
import {
  type BotCall,
  TelegramError,
  type TgCallbackQuery,
  type TgChatMember,
  type TgMessage,
  type TgUser,
} from './api';
import { whoPressed } from './messages';

/** How long an answer of getChatMember is trusted. */
export const ADMINS_CACHED_MS = 60_000;
/** Answers remembered at most (the least recently asked forgotten first). */
const MOST_CACHED = 10_000;

/** ChatMember's statuses (#chatmember) of those who run the chat. */
const RUNS_THE_CHAT = new Set(['creator', 'administrator']);
/** The other documented statuses: refused without a word in the log. */
const OTHERS = new Set(['member', 'restricted', 'left', 'kicked']);

/**
 * Whether a ChatMember runs the chat (its status compared without case), and whether its status
 * is one of the documented ones at all (an unknown one is refused and logged).
 */
export function runsTheChat(member: TgChatMember): { allowed: boolean; known: boolean } {
  const status = member.status.toLowerCase();
  const allowed = RUNS_THE_CHAT.has(status);
  return { allowed, known: allowed || OTHERS.has(status) };
}

export interface StaffCheckOptions {
  /** The clock of the cache (tests move it). */
  clock?: () => number;
}

export function staffCheck(app: Pick<App, 'log' | 'staff'>, options: StaffCheckOptions = {}) {
  const { log } = app;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { allowed: boolean; until: number }>();

  /** Whether the user runs the chat, asked of Telegram or remembered. */
  async function chatAdministrator(bot: TelegramBotRow, call: BotCall, userId: number): Promise<boolean> {
    const key = `${bot.restaurant_id}:${bot.chat_id}:${userId}`;
    const known = cache.get(key);
    if (known && known.until > clock()) return known.allowed;
    let allowed: boolean;
    try {
      const member = await call('getChatMember', { chat_id: bot.chat_id, user_id: userId });
      const status = member.status.toLowerCase();
      allowed = RUNS_THE_CHAT.has(status);
      if (!allowed && !OTHERS.has(status))
        log.warn(
          { restaurantId: bot.restaurant_id, status },
          'a chat member of an unknown status, not allowed',
        );
    } catch (err) {
      // Telegram busy or away: asked again when it repeats the update (the caller gives it back)
      if (!(err instanceof TelegramError) || err.code === 429) throw err;
      // "user not found" and the like: not known as the chat's, so not allowed
      log.info({ restaurantId: bot.restaurant_id, err: err.message }, 'a presser Telegram could not place');
      allowed = false;
    }
    cache.delete(key);
    cache.set(key, { allowed, until: clock() + ADMINS_CACHED_MS });
    while (cache.size > MOST_CACHED) cache.delete(cache.keys().next().value as string);
    return allowed;
  }

  /**
   * Who acts, and whether anyone may: the restaurant's linked staff account of the person
   * (`from`), else in the staff chat (not in a private one) the chat acting on its own behalf
   * (`senderChat`) or one of its administrators; null: nobody who may.
   */
  async function actorOf(
    bot: TelegramBotRow,
    call: BotCall,
    who: { from?: TgUser | undefined; senderChat?: { id: number; title?: string | undefined } | undefined },
    inPrivate: boolean,
  ): Promise<Actor | null> {
    const { from, senderChat } = who;
    if (from && !from.is_bot) {
      const linked = await app.staff.linkedStaff(bot.restaurant_id, from.id);
      if (linked) return accountActor(linked, 'telegram');
    }
    if (inPrivate) return null;
    const chatActor = (name: string): Actor => ({ userId: null, role: 'chat', name, via: 'telegram' });
    if (senderChat !== undefined)
      return String(senderChat.id) === bot.chat_id
        ? chatActor(senderChat.title ?? bot.chat_title ?? '')
        : null;
    if (!from) return null;
    return (await chatAdministrator(bot, call, from.id)) ? chatActor(whoPressed(from)) : null;
  }

  return {
    /** A button pressed: by the person who pressed it (in the staff chat, or their private chat). */
    pressedBy: (bot: TelegramBotRow, call: BotCall, query: TgCallbackQuery) =>
      actorOf(bot, call, { from: query.from }, query.message?.chat.type === 'private'),
    /** A command: by the chat it was sent on behalf of, or else by its sender. */
    commandedBy: (bot: TelegramBotRow, call: BotCall, message: TgMessage) =>
      actorOf(
        bot,
        call,
        { from: message.from, senderChat: message.sender_chat },
        message.chat.type === 'private',
      ),
  };
}

export type StaffCheck = ReturnType<typeof staffCheck>;

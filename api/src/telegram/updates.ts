/**
 * Updates from a restaurant's bot (docs/TELEGRAM.md, "What the staff see"): Telegram posts each one
 * to `/api/telegram/webhook/<restaurant>` with the secret set with the webhook in
 * `X-Telegram-Bot-Api-Secret-Token`; a missing or wrong secret is refused (compared in constant
 * time) and changes nothing. An update is handled once per `update_id`, even when two servers
 * get it (a row taken first, telegram_updates). Only the configured chat and the staff's private
 * chats are heard: in the staff chat a linked staff account or one of its administrators, in a
 * private chat only its linked staff member (staff.ts); anyone else's press is answered «not
 * allowed» and changes nothing, anyone else's command is not obeyed (the chat is told so at most
 * once a minute, so a stranger cannot make the bot write into the staff's chat). Each press is
 * recorded under who made it (a staff account, or a chat administrator's Telegram name):
 *
 * - a button on an order (`o:<move>:<id>`) moves it through `app.orders.move`, the board's own
 *   state machine ("Tayyor" on a new order accepts it first), and one on a call (`c:<id>`)
 *   through `app.orders.finishCall`; the message is then edited (through the outbox) to say who
 *   did it and when, and the press is answered so the spinner stops;
 * - `/stop <dish>`, `/resume <dish>`, `/stoplist` go through `app.catalog.stopList`, the
 *   stop-list screen's own service; several dishes that match are offered as buttons (not a
 *   waiter's: the stop-list is the kitchen's);
 * - in a private chat, `/start <code>` links the person's Telegram to the staff account of the
 *   one-time code (`app.staff.linkTelegram`).
 */
import type { Product, STOP_LIST_ACTIONS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { TelegramBotRow } from '../db';
import { now } from '../db';
import { DomainError, notAllowed, notFound } from '../domain/errors';
import { unauthorized } from '../http/errors';
import { sameSecret } from '../integration/secrets';
import { outboxRow } from '../repos/telegram-outbox';
import { type Actor, staffName } from '../services/staff';
import type { App } from '../types';
import { type TgCallbackQuery, type TgMessage, type TgUpdate, tgUpdate } from './api';
import { telegramGuests } from './guests';
import { ORDER_MOVES, type OrderMove, type PressNote } from './messages';
import { matchNames } from './names';
import { postKey } from './outbox';
import type { TelegramAccess } from './setup';
import { type StaffCheckOptions, staffCheck } from './staff';

const MOST_BUTTONS = 8;
/**
 * A private chat's notices («how to link», «the code is wrong») go to one person at most once a
 * minute, and to a restaurant's strangers at most this many a minute in all: anyone may write to a
 * bot, and its messages share the restaurant's outbox with the orders.
 */
const PRIVATE_NOTICES_PER_MINUTE = 10;
/** People remembered for the notices' pace (the least recently seen forgotten first). */
const PRIVATE_NOTICES_KEPT = 10_000;
/** The stop-list is the kitchen's and the managers' (and the chat's administrators'): not a waiter's. */
const mayStop = (actor: Actor) => actor.role !== 'waiter';
/** A refused command is answered in the chat at most this often (per restaurant, per server). */
const REFUSAL_EVERY_MS = 60_000;
type StopAction = (typeof STOP_LIST_ACTIONS)[number];

export function telegramUpdates(
  app: App,
  access: TelegramAccess,
  wake: () => void,
  options: StaffCheckOptions = {},
) {
  const { repos } = app;
  const clock = options.clock ?? Date.now;
  const staff = staffCheck(app, options);
  const guests = telegramGuests(app, access, clock);
  /** When each restaurant's chat was last told a command is not allowed. */
  const refusedAt = new Map<string, number>();
  /** When each person was last sent a private notice, and each restaurant's notices of the last minute. */
  const noticedAt = new Map<string, number>();
  const noticesOf = new Map<string, number[]>();

  /** Queues a message to the chat (a reply) or an edit's note; the outbox sends it in turn. */
  async function queue(restaurantId: string, kind: 'text' | 'edit', ref: string, payload: unknown) {
    await repos.telegramOutbox.add(
      outboxRow({
        restaurant_id: restaurantId,
        kind,
        ref,
        post_key: null,
        payload: JSON.stringify(payload),
        created_at: now(),
      }),
    );
    wake();
  }

  /** A message to a person's private chat with the bot (its own row: its chat is theirs). */
  async function replyPrivate(restaurantId: string, userId: number, text: string) {
    await repos.telegramOutbox.addTo(
      outboxRow({
        restaurant_id: restaurantId,
        kind: 'dm-text',
        ref: '',
        post_key: null,
        payload: JSON.stringify({ text }),
        created_at: now(),
      }),
      String(userId),
    );
    wake();
  }

  /** A notice to a stranger's private chat, within its pace (PRIVATE_NOTICES_PER_MINUTE); false: not sent. */
  async function noticePrivate(restaurantId: string, userId: number, text: string): Promise<boolean> {
    const at = clock();
    const person = `${restaurantId}:${userId}`;
    const last = noticedAt.get(person);
    if (last !== undefined && at - last < REFUSAL_EVERY_MS) return false;
    const recent = (noticesOf.get(restaurantId) ?? []).filter((t) => at - t < 60_000);
    if (recent.length >= PRIVATE_NOTICES_PER_MINUTE) return false;
    noticesOf.set(restaurantId, [...recent, at]);
    noticedAt.delete(person);
    noticedAt.set(person, at);
    while (noticedAt.size > PRIVATE_NOTICES_KEPT) noticedAt.delete(noticedAt.keys().next().value as string);
    await replyPrivate(restaurantId, userId, text);
    return true;
  }

  /**
   * A person's text in their private chat with the bot (docs/TELEGRAM.md, "A staff member's own
   * chat"): `/start <code>` links their Telegram to the staff account the one-time code names (the
   * code taken once; a wrong, used or expired one changes nothing and is said so); anything else
   * from someone not linked is told how to link, now and then.
   */
  async function onPrivateText(bot: TelegramBotRow, message: TgMessage) {
    const restaurantId = bot.restaurant_id;
    const from = message.from;
    if (!from || from.is_bot) return;
    const command = commandOf(bot, message.text ?? '');
    if (command?.[0] === 'start' && command[1]) {
      const result = await app.staff.linkTelegram(restaurantId, command[1], String(from.id));
      if ('linked' in result) {
        app.log.info({ restaurantId, userId: result.linked.id }, "a staff member's Telegram was linked");
        await replyPrivate(restaurantId, from.id, t.telegram.linked(staffName(result.linked)));
        return;
      }
      app.log.info({ restaurantId, why: result.refused }, 'a Telegram link code was refused');
      await noticePrivate(restaurantId, from.id, t.telegram.linkRefused);
      return;
    }
    if (command?.[0] === 'orders') {
      // a Mini App guest's open orders (guests.ts); none: how to open the menu, now and then
      const list = await guests.openOrders(restaurantId, from.id);
      if (list) await replyPrivate(restaurantId, from.id, list);
      else await noticePrivate(restaurantId, from.id, t.telegram.guestNoOrders);
      return;
    }
    if (!(await app.staff.linkedStaff(restaurantId, from.id)))
      await noticePrivate(restaurantId, from.id, t.telegram.linkHowTo);
  }

  const reply = (restaurantId: string, text: string, buttons?: { text: string; callback_data: string }[][]) =>
    queue(
      restaurantId,
      'text',
      '',
      buttons ? { text, reply_markup: { inline_keyboard: buttons } } : { text },
    );

  /** The route's access check for the bot: only this restaurant's things (404 otherwise). */
  const ownedBy = (restaurantId: string) => async (owner: string) => {
    if (owner !== restaurantId) throw notFound('Not found');
  };

  async function answer(bot: TelegramBotRow, token: string, query: TgCallbackQuery, text: string) {
    try {
      await access.bot(token)('answerCallbackQuery', { callback_query_id: query.id, text });
    } catch (err) {
      app.log.warn(
        { restaurantId: bot.restaurant_id, err: (err as Error).message },
        'a press was not answered',
      );
    }
  }

  async function stopOrResume(
    restaurantId: string,
    productIds: string[],
    action: StopAction,
    names: string[],
  ) {
    await app.catalog.stopList.apply(productIds, action, ownedBy(restaurantId));
    const said = action === 'stop' ? t.telegram.stopped : t.telegram.resumed;
    await reply(restaurantId, names.map((n) => said(n)).join('\n'));
  }

  /** The press's refusal in Uzbek: another move came first, not their role's, not their table, gone. */
  function refusal(err: DomainError): string {
    const why = err.details?.[0]?.path;
    if (err.kind === 'conflict') return t.telegram.pressLate;
    if (err.kind === 'refused' && why === 'table') return t.telegram.notYourTable;
    if (err.kind === 'refused' && why === 'role') return t.telegram.notYourRole;
    return t.telegram.pressUnknown;
  }

  async function onPress(bot: TelegramBotRow, token: string, query: TgCallbackQuery) {
    const restaurantId = bot.restaurant_id;
    const actor = await staff.pressedBy(bot, access.bot(token), query);
    if (!actor) {
      await answer(bot, token, query, t.telegram.notAllowed);
      return;
    }
    const data = query.data ?? '';
    // in the staff chat the press notes who did it on the post's edit; a private chat's post is
    // edited by the order's own event (outbox.ts), with who did it from the recorded move
    const inStaffChat = query.message?.chat.type !== 'private';
    const note = (status: string): PressNote => ({ status, by: actor.name, at: now() });
    const owner = ownedBy(restaurantId);
    try {
      const order = /^o:([ards]):(.+)$/.exec(data);
      const call = /^c:(.+)$/.exec(data);
      const dish = /^([su]):(.+)$/.exec(data);
      if (order) {
        const [, move, id] = order as unknown as [string, OrderMove, string];
        const status = ORDER_MOVES[move];
        if (status === 'rejected') {
          await app.orders.move(id, { status, reason: t.telegram.rejectReason }, owner, actor);
        } else {
          const row = await repos.orders.find(id);
          // "Tayyor" pressed on a new order: accepted first, as the board would have to
          if (status === 'ready' && row?.status === 'sent')
            await app.orders.move(id, { status: 'accepted' }, owner, actor);
          await app.orders.move(id, { status }, owner, actor);
        }
        if (inStaffChat) await queue(restaurantId, 'edit', postKey('order', id), note(status));
      } else if (call) {
        const id = call[1] as string;
        await app.orders.finishCall(id, owner, actor);
        if (inStaffChat) await queue(restaurantId, 'edit', postKey('call', id), note('done'));
      } else if (dish) {
        if (!mayStop(actor)) throw notAllowed('Not this role', [{ path: 'role', message: 'not_allowed' }]);
        const products = await app.catalog.products.list(restaurantId);
        const product = products.find((p) => p._id === dish[2]);
        if (!product) throw notFound('Product not found');
        await stopOrResume(restaurantId, [product._id], dish[1] === 's' ? 'stop' : 'resume', [product.name]);
      } else {
        throw notFound('Unknown button');
      }
      await answer(bot, token, query, t.telegram.pressDone);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      await answer(bot, token, query, refusal(err));
    }
  }

  /** `/stop@bot Manti` → `['stop', 'Manti']`; null for another bot's command or plain text. */
  function commandOf(bot: TelegramBotRow, text: string): [string, string] | null {
    const m = /^\/(\w+)(?:@(\w+))?(?:\s+([\s\S]*))?$/.exec(text.trim());
    if (!m) return null;
    if (m[2] && m[2].toLowerCase() !== bot.bot_username.toLowerCase()) return null;
    return [(m[1] ?? '').toLowerCase(), (m[3] ?? '').trim()];
  }

  async function onCommand(bot: TelegramBotRow, token: string, message: TgMessage) {
    const restaurantId = bot.restaurant_id;
    const command = commandOf(bot, message.text ?? '');
    if (!command) return;
    const [name, query] = command;
    if (name !== 'stop' && name !== 'resume' && name !== 'stoplist') return;
    const actor = await staff.commandedBy(bot, access.bot(token), message);
    if (!actor || !mayStop(actor)) {
      app.log.info({ restaurantId, command: name }, 'a command from outside the staff was not obeyed');
      const last = refusedAt.get(restaurantId);
      if (last === undefined || clock() - last >= REFUSAL_EVERY_MS) {
        refusedAt.set(restaurantId, clock());
        await reply(restaurantId, t.telegram.notAllowed);
      }
      return;
    }
    const products = await app.catalog.products.list(restaurantId);
    if (name === 'stoplist') {
      const stopped = products.filter((p) => !p.is_active);
      await reply(
        restaurantId,
        stopped.length
          ? [t.telegram.stopListTitle, ...stopped.map((p) => `• ${p.name}`)].join('\n')
          : t.telegram.stopListEmpty,
      );
      return;
    }
    if (!query) {
      await reply(restaurantId, t.telegram.usage);
      return;
    }
    const stop = name === 'stop';
    // a dish already as asked is not offered (its manager's stop is what a resume lifts)
    const candidates = products.filter((p: Product) => (stop ? p.is_active : !p.is_active));
    const found = matchNames(candidates, query);
    if (found.length === 0) {
      await reply(restaurantId, t.telegram.notFound(query));
    } else if (found.length === 1) {
      const [product] = found as [Product];
      await stopOrResume(restaurantId, [product._id], stop ? 'stop' : 'resume', [product.name]);
    } else {
      const buttons = found
        .slice(0, MOST_BUTTONS)
        .map((p) => [{ text: p.name, callback_data: `${stop ? 's' : 'u'}:${p._id}` }]);
      await reply(restaurantId, t.telegram.choose, buttons);
    }
  }

  /**
   * Where the update comes from: the restaurant's staff chat, a person's private chat with the bot
   * (their own: its id is theirs), or anywhere else (null: heard by nobody).
   */
  function sourceOf(bot: TelegramBotRow, update: TgUpdate): 'staff' | 'private' | null {
    const chat = update.callback_query?.message?.chat ?? update.message?.chat ?? update.channel_post?.chat;
    if (!chat) return null;
    if (bot.chat_id !== null && String(chat.id) === bot.chat_id) return 'staff';
    const person = update.callback_query?.from ?? update.message?.from;
    if (chat.type.toLowerCase() === 'private' && person && chat.id === person.id) return 'private';
    return null;
  }

  return {
    /**
     * Handles one update for restaurant `restaurantId` (`secret`: the header as received).
     * 401 for a wrong or missing secret; an update not for this server's kinds is passed over.
     */
    async handle(restaurantId: string, secret: string | undefined, body: unknown): Promise<void> {
      const bot = await repos.telegramBots.find(restaurantId);
      const restaurant = bot ? await repos.restaurants.findById(restaurantId) : undefined;
      if (!bot?.webhook_secret_enc || !restaurant?.bot_token) throw unauthorized('Unknown webhook');
      const expected = access.openToken(bot.webhook_secret_enc, restaurantId);
      if (!sameSecret(secret ?? '', expected)) throw unauthorized('Wrong secret token');
      const parsed = tgUpdate.safeParse(body);
      if (!parsed.success) {
        app.log.warn({ restaurantId }, 'a Telegram update of an unknown shape was passed over');
        return;
      }
      const update = parsed.data;
      const source = sourceOf(bot, update);
      if (!source) return; // another chat: heard by nobody
      if (!(await repos.telegramUpdates.claim(restaurantId, update.update_id, now()))) return;
      try {
        const token = access.openToken(restaurant.bot_token, restaurantId);
        if (update.callback_query) await onPress(bot, token, update.callback_query);
        const message = update.message ?? update.channel_post;
        if (message?.text && source === 'private') await onPrivateText(bot, message);
        else if (message?.text) await onCommand(bot, token, message);
      } catch (err) {
        // handled again when Telegram repeats it
        await repos.telegramUpdates.release(restaurantId, update.update_id);
        throw err;
      }
    },
  };
}

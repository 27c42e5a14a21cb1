/**
 * Guests in the Mini App (docs/TELEGRAM.md, "The menu inside Telegram"): a guest who ordered from
 * the restaurant's bot's Mini App and allowed the bot to write to them gets the order's changes
 * in their private chat with the bot, in the order's language.
 *
 * - **Who they are**: only the Mini App's `initData`, verified with the restaurant's bot's token
 *   (init-data.ts); no cookie, no phone. A forged or stale one, or another bot's, is refused
 *   (401) and ties nothing. The order's own key must open the order too, so one guest's
 *   `initData` cannot be tied to another guest's order.
 * - **What is kept**: the order's id and the guest's Telegram user id, only when they allowed
 *   the bot to write (`allows_write_to_pm`, or granted just now through `requestWriteAccess`:
 *   Telegram then lets the bot write, and a refusal is its 403, which fails that message only);
 *   forgotten with the outbox's rows (docs/PRIVACY.md).
 * - **What is sent**: one message per change the guest cares for, «accepted», «ready»,
 *   «rejected» with the reason, «paid»: each a row of the outbox under the key
 *   `guest:<order>:<change>`, unique per restaurant, so a change is written once however many
 *   events repeat it, paced and retried as every private message (outbox.ts).
 * - **`/orders`** in the private chat lists the guest's open orders with a link to each one's page.
 */
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@qrmenu/shared/schemas';
import { now } from '../db';
import { notFound, unauthorized } from '../http/errors';
import { sameSecret } from '../integration/secrets';
import { formatGuestTiyin, GUEST_WORDS, type GuestLang } from '../public-menu/language';
import { outboxRow } from '../repos/telegram-outbox';
import type { App } from '../types';
import { verifyInitData } from './init-data';
import type { TelegramAccess } from './setup';

/** An order that can still move: the ones `/orders` lists. */
const OPEN_ORDER = ORDER_STATUSES.filter((s) => ORDER_TRANSITIONS[s].length > 0);
/** The changes a guest is told of. */
const TOLD = ['accepted', 'ready', 'rejected'] as const;

/** The outbox key of one change told to an order's guest. */
export const guestKey = (orderId: string, change: string) => `guest:${orderId}:${change}`;

const langOf = (language: string): GuestLang => (language === 'ru' || language === 'en' ? language : 'uz');

type OrderLike = {
  id: string;
  number: number;
  status: string;
  language: string;
  reject_reason: string | null;
  payment_status?: string | null | undefined;
  guest_key: string;
};

const METHOD_NAMES: Record<string, string> = { payme: 'Payme', click: 'Click' };

/** A bill paid from the phone: its amount (tiyin) and way. */
export interface PaidBill {
  amount: number;
  method: string;
}

/**
 * The guest's words for a change of their order: the order's page's own words in its language
 * («Buyurtma #12: Qabul qilindi», «Sabab: ...», «To'landi: 75 000 so'm, Payme»), then its link.
 */
export function guestMessage(
  order: OrderLike,
  change: string,
  link: string | undefined,
  bill?: PaidBill,
): string {
  const lang = langOf(order.language);
  const words = GUEST_WORDS[lang].cart;
  const title = words.order.replace('{number}', String(order.number));
  const state =
    change === 'paid' && bill
      ? words.paid
          .replace('{sum}', formatGuestTiyin(bill.amount, lang))
          .replace('{method}', METHOD_NAMES[bill.method] ?? bill.method)
      : (words.statuses[change as keyof typeof words.statuses] ?? change);
  const lines = [`${title}: ${state}`];
  if (change === 'rejected' && order.reject_reason)
    lines.push(words.reason.replace('{reason}', order.reject_reason));
  if (link) lines.push(link);
  return lines.join('\n');
}

export function telegramGuests(app: App, access: TelegramAccess, clock: () => number = Date.now) {
  const { repos } = app;

  /**
   * The order's page for its guest, on the public menu's address (none without one); read
   * through `through`, the transaction's repositories when in one.
   */
  async function orderLink(
    restaurantId: string,
    order: OrderLike,
    through: App['repos'] = repos,
  ): Promise<string | undefined> {
    const restaurant = await through.restaurants.findById(restaurantId);
    return restaurant
      ? access.menuAddress(`${restaurant.slug}/orders/${order.id}?key=${encodeURIComponent(order.guest_key)}`)
      : undefined;
  }

  return {
    /**
     * Ties an order to the Mini App's guest (`POST /api/public/telegram/orders/:id`): 404 when the
     * key does not open the order, 401 when the restaurant's bot did not sign `initData` (or
     * signed it too long ago). `notified`: their chat will hear the order's changes.
     */
    async link(orderId: string, key: string, initData: string, writeGranted: boolean) {
      const order = await repos.orders.find(orderId);
      if (!order || !sameSecret(key, order.guest_key)) throw notFound('Order not found');
      const restaurant = await repos.restaurants.findById(order.restaurant_id);
      if (!restaurant?.bot_token) throw unauthorized('The restaurant has no Telegram bot');
      const token = access.openToken(restaurant.bot_token, restaurant.id);
      const verified = verifyInitData(initData, token, Math.floor(clock() / 1000));
      if ('refused' in verified) {
        app.log.info({ orderId, why: verified.refused }, "a Mini App's initData was refused");
        throw unauthorized('Telegram initData refused');
      }
      const { guest } = verified;
      if (!guest.allowsWrite && !writeGranted) return { notified: false };
      await repos.telegramGuests.add({
        order_id: order.id,
        restaurant_id: order.restaurant_id,
        telegram_user_id: String(guest.userId),
        created_at: now(),
      });
      return { notified: true };
    },

    /**
     * Queues what the order's guest has not been told yet (in the outbox's transaction `trx`):
     * the change its state is now, once.
     */
    async follow(trx: App['repos'], restaurantId: string, orderId: string): Promise<void> {
      const chat = await trx.telegramGuests.ofOrder(orderId);
      if (!chat) return;
      const order = await trx.orders.find(orderId);
      if (!order) return;
      const changes: string[] = (TOLD as readonly string[]).includes(order.status) ? [order.status] : [];
      const bill = order.bill_id ? await trx.bills.find(order.bill_id) : undefined;
      const paid =
        order.payment_status === 'paid' && bill?.paid_method
          ? { amount: bill.amount, method: bill.paid_method }
          : undefined;
      if (paid) changes.push('paid');
      for (const change of changes) {
        const text = guestMessage(order, change, await orderLink(restaurantId, order, trx), paid);
        await trx.telegramOutbox.addTo(
          outboxRow({
            restaurant_id: restaurantId,
            kind: 'dm-text',
            ref: order.id,
            post_key: guestKey(order.id, change),
            payload: JSON.stringify({ text }),
            created_at: now(),
          }),
          chat,
        );
      }
    },

    /** `/orders`: the guest's open orders at the restaurant, each with its page's link. */
    async openOrders(restaurantId: string, telegramUserId: number): Promise<string | undefined> {
      const orders = await repos.telegramGuests.openOf(restaurantId, String(telegramUserId), OPEN_ORDER);
      if (orders.length === 0) return undefined;
      const lines: string[] = [];
      for (const row of orders) {
        const order = await repos.orders.find(row.id);
        if (!order) continue;
        const words = GUEST_WORDS[langOf(order.language)].cart;
        const status = words.statuses[order.status as keyof typeof words.statuses] ?? order.status;
        const link = await orderLink(restaurantId, order);
        lines.push(
          `${words.order.replace('{number}', String(order.number))}: ${status}${link ? `\n${link}` : ''}`,
        );
      }
      return lines.join('\n\n');
    },

    /** Forgets the guests of orders done with before `before` (with the outbox's rows). */
    prune: (before: string) => repos.telegramGuests.prune(before, OPEN_ORDER),
  };
}

export type TelegramGuests = ReturnType<typeof telegramGuests>;

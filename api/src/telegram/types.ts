/** What `app.telegram` offers (index.ts), apart so that the app's type imports no Telegram module. */
import type { TelegramStatus } from '@qrmenu/shared/schemas';

export interface TelegramService {
  /** The bot as checked, for the form (a restaurant without a bot: not connected). */
  status(restaurantId: string): Promise<TelegramStatus>;
  /** "Sinov xabari": sent at once, so the answer says whether it arrived (400 with the reason). */
  test(restaurantId: string): Promise<{ sent: true }>;
  /** One webhook update (`secret`: the header as received; 401 for a wrong one). */
  handleUpdate(restaurantId: string, secret: string | undefined, body: unknown): Promise<void>;
  /**
   * Ties an order to the Mini App guest whose `initData` the restaurant's bot signed (404: the key
   * does not open the order; 401: not signed by that bot, or too old). `writeGranted`: the guest
   * allowed the bot to write just now (`requestWriteAccess`).
   */
  linkGuest(
    orderId: string,
    key: string,
    initData: string,
    writeGranted: boolean,
  ): Promise<{ notified: boolean }>;
  /** Queues and sends what is due now (the schedule's work; tests call it to wait for it). */
  drain(): Promise<void>;
}

/** What the payments' parts share (docs/PAYMENTS.md). */
import type { SecretBox } from '../../integration/secrets';
import type { ServiceContext } from '../context';
import type { OrderLive } from '../orders';

export interface PaymentsSettings {
  /** Payme's checkout (`https://checkout.paycom.uz`; its sandbox `https://test.paycom.uz`). */
  paymeCheckoutUrl: string;
  /** Click's payment page. */
  clickPayUrl: string;
  /** The providers' clock, in ms (a test moves it past Payme's 12 hours). */
  clock: () => number;
  /** The only addresses Click's calls are taken from; null: any (CLICK_ALLOWED_ADDRESSES). */
  clickAllowedAddresses: readonly string[] | null;
}

export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = {
  paymeCheckoutUrl: 'https://checkout.paycom.uz',
  clickPayUrl: 'https://my.click.uz/services/pay',
  clock: () => Date.now(),
  clickAllowedAddresses: null,
};

export interface PaymentsContext extends ServiceContext {
  /** Seals and opens the merchant secrets, as the POS's credentials are (integration/secrets.ts). */
  box: SecretBox;
  /** The orders' streams: a payment's order events wake them. */
  live: OrderLive;
  settings: PaymentsSettings;
}

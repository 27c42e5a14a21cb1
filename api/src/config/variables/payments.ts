/** Paying the bill (docs/CONFIGURATION.md, "Paying the bill (Payme, Click)"). */
import { parseClickAddresses } from '../../services/payments/click-addresses';
import { parsedBy, setting, url } from './rules';

/** Where guests are sent to pay, and whose calls Click's endpoints take. */
export const PAYMENT_SETTINGS = {
  PAYME_CHECKOUT_URL: setting({
    group: 'payments',
    values: 'an absolute https URL',
    default: '`https://checkout.paycom.uz`',
    meaning:
      "Payme's checkout the guests are sent to; its sandbox is `https://test.paycom.uz` (docs/PAYMENTS.md)",
    schema: url('https'),
  }),
  CLICK_PAY_URL: setting({
    group: 'payments',
    values: 'an absolute https URL',
    default: '`https://my.click.uz/services/pay`',
    meaning: "Click's payment page the guests are sent to (docs/PAYMENTS.md)",
    schema: url('https'),
  }),
  CLICK_ALLOWED_ADDRESSES: setting({
    group: 'payments',
    values: 'addresses or CIDRs, comma-separated (IPv4 or IPv6)',
    default: 'none: every address may call (the signature proves the call)',
    meaning:
      "the only addresses Click's Prepare and Complete are taken from; any other is answered -1, nothing read. The addresses are Click's to give (docs/PAYMENTS.md, \"Click\", has the ones integrators list); behind a proxy, set TRUST_PROXY so the client's address is read",
    schema: parsedBy(parseClickAddresses),
  }),
};

/**
 * The checkout links (docs/PAYMENTS.md, "What guests see"), as the providers document them
 * (api/test/fixtures/payme/checkout-link.schema.json, click/pay-link.schema.json; checked in
 * api/test/payments-contract.test.ts):
 * - Payme: `<checkout>/<base64 of "m=<merchant>;ac.bill_id=<bill>;a=<tiyin>;c=<return url>">`
 *   (https://developer.help.paycom.uz/initsializatsiya-platezhey/otpravka-cheka-po-metodu-get/);
 * - Click: `<pay page>?service_id=&merchant_id=&amount=<so'm, N.NN>&transaction_param=<bill>&return_url=`
 *   (https://docs.click.uz/click-button).
 */
import type { ClickCredentials } from './credentials';
import { tiyinToSomWithCents } from './money';

/** The account field Payme's cashbox is set up with (its value is the bill's id). */
export const PAYME_ACCOUNT_FIELD = 'bill_id';

/** The account Payme's cashbox is set up with, for a bill. */
export const paymeAccount = (billId: string) => ({ [PAYME_ACCOUNT_FIELD]: billId });

/**
 * Payme's link: its parameters `key=value` joined by ';' (a value cannot hold ';': the page has no
 * escape for it; ours are ids, digits and a URL whose query is percent-encoded).
 */
export function paymeLink(
  checkoutUrl: string,
  merchantId: string,
  account: Record<string, string>,
  tiyin: number,
  returnUrl?: string,
) {
  const params = [
    `m=${merchantId}`,
    ...Object.entries(account).map(([field, value]) => `ac.${field}=${value}`),
    `a=${tiyin}`,
    ...(returnUrl ? [`c=${returnUrl}`] : []),
  ];
  if (params.some((p) => p.slice(p.indexOf('=') + 1).includes(';')))
    throw new RangeError(`a Payme link parameter holds ';': ${params.join(';')}`);
  return `${checkoutUrl.replace(/\/+$/, '')}/${Buffer.from(params.join(';'), 'utf8').toString('base64')}`;
}

export function clickLink(
  payUrl: string,
  click: ClickCredentials,
  billId: string,
  tiyin: number,
  returnUrl: string,
) {
  const query = new URLSearchParams({
    service_id: click.serviceId,
    merchant_id: click.merchantId,
    amount: tiyinToSomWithCents(tiyin),
    transaction_param: billId,
    return_url: returnUrl,
  });
  return `${payUrl}?${query.toString()}`;
}

/**
 * The checkout links (docs/PAYMENTS.md, "What guests see"), as the providers document them and
 * the public SDKs' tests record (api/test/fixtures/payme/checkout-link.recorded.json,
 * click/pay-link.recorded.json):
 * - Payme: `<checkout>/<base64 of "m=<merchant>;ac.bill_id=<bill>;a=<tiyin>;c=<return url>">`;
 * - Click: `<pay page>?service_id=&merchant_id=&amount=<so'm>&transaction_param=<bill>&return_url=`.
 */
import type { ClickCredentials } from './credentials';
import { tiyinToDecimalSom } from './money';

/** The account field Payme's cashbox is set up with (its value is the bill's id). */
export const PAYME_ACCOUNT_FIELD = 'bill_id';

export function paymeLink(
  checkoutUrl: string,
  merchantId: string,
  billId: string,
  tiyin: number,
  returnUrl: string,
) {
  const params = `m=${merchantId};ac.${PAYME_ACCOUNT_FIELD}=${billId};a=${tiyin};c=${returnUrl}`;
  return `${checkoutUrl.replace(/\/+$/, '')}/${Buffer.from(params, 'utf8').toString('base64')}`;
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
    amount: tiyinToDecimalSom(tiyin),
    transaction_param: billId,
    return_url: returnUrl,
  });
  return `${payUrl}?${query.toString()}`;
}

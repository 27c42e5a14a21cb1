/**
 * `app.payments` (docs/PAYMENTS.md): the table's bill and its checkout for guests, the merchant
 * endpoints Payme and Click call, the admin's credentials, the staff's closing of a table and the
 * daily statement. Each rule lives in its part: bills.ts, credentials.ts, links.ts, payme.ts,
 * click.ts, settle.ts (a bill paid or refunded, live), statements.ts and reconcile.ts (the daily
 * statement, ours against the provider's), money.ts (tiyin).
 */
import type { Bill, PaymentMethod, PaymentSettingsBody, ReleaseHoldBody } from '@qrmenu/shared/schemas';
import { conflict, notFound } from '../../domain/errors';
import type { AssertOwner } from '../context';
import type { Actor } from '../staff/actor';
import { billForCheckout, closeTable, guestBill, releaseTableHold } from './bills';
import { type ClickAnswer, clickComplete, clickJson, clickPrepare, clickRefusal } from './click';
import { clickAddressCheck } from './click-addresses';
import type { PaymentsContext } from './context';
import { changePaymentSettings, clickCredentials, paymeCredentials, paymentSettings } from './credentials';
import { clickLink, paymeAccount, paymeLink } from './links';
import { handlePayme, PAYME_ERRORS, paymeError, paymeRefusal } from './payme';
import { buildNight, dayStatements, rebuildDay, reconcile, statementLines } from './statements';

export { DEFAULT_PAYMENTS_SETTINGS, type PaymentsSettings } from './context';

export function paymentsService(ctx: PaymentsContext) {
  const clickAddress = clickAddressCheck(ctx.settings.clickAllowedAddresses);
  return {
    // ---------- guests ----------
    bill: (orderId: string, key: string): Promise<Bill> => guestBill(ctx, orderId, key),
    /**
     * The provider's checkout link for the table's bill; the guest comes back to their order's
     * page (`origin` is this site's, as the guest reached it).
     */
    async checkout(body: { order_id: string; key: string; method: PaymentMethod }, origin: string) {
      const { bill, order } = await billForCheckout(ctx, body.order_id, body.key);
      const restaurant = await ctx.repos.restaurants.findById(bill.restaurant_id);
      if (!restaurant) throw notFound('Restaurant not found');
      const back = `${origin}/m/${restaurant.slug}/orders/${order.id}?key=${encodeURIComponent(order.guest_key)}`;
      if (body.method === 'payme') {
        const payme = await paymeCredentials(ctx, bill.restaurant_id);
        if (!payme) throw conflict('Payme is not set up for this restaurant');
        return {
          url: paymeLink(
            ctx.settings.paymeCheckoutUrl,
            payme.merchantId,
            paymeAccount(bill.id),
            bill.amount,
            back,
          ),
          amount: bill.amount,
        };
      }
      const click = await clickCredentials(ctx, bill.restaurant_id);
      if (!click) throw conflict('Click is not set up for this restaurant');
      return {
        url: clickLink(ctx.settings.clickPayUrl, click, bill.id, bill.amount, back),
        amount: bill.amount,
      };
    },

    // ---------- the providers (checked by their own credentials, not a login) ----------
    payme: (restaurantId: string, authorization: string | undefined, body: string) =>
      handlePayme(ctx, restaurantId, authorization, body),
    clickPrepare: (restaurantId: string, params: Record<string, string>) =>
      clickPrepare(ctx, restaurantId, params),
    clickComplete: (restaurantId: string, params: Record<string, string>) =>
      clickComplete(ctx, restaurantId, params),
    /** The providers' answers to what never reached a method: always 200, in their protocols. */
    paymeRefusal,
    paymeNotPost: () => paymeError(null, PAYME_ERRORS.notPost),
    isPaymeSystemError: (answer: { error: { code: number } }) => answer.error.code === PAYME_ERRORS.system,
    clickRefusal,
    /** Whether Click's endpoints take a call from this address (CLICK_ALLOWED_ADDRESSES; none set: any). */
    clickAllowed: (ip: string) => clickAddress(ip),
    /** Click's answer as JSON text, its ids integers digit for digit. */
    clickJson: (answer: ClickAnswer) => clickJson(answer),

    // ---------- staff and admins (the route checked whose restaurant it is) ----------
    settings: (restaurantId: string) => paymentSettings(ctx, restaurantId),
    changeSettings: (restaurantId: string, body: PaymentSettingsBody) =>
      changePaymentSettings(ctx, restaurantId, body),
    closeTable: (placementId: string, assertOwner: AssertOwner, actor: Actor) =>
      closeTable(ctx, placementId, assertOwner, actor),
    /** An admin ends the unfinished payments holding a table's bill, with a reason (recorded). */
    releaseHold: (restaurantId: string, body: ReleaseHoldBody, userId: string) =>
      releaseTableHold(ctx, restaurantId, body.placement_id, { userId, reason: body.reason }),

    // ---------- the daily statement (admins) ----------
    reconcile: (restaurantId: string, body: Parameters<typeof reconcile>[2]) =>
      reconcile(ctx, restaurantId, body),
    statements: (restaurantId: string, page: number) => statementLines(ctx, restaurantId, page),
    dayStatements: (restaurantId: string, day: string) => dayStatements(ctx, restaurantId, day),
    rebuildDay: (restaurantId: string, day: string) => rebuildDay(ctx, restaurantId, day),
    /** The nightly run (state/nightly-statements.ts calls it): the day seen to, or null. */
    buildNight: (seen?: string) => buildNight(ctx, seen),
  };
}

/**
 * A restaurant's merchant credentials (docs/PAYMENTS.md, "Setting a restaurant up"): entered by
 * the admin, the secrets (Payme's key, Click's secret key) sealed for the restaurant as the POS's
 * credentials are (integration/secrets.ts) and never answered back; a provider is off until its
 * credentials are all set.
 */
import type { PaymentMethod, PaymentSettings, PaymentSettingsBody } from '@qrmenu/shared/schemas';
import type { PaymentAccountRow } from '../../db';
import { now } from '../../db';
import { invalid, notFound } from '../../domain/errors';
import { SecretKeyMissingError } from '../../integration/secrets';
import { methodsOf } from '../../repos/payment-accounts';
import type { PaymentsContext } from './context';

export interface PaymeCredentials {
  merchantId: string;
  key: string;
}
export interface ClickCredentials {
  serviceId: string;
  merchantId: string;
  secretKey: string;
}

const empty = (restaurantId: string): PaymentAccountRow => ({
  restaurant_id: restaurantId,
  payme_merchant_id: null,
  payme_key_enc: null,
  click_service_id: null,
  click_merchant_id: null,
  click_secret_enc: null,
  updated_at: now(),
});

const toSettings = (row: PaymentAccountRow | undefined): PaymentSettings => ({
  payme: { merchant_id: row?.payme_merchant_id ?? null, key_set: Boolean(row?.payme_key_enc) },
  click: {
    service_id: row?.click_service_id ?? null,
    merchant_id: row?.click_merchant_id ?? null,
    secret_set: Boolean(row?.click_secret_enc),
  },
});

async function mustExist(ctx: PaymentsContext, restaurantId: string): Promise<void> {
  if (!(await ctx.repos.restaurants.exists(restaurantId))) throw notFound('Restaurant not found');
}

export async function paymentSettings(ctx: PaymentsContext, restaurantId: string): Promise<PaymentSettings> {
  await mustExist(ctx, restaurantId);
  return toSettings(await ctx.repos.paymentAccounts.find(restaurantId));
}

function seal(ctx: PaymentsContext, plain: string, restaurantId: string, path: string): string {
  try {
    return ctx.box.seal(plain, restaurantId);
  } catch (err) {
    if (err instanceof SecretKeyMissingError)
      throw invalid('INTEGRATION_SECRET_KEY is not set: merchant secrets cannot be stored', [
        { path, message: 'secret_key_missing' },
      ]);
    throw err;
  }
}

export async function changePaymentSettings(
  ctx: PaymentsContext,
  restaurantId: string,
  body: PaymentSettingsBody,
): Promise<PaymentSettings> {
  await mustExist(ctx, restaurantId);
  const row = {
    ...((await ctx.repos.paymentAccounts.find(restaurantId)) ?? empty(restaurantId)),
    updated_at: now(),
  };
  if (body.payme === null) Object.assign(row, { payme_merchant_id: null, payme_key_enc: null });
  else if (body.payme) {
    row.payme_merchant_id = body.payme.merchant_id;
    if (body.payme.key) row.payme_key_enc = seal(ctx, body.payme.key, restaurantId, 'payme.key');
  }
  if (body.click === null)
    Object.assign(row, { click_service_id: null, click_merchant_id: null, click_secret_enc: null });
  else if (body.click) {
    row.click_service_id = body.click.service_id;
    row.click_merchant_id = body.click.merchant_id;
    if (body.click.secret_key)
      row.click_secret_enc = seal(ctx, body.click.secret_key, restaurantId, 'click.secret_key');
  }
  await ctx.repos.paymentAccounts.put(row);
  return toSettings(row);
}

/** Payme's credentials opened, or undefined while Payme is off for the restaurant. */
export async function paymeCredentials(
  ctx: PaymentsContext,
  restaurantId: string,
): Promise<PaymeCredentials | undefined> {
  const row = await ctx.repos.paymentAccounts.find(restaurantId);
  if (!row?.payme_merchant_id || !row.payme_key_enc) return undefined;
  return { merchantId: row.payme_merchant_id, key: ctx.box.open(row.payme_key_enc, restaurantId) };
}

/** Click's credentials opened, or undefined while Click is off for the restaurant. */
export async function clickCredentials(
  ctx: PaymentsContext,
  restaurantId: string,
): Promise<ClickCredentials | undefined> {
  const row = await ctx.repos.paymentAccounts.find(restaurantId);
  if (!row?.click_service_id || !row.click_merchant_id || !row.click_secret_enc) return undefined;
  return {
    serviceId: row.click_service_id,
    merchantId: row.click_merchant_id,
    secretKey: ctx.box.open(row.click_secret_enc, restaurantId),
  };
}

/** The methods a restaurant set up (what the guest may pick). */
export async function configuredMethods(
  ctx: PaymentsContext,
  restaurantId: string,
): Promise<PaymentMethod[]> {
  return methodsOf(await ctx.repos.paymentAccounts.find(restaurantId));
}

/** Payme's ChangePassword: the key Payme gives the cashbox from now on, sealed like the first. */
export async function changePaymeKey(ctx: PaymentsContext, restaurantId: string, key: string): Promise<void> {
  const row = await ctx.repos.paymentAccounts.find(restaurantId);
  if (!row) return;
  await ctx.repos.paymentAccounts.put({
    ...row,
    payme_key_enc: ctx.box.seal(key, restaurantId),
    updated_at: now(),
  });
}

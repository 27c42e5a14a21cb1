/** The restaurants' merchant credentials (docs/PAYMENTS.md): one row a restaurant, secrets sealed. */
import type { PaymentMethod } from '@qrmenu/shared/schemas';
import type { PaymentAccountRow } from '../db';
import type { Q } from './query';

/** The methods a restaurant's row sets up (what its guests may pay with): none without a row. */
export function methodsOf(row: PaymentAccountRow | undefined): PaymentMethod[] {
  const out: PaymentMethod[] = [];
  if (row?.payme_merchant_id && row.payme_key_enc) out.push('payme');
  if (row?.click_service_id && row.click_merchant_id && row.click_secret_enc) out.push('click');
  return out;
}

export function paymentAccountsRepository(q: Q) {
  return {
    find: (restaurantId: string) =>
      q
        .selectFrom('payment_accounts')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst(),

    async put(row: PaymentAccountRow): Promise<void> {
      const { restaurant_id: _id, ...changed } = row;
      await q
        .insertInto('payment_accounts')
        .values(row)
        .onConflict((oc) => oc.column('restaurant_id').doUpdateSet(changed))
        .execute();
    },

    /** The restaurants with a provider's credentials (a row with a merchant id). */
    withProvider: () =>
      q
        .selectFrom('payment_accounts')
        .selectAll()
        .where((eb) =>
          eb.or([eb('payme_merchant_id', 'is not', null), eb('click_service_id', 'is not', null)]),
        )
        .execute(),

    /** Every row with a sealed value (`pnpm rotate-secrets` seals them again). */
    sealed: () =>
      q
        .selectFrom('payment_accounts')
        .selectAll()
        .where((eb) => eb.or([eb('payme_key_enc', 'is not', null), eb('click_secret_enc', 'is not', null)]))
        .execute(),
  };
}

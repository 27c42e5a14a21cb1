/**
 * Paying the table's bill from the phone (docs/PAYMENTS.md): the bill, the payment copied on its
 * orders, the checkout, the admin's merchant credentials (secrets are taken, never answered) and
 * the daily reconciliation. Every amount here is an integer number of tiyin (1 so'm = 100 tiyin).
 */
import { z } from 'zod';
import { id, plainString } from './fields';

export const PAYMENT_METHODS = ['payme', 'click'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An amount in tiyin: a whole number, never a fraction of so'm in a float. */
export const tiyin = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A bill's payment as its orders carry it: `refunded` after a cancel after payment. */
export const orderPayment = z.object({
  status: z.enum(['paid', 'refunded']),
  method: z.enum(PAYMENT_METHODS),
  amount: tiyin,
  at: z.string(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/**
 * The bill's payment on its way into the POS as an external payment (docs/PAYMENTS.md, "Into the
 * POS"): `waiting` / `pending` (on its way), `recorded` (paid in the POS), `failed` (the POS down:
 * tried again; or a refused token: the staff told), `refused` (the POS said no), `cancelled` (the
 * payment was cancelled before it went).
 */
export const PAYMENT_POS_STATES = [
  'waiting',
  'pending',
  'recorded',
  'failed',
  'refused',
  'cancelled',
] as const;
export const paymentPos = z.object({
  state: z.enum(PAYMENT_POS_STATES),
  /** Why it did not go (the POS's words or ours); null when it went. */
  reason: z.string().nullable(),
});
export type PaymentPos = z.infer<typeof paymentPos>;

/**
 * `open`: to pay; `paid`; `refunded`: its payment was cancelled after it was made (its orders went
 * back to the table's next bill); `closed`: the staff closed the table (paid at the till).
 */
export const BILL_STATUSES = ['open', 'paid', 'refunded', 'closed'] as const;

/** A table's bill: the orders it covers since the table was last closed, and their amount. */
export const bill = z.object({
  _id: z.string(),
  table: z.string(),
  amount: tiyin,
  status: z.enum(BILL_STATUSES),
  paid_method: z.enum(PAYMENT_METHODS).nullable(),
  paid_at: z.string().nullable(),
  /**
   * `amount`: what the bill counts for the order: the POS's amount when the POS took it
   * (`menu_amount` then says the menu's, when it differs), else the menu's.
   */
  orders: z.array(
    z.object({ _id: z.string(), number: z.number().int(), amount: tiyin, menu_amount: tiyin.nullable() }),
  ),
  /** The methods this restaurant set up (none: no «To'lash»). */
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export type Bill = z.infer<typeof bill>;

/** The guest opens the bill from their order's page (the order's key proves it). */
export const billBody = z.strictObject({ order_id: id, key: plainString().min(1).max(100) });
export const checkoutBody = billBody.extend({ method: z.enum(PAYMENT_METHODS) });
export const checkout = z.object({ url: z.string(), amount: tiyin });

const secret = plainString().trim().min(1).max(200);
const merchantId = plainString().trim().min(1).max(64);

/** What the admin sees of a restaurant's merchant credentials: never a secret. */
export const paymentSettings = z.object({
  payme: z.object({ merchant_id: z.string().nullable(), key_set: z.boolean() }),
  click: z.object({
    service_id: z.string().nullable(),
    merchant_id: z.string().nullable(),
    secret_set: z.boolean(),
  }),
});
export type PaymentSettings = z.infer<typeof paymentSettings>;

/**
 * A change of the credentials: a provider's object sets it (a secret left out keeps the saved
 * one), `null` switches the provider off and forgets its secret.
 */
export const paymentSettingsBody = z.strictObject({
  payme: z.strictObject({ merchant_id: merchantId, key: secret.optional() }).nullable().optional(),
  click: z
    .strictObject({ service_id: merchantId, merchant_id: merchantId, secret_key: secret.optional() })
    .nullable()
    .optional(),
});
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

/** A transaction as the provider lists it for a day (Payme's GetStatement's fields). */
export const providerStatementEntry = z.object({
  id: plainString().min(1).max(64),
  amount: tiyin,
  state: z.number().int(),
});
export const reconcileBody = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  method: z.enum(PAYMENT_METHODS),
  transactions: z.array(providerStatementEntry).max(10_000),
});

/** One difference between ours and the provider's list. */
export const reconcileDifference = z.object({
  id: z.string(),
  problem: z.enum(['missing_here', 'missing_there', 'amount', 'state']),
  ours: z.object({ amount: tiyin, state: z.number().int() }).nullable(),
  theirs: z.object({ amount: tiyin, state: z.number().int() }).nullable(),
});
export const reconciliation = z.object({
  day: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** Ours: performed (or completed) in the day, less refunds. */
  total: tiyin,
  count: z.number().int(),
  differences: z.array(reconcileDifference),
});
export type Reconciliation = z.infer<typeof reconciliation>;

export const paymentAnswers = {
  bill: z.object({ data: bill }),
  /** A table closed by the staff: its bill, or null when it had nothing to close. */
  closedBill: z.object({ data: bill.nullable() }),
  checkout: z.object({ data: checkout }),
  paymentSettings: z.object({ data: paymentSettings }),
  reconciliation: z.object({ data: reconciliation }),
} as const;

/**
 * Paying the table's bill from the phone (docs/PAYMENTS.md): the bill, the payment copied on its
 * orders, the checkout, the admin's merchant credentials (secrets are taken, never answered) and
 * the daily statement (reconciliation). Every amount here is an integer number of tiyin (1 so'm = 100 tiyin).
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
export type BillStatus = (typeof BILL_STATUSES)[number];

/** A table's bill: the orders it covers since the table was last closed, and their amount. */
export const bill = z.object({
  _id: z.string(),
  table: z.string(),
  amount: tiyin,
  status: z.enum(BILL_STATUSES),
  paid_method: z.enum(PAYMENT_METHODS).nullable(),
  paid_at: z.string().nullable(),
  /**
   * The bill's orders by their day's number, never their ids: a guest reads this bill, and another
   * guest's order id is theirs alone (with it an order could be named where only its own guest
   * should). `amount`: what the bill counts for the order: the POS's amount when the POS took it
   * (`menu_amount` then says the menu's, when it differs), else the menu's.
   */
  orders: z.array(z.object({ number: z.number().int(), amount: tiyin, menu_amount: tiyin.nullable() })),
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

/**
 * An admin ends the payments holding a table's bill (docs/PAYMENTS.md, "A hold that ends"): a
 * payment begun and never finished, so the staff can close the table. The reason is recorded.
 */
export const HOLD_RELEASE_REASON_MAX = 300;
export const releaseHoldBody = z.strictObject({
  placement_id: id,
  reason: plainString().trim().min(1).max(HOLD_RELEASE_REASON_MAX),
});
export type ReleaseHoldBody = z.infer<typeof releaseHoldBody>;
/** The payments released: the provider's transaction id of each. */
export const releasedHolds = z.object({
  released: z.array(z.object({ method: z.enum(PAYMENT_METHODS), transaction: z.string() })),
});
export type ReleasedHolds = z.infer<typeof releasedHolds>;

/** A transaction as the provider lists it for a day (Payme's GetStatement's fields). */
export const providerStatementEntry = z.object({
  id: plainString().min(1).max(64),
  amount: tiyin,
  state: z.number().int(),
});
export type ProviderStatementEntry = z.infer<typeof providerStatementEntry>;
/** The most entries a provider's list of a day may hold. */
export const PROVIDER_STATEMENT_MAX = 10_000;
export const providerStatement = z.array(providerStatementEntry).max(PROVIDER_STATEMENT_MAX);

/** A Tashkent day, `YYYY-MM-DD`, a date that exists. */
export const statementDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(d);
  }, 'Not a date');

export const reconcileBody = z.strictObject({
  day: statementDay,
  method: z.enum(PAYMENT_METHODS),
  transactions: providerStatement,
});
export type ReconcileBody = z.infer<typeof reconcileBody>;

/**
 * What a statement's difference says (docs/PAYMENTS.md, "Reconciliation"). Against the provider's
 * list: `missing_here` (only theirs), `missing_there` (only ours), `amount`, `state`. From our own
 * records: `bill_not_paid` (a payment performed, its bill not paid by it), `bill_amount` (its amount
 * is not its bill's), `no_transaction` (a bill paid from the phone without a performed payment),
 * `timed_out` (a Payme payment still created, past Payme's 12 hours), `pos_not_received` (the POS
 * has not got the payment: refused, failed, or stuck on its way).
 */
export const STATEMENT_PROBLEMS = [
  'missing_here',
  'missing_there',
  'amount',
  'state',
  'bill_not_paid',
  'bill_amount',
  'no_transaction',
  'timed_out',
  'pos_not_received',
] as const;
export type StatementProblem = (typeof STATEMENT_PROBLEMS)[number];

/** A transaction's amount (tiyin) and state on Payme's scale (Click's put on it: 1, 2, -1, -2). */
const entryState = z.object({ amount: tiyin, state: z.number().int() });

/** One difference of a day: which transaction (or bill), what is wrong, ours against theirs. */
export const statementDifference = z.object({
  /** The provider's transaction id (Payme's id, Click's `click_trans_id`); a bill's id for `no_transaction`. */
  id: z.string(),
  problem: z.enum(STATEMENT_PROBLEMS),
  ours: entryState.nullable(),
  theirs: entryState.nullable(),
  /** The bill the payment is for, as we have it (null when unknown: only the provider's). */
  bill: z.object({ id: z.string(), amount: tiyin, status: z.enum(BILL_STATUSES) }).nullable(),
  /** Why the POS has not got it (`pos_not_received`); null otherwise. */
  reason: z.string().nullable(),
});
export type StatementDifference = z.infer<typeof statementDifference>;

/** A restaurant's statement of a Tashkent day for one method. */
export const paymentStatement = z.object({
  day: z.string(),
  method: z.enum(PAYMENT_METHODS),
  /** Ours: payments performed (completed) that day and still standing, and their total. */
  count: z.number().int(),
  total: tiyin,
  /** Ours: the day's payments cancelled after they were made, and their total. */
  refunds: z.number().int(),
  refunds_total: tiyin,
  difference_count: z.number().int(),
  differences: z.array(statementDifference),
  /** How many transactions the provider's list held (null: not added) and when it was added. */
  provider_count: z.number().int().nullable(),
  provider_at: z.string().nullable(),
  built_at: z.string(),
});
export type PaymentStatement = z.infer<typeof paymentStatement>;
/** The names of 5.7 (the reconcile answer before the statement was stored), kept for builds against it. */
export const reconcileDifference = statementDifference;
export const reconciliation = paymentStatement;

/** A line of the list of days: the statement without its differences (their number is there). */
export const paymentStatementLine = paymentStatement.omit({ differences: true });
export type PaymentStatementLine = z.infer<typeof paymentStatementLine>;

/** Lines a page of the list of days holds (the kit's page size). */
export const STATEMENTS_PAGE_SIZE = 10;
/** `?page=` of the list of days (from 1; a page is the kit's page size of lines, newest first). */
export const statementsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const statementDayParams = z.object({ id, day: statementDay });

export const paymentAnswers = {
  bill: z.object({ data: bill }),
  /** A table closed by the staff: its bill, or null when it had nothing to close. */
  closedBill: z.object({ data: bill.nullable() }),
  checkout: z.object({ data: checkout }),
  releasedHolds: z.object({ data: releasedHolds }),
  paymentSettings: z.object({ data: paymentSettings }),
  statement: z.object({ data: paymentStatement }),
  /** 5.7's name of `statement`. */
  reconciliation: z.object({ data: paymentStatement }),
  /** A day's statements, one per method the restaurant takes. */
  dayStatements: z.object({ data: z.array(paymentStatement) }),
  statements: z.object({ data: z.array(paymentStatementLine), count: z.number().int() }),
} as const;

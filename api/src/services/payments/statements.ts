/**
 * The payments' daily statement (docs/PAYMENTS.md, "Reconciliation"): per restaurant, Tashkent
 * day and method, our count and total of payments performed, the refunds, and every difference:
 * those our own records show without the provider (a payment performed whose bill is not paid by
 * it or has another amount, a bill paid from the phone without a performed payment, a Payme
 * payment still created past Payme's 12 hours, a payment the POS has not got) and, once the admin
 * added the provider's list of the day, those against it (reconcile.ts). Built by the nightly run
 * for the day before, or on demand; a rebuild replaces the day's row, and the staff's chat is told
 * of a day's differences once.
 */
import type {
  BillStatus,
  PaymentMethod,
  PaymentStatement,
  PaymentStatementLine,
  ProviderStatementEntry,
  StatementDifference,
} from '@qrmenu/shared/schemas';
import { STATEMENTS_PAGE_SIZE } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { PaymentStatementRow } from '../../db';
import { now } from '../../db';
import { conflict, invalid, notFound } from '../../domain/errors';
import type { PaymentsContext } from './context';
import { configuredMethods } from './credentials';
import { PAYME_TIMEOUT_MS } from './payme';
import { againstProvider, DAY_MS, type OurEntry, ours, tashkentDay, tashkentDayOf } from './reconcile';
import { tellChat } from './settle';

/** A payment still on its way into the POS this long after it was queued is stuck. */
const POS_STUCK_MS = 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** What our own records show wrong about the day's payments, without the provider. */
async function ownDifferences(
  ctx: PaymentsContext,
  restaurantId: string,
  method: PaymentMethod,
  day: string,
  mine: readonly OurEntry[],
): Promise<StatementDifference[]> {
  const { repos } = ctx;
  const at = ctx.settings.clock();
  const { from, to } = tashkentDay(day);
  const paidThatDay = (await repos.bills.paidBetween(restaurantId, iso(from), iso(to + 1))).filter(
    (b) => b.status === 'paid' && b.paid_method === method,
  );
  const bills = new Map(
    (await repos.bills.findMany([...new Set(mine.map((o) => o.billId))])).map((b) => [b.id, b]),
  );
  const out: StatementDifference[] = [];
  const billOf = (id: string) => {
    const b = bills.get(id);
    return b ? { id: b.id, amount: b.amount, status: b.status as BillStatus } : null;
  };
  const push = (o: OurEntry, problem: StatementDifference['problem'], reason: string | null = null) =>
    out.push({
      id: o.id,
      problem,
      ours: { amount: o.amount, state: o.state },
      theirs: null,
      bill: billOf(o.billId),
      reason,
    });

  const performed = mine.filter((o) => o.state === 2);
  for (const o of performed) {
    const bill = bills.get(o.billId);
    if (bill?.status !== 'paid' || bill.paid_method !== method) push(o, 'bill_not_paid');
    else if (bill.amount !== o.amount) push(o, 'bill_amount');
  }
  for (const o of mine) {
    if (method === 'payme' && o.state === 1 && at - o.time > PAYME_TIMEOUT_MS) push(o, 'timed_out');
  }
  for (const bill of paidThatDay) {
    const held =
      method === 'payme'
        ? (await repos.paymeTransactions.activeOfBill(restaurantId, bill.id)).some((p) => p.state === 2)
        : (await repos.clickTransactions.activeOfBill(restaurantId, bill.id)).some(
            (c) => c.status === 'completed',
          );
    if (!held)
      out.push({
        id: bill.id,
        problem: 'no_transaction',
        ours: null,
        theirs: null,
        bill: { id: bill.id, amount: bill.amount, status: 'paid' },
        reason: null,
      });
  }
  // the POS's copy of each payment performed that day (docs/PAYMENTS.md, "Into the POS")
  const byBill = new Map(performed.map((o) => [o.billId, o]));
  for (const row of await repos.paymentPos.ofBills([...byBill.keys()])) {
    const o = byBill.get(row.bill_id);
    if (!o || row.method !== method) continue;
    const stuck =
      (row.state === 'waiting' || row.state === 'pending') && at - Date.parse(row.created_at) > POS_STUCK_MS;
    if (row.state === 'failed' || row.state === 'refused' || stuck)
      push(o, 'pos_not_received', row.reason ?? t.payments.statements.posStuck);
  }
  return out;
}

const parseList = <T>(json: string | null): T[] | null => (json === null ? null : (JSON.parse(json) as T[]));

function lineOf(row: Omit<PaymentStatementRow, 'differences'>): PaymentStatementLine {
  return {
    day: row.day,
    method: row.method as PaymentMethod,
    count: row.count,
    total: row.total,
    refunds: row.refunds,
    refunds_total: row.refunds_total,
    difference_count: row.difference_count,
    provider_count: parseList(row.provider)?.length ?? null,
    provider_at: row.provider_at,
    built_at: row.built_at,
  };
}

const statementOf = (row: PaymentStatementRow): PaymentStatement => ({
  ...lineOf(row),
  differences: parseList<StatementDifference>(row.differences) ?? [],
});

/**
 * Builds (or rebuilds) a day's statement of one method and stores it. `provider`: the provider's
 * list just added; left out, the list stored with the day (if any) is compared again.
 * `skipEmpty`: a day without a transaction or a difference is not stored (the nightly run: no
 * line of zeros per restaurant and night); answers null then.
 */
export async function buildStatement(
  ctx: PaymentsContext,
  restaurantId: string,
  day: string,
  method: PaymentMethod,
  options: { provider?: ProviderStatementEntry[]; skipEmpty?: boolean } = {},
): Promise<PaymentStatement | null> {
  const { provider } = options;
  const mine = await ours(ctx, restaurantId, method, day);
  const own = await ownDifferences(ctx, restaurantId, method, day, mine);
  if (options.skipEmpty && mine.length === 0 && own.length === 0) return null;
  const at = now();
  return ctx.repos.transaction(async (trx) => {
    const stored = await trx.paymentStatements.find(restaurantId, day, method);
    const theirs = provider ?? parseList<ProviderStatementEntry>(stored?.provider ?? null);
    const differences = [...(theirs ? againstProvider(mine, theirs) : []), ...own];
    const standing = mine.filter((o) => o.state === 2);
    const refunded = mine.filter((o) => o.state === -2);
    await trx.paymentStatements.put(
      {
        restaurant_id: restaurantId,
        day,
        method,
        count: standing.length,
        total: standing.reduce((s, o) => s + o.amount, 0),
        refunds: refunded.length,
        refunds_total: refunded.reduce((s, o) => s + o.amount, 0),
        difference_count: differences.length,
        differences: JSON.stringify(differences),
        provider: theirs ? JSON.stringify(theirs) : null,
        provider_at: provider ? at : (stored?.provider_at ?? null),
        built_at: at,
      },
      !provider,
    );
    // the staff hear of a day's differences once, however often it is rebuilt
    if (differences.length > 0 && (await trx.paymentStatements.markNotified(restaurantId, day, method, at))) {
      const name = t.payments.methods[method] ?? method;
      await tellChat(
        trx,
        restaurantId,
        `statement:${day}:${method}`,
        t.payments.statements.alert(day, name, differences.length),
        at,
      );
    }
    const row = await trx.paymentStatements.find(restaurantId, day, method);
    if (!row) throw new Error('statement not stored');
    return statementOf(row);
  });
}

async function mustExist(ctx: PaymentsContext, restaurantId: string): Promise<void> {
  if (!(await ctx.repos.restaurants.exists(restaurantId))) throw notFound('Restaurant not found');
}

/** A page of a restaurant's statements, newest day first. */
export async function statementLines(
  ctx: PaymentsContext,
  restaurantId: string,
  page: number,
): Promise<{ data: PaymentStatementLine[]; count: number }> {
  await mustExist(ctx, restaurantId);
  const { rows, count } = await ctx.repos.paymentStatements.page(
    restaurantId,
    (page - 1) * STATEMENTS_PAGE_SIZE,
    STATEMENTS_PAGE_SIZE,
  );
  return { data: rows.map(lineOf), count };
}

/** A day's statements (one per method built), with their differences; 404 when none was built. */
export async function dayStatements(
  ctx: PaymentsContext,
  restaurantId: string,
  day: string,
): Promise<PaymentStatement[]> {
  await mustExist(ctx, restaurantId);
  const rows = await ctx.repos.paymentStatements.ofDay(restaurantId, day);
  if (rows.length === 0) throw notFound('No statement for this day');
  return rows.map(statementOf);
}

/** «Hisobotni yangilash»: the day built again now, for each method the restaurant takes. */
export async function rebuildDay(
  ctx: PaymentsContext,
  restaurantId: string,
  day: string,
): Promise<PaymentStatement[]> {
  await mustExist(ctx, restaurantId);
  if (day > tashkentDayOf(ctx.settings.clock()).day)
    throw invalid('The day has not come yet', [{ path: 'day', message: 'future' }]);
  const methods = await configuredMethods(ctx, restaurantId);
  if (methods.length === 0) throw conflict('No payment provider is set up for this restaurant');
  for (const method of methods) await buildStatement(ctx, restaurantId, day, method);
  return (await ctx.repos.paymentStatements.ofDay(restaurantId, day)).map(statementOf);
}

/** The provider's list of a day added to its statement: compared, stored with the day. */
export async function reconcile(
  ctx: PaymentsContext,
  restaurantId: string,
  body: { day: string; method: PaymentMethod; transactions: ProviderStatementEntry[] },
): Promise<PaymentStatement> {
  await mustExist(ctx, restaurantId);
  const built = await buildStatement(ctx, restaurantId, body.day, body.method, {
    provider: body.transactions,
  });
  if (!built) throw new Error('statement not stored');
  return built;
}

/** Tashkent's hour from which the nightly run builds the day before. */
export const STATEMENT_HOUR = 1;

/**
 * The nightly run: once Tashkent's clock is past `STATEMENT_HOUR`, yesterday's statement of every
 * restaurant with a payment provider, for each method it takes, unless it was built already (a
 * day without payments is not stored).
 * Answers the day it saw to (null: not yet time, or a build failed), which the caller passes back
 * as `seen`: that day is not looked at again.
 */
export async function buildNight(ctx: PaymentsContext, seen?: string): Promise<string | null> {
  const clock = ctx.settings.clock();
  if (tashkentDayOf(clock).hour < STATEMENT_HOUR) return null;
  const { day } = tashkentDayOf(clock - DAY_MS);
  if (day === seen) return day;
  let failed = false;
  for (const account of await ctx.repos.paymentAccounts.withProvider()) {
    const id = account.restaurant_id;
    for (const method of await configuredMethods(ctx, id)) {
      if (await ctx.repos.paymentStatements.find(id, day, method)) continue;
      try {
        await buildStatement(ctx, id, day, method, { skipEmpty: true });
      } catch (err) {
        // one restaurant's failure does not stop the others'; the next look tries it again
        ctx.log.warn({ restaurantId: id, day, method, err: (err as Error).message }, 'statement not built');
        failed = true;
      }
    }
  }
  return failed ? null : day;
}

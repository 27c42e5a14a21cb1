/**
 * Ours against the provider's (docs/PAYMENTS.md, "Reconciliation"): a restaurant's transactions of
 * a Tashkent day as we recorded them, and the provider's list of the same day (Payme's
 * GetStatement fields: id, amount in tiyin, state): one only we have, one only they have, another
 * amount, another state. Click's states are put on Payme's scale (prepared 1, completed 2,
 * cancelled -1; a cancel after completion -2) so one rule compares both.
 */
import type { PaymentMethod, ProviderStatementEntry, StatementDifference } from '@qrmenu/shared/schemas';
import type { PaymentsContext } from './context';

export const DAY_MS = 86_400_000;
const TASHKENT_MS = 5 * 3_600_000;

/** The day's bounds in ms: Tashkent midnight to midnight. */
export function tashkentDay(day: string): { from: number; to: number } {
  const from = Date.parse(`${day}T00:00:00.000Z`) - TASHKENT_MS;
  return { from, to: from + DAY_MS - 1 };
}

/** The Tashkent day (`YYYY-MM-DD`) and hour of a moment. */
export function tashkentDayOf(ms: number): { day: string; hour: number } {
  const local = new Date(ms + TASHKENT_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/** One of our transactions of the day, with the bill it is for. */
export interface OurEntry extends ProviderStatementEntry {
  billId: string;
  /** When it was made (ms): Payme's `time`, Click's Prepare. */
  time: number;
}

/** Our transactions of the day: Payme's by Payme's `time` (GetStatement's period), Click's by Prepare. */
export async function ours(
  ctx: PaymentsContext,
  restaurantId: string,
  method: PaymentMethod,
  day: string,
): Promise<OurEntry[]> {
  const { from, to } = tashkentDay(day);
  if (method === 'payme') {
    return (await ctx.repos.paymeTransactions.statement(restaurantId, from, to)).map((t) => ({
      id: t.id,
      amount: t.amount,
      state: t.state,
      billId: t.bill_id,
      time: t.time,
    }));
  }
  const rows = await ctx.repos.clickTransactions.between(
    restaurantId,
    new Date(from).toISOString(),
    new Date(to + 1).toISOString(),
  );
  return rows.map((t) => ({
    id: t.click_trans_id,
    amount: t.amount,
    state: t.status === 'completed' ? 2 : t.status === 'prepared' ? 1 : t.completed_at ? -2 : -1,
    billId: t.bill_id,
    time: Date.parse(t.created_at),
  }));
}

/** Every difference between our transactions of a day and the provider's list of it. */
export function againstProvider(
  mine: readonly ProviderStatementEntry[],
  provider: readonly ProviderStatementEntry[],
): StatementDifference[] {
  const theirs = new Map(provider.map((t) => [t.id, t]));
  const differences: StatementDifference[] = [];
  const difference = (
    id: string,
    problem: StatementDifference['problem'],
    o: ProviderStatementEntry | undefined,
    t: ProviderStatementEntry | undefined,
  ) =>
    differences.push({
      id,
      problem,
      ours: o ? { amount: o.amount, state: o.state } : null,
      theirs: t ? { amount: t.amount, state: t.state } : null,
      bill: null,
      reason: null,
    });
  for (const o of mine) {
    const t = theirs.get(o.id);
    theirs.delete(o.id);
    if (!t) difference(o.id, 'missing_there', o, t);
    else if (t.amount !== o.amount) difference(o.id, 'amount', o, t);
    else if (t.state !== o.state) difference(o.id, 'state', o, t);
  }
  for (const t of theirs.values()) difference(t.id, 'missing_here', undefined, t);
  return differences;
}

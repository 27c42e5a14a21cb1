/**
 * The daily reconciliation (docs/PAYMENTS.md, "Reconciliation"): a restaurant's transactions of a
 * Tashkent day as we recorded them, against the provider's list of the same day (Payme's
 * GetStatement fields: id, amount in tiyin, state), and every difference: one only we have, one
 * only they have, another amount, another state. Click's states are put on Payme's scale
 * (prepared 1, completed 2, cancelled -1; a cancel after completion -2) so one rule compares both.
 */
import type { PaymentMethod, Reconciliation } from '@qrmenu/shared/schemas';
import type { PaymentsContext } from './context';

const DAY_MS = 86_400_000;
const TASHKENT_MS = 5 * 3_600_000;

/** The day's bounds in ms: Tashkent midnight to midnight. */
export function tashkentDay(day: string): { from: number; to: number } {
  const from = Date.parse(`${day}T00:00:00.000Z`) - TASHKENT_MS;
  return { from, to: from + DAY_MS - 1 };
}

interface Entry {
  id: string;
  amount: number;
  state: number;
}

async function ours(
  ctx: PaymentsContext,
  restaurantId: string,
  method: PaymentMethod,
  day: string,
): Promise<Entry[]> {
  const { from, to } = tashkentDay(day);
  if (method === 'payme') {
    return (await ctx.repos.paymeTransactions.statement(restaurantId, from, to)).map((t) => ({
      id: t.id,
      amount: t.amount,
      state: t.state,
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
  }));
}

export async function reconcile(
  ctx: PaymentsContext,
  restaurantId: string,
  body: { day: string; method: PaymentMethod; transactions: Entry[] },
): Promise<Reconciliation> {
  const mine = await ours(ctx, restaurantId, body.method, body.day);
  const theirs = new Map(body.transactions.map((t) => [t.id, t]));
  const differences: Reconciliation['differences'] = [];
  for (const o of mine) {
    const t = theirs.get(o.id);
    theirs.delete(o.id);
    const pair = {
      ours: { amount: o.amount, state: o.state },
      theirs: t ? { amount: t.amount, state: t.state } : null,
    };
    if (!t) differences.push({ id: o.id, problem: 'missing_there', ...pair });
    else if (t.amount !== o.amount) differences.push({ id: o.id, problem: 'amount', ...pair });
    else if (t.state !== o.state) differences.push({ id: o.id, problem: 'state', ...pair });
  }
  for (const t of theirs.values())
    differences.push({
      id: t.id,
      problem: 'missing_here',
      ours: null,
      theirs: { amount: t.amount, state: t.state },
    });
  const performed = mine.filter((o) => o.state === 2);
  return {
    day: body.day,
    method: body.method,
    total: performed.reduce((s, o) => s + o.amount, 0),
    count: performed.length,
    differences,
  };
}

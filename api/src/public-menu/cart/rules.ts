/**
 * An option's rule, read one way by the guest's sheet and by the server (services/orders/
 * pricing.ts), as `unitPrice` is added up one way (price.ts): the guest chooses at least `min`
 * and at most `max` portions of the option's rows in all, each row at most its own `max` times
 * (docs/PRODUCT.md, "Options and their rules").
 *
 * The rows are the ones offered now (the POS's stop-list hides some): the minimum never asks for
 * more than they can give, so an option whose rows ran short asks for all there are rather than
 * for what cannot be chosen (its rule was checked against all its rows when it was written).
 */
export interface RuledRow {
  id: string;
  /** Times it may be taken on one dish. */
  max: number;
}

export interface RuledOption {
  min: number;
  max: number;
  rows: readonly RuledRow[];
}

/** The minimum the option's offered rows can meet. */
export const minOf = (o: RuledOption): number =>
  Math.min(
    o.min,
    o.rows.reduce((n, r) => n + r.max, 0),
  );

/** Whether the counts chosen (`count(rowId)`: 0 when not chosen) keep the option's rule. */
export function keepsRule(o: RuledOption, count: (rowId: string) => number): boolean {
  let total = 0;
  for (const r of o.rows) {
    const n = count(r.id);
    if (n > r.max) return false;
    total += n;
  }
  return total >= minOf(o) && total <= o.max;
}

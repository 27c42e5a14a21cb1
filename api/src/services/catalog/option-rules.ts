/**
 * The rules of options (docs/PRODUCT.md, "Options and their rules"): what a write of an option's
 * rule or of a row's limits must keep, and a source's rule fitted to its rows.
 *
 * A rule counts portions: an option takes from `min_choices` to `max_choices` portions of its rows
 * in all, each row at most `max_quantity` of them. So an option's rows can give at most the sum
 * of their maximums (its capacity), and a minimum above that could never be met: it is refused
 * when written. An option without rows may take any rule (it is not offered until it has rows);
 * a row deleted afterwards, or one the POS stops, leaves the rule asking for what there is
 * (public-menu/cart/rules.ts `minOf`), never for what cannot be chosen.
 */
import { OPTION_LIMITS, type OptionRuleError, optionRuleMessage } from '@qrmenu/shared/schemas';
import { type DomainError, invalid } from '../../domain/errors';

/** A row's limits as the checks read them. */
export interface RowLimits {
  max_quantity: number;
  is_default: boolean;
}

/** The refusal of a rule on `field`, its reason a code the back office words (texts.ts). */
export const ruleRefused = (field: string, code: OptionRuleError): DomainError =>
  invalid("The option's rule cannot be met", [{ path: field, message: optionRuleMessage(code) }]);

/** What an option's rows can give at most. */
export const capacityOf = (rows: readonly RowLimits[]): number =>
  rows.reduce((n, r) => n + r.max_quantity, 0);

/**
 * Refuses a rule its rows cannot keep: a minimum above its maximum, a minimum above what the rows
 * can give, more default rows than it takes. `field`: where a refusal of the minimum is said.
 */
export function checkRule(
  rule: { min_choices: number; max_choices: number },
  rows: readonly RowLimits[],
  fields: { min: string; defaults: string } = { min: 'min_choices', defaults: 'max_choices' },
): void {
  if (rule.min_choices > rule.max_choices) throw ruleRefused(fields.min, 'min_above_max');
  if (rows.length > 0 && rule.min_choices > capacityOf(rows)) throw ruleRefused(fields.min, 'above_rows');
  if (rows.filter((r) => r.is_default).length > rule.max_choices)
    throw ruleRefused(fields.defaults, 'defaults_above_max');
}

const whole = (n: number | undefined, min: number, max: number, fallback: number): number =>
  n === undefined || !Number.isFinite(n) ? fallback : Math.min(max, Math.max(min, Math.trunc(n)));

/** A source's rule and limits as it sends them (the neutral menu's, each optional). */
export interface SourceRule {
  min_choices?: number | undefined;
  max_choices?: number | undefined;
  rows: readonly {
    max_quantity?: number | undefined;
    free_quantity?: number | undefined;
    is_default?: boolean | undefined;
  }[];
}

/**
 * A source's rule made one that can be kept, as the back office would accept it: whole numbers
 * within the limits, a row's free portions no more than it may be taken, the minimum no more than
 * the maximum and what the rows can give, default rows no more than the option takes (the first
 * ones kept). A source that gives no rule (the JSON feed without one) gets none: `rule` is
 * undefined and a sync leaves the option's rule as it is; so for rows.
 */
export function fitSourceRule(option: SourceRule): {
  rule?: { min_choices: number; max_choices: number };
  rows: ({ max_quantity: number; free_quantity: number; is_default: boolean } | undefined)[];
} {
  const rows = option.rows.map((r) => {
    if (r.max_quantity === undefined && r.free_quantity === undefined && r.is_default === undefined)
      return undefined;
    const max_quantity = whole(r.max_quantity, 1, OPTION_LIMITS.rowQuantity, 1);
    return {
      max_quantity,
      free_quantity: whole(r.free_quantity, 0, max_quantity, 0),
      is_default: r.is_default === true,
    };
  });
  if (option.min_choices === undefined && option.max_choices === undefined) return { rows };
  const max_choices = whole(option.max_choices, 1, OPTION_LIMITS.choices, 1);
  const capacity = capacityOf(rows.map((r) => r ?? { max_quantity: 1, is_default: false }));
  const min_choices = whole(option.min_choices, 0, Math.min(max_choices, capacity || max_choices), 0);
  let defaults = 0;
  for (const r of rows) {
    if (!r?.is_default) continue;
    if (defaults < max_choices) defaults++;
    else r.is_default = false;
  }
  return { rule: { min_choices, max_choices }, rows };
}

import type { OptionRow } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { formatSom, t } from '@qrmenu/shared/texts';
import { type RowHandlers, SortableRows } from '../common/SortableRows';

/** A row's limits when it has any: «2 martagacha», «1 tasi bepul», «Oldindan tanlangan». */
const limitsOf = (r: OptionRow) =>
  [
    r.max_quantity > 1 ? t.optionRules.rowUpTo(r.max_quantity) : '',
    r.free_quantity > 0 ? t.optionRules.rowFree(r.free_quantity) : '',
    r.is_default ? t.fields.is_default : '',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The rows of an option in their order ("Kichik / O'rta / Katta"): handle, name, price in so'm
 * rounded down, Yuqoriga/Pastga, Tahrirlash / O'chirish.
 */
export function OptionRowList({ rows, ...handlers }: { rows: OptionRow[] } & RowHandlers<OptionRow>) {
  return (
    <SortableRows
      items={rows}
      label={(r) => r.name}
      {...handlers}
      testId="option-row-list"
      rowTestId="option-row-item"
      translated={TRANSLATED_FIELDS.optionRow}
      name={(r) => (
        <span className="row-title">
          <span className="row-name">{r.name}</span>
          {limitsOf(r) ? <span className="row-rule">{limitsOf(r)}</span> : null}
        </span>
      )}
    >
      {(r) => (
        <span className="row-nowrap" data-testid="option-row-price">
          {formatSom(r.price)}
        </span>
      )}
    </SortableRows>
  );
}

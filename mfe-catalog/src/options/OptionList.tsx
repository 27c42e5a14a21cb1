import type { RolePaths } from '@qrmenu/shared/paths';
import type { ProductOption } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { optionRuleLabel, t } from '@qrmenu/shared/texts';
import { type RowHandlers, SortableRows } from '../common/SortableRows';

/** What the rows page shows of the option it came from (its address carries only the id). */
export interface OptionRowsState {
  optionName?: string;
}

/**
 * The options of a product in their order: handle, name with its rule under it («Bittasini
 * tanlash shart», «3 tagacha»), Yuqoriga/Pastga, then Variantlar / Tahrirlash / O'chirish
 * (wrapping on a phone).
 */
export function OptionList({
  options,
  paths,
  ...handlers
}: { options: ProductOption[]; paths: RolePaths } & RowHandlers<ProductOption>) {
  return (
    <SortableRows
      items={options}
      label={(o) => o.name}
      {...handlers}
      testId="option-list"
      rowTestId="option-row"
      open={{
        text: t.optionRows,
        to: (o) => paths.optionRows({ optionId: o._id }),
        state: (o): OptionRowsState => ({ optionName: o.name }),
      }}
      translated={TRANSLATED_FIELDS.option}
      name={(o) => (
        <span className="row-title">
          <span className="row-name">{o.name}</span>
          <span className="row-rule">{optionRuleLabel(o.min_choices, o.max_choices)}</span>
        </span>
      )}
    />
  );
}

import type { RolePaths } from '@qrmenu/shared/paths';
import type { ProductOption } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
import { optionRuleLabel, t } from '@qrmenu/shared/texts';
import { useNavigate } from 'react-router-dom';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';

/** What the rows page shows of the option it came from (its address carries only the id). */
export interface OptionRowsState {
  optionName?: string;
}

const LIST_CSS = { ...ROW_LIST_CSS, ...SORTABLE_CSS };

/**
 * The options of a product in their order: handle, name with its rule under it («Bittasini
 * tanlash shart», «3 tagacha»), Yuqoriga/Pastga, then Variantlar / Tahrirlash / O'chirish
 * (wrapping on a phone).
 */
export function OptionList({
  options,
  paths,
  onEdit,
  onDelete,
  onMove,
}: {
  options: ProductOption[];
  paths: RolePaths;
  onEdit: (o: ProductOption) => void;
  onDelete: (o: ProductOption) => void;
  onMove: (o: ProductOption, to: number) => void;
}) {
  const navigate = useNavigate();
  return (
    <LightRows as="ul" css={LIST_CSS} data-testid="option-list">
      <SortableList items={options} label={(o) => o.name} onMove={onMove}>
        {(o, i, row) => (
          <li {...row.rootProps} data-testid="option-row">
            {row.handle}
            <span className="row-num">{i + 1}</span>
            <span className="row-title">
              <span className="row-name">{o.name}</span>
              <span className="row-rule">{optionRuleLabel(o.min_choices, o.max_choices)}</span>
            </span>
            <MissingTranslations fields={TRANSLATED_FIELDS.option} translations={o.translations} uzbek={o} />
            {row.moveButtons}
            <RowActions columns={3}>
              <RowAction
                tone="primary"
                onClick={() =>
                  navigate(paths.optionRows({ optionId: o._id }), {
                    state: { optionName: o.name } satisfies OptionRowsState,
                  })
                }
              >
                {t.optionRows}
              </RowAction>
              <RowAction onClick={() => onEdit(o)}>{t.edit}</RowAction>
              <RowAction tone="red" onClick={() => onDelete(o)}>
                {t.delete}
              </RowAction>
            </RowActions>
          </li>
        )}
      </SortableList>
    </LightRows>
  );
}

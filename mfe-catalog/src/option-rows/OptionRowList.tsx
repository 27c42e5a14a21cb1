import type { OptionRow } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
import { formatSom, t } from '@qrmenu/shared/texts';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';

const LIST_CSS = { ...ROW_LIST_CSS, ...SORTABLE_CSS };

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
export function OptionRowList({
  rows,
  onEdit,
  onDelete,
  onMove,
}: {
  rows: OptionRow[];
  onEdit: (r: OptionRow) => void;
  onDelete: (r: OptionRow) => void;
  onMove: (r: OptionRow, to: number) => void;
}) {
  return (
    <LightRows as="ul" css={LIST_CSS} data-testid="option-row-list">
      <SortableList items={rows} label={(r) => r.name} onMove={onMove}>
        {(r, i, row) => (
          <li {...row.rootProps} data-testid="option-row-item">
            {row.handle}
            <span className="row-num">{i + 1}</span>
            <span className="row-title">
              <span className="row-name">{r.name}</span>
              {limitsOf(r) ? <span className="row-rule">{limitsOf(r)}</span> : null}
            </span>
            <MissingTranslations
              fields={TRANSLATED_FIELDS.optionRow}
              translations={r.translations}
              uzbek={r}
            />
            <span className="row-nowrap" data-testid="option-row-price">
              {formatSom(r.price)}
            </span>
            {row.moveButtons}
            <RowActions columns={2}>
              <RowAction onClick={() => onEdit(r)}>{t.edit}</RowAction>
              <RowAction tone="red" onClick={() => onDelete(r)}>
                {t.delete}
              </RowAction>
            </RowActions>
          </li>
        )}
      </SortableList>
    </LightRows>
  );
}

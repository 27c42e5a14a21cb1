import type { OptionRow } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { formatSom, t } from '@qrmenu/shared/texts';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';

/** The rows of an option: name, price in so'm rounded down, Tahrirlash / O'chirish. */
export function OptionRowList({
  rows,
  onEdit,
  onDelete,
}: {
  rows: OptionRow[];
  onEdit: (r: OptionRow) => void;
  onDelete: (r: OptionRow) => void;
}) {
  return (
    <LightRows as="ul" css={ROW_LIST_CSS} data-testid="option-row-list">
      {rows.map((r, i) => (
        <li key={r._id} data-testid="option-row-item">
          <span className="row-num">{i + 1}</span>
          <span className="row-title row-name">{r.name}</span>
          <MissingTranslations fields={TRANSLATED_FIELDS.optionRow} translations={r.translations} uzbek={r} />
          <span className="row-nowrap" data-testid="option-row-price">
            {formatSom(r.price)}
          </span>
          <RowActions columns={2}>
            <RowAction onClick={() => onEdit(r)}>{t.edit}</RowAction>
            <RowAction tone="red" onClick={() => onDelete(r)}>
              {t.delete}
            </RowAction>
          </RowActions>
        </li>
      ))}
    </LightRows>
  );
}

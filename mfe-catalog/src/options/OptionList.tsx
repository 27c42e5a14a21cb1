import type { RolePaths } from '@qrmenu/shared/paths';
import type { ProductOption } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { useNavigate } from 'react-router-dom';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';

/** What the rows page shows of the option it came from (its address carries only the id). */
export interface OptionRowsState {
  optionName?: string;
}

/** The options of a product: name, then Variantlar / Tahrirlash / O'chirish (wrapping on a phone). */
export function OptionList({
  options,
  paths,
  onEdit,
  onDelete,
}: {
  options: ProductOption[];
  paths: RolePaths;
  onEdit: (o: ProductOption) => void;
  onDelete: (o: ProductOption) => void;
}) {
  const navigate = useNavigate();
  return (
    <LightRows as="ul" css={ROW_LIST_CSS} data-testid="option-list">
      {options.map((o, i) => (
        <li key={o._id} data-testid="option-row">
          <span className="row-num">{i + 1}</span>
          <span className="row-title row-name">{o.name}</span>
          <MissingTranslations fields={TRANSLATED_FIELDS.option} translations={o.translations} uzbek={o} />
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
      ))}
    </LightRows>
  );
}

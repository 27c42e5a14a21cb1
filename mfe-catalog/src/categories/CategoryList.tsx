import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateCategory } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { useNavigate } from 'react-router-dom';
import {
  LightRows,
  ROW_LIST_CSS,
  RowAction,
  RowActions,
  RowStatus,
  useStatusToggles,
} from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';

/**
 * The categories as a list of rows that wrap on a phone: number and title, Faol/Nofaol with its
 * toggle, then Mahsulotlar (its products) / Tahrirlash / O'chirish. Plain rows (`LightRows`): a
 * restaurant has dozens of categories.
 */
export function CategoryList({
  categories,
  paths,
  onEdit,
  onDelete,
}: {
  categories: Category[];
  paths: RolePaths;
  onEdit: (c: Category) => void;
  onDelete: (c: Category) => void;
}) {
  const navigate = useNavigate();
  const update = useUpdateCategory();
  const status = useStatusToggles<Category>(
    (c, is_active) => update.mutateAsync({ id: c._id, changed: { is_active } }),
    { success: t.categoryUpdated, error: t.editError },
  );
  const open = (c: Category) =>
    navigate(paths.products({ categoryId: c._id, restaurantId: c.restaurant_id }));
  return (
    <LightRows as="ul" css={ROW_LIST_CSS} data-testid="category-list">
      {categories.map((c, i) => (
        <li key={c._id} data-testid="category-row" data-category-id={c._id}>
          <span className="row-num">{i + 1}</span>
          <span
            className="row-title row-name"
            data-active={c.is_active ? 'true' : 'false'}
            data-testid="category-title"
          >
            {c.title}
          </span>
          <MissingTranslations fields={TRANSLATED_FIELDS.category} translations={c.translations} uzbek={c} />
          <RowStatus item={c} name={c.title} toggles={status} testId="category-status" />
          <RowActions columns={3}>
            <RowAction tone="primary" onClick={() => open(c)}>
              {t.products}
            </RowAction>
            <RowAction onClick={() => onEdit(c)}>{t.edit}</RowAction>
            <RowAction tone="red" onClick={() => onDelete(c)}>
              {t.delete}
            </RowAction>
          </RowActions>
        </li>
      ))}
    </LightRows>
  );
}

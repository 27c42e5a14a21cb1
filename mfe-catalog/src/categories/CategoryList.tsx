import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateCategory } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
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

const LIST_CSS = { ...ROW_LIST_CSS, ...SORTABLE_CSS };

/**
 * The categories as a list of rows that wrap on a phone: the drag handle, number and title,
 * Faol/Nofaol with its toggle, Yuqoriga/Pastga, then Mahsulotlar (its products) / Tahrirlash /
 * O'chirish. Plain rows (`LightRows`): a restaurant has dozens of categories.
 */
export function CategoryList({
  categories,
  paths,
  onEdit,
  onDelete,
  onMove,
}: {
  categories: Category[];
  paths: RolePaths;
  onEdit: (c: Category) => void;
  onDelete: (c: Category) => void;
  /** Puts a category at a place of the restaurant's list (0-based). */
  onMove: (c: Category, to: number) => void;
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
    <LightRows as="ul" css={LIST_CSS} data-testid="category-list">
      <SortableList items={categories} label={(c) => c.title} onMove={onMove}>
        {(c, i, row) => (
          <li {...row.rootProps} data-testid="category-row" data-category-id={c._id}>
            {row.handle}
            <span className="row-num">{i + 1}</span>
            <span
              className="row-title row-name"
              data-active={c.is_active ? 'true' : 'false'}
              data-testid="category-title"
            >
              {c.title}
            </span>
            <MissingTranslations
              fields={TRANSLATED_FIELDS.category}
              translations={c.translations}
              uzbek={c}
            />
            <RowStatus item={c} name={c.title} toggles={status} testId="category-status" />
            {row.moveButtons}
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
        )}
      </SortableList>
    </LightRows>
  );
}

import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateCategory } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { RowStatus, useStatusToggles } from '../common/lightRows';
import { type RowHandlers, SortableRows } from '../common/SortableRows';

/**
 * The categories as a list of rows that wrap on a phone: the drag handle, number and title,
 * Faol/Nofaol with its toggle, Yuqoriga/Pastga, then Mahsulotlar (its products) / Tahrirlash /
 * O'chirish. Plain rows (`LightRows`): a restaurant has dozens of categories.
 */
export function CategoryList({
  categories,
  paths,
  ...handlers
}: { categories: Category[]; paths: RolePaths } & RowHandlers<Category>) {
  const update = useUpdateCategory();
  const status = useStatusToggles<Category>(
    (c, is_active) => update.mutateAsync({ id: c._id, changed: { is_active } }),
    { success: t.categoryUpdated, error: t.editError },
  );
  return (
    <SortableRows
      items={categories}
      label={(c) => c.title}
      {...handlers}
      testId="category-list"
      rowTestId="category-row"
      rowData={(c) => ({ 'data-category-id': c._id })}
      open={{
        text: t.products,
        to: (c) => paths.products({ categoryId: c._id, restaurantId: c.restaurant_id }),
      }}
      translated={TRANSLATED_FIELDS.category}
      name={(c) => (
        <span
          className="row-title row-name"
          data-active={c.is_active ? 'true' : 'false'}
          data-testid="category-title"
        >
          {c.title}
        </span>
      )}
    >
      {(c) => <RowStatus item={c} name={c.title} toggles={status} testId="category-status" />}
    </SortableRows>
  );
}

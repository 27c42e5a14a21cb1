import type { RolePaths } from '@qrmenu/shared/paths';
import { useUpdateProduct } from '@qrmenu/shared/query';
import type { Product } from '@qrmenu/shared/schemas';
import { TRANSLATED_FIELDS } from '@qrmenu/shared/schemas';
import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
import { formatSom, previewWords, t } from '@qrmenu/shared/texts';
import { useNavigate } from 'react-router-dom';
import { LightRows, RowAction, RowActions, RowStatus, useStatusToggles } from '../common/lightRows';
import { MissingTranslations } from '../common/MissingTranslations';
import { MoreActions, PHONE_ROW_CSS, ProductThumb } from './PhoneRowParts';

export interface ProductTableProps {
  rows: Product[];
  /** Index of the first row in the whole list (the "#" keeps counting across pages). */
  offset: number;
  restaurantId: string;
  paths: RolePaths;
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
  /** Puts a product at a place of its category (0-based, over the whole category). */
  onMove: (p: Product, to: number) => void;
  /** The category's length (the last page's last row cannot go down). */
  total: number;
  /** No handles or Yuqoriga/Pastga (while a search shows part of the category). */
  sortDisabled?: boolean;
}

// From `md` up the table of docs/SCREENS.md, in the kit's table look (small, striped, scrolling sideways
// when narrow). On a phone each row is a card instead (name and price; the description and the
// status; the actions two a line) rather than a table scrolled sideways. One markup for both, so
// the table's semantics stay; plain cells (`LightRows`) keep a page of rows cheap to show.
const TABLE_CSS = {
  maxW: '100%',
  borderWidth: '1px',
  borderRadius: 'md',
  overflowX: { base: 'visible', md: 'auto' },
  '& table': {
    w: '100%',
    borderCollapse: 'collapse',
    textStyle: 'sm',
    display: { base: 'block', md: 'table' },
    // the table keeps each row on one line; a card wraps its long names
    whiteSpace: { base: 'normal', md: 'nowrap' },
  },
  '& thead': { display: { base: 'none', md: 'table-header-group' } },
  '& th': { textAlign: 'start', fontWeight: 'medium', px: '2', py: '2', borderBottomWidth: '1px' },
  '& tbody': { display: { base: 'block', md: 'table-row-group' } },
  '& tbody tr': {
    display: { base: 'grid', md: 'table-row' },
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    // the handle under the thumbnail, on the actions' line: a phone's screen holds three cards
    gridTemplateAreas: '"thumb name price" "thumb desc status" "order actions actions"',
    columnGap: '3',
    alignItems: 'center',
    px: { base: '3', md: '0' },
    py: { base: '2', md: '0' },
    borderBottomWidth: { base: '1px', md: '0' },
    _last: { borderBottomWidth: '0' },
  },
  '& tbody tr:nth-of-type(odd) > td': { bg: { base: 'transparent', md: 'bg.muted' } },
  '& td': {
    display: { base: 'block', md: 'table-cell' },
    px: { base: '0', md: '2' },
    py: { base: '1', md: '2' },
    borderBottomWidth: { base: '0', md: '1px' },
    verticalAlign: 'middle',
  },
  '& tbody tr:last-of-type > td': { borderBottomWidth: '0' },
  '& [data-area="num"]': { display: { base: 'none', md: 'table-cell' }, w: '10' },
  // the handle and Yuqoriga/Pastga: the first column from md up; on a phone the handle under the
  // thumbnail, Yuqoriga/Pastga in the card's ⋯ menu
  '& [data-area="order"]': { gridArea: 'order' },
  '& .order-cell .sortable-moves': { display: { base: 'none', md: 'flex' }, flexDirection: 'column' },
  '& .row-more-moves': { display: { base: 'contents', md: 'none' } },
  // in the menu: named buttons under Opsiyalar and O'chirish
  '& .row-more-moves .sortable-moves': { flexDirection: 'column', gap: '2' },
  '& .row-more-moves .sortable-move': { px: '3', textStyle: 'sm' },
  '& .row-more-moves .sortable-move-text': { display: 'inline' },
  '& .order-cell': {
    display: 'flex',
    flexDirection: { base: 'row', md: 'column' },
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: { base: '2', md: '1' },
  },
  // from md up arrows only, stacked under the handle (each button is named by its aria-label):
  // the wide table keeps its actions on screen at 1280 px (a selector of its own: the sortable
  // kit's `& .sortable-move-text` would replace one of the same key)
  '& .order-cell .sortable-move-text': { display: 'none' },
  // a name or description of one long word wraps in its cell rather than widen the table
  '& [data-area="name"]': {
    gridArea: 'name',
    minW: { md: '20' },
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& [data-area="desc"]': {
    gridArea: 'desc',
    minW: { md: '16' },
    color: 'fg.muted',
    whiteSpace: 'normal',
    overflowWrap: 'anywhere',
  },
  '& [data-area="price"]': { gridArea: 'price', textAlign: 'end', whiteSpace: 'nowrap' },
  '& [data-area="status"]': { gridArea: 'status' },
  // the actions may take two lines from md up rather than push the last one past the screen
  '& [data-area="actions"]': { gridArea: 'actions', whiteSpace: 'normal' },
  ...PHONE_ROW_CSS,
} as const;

/** The order's handle and buttons, #, name, description (first 4 words), price in so'm, status with its toggle, actions. */
export function ProductTable({
  rows,
  offset,
  restaurantId,
  paths,
  onEdit,
  onDelete,
  onMove,
  total,
  sortDisabled = false,
}: ProductTableProps) {
  const navigate = useNavigate();
  const update = useUpdateProduct();
  const status = useStatusToggles<Product>(
    (p, is_active) => update.mutateAsync({ id: p._id, changed: { is_active } }),
    { success: t.productUpdated, error: t.productUpdateError },
  );
  return (
    <LightRows css={{ ...TABLE_CSS, ...SORTABLE_CSS }}>
      <table data-testid="product-table">
        <thead>
          <tr>
            {sortDisabled ? null : <th data-area="order">{t.sortable.column}</th>}
            <th data-area="num">{t.number}</th>
            <th>{t.fields.name}</th>
            <th>{t.fields.description}</th>
            <th data-area="price">{t.fields.price}</th>
            <th>{t.status}</th>
            <th>{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          <SortableList
            items={rows}
            label={(p) => p.name}
            onMove={onMove}
            offset={offset}
            total={total}
            disabled={sortDisabled}
          >
            {(p, i, row) => (
              <tr {...row.rootProps} data-testid="product-row" data-product-id={p._id}>
                {sortDisabled ? null : (
                  <td data-area="order">
                    <span className="order-cell">
                      {row.handle}
                      {row.moveButtons}
                    </span>
                  </td>
                )}
                <td data-area="num">{offset + i + 1}</td>
                <td data-area="thumb">
                  <ProductThumb product={p} />
                </td>
                <td data-area="name">
                  <span
                    className="row-name"
                    data-active={p.is_active ? 'true' : 'false'}
                    data-testid="product-name"
                  >
                    {p.name}
                  </span>{' '}
                  <MissingTranslations
                    fields={TRANSLATED_FIELDS.product}
                    translations={p.translations}
                    uzbek={p}
                  />
                </td>
                <td data-area="desc" data-testid="product-description">
                  {previewWords(p.description, 4)}
                </td>
                <td data-area="price" data-testid="product-price">
                  {formatSom(p.price)}
                </td>
                <td data-area="status">
                  <RowStatus item={p} name={p.name} toggles={status} testId="product-status" />
                </td>
                <td data-area="actions">
                  <RowActions columns={3}>
                    <RowAction onClick={() => navigate(paths.product({ productId: p._id, restaurantId }))}>
                      {t.view}
                    </RowAction>
                    <RowAction tone="blue" onClick={() => onEdit(p)}>
                      {t.edit}
                    </RowAction>
                    <MoreActions name={p.name}>
                      <RowAction onClick={() => navigate(paths.productOptions({ productId: p._id }))}>
                        {t.options}
                      </RowAction>
                      <RowAction tone="red" onClick={() => onDelete(p)}>
                        {t.delete}
                      </RowAction>
                      {/* a phone's Yuqoriga/Pastga (from md up they are in the order's column) */}
                      <span className="row-more-moves">{row.moveButtons}</span>
                    </MoreActions>
                  </RowActions>
                </td>
              </tr>
            )}
          </SortableList>
        </tbody>
      </table>
    </LightRows>
  );
}

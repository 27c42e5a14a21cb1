import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
import { t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from './lightRows';

const LIST_CSS = { ...ROW_LIST_CSS, ...SORTABLE_CSS };

export interface SortableRowsProps<T extends { _id: string }> {
  items: T[];
  /** What the move buttons and the announcements call a row. */
  label: (item: T) => string;
  onMove: (item: T, to: number) => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** The list's `data-testid`. */
  testId: string;
  /** Each row's `data-testid`, and any other attributes it carries (e.g. its id). */
  rowTestId: string;
  rowData?: (item: T) => Record<`data-${string}`, string>;
  /** The first button of a row, before Tahrirlash / O'chirish: what opens under it, if anything. */
  open?: { text: string; onClick: (item: T) => void };
  /** What a row shows between its number and its Yuqoriga/Pastga: the name, its badges, its price. */
  children: (item: T) => ReactNode;
}

/** What a list page hands its rows: a row moved, Tahrirlash, O'chirish. */
export type RowHandlers<T extends { _id: string }> = Pick<
  SortableRowsProps<T>,
  'onMove' | 'onEdit' | 'onDelete'
>;

/**
 * A catalogue list in its own order, as the categories, a product's options and an option's rows
 * show it: plain rows (`LightRows`) that wrap on a phone, each the drag handle, its number, what
 * the list shows of it, Yuqoriga/Pastga, then [what opens under it /] Tahrirlash / O'chirish.
 */
export function SortableRows<T extends { _id: string }>({
  items,
  label,
  onMove,
  onEdit,
  onDelete,
  testId,
  rowTestId,
  rowData,
  open,
  children,
}: SortableRowsProps<T>) {
  return (
    <LightRows as="ul" css={LIST_CSS} data-testid={testId}>
      <SortableList items={items} label={label} onMove={onMove}>
        {(item, i, row) => (
          <li {...row.rootProps} data-testid={rowTestId} {...rowData?.(item)}>
            {row.handle}
            <span className="row-num">{i + 1}</span>
            {children(item)}
            {row.moveButtons}
            <RowActions columns={open ? 3 : 2}>
              {open ? (
                <RowAction tone="primary" onClick={() => open.onClick(item)}>
                  {open.text}
                </RowAction>
              ) : null}
              <RowAction onClick={() => onEdit(item)}>{t.edit}</RowAction>
              <RowAction tone="red" onClick={() => onDelete(item)}>
                {t.delete}
              </RowAction>
            </RowActions>
          </li>
        )}
      </SortableList>
    </LightRows>
  );
}

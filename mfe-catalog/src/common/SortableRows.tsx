import type { Translations } from '@qrmenu/shared/schemas';
import { SORTABLE_CSS, SortableList } from '@qrmenu/shared/sortable';
import { t } from '@qrmenu/shared/texts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LightRows, ROW_LIST_CSS, RowAction, RowActions } from './lightRows';
import { MissingTranslations } from './MissingTranslations';

const LIST_CSS = { ...ROW_LIST_CSS, ...SORTABLE_CSS };

/** A catalogue thing as its list shows it: an id, and the texts it has in Russian and English. */
type Translated = { _id: string; translations: Translations };

export interface SortableRowsProps<T extends Translated> {
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
  /**
   * The first button of a row, before Tahrirlash / O'chirish: the page that opens under it, if
   * any (its path, and what it is told of the row on the way).
   */
  open?: { text: string; to: (item: T) => string; state?: (item: T) => unknown };
  /** The thing's translatable fields (`TRANSLATED_FIELDS.option`): the languages they miss show after the name. */
  translated: readonly (keyof T & string)[];
  /** What a row shows after its number: the name (and what it says under the name). */
  name: (item: T) => ReactNode;
  /** What follows the missing languages, before Yuqoriga/Pastga: a status, a price. */
  children?: (item: T) => ReactNode;
}

/** What a list page hands its rows: a row moved, Tahrirlash, O'chirish. */
export type RowHandlers<T extends Translated> = Pick<SortableRowsProps<T>, 'onMove' | 'onEdit' | 'onDelete'>;

/**
 * A catalogue list in its own order, as the categories, a product's options and an option's rows
 * show it: plain rows (`LightRows`) that wrap on a phone, each the drag handle, its number, what
 * the list shows of it, Yuqoriga/Pastga, then [what opens under it /] Tahrirlash / O'chirish.
 */
export function SortableRows<T extends Translated>({
  items,
  label,
  onMove,
  onEdit,
  onDelete,
  testId,
  rowTestId,
  rowData,
  open,
  translated,
  name,
  children,
}: SortableRowsProps<T>) {
  const navigate = useNavigate();
  return (
    <LightRows as="ul" css={LIST_CSS} data-testid={testId}>
      <SortableList items={items} label={label} onMove={onMove}>
        {(item, i, row) => (
          <li {...row.rootProps} data-testid={rowTestId} {...rowData?.(item)}>
            {row.handle}
            <span className="row-num">{i + 1}</span>
            {name(item)}
            <MissingTranslations
              fields={translated}
              translations={item.translations}
              uzbek={item as Partial<Record<keyof T & string, string>>}
            />
            {children?.(item)}
            {row.moveButtons}
            <RowActions columns={open ? 3 : 2}>
              {open ? (
                <RowAction
                  tone="primary"
                  onClick={() => navigate(open.to(item), { state: open.state?.(item) })}
                >
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

/**
 * The products of one tab, grouped under their categories. Built for 1,000 products on a phone:
 * - the first paint holds a screenful of rows; the rest follow in interruptible steps;
 * - sections off screen cost no style or layout (`content-visibility`);
 * - rows are plain elements styled by one style block (no styled component per row);
 * - sections and rows are memoised: a tap re-renders only the rows whose checkbox changed.
 */

import { assetUrl } from '@qrmenu/shared/runtime-config';
import type { Product } from '@qrmenu/shared/schemas';
import { formatSom, t } from '@qrmenu/shared/texts';
import { Box, DEFAULT_IMAGE_SRC } from '@qrmenu/shared/ui';
import {
  memo,
  type SyntheticEvent,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { afterNextPaint } from './afterPaint';
import type { CategoryGroup } from './model';
import { type CheckState, checkState, type Selection } from './selection';

const STYLES = {
  '& .sl-section': {
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 600px',
    borderBottomWidth: '1px',
    borderColor: 'border',
  },
  '& .sl-head': { display: 'flex', alignItems: 'center', minHeight: '48px', bg: 'bg.muted' },
  '& .sl-h2': { flex: '1', minWidth: '0', margin: '0', fontSize: 'md', fontWeight: 'semibold' },
  '& .sl-toggle': {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: '100%',
    minHeight: '48px',
    paddingInline: '2',
    textAlign: 'start',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' },
  },
  '& .sl-title': { flex: '1', minWidth: '0', overflowWrap: 'break-word' },
  '& .sl-off': {
    margin: '0',
    paddingInline: '3',
    paddingBlock: '1',
    fontSize: 'sm',
    color: 'fg.muted',
    bg: 'bg.muted',
  },
  '& .sl-count': { color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm', whiteSpace: 'nowrap' },
  '& .sl-chevron': { width: '4', flexShrink: '0', transition: 'transform 0.15s' },
  '& [aria-expanded="false"] .sl-chevron': { transform: 'rotate(-90deg)' },
  '& .sl-box': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '48px',
    minHeight: '48px',
    flexShrink: '0',
    cursor: 'pointer',
  },
  '& input[type=checkbox]': { width: '22px', height: '22px', accentColor: 'blue.600', cursor: 'pointer' },
  '& .sl-list': { listStyle: 'none', margin: '0', padding: '0' },
  '& .sl-row': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    minHeight: '60px',
    paddingInlineEnd: '3',
    borderTopWidth: '1px',
    borderColor: 'border.muted',
    cursor: 'pointer',
  },
  '& .sl-row .sl-box': { minHeight: '60px' },
  '& .sl-thumb': {
    width: '44px',
    height: '44px',
    borderRadius: 'md',
    objectFit: 'cover',
    flexShrink: '0',
    bg: '#edf2f7',
  },
  '& .sl-thumb[data-default]': { objectFit: 'contain' },
  // the default picture as the background of an empty box: no image element, no image load per row
  '& .sl-thumb-default': {
    backgroundImage: `url("${DEFAULT_IMAGE_SRC}")`,
    backgroundSize: 'contain',
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'center',
  },
  // the name takes the room: whole words on a line ("Toshkent oshi", never "Toshkent / oshi" cut
  // mid-word), a word longer than the line broken; a long price wraps at its spaces
  '& .sl-name': { flex: '1 1 0', minWidth: '0', overflowWrap: 'break-word', wordBreak: 'normal' },
  '& .sl-price': {
    color: 'fg.muted',
    fontSize: 'sm',
    flex: '0 1 auto',
    maxWidth: '35%',
    textAlign: 'end',
    overflowWrap: 'normal',
  },
} as const;

/** A product's first picture, or the default one (also when the picture fails to load). */
function Thumb({ product }: { product: Product }) {
  const src = assetUrl(product.images[0]?.file);
  if (!src) return <span className="sl-thumb sl-thumb-default" data-testid="default-picture" />;
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    if (img.dataset.default === undefined) {
      img.dataset.default = '';
      img.src = DEFAULT_IMAGE_SRC;
    }
  };
  return (
    <img
      className="sl-thumb"
      loading="lazy"
      decoding="async"
      alt=""
      width={44}
      height={44}
      src={src}
      onError={onError}
    />
  );
}

/** A category's native checkbox, which can show "some selected". */
function Check({
  id,
  state,
  label,
  onChange,
}: {
  id: string;
  state: CheckState;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={state === 'checked'}
      onChange={onChange}
      aria-label={label}
    />
  );
}

interface RowProps {
  product: Product;
  checked: boolean;
  onToggle: (id: string) => void;
}

/**
 * The whole row is the checkbox's label: a thumb anywhere on it ticks the product. Few attributes
 * and a native checkbox per row: a thousand of them are built on the first visit.
 */
const ProductRow = memo(function ProductRow({ product, checked, onToggle }: RowProps) {
  return (
    <li>
      <label className="sl-row" data-testid="stop-list-product">
        <span className="sl-box">
          <input
            type="checkbox"
            checked={checked}
            onChange={() => onToggle(product._id)}
            aria-label={product.name}
          />
        </span>
        <Thumb product={product} />
        <span className="sl-name">{product.name}</span>
        <span className="sl-price">{formatSom(product.price)}</span>
      </label>
    </li>
  );
});

interface SectionProps {
  group: CategoryGroup;
  selected: Selection;
  onToggle: (id: string) => void;
  onToggleGroup: (ids: readonly string[]) => void;
}

/** A section re-renders only when its group or the selection of its own products changed. */
function sameSection(a: SectionProps, b: SectionProps): boolean {
  if (a.group !== b.group || a.onToggle !== b.onToggle || a.onToggleGroup !== b.onToggleGroup) return false;
  if (a.selected === b.selected) return true;
  return a.group.products.every((p) => a.selected.has(p._id) === b.selected.has(p._id));
}

/** A category: its checkbox (over the products shown), its title that folds the list, its rows. */
const CategorySection = memo(function CategorySection({
  group,
  selected,
  onToggle,
  onToggleGroup,
}: SectionProps) {
  const [open, setOpen] = useState(true);
  const { category, products } = group;
  const listId = `sl-list-${category._id}`;
  const ids = products.map((p) => p._id);
  return (
    <section className="sl-section" data-testid="stop-list-category" aria-label={category.title}>
      <div className="sl-head">
        <label className="sl-box" htmlFor={`sl-check-${listId}`}>
          <Check
            id={`sl-check-${listId}`}
            state={checkState(ids, selected)}
            label={t.selectCategory(category.title)}
            onChange={() => onToggleGroup(ids)}
          />
        </label>
        <h2 className="sl-h2">
          <button
            type="button"
            className="sl-toggle"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            onClick={() => setOpen((o) => !o)}
          >
            <svg className="sl-chevron" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="sl-title">{category.title}</span>
            <span className="sl-count">{t.productCount(products.length)}</span>
          </button>
        </h2>
      </div>
      {category.is_active ? null : <p className="sl-off">{t.categoryOff}</p>}
      {open ? (
        <ul className="sl-list" id={listId}>
          {products.map((product) => (
            <ProductRow
              key={product._id}
              product={product}
              checked={selected.has(product._id)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}, sameSection);

export interface ProductGroupsProps {
  groups: CategoryGroup[];
  selected: Selection;
  onToggle: (id: string) => void;
  onToggleGroup: (ids: readonly string[]) => void;
}

/** Rows in the first paint (a phone shows about 12), then per later step. */
export const FIRST_ROWS = 40;
const MORE_ROWS = 200;

/**
 * How many rows to render: FIRST_ROWS at first, then MORE_ROWS more after each paint, as a
 * transition (a tap meanwhile goes first), until all `total` are there.
 */
function useProgressiveLimit(total: number): number {
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= total) return;
    let live = true;
    // after the paint of what is there: the first screenful shows before more rows are built
    void afterNextPaint().then(() => {
      if (live) startTransition(() => setLimit((n) => n + MORE_ROWS));
    });
    return () => {
      live = false;
    };
  }, [limit, total]);
  return limit;
}

/** The groups whose first row falls under `limit` (a group is shown whole or not at all). */
function firstGroups(groups: CategoryGroup[], limit: number): CategoryGroup[] {
  let rows = 0;
  let count = 0;
  while (count < groups.length && rows < limit) {
    rows += groups[count]!.products.length;
    count += 1;
  }
  return count === groups.length ? groups : groups.slice(0, count);
}

export function ProductGroups({ groups, selected, onToggle, onToggleGroup }: ProductGroupsProps) {
  const total = groups.reduce((n, g) => n + g.products.length, 0);
  const shown = firstGroups(groups, useProgressiveLimit(total));
  return (
    <Box css={STYLES} borderTopWidth="1px" borderColor="border">
      {shown.map((group) => (
        <CategorySection
          key={group.category._id}
          group={group}
          selected={selected}
          onToggle={onToggle}
          onToggleGroup={onToggleGroup}
        />
      ))}
    </Box>
  );
}

/**
 * Kept whole: the pointer, touch and keyboard drags and the step buttons move the same list
 * state; split, their shared state would cross files.
 *
 * A list the user puts in order: drag by a handle (mouse, a touch held still for a moment, or the
 * keyboard: Space, arrows, Space), or step by step with "Yuqoriga" / "Pastga". It draws no
 * container: the page keeps its own `<ul>` (or `<tbody>`), adds `SORTABLE_CSS` to its styles, and
 * spreads `row.rootProps` on each row it renders.
 *
 *   <Box as="ul" css={{ ...ROW_LIST_CSS, ...SORTABLE_CSS }}>
 *     <SortableList items={categories} label={(c) => c.title} onMove={move.move}>
 *       {(c, i, row) => (
 *         <li {...row.rootProps}>{row.handle} {c.title} {row.moveButtons}</li>
 *       )}
 *     </SortableList>
 *   </Box>
 *
 * Scrolling stays the page's: only the handle starts a drag, a touch only after it is held for
 * `TOUCH_HOLD_MS` without moving (a swipe over the handle still scrolls). The order shown changes
 * in the same render as the drop (a local order until `items` arrives in it), so a drop paints
 * once, in place.
 */
import {
  type Active,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { restrictToParentElement, restrictToVerticalAxis } from '@dnd-kit/modifiers';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  type CSSProperties,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { t } from '../texts';
import { VISUALLY_HIDDEN } from '../ui/visuallyHidden';
import { uzbekAnnouncements } from './announcements';
import { moveItem } from './lenses';

/** How long a finger rests on the handle before the item lifts (shorter is taken as a scroll). */
export const TOUCH_HOLD_MS = 180;
/** How far (px) a finger may wander during that time and still lift the item. */
export const TOUCH_TOLERANCE_PX = 8;

interface Identified {
  _id: string;
}

/** What a row needs from the list: spread `rootProps` on its element, place the controls. */
export interface SortableRow {
  rootProps: {
    ref: (element: HTMLElement | null) => void;
    style: CSSProperties;
    'data-sortable-id': string;
    'data-dragging'?: 'true';
  };
  /** The drag handle (a button): null when sorting is off. */
  handle: ReactNode;
  /** "Yuqoriga" and "Pastga": null when sorting is off. */
  moveButtons: ReactNode;
  isDragging: boolean;
}

export interface SortableListProps<T extends Identified> {
  items: readonly T[];
  /** The item's name in the handle's and buttons' names and in the announcements. */
  label: (item: T) => string;
  /** A move asked for (drop, keyboard, button): `to` is the item's 0-based index afterwards. */
  onMove: (item: T, to: number) => void;
  /** One row; called for every item in the order shown. */
  children: (item: T, index: number, row: SortableRow) => ReactNode;
  /** No handles and no buttons (e.g. while a search shows only part of the list). */
  disabled?: boolean;
  /** On a page of a longer list: the items on earlier pages (places and `to` count them). */
  offset?: number;
  /** The length of the whole list (default: `offset + items.length`). */
  total?: number;
}

/** A local order shown from a drop until `items` arrives (the same `base` means not yet). */
interface PendingOrder<T> {
  base: readonly T[];
  ids: string[];
}

function ordered<T extends Identified>(items: readonly T[], pending: PendingOrder<T> | null): readonly T[] {
  if (!pending || pending.base !== items) return items;
  const byId = new Map(items.map((item) => [item._id, item]));
  const out = pending.ids.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  return out.length === items.length ? out : items;
}

const indexOf = (node: Active | DragEndEvent['over']): number | undefined =>
  (node?.data.current as { sortable?: { index: number } } | undefined)?.sortable?.index;

export function SortableList<T extends Identified>({
  items,
  label,
  onMove,
  children,
  disabled = false,
  offset = 0,
  total,
}: SortableListProps<T>) {
  const [pending, setPending] = useState<PendingOrder<T> | null>(null);
  const shown = ordered(items, pending);
  const count = total ?? offset + items.length;
  const [message, setMessage] = useState('');
  // the button to keep focused after a step moved its row (React may re-insert the row's node)
  const refocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  // read by dnd-kit's callbacks at the time they run
  const latest = useRef({ items, shown, label, onMove, offset, count });
  latest.current = { items, shown, label, onMove, offset, count };

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_HOLD_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const accessibility = useMemo(
    () => ({
      announcements: uzbekAnnouncements(
        (id) => {
          const item = latest.current.shown.find((i) => i._id === id);
          return item ? latest.current.label(item) : id;
        },
        () => latest.current.count,
        () => latest.current.offset,
      ),
      screenReaderInstructions: { draggable: t.sortable.instructions },
      // dnd-kit draws its instructions and live region where it stands (inside the page's <ul>,
      // where only <li> may be) unless given a container
      ...(typeof document === 'undefined' ? {} : { container: document.body }),
    }),
    [],
  );

  /** Shows the new order now and asks for the move. */
  const commit = useCallback((item: T, localFrom: number, localTo: number) => {
    const { items: base, shown: current, onMove: move, offset: first } = latest.current;
    if (localTo >= 0 && localTo < current.length) {
      // shown until `items` changes (the cache's new order, or the old one back after a failure)
      setPending({ base, ids: moveItem(current, localFrom, localTo).map((i) => i._id) });
    }
    move(item, first + localTo);
  }, []);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      const from = indexOf(active);
      const to = indexOf(over);
      if (from === undefined || to === undefined || from === to) return;
      const item = latest.current.shown[from];
      if (item) commit(item, from, to);
    },
    [commit],
  );

  const step = useCallback(
    (item: T, direction: 'up' | 'down') => {
      const { shown: current, label: name, offset: first, count: all } = latest.current;
      const from = current.findIndex((i) => i._id === item._id);
      const to = from + (direction === 'up' ? -1 : 1);
      if (from < 0 || first + to < 0 || first + to >= all) return;
      refocus.current = { id: item._id, direction };
      commit(item, from, to);
      setMessage(t.sortable.moved(name(item), first + to + 1, all));
    },
    [commit],
  );

  useLayoutEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const row = document.querySelector(`[data-sortable-id="${CSS_ESCAPE(wanted.id)}"]`);
    const button = row?.querySelector<HTMLElement>(`[data-move="${wanted.direction}"]`);
    if (button && document.activeElement !== button) button.focus();
  });

  const ids = useMemo(() => shown.map((item) => item._id), [shown]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={MODIFIERS}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {shown.map((item, index) => (
          <SortableItem<T>
            key={item._id}
            item={item}
            index={index}
            place={offset + index}
            count={count}
            name={label(item)}
            disabled={disabled}
            onStep={step}
            render={children}
          />
        ))}
      </SortableContext>
      {typeof document === 'undefined'
        ? null
        : createPortal(
            <div role="status" aria-live="polite" aria-atomic="true" style={VISUALLY_HIDDEN}>
              {message}
            </div>,
            document.body,
          )}
    </DndContext>
  );
}

const MODIFIERS = [restrictToVerticalAxis, restrictToParentElement];

const CSS_ESCAPE = (value: string) =>
  typeof CSS_GLOBAL?.escape === 'function' ? CSS_GLOBAL.escape(value) : value.replace(/["\\]/g, '\\$&');
const CSS_GLOBAL = (globalThis as { CSS?: { escape?: (v: string) => string } }).CSS;

interface SortableItemProps<T extends Identified> {
  item: T;
  index: number;
  /** 0-based place in the whole list. */
  place: number;
  count: number;
  name: string;
  disabled: boolean;
  onStep: (item: T, direction: 'up' | 'down') => void;
  render: SortableListProps<T>['children'];
}

/** A long press opens the browser's menu on some phones: not on a handle. */
const noMenu = (event: MouseEvent) => event.preventDefault();

function SortableItemInner<T extends Identified>({
  item,
  index,
  place,
  count,
  name,
  disabled,
  onStep,
  render,
}: SortableItemProps<T>) {
  const sortable = useSortable({
    id: item._id,
    disabled,
    attributes: { roleDescription: t.sortable.roleDescription },
  });
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    sortable;
  const first = place === 0;
  const last = place >= count - 1;
  const handle = disabled ? null : (
    <button
      type="button"
      className="sortable-handle"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t.sortable.handle(name)}
      onContextMenu={noMenu}
      data-testid="sortable-handle"
    >
      <GripIcon />
    </button>
  );
  const moveButtons = disabled ? null : (
    <span className="sortable-moves">
      <MoveButton up name={name} edge={first} onMove={() => onStep(item, 'up')} />
      <MoveButton name={name} edge={last} onMove={() => onStep(item, 'down')} />
    </span>
  );
  return render(item, index, {
    rootProps: {
      ref: setNodeRef,
      style: { transform: CSS.Translate.toString(transform), transition },
      'data-sortable-id': item._id,
      ...(isDragging ? { 'data-dragging': 'true' as const } : {}),
    },
    handle,
    moveButtons,
    isDragging,
  });
}

const SortableItem = memo(SortableItemInner) as typeof SortableItemInner;

/** «Yuqoriga» or «Pastga» (a row's name in its label): at the list's edge it says so and does nothing. */
function MoveButton({
  up = false,
  name,
  edge,
  onMove,
}: {
  up?: boolean;
  name: string;
  edge: boolean;
  onMove: () => void;
}) {
  return (
    <button
      type="button"
      className="sortable-move"
      data-move={up ? 'up' : 'down'}
      aria-label={up ? t.sortable.moveUpOf(name) : t.sortable.moveDownOf(name)}
      aria-disabled={edge ? 'true' : undefined}
      onClick={() => (edge ? undefined : onMove())}
    >
      <ArrowIcon up={up} />
      <span className="sortable-move-text">{up ? t.sortable.moveUp : t.sortable.moveDown}</span>
    </button>
  );
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
      <circle cx="5" cy="3" r="1.5" />
      <circle cx="11" cy="3" r="1.5" />
      <circle cx="5" cy="8" r="1.5" />
      <circle cx="11" cy="8" r="1.5" />
      <circle cx="5" cy="13" r="1.5" />
      <circle cx="11" cy="13" r="1.5" />
    </svg>
  );
}

function ArrowIcon({ up = false }: { up?: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <path
        d={up ? 'M7 12V2M2.5 6.5 7 2l4.5 4.5' : 'M7 2v10M2.5 7.5 7 12l4.5-4.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A handle's and a move button's box: centred, 44 px on a phone (a thumb's target), smaller from md up. */
const TARGET = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: { base: '11', md: '8' },
  minH: { base: '11', md: '8' },
  borderRadius: 'l2',
  focusVisibleRing: 'outside',
} as const;

/**
 * The styles of the handle, the buttons and a dragged row, for the list's container (with the
 * theme's tokens; one style pass for the list, none per row).
 */
export const SORTABLE_CSS = {
  '& [data-sortable-id]': { position: 'relative' },
  '& [data-dragging="true"]': { zIndex: 2, boxShadow: 'lg', bg: 'bg', cursor: 'grabbing' },
  '& .sortable-handle': {
    ...TARGET,
    flexShrink: 0,
    p: '0',
    border: 'none',
    bg: 'transparent',
    color: 'fg.muted',
    cursor: 'grab',
    // a swipe starting on the handle still scrolls; only a held finger lifts the item
    touchAction: 'manipulation',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    WebkitTouchCallout: 'none',
    _hover: { bg: 'bg.muted', color: 'fg' },
  },
  '& .sortable-moves': { display: 'inline-flex', gap: '1', flexShrink: 0 },
  '& .sortable-move': {
    ...TARGET,
    gap: '1',
    px: { base: '0', md: '2' },
    textStyle: 'xs',
    fontWeight: 'medium',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'transparent',
    color: 'fg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  },
  '& .sortable-move-text': { display: { base: 'none', md: 'inline' } },
} as const;

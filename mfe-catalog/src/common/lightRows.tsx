/**
 * Cheap rows for long lists (a menu's 40 categories, a product page). A UI kit component costs a
 * recipe and a style pass per instance per render, which made a 40-row list take ~2x the time to
 * show. Here the list's container carries every style once (nested selectors on a class, with the
 * theme's tokens: the look of the kit's outline/solid buttons, subtle badges and switches) and
 * its rows are plain elements.
 */
import { t } from '@qrmenu/shared/texts';
import { Box, type BoxProps, notify } from '@qrmenu/shared/ui';
import { type ButtonHTMLAttributes, type ReactNode, useCallback, useState } from 'react';

const ACTION = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  // 44 px on a phone (the manager's touch targets), the kit's `sm` button from `md` up
  minH: { base: '11', md: '9' },
  minW: '9',
  px: { base: '2', md: '3.5' },
  textStyle: 'sm',
  fontWeight: 'medium',
  lineHeight: '1.2',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  borderRadius: 'l2',
  borderWidth: '1px',
  colorPalette: 'gray',
  borderColor: 'colorPalette.border',
  bg: 'transparent',
  color: 'colorPalette.fg',
  cursor: 'pointer',
  transitionProperty: 'common',
  transitionDuration: 'moderate',
  focusVisibleRing: 'outside',
  _hover: { bg: 'colorPalette.subtle' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  '&[data-tone="primary"]': {
    colorPalette: 'blue',
    bg: 'colorPalette.solid',
    borderColor: 'transparent',
    color: 'colorPalette.contrast',
    _hover: { bg: 'colorPalette.solid/90' },
  },
  '&[data-tone="blue"]': { colorPalette: 'blue' },
  '&[data-tone="red"]': { colorPalette: 'red' },
} as const;

const BADGE = {
  display: 'inline-flex',
  alignItems: 'center',
  minH: '5',
  px: '1.5',
  textStyle: 'xs',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  borderRadius: 'l2',
  colorPalette: 'red',
  bg: 'colorPalette.subtle',
  color: 'colorPalette.fg',
  '&[data-active="true"]': { colorPalette: 'green' },
} as const;

const SWITCH = {
  appearance: 'none',
  position: 'relative',
  flexShrink: 0,
  w: '9',
  h: '5',
  m: '0',
  borderRadius: 'full',
  bg: 'gray.400',
  cursor: 'inherit',
  transition: 'background 0.15s',
  focusVisibleRing: 'outside',
  _checked: { bg: 'green.600' },
  _disabled: { opacity: 0.6 },
  _before: {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    w: '4',
    h: '4',
    borderRadius: 'full',
    bg: 'white',
    transition: 'transform 0.15s',
  },
  '&:checked::before': { transform: 'translateX(16px)' },
} as const;

/** The styles of the plain parts below, for every row inside. */
export const LIGHT_ROWS_CSS = {
  '& .row-action': ACTION,
  '& .row-badge': BADGE,
  '& .row-switch-target': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minW: '11',
    minH: '11',
    cursor: 'pointer',
    '&[data-pending="true"]': { cursor: 'progress' },
  },
  '& .row-switch': SWITCH,
  '& .row-actions': {
    display: { base: 'grid', md: 'flex' },
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: '2',
    w: { base: '100%', md: 'auto' },
    flexShrink: 0,
    '&[data-columns="3"]': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  '& .row-status': { display: 'inline-flex', alignItems: 'center', gap: '1' },
  '& .row-muted': { color: 'fg.muted' },
  '& .row-nowrap': { whiteSpace: 'nowrap' },
  '& .row-name': {
    fontWeight: 'semibold',
    overflowWrap: 'anywhere',
    '&[data-active="true"]': { color: 'green.700' },
    '&[data-active="false"]': { color: 'red.700' },
  },
} as const;

/** A list of bordered rows that wrap on a phone: `<li>`s of plain parts. */
export const ROW_LIST_CSS = {
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  '& > li': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: { base: '2', md: '4' },
    borderWidth: '1px',
    borderRadius: 'md',
    px: { base: '3', md: '4' },
    py: '2',
  },
  '& .row-num': { color: 'fg.muted', minW: '6' },
  '& .row-title': { flex: '1', minW: { base: '40%', md: '48' } },
  // an option's rule, a row's limits: under the name
  '& .row-rule': { display: 'block', textStyle: 'xs', color: 'fg.muted' },
} as const;

/** A container whose plain rows get the light styles. */
export function LightRows({ css, ...props }: BoxProps) {
  return <Box css={[LIGHT_ROWS_CSS, css]} {...props} />;
}

export type Tone = 'primary' | 'blue' | 'red';

/** A row's button: the kit's outline button look (or solid blue for `primary`), 44 px on a phone. */
export function RowAction({
  tone,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone; children: ReactNode }) {
  return (
    <button type="button" className="row-action" data-tone={tone} {...props}>
      {children}
    </button>
  );
}

/** A row's buttons: equal columns across a phone's width (`columns` a line), one line from `md` up. */
export function RowActions({ columns, children }: { columns: 2 | 3; children: ReactNode }) {
  return (
    <span className="row-actions" data-columns={columns}>
      {children}
    </span>
  );
}

/** "Faol" (green) / "Nofaol" (red), the kit's subtle badge. */
function RowBadge({ active }: { active: boolean }) {
  return (
    <span className="row-badge" data-active={active ? 'true' : 'false'}>
      {active ? t.active : t.inactive}
    </span>
  );
}

/**
 * The Faol/Nofaol toggle of a row: a native checkbox with the switch role, controlled by the
 * stored state (React puts a click's tick back until the answer changes it) and disabled while its
 * call is in flight (the call ends after the lists are read again), so it flips only when the
 * server's answer is on screen. 44 px target.
 */
function StatusSwitch({
  active,
  name,
  pending,
  onToggle,
  testId,
}: {
  active: boolean;
  /** What it switches, for its accessible name ("<name> holati"). */
  name: string;
  pending: boolean;
  onToggle: (next: boolean) => void;
  testId?: string;
}) {
  return (
    <label
      className="row-switch-target"
      data-pending={pending ? 'true' : 'false'}
      data-active={active ? 'true' : 'false'}
      data-testid={testId}
    >
      <input
        className="row-switch"
        type="checkbox"
        role="switch"
        aria-checked={active}
        aria-label={t.statusOf(name)}
        checked={active}
        disabled={pending}
        onChange={(e) => onToggle(e.currentTarget.checked)}
      />
    </label>
  );
}

/**
 * The status toggles of a list, one call each (`{is_active}` only through `change`), with the
 * screen's toasts; which rows have a call in flight.
 */
export function useStatusToggles<T extends { _id: string }>(
  change: (item: T, next: boolean) => Promise<unknown>,
  texts: { success: string; error: string },
) {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const mark = useCallback(
    (id: string, on: boolean) =>
      setPending((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const toggle = async (item: T, next: boolean) => {
    mark(item._id, true);
    try {
      await change(item, next);
      notify.success(texts.success);
    } catch {
      notify.error(texts.error);
    } finally {
      mark(item._id, false);
    }
  };
  return { isPending: (item: T) => pending.has(item._id), toggle };
}

export type StatusToggles<T extends { _id: string }> = ReturnType<typeof useStatusToggles<T>>;

/** A row's status: its Faol/Nofaol badge and its switch, on the list's toggles. */
export function RowStatus<T extends { _id: string; is_active: boolean }>({
  item,
  name,
  toggles,
  testId,
}: {
  item: T;
  /** What it switches, for the switch's accessible name. */
  name: string;
  toggles: StatusToggles<T>;
  testId: string;
}) {
  return (
    <span className="row-status">
      <RowBadge active={item.is_active} />
      <StatusSwitch
        active={item.is_active}
        name={name}
        pending={toggles.isPending(item)}
        onToggle={(next) => void toggles.toggle(item, next)}
        testId={testId}
      />
    </span>
  );
}

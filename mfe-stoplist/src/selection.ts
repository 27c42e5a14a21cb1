/**
 * What the manager has ticked on the current tab: a set of product ids, changed by a reducer.
 *
 * Rules (tested in test/selection.test.ts):
 * - A category checkbox works on the category's VISIBLE products on this tab (those the search
 *   shows): checked when all of them are selected, indeterminate when some are, unchecked when
 *   none; a tap selects them all, or deselects them all when all were selected.
 * - A selected product that the search then hides STAYS selected (so "osh", tick, "somsa", tick,
 *   then one tap acts on both). The count says so: "N ta tanlandi" counts every selected product,
 *   the ones the search hides are named apart, and the action sends exactly what the count says.
 * - Only products on the tab count: an id that leaves the tab (the data changed) drops out.
 * - The screen clears the selection when the tab changes and after a successful action.
 */
import { useCallback, useEffect, useMemo, useReducer } from 'react';

export type Selection = ReadonlySet<string>;
export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export type SelectionAction =
  | { type: 'toggle'; id: string }
  | { type: 'toggleGroup'; ids: readonly string[] }
  | { type: 'keepOnly'; allowed: ReadonlySet<string> }
  | { type: 'clear' };

const EMPTY: Selection = new Set();

/** The state of a group's checkbox over `ids` (its visible products). */
export function checkState(ids: readonly string[], selected: Selection): CheckState {
  let count = 0;
  for (const id of ids) if (selected.has(id)) count += 1;
  if (count === 0) return 'unchecked';
  return count === ids.length ? 'checked' : 'indeterminate';
}

export function selectionReducer(state: Selection, action: SelectionAction): Selection {
  switch (action.type) {
    case 'toggle': {
      const next = new Set(state);
      if (next.has(action.id)) next.delete(action.id);
      else next.add(action.id);
      return next;
    }
    case 'toggleGroup': {
      if (action.ids.length === 0) return state;
      const next = new Set(state);
      if (checkState(action.ids, state) === 'checked') for (const id of action.ids) next.delete(id);
      else for (const id of action.ids) next.add(id);
      return next;
    }
    case 'keepOnly': {
      let dropped = false;
      for (const id of state) if (!action.allowed.has(id)) dropped = true;
      return dropped ? new Set([...state].filter((id) => action.allowed.has(id))) : state;
    }
    case 'clear':
      return state.size === 0 ? state : EMPTY;
  }
}

export interface SelectionState {
  selected: Selection;
  /** Every selected product (what the action sends). */
  count: number;
  /** Selected products the search hides. */
  hiddenCount: number;
  toggle: (id: string) => void;
  toggleGroup: (ids: readonly string[]) => void;
  clear: () => void;
}

/**
 * The selection over `onTab` (every product id of the tab) with `visible` (those the search
 * shows). `toggle`, `toggleGroup` and `clear` keep their identity across renders.
 */
export function useSelection(onTab: readonly string[], visible: readonly string[]): SelectionState {
  const [stored, dispatch] = useReducer(selectionReducer, EMPTY);
  const tabIds = useMemo(() => new Set(onTab), [onTab]);
  // an id that left the tab is not selected from this render on, and is forgotten
  const selected = useMemo(
    () => selectionReducer(stored, { type: 'keepOnly', allowed: tabIds }),
    [stored, tabIds],
  );
  useEffect(() => {
    if (selected !== stored) dispatch({ type: 'keepOnly', allowed: tabIds });
  }, [selected, stored, tabIds]);
  const hiddenCount = useMemo(() => {
    if (visible.length === onTab.length) return 0;
    let shown = 0;
    for (const id of visible) if (selected.has(id)) shown += 1;
    return selected.size - shown;
  }, [selected, visible, onTab]);
  const toggle = useCallback((id: string) => dispatch({ type: 'toggle', id }), []);
  const toggleGroup = useCallback((ids: readonly string[]) => dispatch({ type: 'toggleGroup', ids }), []);
  const clear = useCallback(() => dispatch({ type: 'clear' }), []);
  return { selected, count: selected.size, hiddenCount, toggle, toggleGroup, clear };
}

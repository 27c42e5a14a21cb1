/** The selection rules of the stop-list screen (src/selection.ts), as pure functions. */
import { describe, expect, it } from 'vitest';
import { checkState, type Selection, selectionReducer } from '../src/selection';

const set = (...ids: string[]): Selection => new Set(ids);

describe('checkState of a category over its visible products', () => {
  it('is checked when all, indeterminate when some, unchecked when none are selected', () => {
    expect(checkState(['a', 'b', 'c'], set('a', 'b', 'c'))).toBe('checked');
    expect(checkState(['a', 'b', 'c'], set('b'))).toBe('indeterminate');
    expect(checkState(['a', 'b', 'c'], set('x'))).toBe('unchecked');
    expect(checkState([], set('a'))).toBe('unchecked');
  });

  it('looks only at the ids it is given (what the search shows)', () => {
    // a, b shown; c hidden by the search and not selected: the visible ones are all selected
    expect(checkState(['a', 'b'], set('a', 'b'))).toBe('checked');
    expect(checkState(['a', 'b', 'c'], set('a', 'b'))).toBe('indeterminate');
  });
});

describe('selectionReducer', () => {
  it('toggles one product', () => {
    const one = selectionReducer(set(), { type: 'toggle', id: 'a' });
    expect([...one]).toEqual(['a']);
    expect([...selectionReducer(one, { type: 'toggle', id: 'a' })]).toEqual([]);
  });

  it('a category selects all its visible products when none or some are selected', () => {
    expect([...selectionReducer(set(), { type: 'toggleGroup', ids: ['a', 'b'] })].sort()).toEqual(['a', 'b']);
    expect([...selectionReducer(set('a'), { type: 'toggleGroup', ids: ['a', 'b'] })].sort()).toEqual([
      'a',
      'b',
    ]);
  });

  it('a category deselects its visible products when all are selected, and nothing else', () => {
    const state = set('a', 'b', 'x');
    expect([...selectionReducer(state, { type: 'toggleGroup', ids: ['a', 'b'] })]).toEqual(['x']);
  });

  it('a category acts only on what is visible: a hidden selected product stays selected', () => {
    // category of a, b, c; the search shows b, c; a was selected before the search
    const state = set('a');
    const selected = selectionReducer(state, { type: 'toggleGroup', ids: ['b', 'c'] });
    expect([...selected].sort()).toEqual(['a', 'b', 'c']);
    const deselected = selectionReducer(selected, { type: 'toggleGroup', ids: ['b', 'c'] });
    expect([...deselected]).toEqual(['a']);
  });

  it('keepOnly drops ids that left the tab, and keeps the same state when none did', () => {
    const state = set('a', 'b');
    expect(selectionReducer(state, { type: 'keepOnly', allowed: set('a', 'b', 'c') })).toBe(state);
    expect([...selectionReducer(state, { type: 'keepOnly', allowed: set('b') })]).toEqual(['b']);
  });

  it('clear empties the selection', () => {
    expect(selectionReducer(set('a', 'b'), { type: 'clear' }).size).toBe(0);
    const empty = set();
    expect(selectionReducer(empty, { type: 'clear' })).toBe(empty);
  });

  it('an empty category toggles nothing', () => {
    const state = set('a');
    expect(selectionReducer(state, { type: 'toggleGroup', ids: [] })).toBe(state);
  });
});

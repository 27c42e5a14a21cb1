/** The POS's order against the manager's (src/integration/pos/order.ts): the last to reorder wins. */
import { describe, expect, it } from 'vitest';
import { arrangeByPos } from '../src/integration/pos/order';

const ranks = (...ids: string[]) => new Map(ids.map((id, i) => [id, i]));

describe('arrangeByPos', () => {
  it('keeps the order when the POS did not reorder and added nothing (a manager moved c first)', () => {
    expect(arrangeByPos(['c', 'a', 'b'], ranks('a', 'b', 'c'), false, new Set())).toEqual(['c', 'a', 'b']);
  });

  it('puts a new item right after its POS predecessor, wherever the manager put that one', () => {
    // POS: a, b, n, c; the manager had c, b, a; n comes in last
    expect(arrangeByPos(['c', 'b', 'a', 'n'], ranks('a', 'b', 'n', 'c'), false, new Set(['n']))).toEqual([
      'c',
      'b',
      'n',
      'a',
    ]);
  });

  it('puts a new first item before the first POS item, after items made here above it', () => {
    expect(arrangeByPos(['local', 'a', 'b', 'n'], ranks('n', 'a', 'b'), false, new Set(['n']))).toEqual([
      'local',
      'n',
      'a',
      'b',
    ]);
  });

  it('places several new items in the POS order among themselves', () => {
    expect(arrangeByPos(['a', 'y', 'x'], ranks('x', 'a', 'y'), false, new Set(['x', 'y']))).toEqual([
      'x',
      'a',
      'y',
    ]);
  });

  it("applies the POS's order when it reordered, items made here keeping their places", () => {
    expect(arrangeByPos(['a', 'local', 'b', 'c'], ranks('c', 'b', 'a'), true, new Set())).toEqual([
      'c',
      'local',
      'b',
      'a',
    ]);
  });

  it('an empty list of a new category gets the POS order', () => {
    expect(arrangeByPos(['a', 'b', 'c'], ranks('a', 'b', 'c'), false, new Set(['a', 'b', 'c']))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

/** What a POS's stop-list stops (src/integration/pos/stop-list.ts): the same rule on a sync and a webhook. */
import { describe, expect, it } from 'vitest';
import { type PosStopList, sizeKey, stopsOf } from '../src/integration/pos/stop-list';

const stop = (items: string[], sizes: [string, string][] = []): PosStopList => ({
  items: new Set(items),
  sizes: new Set(sizes.map(([p, s]) => sizeKey(p, s))),
});
const sizes = { rows: ['small', 'medium', 'large'] };
const sauces = { rows: ['ketchup', 'mayo'] };

describe('stopsOf', () => {
  it('stops a dish listed whole, and nothing else of it', () => {
    expect(stopsOf(stop(['osh']), 'osh', [sizes, sauces])).toEqual({ product: true, rows: new Set() });
  });

  it("hides one size of a dish; the dish and the other dishes' same size stay", () => {
    const list = stop([], [['osh', 'small']]);
    expect(stopsOf(list, 'osh', [sizes])).toEqual({ product: false, rows: new Set(['small']) });
    expect(stopsOf(list, 'lagmon', [sizes])).toEqual({ product: false, rows: new Set() });
  });

  it('stops the dish when every one of its sizes is', () => {
    const list = stop(
      [],
      sizes.rows.map((s) => ['osh', s] as [string, string]),
    );
    expect(stopsOf(list, 'osh', [sizes, sauces]).product).toBe(true);
  });

  it('hides a modifier under every dish; every modifier of a group stopped leaves the dish on', () => {
    const list = stop(['ketchup', 'mayo']);
    expect(stopsOf(list, 'osh', [sizes, sauces])).toEqual({
      product: false,
      rows: new Set(['ketchup', 'mayo']),
    });
    expect(stopsOf(list, 'lagmon', [sauces]).rows).toEqual(new Set(['ketchup', 'mayo']));
  });
});

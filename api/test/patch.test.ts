import { describe, expect, it } from 'vitest';
import { patchOf } from '../src/services/patch';

describe('patchOf', () => {
  const toInt = (v: boolean) => (v ? 1 : 0);

  it('keeps only the fields sent, converted', () => {
    expect(patchOf({ title: 'A', is_active: false, other: 1 }, { title: true, is_active: toInt })).toEqual({
      title: 'A',
      is_active: 0,
    });
    const nothing: { title?: string; is_active?: boolean } = { title: undefined };
    expect(patchOf(nothing, { title: true, is_active: toInt })).toEqual({});
  });

  it('with the current row, only what differs (numbers as numbers)', () => {
    const current = { title: 'A', is_active: 1, price: '12.5' };
    expect(
      patchOf(
        { title: 'A', is_active: true, price: 12.5 },
        { title: true, is_active: toInt, price: true },
        current,
      ),
    ).toEqual({});
    expect(patchOf({ title: 'B', price: 13 }, { title: true, price: true }, current)).toEqual({
      title: 'B',
      price: 13,
    });
  });
});

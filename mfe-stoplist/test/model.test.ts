/** The stop-list's tabs and the search (src/model.ts). */
import { fixtures } from '@qrmenu/shared/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { filterGroups, idsOf, normalizeName, splitTabs } from '../src/model';

const hot = fixtures.category({ _id: 'hot', title: 'Issiq taomlar', is_active: true });
const drinks = fixtures.category({ _id: 'drinks', title: 'Ichimliklar', is_active: true });
const closed = fixtures.category({ _id: 'closed', title: 'Yopiq', is_active: false });
const p = (id: string, category: string, active: boolean, name = id) =>
  fixtures.product({ _id: id, name, category_id: category, is_active: active });

describe('splitTabs', () => {
  const products = [
    p('osh', 'hot', true, 'Osh'),
    p('manti', 'hot', false, 'Manti'),
    p('choy', 'drinks', true, "Ko'k choy"),
    p('kofe', 'closed', false, 'Kofe'),
    p('sharbat', 'closed', true, 'Sharbat'),
    p('orphan', 'gone', true),
  ];
  const tabs = splitTabs([hot, drinks, closed], products);

  it('Mavjud: active products under their categories, an inactive one too, in the categories order', () => {
    expect(tabs.available.map((g) => [g.category._id, idsOf([g])])).toEqual([
      ['hot', ['osh']],
      ['drinks', ['choy']],
      // hidden from guests by its category, but here to be stopped (the section says so)
      ['closed', ['sharbat']],
    ]);
  });

  it('Stop-list: inactive products under the categories that have at least one', () => {
    expect(tabs.stopped.map((g) => [g.category._id, idsOf([g])])).toEqual([
      ['hot', ['manti']],
      ['closed', ['kofe']],
    ]);
  });

  it('a product of an unknown category is on neither tab', () => {
    const all = [...idsOf(tabs.available), ...idsOf(tabs.stopped)];
    expect(all).not.toContain('orphan');
  });
});

describe('splitTabs after a change', () => {
  it('keeps the groups the change did not touch, and makes new ones for the others', () => {
    const osh = p('osh', 'hot', true);
    const choy = p('choy', 'drinks', true);
    const before = splitTabs([hot, drinks], [osh, choy]);
    const stoppedOsh = { ...osh, is_active: false };
    const after = splitTabs([hot, drinks], [stoppedOsh, choy], before);
    expect(after.available).toHaveLength(1);
    expect(after.available[0]).toBe(before.available[1]);
    expect(after.stopped[0]?.products).toEqual([stoppedOsh]);
    expect(splitTabs([hot, drinks], [stoppedOsh, choy], after)).toEqual(after);
    expect(splitTabs([hot, drinks], [stoppedOsh, choy], after).stopped[0]).toBe(after.stopped[0]);
  });
});

describe('filterGroups (search by product name)', () => {
  const tabs = splitTabs(
    [hot, drinks],
    [p('a', 'hot', true, 'Osh'), p('b', 'hot', true, "Qo'y go'shti"), p('c', 'drinks', true, 'Choy')],
  );

  it('keeps matching products, drops emptied groups, ignores case and apostrophe variants', () => {
    expect(idsOf(filterGroups(tabs.available, 'OSH'))).toEqual(['a']);
    expect(idsOf(filterGroups(tabs.available, 'qo‘y'))).toEqual(['b']);
    expect(idsOf(filterGroups(tabs.available, 'goʻsht'))).toEqual(['b']);
    expect(filterGroups(tabs.available, 'pizza')).toEqual([]);
  });

  it('returns the same objects when nothing is filtered out (memoised views stay put)', () => {
    expect(filterGroups(tabs.available, '  ')).toBe(tabs.available);
    const drinksOnly = filterGroups(tabs.available, 'choy');
    expect(drinksOnly[0]).toBe(tabs.available[1]);
  });

  it('normalizes names', () => {
    expect(normalizeName(' G‘ishtli  ')).toBe("g'ishtli");
  });
});

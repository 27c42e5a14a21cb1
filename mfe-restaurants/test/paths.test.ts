import { describe, expect, it } from 'vitest';
import { restaurantPaths } from '../src/common/paths';

const r = { _id: 'r 1', slug: 'osh-xona' };

describe('restaurantPaths', () => {
  it('sends admins to the /admin screens', () => {
    const p = restaurantPaths(false);
    expect(p.view(r)).toBe('/admin/viewRestaurant/r%201/osh-xona');
    expect(p.categories(r)).toBe('/admin/categoryList/r%201');
    expect(p.edit(r)).toBe('/admin/restaurants/r%201/edit');
    expect(p.back).toBe('/admin/restaurants');
  });

  it('never sends a manager under /admin/: its edit target is its home card (the edit dialog)', () => {
    const p = restaurantPaths(true);
    expect(p.view(r)).toBe('/viewRestaurant/r%201');
    expect(p.categories(r)).toBe('/categoryList');
    expect(p.edit(r)).toBe('/admin');
    expect(p.back).toBe('/admin');
  });
});

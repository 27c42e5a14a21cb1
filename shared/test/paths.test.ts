import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminPaths, fillPath, managerPaths, pathsFor, ROUTES } from '../src/paths';

const r = { _id: 'r 1', slug: 'osh-xona' };

describe('paths of the restaurant screens', () => {
  it.each([
    {
      role: 'admin',
      name: 'sends admins to the /admin screens',
      restaurant: '/admin/viewRestaurant/r%201/osh-xona',
      categories: '/admin/categoryList/r%201',
      edit: '/admin/restaurants/r%201/edit',
      back: '/admin/restaurants',
    },
    {
      role: 'manager',
      name: 'never sends a manager under /admin/: its edit target is its home card (the edit dialog)',
      restaurant: '/viewRestaurant/r%201',
      categories: '/categoryList',
      edit: '/admin',
      back: '/admin',
    },
  ])('$name', ({ role, restaurant, categories, edit, back }) => {
    const p = pathsFor(role);
    expect(p.restaurant(r)).toBe(restaurant);
    expect(p.categories({ restaurantId: r._id })).toBe(categories);
    expect(p.restaurantEdit(r)).toBe(edit);
    expect(p.restaurantsBack).toBe(back);
  });

  it("gives a restaurant's waiter and kitchen the manager's addresses, every other role the admin area", () => {
    expect(pathsFor('manager')).toBe(managerPaths);
    expect(pathsFor('waiter')).toBe(managerPaths);
    expect(pathsFor('kitchen')).toBe(managerPaths);
    expect(pathsFor('cashier')).toBe(adminPaths);
    expect(pathsFor(null)).toBe(adminPaths);
  });
});

describe('paths of the catalog', () => {
  const ids = { restaurantId: 'r1', categoryId: 'c/1', productId: 'p1', optionId: 'o1' };

  it('admins: under /admin, with the restaurant id where the spec has :id', () => {
    expect(adminPaths.products(ids)).toBe('/admin/viewProduct/c%2F1/r1');
    expect(adminPaths.product(ids)).toBe('/admin/product-detail/p1/r1');
    expect(adminPaths.productOptions(ids)).toBe('/admin/product-option/p1');
    expect(adminPaths.optionRows(ids)).toBe('/admin/product-option-row/o1');
    expect(adminPaths.stopList).toBeNull();
  });

  it('managers: top level, no /admin prefix', () => {
    expect(managerPaths.categories(ids)).toBe('/categoryList');
    expect(managerPaths.products(ids)).toBe('/ProductTable/c%2F1');
    expect(managerPaths.product(ids)).toBe('/product-detail/p1/r1');
    expect(managerPaths.productOptions(ids)).toBe('/product-option/p1');
    expect(managerPaths.optionRows(ids)).toBe('/product-option-row/o1');
    expect(managerPaths.stopList).toBe('/ProductStopList');
    const built = [
      managerPaths.restaurant(r),
      managerPaths.categories(ids),
      managerPaths.products(ids),
      managerPaths.product(ids),
      managerPaths.productOptions(ids),
      managerPaths.optionRows(ids),
      managerPaths.stopList,
    ];
    for (const path of built) expect(path).not.toMatch(/^\/admin/);
  });

  it('builds every path from the patterns the shell registers', () => {
    expect(Object.values(ROUTES.manager).every((p) => !p.startsWith('/admin'))).toBe(true);
    expect(Object.values(ROUTES.admin).every((p) => p.startsWith('/admin'))).toBe(true);
    expect(fillPath(ROUTES.admin.product, { ProductId: 'a b', id: 'x' })).toBe(
      '/admin/product-detail/a%20b/x',
    );
    expect(() => fillPath(ROUTES.admin.product, { ProductId: 'a' })).toThrow(/:id/);
  });

  it('stays zod-free (the login page loads it): its only import is the role names', () => {
    const source = readFileSync(join(import.meta.dirname, '../src/paths.ts'), 'utf8');
    expect([...source.matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual(['./schemas/roles']);
  });
});

describe('paths of the orders board', () => {
  it("admins: a restaurant's board, history and switches under /admin/orders/:id", () => {
    const p = pathsFor('admin');
    expect(p.orders({ restaurantId: 'r 1' })).toBe('/admin/orders/r%201');
    expect(p.orderHistory({ restaurantId: 'r1' })).toBe('/admin/orders/r1/history');
    expect(p.orderingSettings({ restaurantId: 'r1' })).toBe('/admin/orders/r1/settings');
  });

  it("managers: their own at the top level (the bottom bar's «Buyurtmalar»)", () => {
    const p = pathsFor('manager');
    expect(p.orders({ restaurantId: 'r1' })).toBe('/orders');
    expect(p.orderHistory({ restaurantId: 'r1' })).toBe('/orders/history');
    expect(p.orderingSettings({ restaurantId: 'r1' })).toBe('/orders/settings');
  });
});

/**
 * A restaurant's menu behind the test kit's fetch stub: the three reads of the stop-list screen,
 * and `POST /manager/stop-list` with the contract's rules (stop: the products, then every
 * category whose products are all inactive; resume: the products and their categories), answering
 * only what changed, with a new `updatedAt`.
 */
import type { Category, Product } from '@qrmenu/shared/schemas';
import { answers, fixtures, type StubCall, type StubRoutes } from '@qrmenu/shared/testing/kit';

export interface FakeMenu {
  restaurant: ReturnType<typeof fixtures.restaurant>;
  categories: Category[];
  products: Product[];
  routes: StubRoutes;
}

let clock = 0;
const stamp = () => {
  clock += 1;
  return new Date(Date.UTC(2026, 1, 1, 0, 0, clock)).toISOString();
};

export function fakeMenu(
  categories: Category[],
  products: Product[],
  restaurant = fixtures.restaurant({ _id: 'r1', name: 'Oshxona' }),
): FakeMenu {
  const menu: FakeMenu = {
    restaurant,
    categories: [...categories],
    products: [...products],
    routes: {},
  };
  const apply = (call: StubCall) => {
    const { product_ids, action } = call.body as { product_ids: string[]; action: 'stop' | 'resume' };
    const target = action === 'resume';
    const at = stamp();
    const changedProducts: Product[] = [];
    menu.products = menu.products.map((p) => {
      if (!product_ids.includes(p._id) || p.is_active === target) return p;
      const next = { ...p, is_active: target, updatedAt: at };
      changedProducts.push(next);
      return next;
    });
    const touched = new Set(
      menu.products.filter((p) => product_ids.includes(p._id)).map((p) => p.category_id),
    );
    const changedCategories: Category[] = [];
    menu.categories = menu.categories.map((c) => {
      const own = menu.products.filter((p) => p.category_id === c._id);
      const flips = target
        ? touched.has(c._id) && !c.is_active
        : c.is_active && own.length > 0 && own.every((p) => !p.is_active);
      if (!flips) return c;
      const next = { ...c, is_active: target, updatedAt: at };
      changedCategories.push(next);
      return next;
    });
    return answers.data({ products: changedProducts, categories: changedCategories });
  };
  menu.routes = {
    'GET /manager/restaurants/me': () => answers.data(menu.restaurant),
    'GET /manager/category': () => answers.counted(menu.categories),
    'GET /manager/products': () => answers.counted(menu.products),
    'POST /manager/stop-list': apply,
  };
  return menu;
}

/**
 * The catalog's lists in the restaurant's order (docs/SCREENS.md): Yuqoriga / Pastga on categories,
 * products, options and rows send one move each, the new order shows before the answer, the
 * answer's order is kept, a failure puts the old order back with the Uzbek toast; a search turns
 * the product table's sorting off. (Drag by touch and keyboard: the kit's tests and the e2e spec.)
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, openPage, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CategoryListPage from '../src/categories/CategoryListPage';
import ProductOptionRowPage from '../src/option-rows/ProductOptionRowPage';
import ProductOptionPage from '../src/options/ProductOptionPage';
import ProductTablePage from '../src/products/ProductTablePage';

const restaurant = fixtures.restaurant({ _id: 'r1' });
const soups = fixtures.category({ _id: 'c1', title: "Sho'rvalar", restaurant_id: 'r1' });
const mains = fixtures.category({ _id: 'c2', title: 'Asosiy taomlar', restaurant_id: 'r1' });
const drinks = fixtures.category({ _id: 'c3', title: 'Ichimliklar', restaurant_id: 'r1' });

const titles = (testId: string) => screen.getAllByTestId(testId).map((el) => el.textContent);

describe('ordering the catalog', () => {
  it('Pastga moves a category at once, sends one move, keeps the answer', async () => {
    const api = stubApi({
      'GET /manager/category': answers.counted([soups, mains, drinks]),
      'GET /manager/restaurants/me': answers.data(restaurant),
      'PUT /manager/category/position/c1': answers.data([mains, soups, drinks]),
    });
    const held = api.hold('PUT /manager/category/position/c1');
    renderAtRoute(<CategoryListPage />, ROUTES.manager.categories, { as: 'manager' });
    await screen.findByText("Sho'rvalar");
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveDownOf("Sho'rvalar") }));
    // shown before the server answers
    expect(titles('category-title')).toEqual(['Asosiy taomlar', "Sho'rvalar", 'Ichimliklar']);
    held.release();
    await waitFor(() => expect(api.callsTo('PUT /manager/category/position/c1')).toHaveLength(1));
    expect(api.callsTo('PUT /manager/category/position/c1')[0]?.body).toEqual({ position: 1 });
    expect(api.writes()).toHaveLength(1);
    await waitFor(() =>
      expect(titles('category-title')).toEqual(['Asosiy taomlar', "Sho'rvalar", 'Ichimliklar']),
    );
  });

  it('a refused move puts the old order back and says so', async () => {
    openPage(<CategoryListPage />, ROUTES.manager.categories, {
      as: 'manager',
      answers: {
        'GET /manager/category': answers.counted([soups, mains, drinks]),
        'GET /manager/restaurants/me': answers.data(restaurant),
        'PUT /manager/category/position/c3': answers.error(404, 'not_found'),
      },
    });
    await screen.findByText('Ichimliklar');
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf('Ichimliklar') }));
    expect(await screen.findByText(t.sortable.moveError)).toBeInTheDocument();
    await waitFor(() =>
      expect(titles('category-title')).toEqual(["Sho'rvalar", 'Asosiy taomlar', 'Ichimliklar']),
    );
  });

  it("moves a product within its category (the restaurant's list keeps the others); a search turns sorting off", async () => {
    const osh = fixtures.product({ _id: 'p1', name: 'Osh', category_id: 'c2' });
    const manti = fixtures.product({ _id: 'p2', name: 'Manti', category_id: 'c2' });
    const choy = fixtures.product({ _id: 'p3', name: 'Choy', category_id: 'c3' });
    const { api } = openPage(<ProductTablePage />, '/admin/viewProduct/c2/r1', {
      path: ROUTES.admin.products,
      as: 'admin',
      answers: {
        'GET /manager/category': answers.counted([soups, mains, drinks]),
        'GET /manager/products': answers.counted([osh, manti, choy]),
        'PUT /manager/products/position/p2': answers.counted([manti, osh]),
      },
    });
    await screen.findByText('Manti');
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf('Manti') }));
    expect(titles('product-name')).toEqual(['Manti', 'Osh']);
    await waitFor(() =>
      expect(api.callsTo('PUT /manager/products/position/p2')[0]?.body).toEqual({ position: 0 }),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: t.search }), 'osh');
    expect(screen.queryByRole('button', { name: t.sortable.handle('Osh') })).toBeNull();
    expect(screen.queryByRole('button', { name: t.sortable.moveUpOf('Osh') })).toBeNull();
  });

  it('moves an option and an option row', async () => {
    const size = fixtures.productOption({ _id: 'o1', product_id: 'p1', name: 'Hajmi' });
    const extra = fixtures.productOption({ _id: 'o2', product_id: 'p1', name: "Qo'shimcha" });
    const small = fixtures.optionRow({ _id: 'w1', product_option_id: 'o1', name: 'Kichik' });
    const big = fixtures.optionRow({ _id: 'w2', product_option_id: 'o1', name: 'Katta' });
    const medium = fixtures.optionRow({ _id: 'w3', product_option_id: 'o1', name: "O'rta" });
    const options = openPage(<ProductOptionPage />, '/product-option/p1', {
      path: ROUTES.manager.productOptions,
      as: 'manager',
      answers: {
        'GET /manager/product-option/product/p1': answers.data([size, extra]),
        'GET /user/products/p1': answers.data({ ...fixtures.product({ _id: 'p1' }), options: [] }),
        'PUT /manager/product-option/position/o2': answers.data([extra, size]),
        'GET /manager/product-option-row/o1': answers.data([small, big, medium]),
        'PUT /manager/product-option-row/position/w3': answers.data([small, medium, big]),
      },
    });
    const api = options.api;
    await screen.findByText("Qo'shimcha");
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf("Qo'shimcha") }));
    await waitFor(() =>
      expect(api.callsTo('PUT /manager/product-option/position/o2')[0]?.body).toEqual({ position: 0 }),
    );
    options.unmount();

    renderAtRoute(<ProductOptionRowPage />, '/product-option-row/o1', {
      path: ROUTES.manager.optionRows,
      as: 'manager',
    });
    await screen.findByText("O'rta");
    await userEvent.click(screen.getByRole('button', { name: t.sortable.moveUpOf("O'rta") }));
    expect(
      screen.getAllByTestId('option-row-item').map((li) => li.querySelector('.row-name')?.textContent),
    ).toEqual(['Kichik', "O'rta", 'Katta']);
    await waitFor(() =>
      expect(api.callsTo('PUT /manager/product-option-row/position/w3')[0]?.body).toEqual({ position: 1 }),
    );
  });
});

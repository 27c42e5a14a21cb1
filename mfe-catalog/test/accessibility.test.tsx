/** Every page of the module, loaded, under axe (WCAG 2.1 AA, serious/critical) and one `<h1>`, dialogs too. */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CategoryListPage from '../src/categories/CategoryListPage';
import ProductOptionRowPage from '../src/option-rows/ProductOptionRowPage';
import ProductOptionPage from '../src/options/ProductOptionPage';
import ProductDetailPage from '../src/products/ProductDetailPage';
import ProductTablePage from '../src/products/ProductTablePage';

const category = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1' });
const product = fixtures.product({
  _id: 'p1',
  name: 'Sezar',
  category_id: 'c1',
  description: 'Tovuq va salat',
});
const option = fixtures.productOption({ _id: 'o1', product_id: 'p1', name: 'Hajmi' });
const row = fixtures.optionRow({ product_option_id: 'o1', name: 'Katta', price: 3000 });
const routes = {
  'GET /manager/category': answers.counted([category]),
  'GET /manager/restaurants/me': answers.data(fixtures.restaurant({ _id: 'r1' })),
  'GET /manager/products': answers.counted([product]),
  'GET /user/products/p1': answers.data({ ...product, options: [{ ...option, rows: [row] }] }),
  'GET /manager/product-option/product/p1': answers.data([option]),
  'GET /manager/product-option-row/o1': answers.data([row]),
};

async function expectClean() {
  expect(await axeViolations()).toEqual([]);
}

/** Opens the create dialog by its button and submits it empty, so that `error` shows in it. */
async function submitEmptyDialog(button: string, error: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  await screen.findByRole('dialog', { name: button });
  await userEvent.click(screen.getByRole('button', { name: t.create }));
  await screen.findAllByText(error);
}

describe('accessibility of the catalog pages', () => {
  it('the category list (manager), with the dialog and the delete question', async () => {
    openPage(<CategoryListPage />, ROUTES.manager.categories, { as: 'manager', answers: routes });
    await screen.findByText('Salatlar');
    await expectClean();
    await submitEmptyDialog(t.addCategory, t.categoryTitleEmpty);
    await expectClean();
    await userEvent.click(screen.getByRole('button', { name: t.cancel }));
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await screen.findByRole('alertdialog');
    await expectClean();
  });

  it('the product table (admin), with the create dialog after a submit with errors', async () => {
    openPage(<ProductTablePage />, '/admin/viewProduct/c1/r1', {
      path: ROUTES.admin.products,
      as: 'admin',
      answers: routes,
    });
    await screen.findByText('Sezar');
    await expectClean();
    await submitEmptyDialog(t.addProduct, t.required);
    await expectClean();
  });

  it('the product detail (manager), with the edit dialog and its pictures, a refused pick too', async () => {
    const images = [{ file: `/uploads/${'a'.repeat(32)}.jpg` }, { file: `/uploads/${'b'.repeat(32)}.jpg` }];
    openPage(<ProductDetailPage />, '/product-detail/p1/r1', {
      path: ROUTES.manager.product,
      as: 'manager',
      answers: {
        ...routes,
        'GET /user/products/p1': answers.data({ ...product, images, options: [{ ...option, rows: [row] }] }),
      },
    });
    await screen.findByTestId('product-title');
    await expectClean();
    await userEvent.click(screen.getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editProduct });
    expect(screen.getAllByTestId('product-picture')).toHaveLength(2);
    await expectClean();
    const renamed = new File(['matn'], 'menyu.jpg', { type: 'image/jpeg' });
    await userEvent.upload(dialog.querySelector('input[name="files"]') as HTMLInputElement, renamed);
    await screen.findByTestId('refused-files');
    await expectClean();
  });

  it.each([
    {
      name: 'the options of a product, with the create dialog',
      Page: ProductOptionPage,
      at: '/product-option/p1',
      path: ROUTES.manager.productOptions,
      as: 'manager' as const,
      api: routes,
      shown: 'Hajmi',
      dialog: { button: t.addOption, name: t.addOption },
    },
    {
      name: 'the options page without a product',
      Page: ProductOptionPage,
      at: ROUTES.manager.productOptionsIndex,
      as: 'manager' as const,
      api: routes,
      shown: t.pickProductForOptions,
    },
    {
      name: 'the rows of an option, with the edit dialog',
      Page: ProductOptionRowPage,
      at: '/admin/product-option-row/o1',
      path: ROUTES.admin.optionRows,
      as: 'admin' as const,
      api: routes,
      shown: 'Katta',
      dialog: { button: t.edit, name: t.editOptionRow },
    },
    {
      name: 'a not-found page',
      Page: ProductOptionRowPage,
      at: '/admin/product-option-row/o1',
      path: ROUTES.admin.optionRows,
      as: 'admin' as const,
      api: { 'GET /manager/product-option-row/o1': answers.error(404, 'not_found') },
      shown: t.optionNotFound,
    },
  ])('$name', async ({ Page, at, path, as, api, shown, dialog }) => {
    openPage(<Page />, at, { path, as, answers: api });
    await screen.findByText(shown);
    await expectClean();
    if (!dialog) return;
    await userEvent.click(screen.getByRole('button', { name: dialog.button }));
    await screen.findByRole('dialog', { name: dialog.name });
    await expectClean();
  });
});

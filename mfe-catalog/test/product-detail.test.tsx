/** The product detail: every field, pictures or the default one, options with rows, edit, delete, not found. */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProductDetailPage from '../src/products/ProductDetailPage';

const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1' });
const size = fixtures.productOption({ _id: 'o1', product_id: 'p1', name: 'Hajmi' });
const caesar = fixtures.productDetail({
  _id: 'p1',
  name: 'Sezar salati',
  category_id: 'c1',
  category: { _id: 'c1', name: 'Salatlar' },
  description: 'Tovuq, salat bargi, pishloq, suxari va maxsus sous',
  price: 45000.5,
  images: [],
  options: [
    {
      ...size,
      rows: [
        fixtures.optionRow({ product_option_id: 'o1', name: 'Kichik', price: 0 }),
        fixtures.optionRow({ product_option_id: 'o1', name: 'Katta', price: 3000.9 }),
      ],
    },
    { ...fixtures.productOption({ product_id: 'p1', name: "Qo'shimcha" }), rows: [] },
  ],
});

const asManager = (url = '/product-detail/p1/r1') =>
  renderAtRoute(<ProductDetailPage />, url, {
    path: ROUTES.manager.product,
    as: 'manager',
    routes: { [ROUTES.manager.products]: <p>mahsulotlar jadvali</p> },
  });

describe('product detail', () => {
  it("shows every field, the category's name, the default picture and the options with their rows", async () => {
    stubApi({
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/category': answers.counted([salads]),
    });
    asManager();
    expect(await screen.findByTestId('product-title')).toHaveTextContent('Sezar salati');
    expect(screen.getByTestId('product-price')).toHaveTextContent("45 000 so'm");
    expect(screen.getByTestId('product-category')).toHaveTextContent('Salatlar');
    expect(screen.getByTestId('product-description')).toHaveTextContent(
      'Tovuq, salat bargi, pishloq, suxari va maxsus sous',
    );
    expect(screen.getByText(t.active)).toBeInTheDocument();
    const [picture] = screen.getAllByTestId('product-image');
    expect(picture).toHaveAttribute('data-default', 'true');
    const [withRows, withoutRows] = screen.getAllByTestId('product-option');
    expect(within(withRows!).getByText('Hajmi')).toBeInTheDocument();
    expect(within(withRows!).getByText("+3 000 so'm")).toBeInTheDocument();
    expect(within(withRows!).getByText("+0 so'm")).toBeInTheDocument();
    expect(within(withoutRows!).getByText(t.noOptionRows)).toBeInTheDocument();
  });

  it('shows the stored pictures', async () => {
    stubApi({
      'GET /user/products/p1': answers.data({
        ...caesar,
        images: [{ file: '/uploads/products/a.png' }, { file: '/uploads/products/b.png' }],
      }),
      'GET /manager/category': answers.counted([salads]),
    });
    asManager();
    await screen.findByTestId('product-title');
    const pictures = screen.getAllByTestId('product-image');
    expect(pictures.map((p) => p.getAttribute('src'))).toEqual([
      '/uploads/products/a.png',
      '/uploads/products/b.png',
    ]);
  });

  it("a product outside the manager's categories is not found, and nothing of it is shown", async () => {
    stubApi({
      'GET /user/products/p1': answers.data({ ...caesar, category_id: 'c-boshqa' }),
      'GET /manager/category': answers.counted([salads]),
    });
    asManager();
    expect(await screen.findByText(t.productNotFound)).toBeInTheDocument();
    expect(screen.queryByText('Sezar salati')).toBeNull();
    expect(screen.queryByRole('button', { name: t.edit })).toBeNull();
  });

  it('an unknown product (404) or another restaurant in the address (404) is not found, without a toast', async () => {
    stubApi({
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/category': answers.error(404, 'not_found'),
    });
    asManager('/product-detail/p1/r-boshqa');
    expect(await screen.findByText(t.productNotFound)).toBeInTheDocument();
    expect(screen.queryByText('Sezar salati')).toBeNull();
    expect(screen.queryByText(t.productsLoadError)).toBeNull();
  });

  it('edits from the detail (changed fields only) and shows the new state', async () => {
    let stored = caesar;
    const api = stubApi({
      'GET /user/products/p1': () => answers.data(stored),
      'GET /manager/category': answers.counted([salads]),
      'PUT /manager/products/p1': () => {
        stored = { ...caesar, name: 'Sezar' };
        return answers.data(stored);
      },
    });
    asManager();
    await screen.findByTestId('product-title');
    await userEvent.click(screen.getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editProduct });
    const name = within(dialog).getByRole('textbox', { name: t.fields.name });
    await userEvent.clear(name);
    await userEvent.type(name, 'Sezar');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.getByTestId('product-title')).toHaveTextContent(/^Sezar$/));
    expect(api.writes()[0]!.body).toEqual({ name: 'Sezar' });
  });

  it("deletes after Ha and goes back to its category's table", async () => {
    const api = stubApi({
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/category': answers.counted([salads]),
      'DELETE /manager/products/p1': answers.data({ _id: 'p1' }),
    });
    const view = asManager();
    await screen.findByTestId('product-title');
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(t.productDeleteWarning)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.productDeleted)).toBeInTheDocument();
    await waitFor(() => expect(view.path()).toBe('/ProductTable/c1'));
    expect(api.writes()).toHaveLength(1);
  });

  it('opens the options of the product', async () => {
    stubApi({
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/category': answers.counted([salads]),
    });
    const view = asManager();
    await screen.findByTestId('product-title');
    await userEvent.click(screen.getByRole('button', { name: t.options }));
    expect(view.path()).toBe('/product-option/p1');
  });
});

/**
 * The first day of a new user in the catalog forms: an option row refused for a negative extra price says so under
 * the price (not "Majburiy maydon" under a filled field), an empty option name is marked under
 * the name beside the spec's toast, and a product price in so'm is a whole number.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProductOptionRowPage from '../src/option-rows/ProductOptionRowPage';
import ProductOptionPage from '../src/options/ProductOptionPage';
import ProductTablePage from '../src/products/ProductTablePage';

/** The API's 400 body, details as the server writes them (zod's messages). */
const refusedWith = (...details: { path: string; message: string }[]) => ({
  status: 400,
  body: { error: { code: 'validation', message: 'Invalid body', details } },
});

/** An empty option's rows page whose create answers `detail` refused; the new row's dialog open. */
async function newOptionRowRefused(detail: { path: string; message: string }): Promise<HTMLElement> {
  openPage(<ProductOptionRowPage />, '/admin/product-option-row/o1', {
    path: ROUTES.admin.optionRows,
    as: 'admin',
    answers: {
      'GET /manager/product-option-row/o1': answers.data([]),
      'POST /manager/product-option-row': refusedWith(detail),
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: t.addOptionRow }));
  return screen.findByRole('dialog', { name: t.addOptionRow });
}

describe('option forms: the message is the true one', () => {
  it("a negative extra price: 'Qiymat manfiy bo'lishi mumkin emas' under the price, the spec's toast", async () => {
    const dialog = await newOptionRowRefused({
      path: 'price',
      message: 'Too small: expected number to be >=0',
    });
    const name = within(dialog).getByRole('textbox', { name: t.fields.name });
    const price = within(dialog).getByRole('spinbutton', { name: t.fields.price });
    await userEvent.type(name, 'Katta');
    await userEvent.type(price, '-3000');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionSaveError)).toBeInTheDocument();
    await waitFor(() => expect(price).toHaveAccessibleErrorMessage(t.negativeNumber));
    expect(name).not.toBeInvalid();
    expect(within(dialog).queryByText(t.required)).toBeNull();
  });

  it('a name past the limit says the limit', async () => {
    const dialog = await newOptionRowRefused({
      path: 'name',
      message: 'Too big: expected string to have <=200 characters',
    });
    const name = within(dialog).getByRole('textbox', { name: t.fields.name });
    await userEvent.type(name, 'K'.repeat(20));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: t.fields.price }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(name).toHaveAccessibleErrorMessage(t.tooLongMax(200)));
  });

  it("an empty option name is marked under the name, beside 'Saqlashda xatolik yuz berdi.'", async () => {
    openPage(<ProductOptionPage />, '/product-option/p1', {
      path: ROUTES.manager.productOptions,
      as: 'manager',
      answers: {
        'GET /manager/product-option/product/p1': answers.data([]),
        'GET /user/products/p1': answers.data(fixtures.productDetail({ _id: 'p1', name: 'Osh' })),
        'POST /manager/product-option': refusedWith({
          path: 'name',
          message: 'Too small: expected string to have >=1 characters',
        }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.addOption }));
    const dialog = await screen.findByRole('dialog', { name: t.addOption });
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionSaveError)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: t.fields.name })).toHaveAccessibleErrorMessage(
        t.required,
      ),
    );
  });
});

describe("a product's price in so'm", () => {
  it('is a whole number: 12000.5 is refused under the field, with no call; the hint says so', async () => {
    const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1' });
    const { api } = openPage(<ProductTablePage />, '/admin/viewProduct/c1/r1', {
      path: ROUTES.admin.products,
      as: 'admin',
      answers: {
        'GET /manager/category': answers.counted([salads]),
        'GET /user/products/': answers.publicProducts([]),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.addProduct }));
    const dialog = await screen.findByRole('dialog', { name: t.addProduct });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), 'Osh');
    const price = within(dialog).getByRole('spinbutton', { name: t.fields.price });
    expect(within(dialog).getByText(t.priceHint)).toBeInTheDocument();
    await userEvent.type(price, '12000.5');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(price).toHaveAccessibleErrorMessage(t.wholeSom));
    expect(api.writes()).toHaveLength(0);
  });
});

describe("the phone's product card", () => {
  it("shows a thumbnail (the default one without a picture) and keeps Opsiyalar and O'chirish under one button", async () => {
    const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1' });
    openPage(<ProductTablePage />, '/admin/viewProduct/c1/r1', {
      path: ROUTES.admin.products,
      as: 'admin',
      answers: {
        'GET /manager/category': answers.counted([salads]),
        // the product table reads the restaurant's list (house-front), not the public one
        'GET /manager/products': answers.counted([
          fixtures.product({ _id: 'p1', name: 'Osh', category_id: 'c1' }),
        ]),
      },
    });
    const row = (await screen.findByText('Osh')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('product-thumb-default')).toHaveAttribute('alt', t.hasNoImage);
    // jsdom's window is desktop-wide (the toggle is hidden from md up): the phone's view is e2e's
    const more = row.querySelector('.row-more-toggle') as HTMLElement;
    expect(more).toHaveAttribute('aria-label', t.moreActionsOf('Osh'));
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(more.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(list).getByRole('button', { name: t.options })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: t.delete })).toBeInTheDocument();
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(more).toHaveAttribute('aria-expanded', 'false'));
  });
});

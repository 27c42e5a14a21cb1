/**
 * Options and option rows (docs/SCREENS.md): no client checks on their fields (the server's 400 is the
 * save-failure toast), prices rounded down, the spec's toasts, empty and not-found states, and the
 * options page without a product.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProductOptionRowPage from '../src/option-rows/ProductOptionRowPage';
import ProductOptionPage from '../src/options/ProductOptionPage';
import { deletableList, deleteConfirmed } from './delete-support';

const size = fixtures.productOption({ _id: 'o1', product_id: 'p1', name: 'Hajmi' });
const extra = fixtures.productOption({ _id: 'o2', product_id: 'p1', name: "Qo'shimcha" });
const caesar = fixtures.productDetail({ _id: 'p1', name: 'Sezar salati' });
const small = fixtures.optionRow({ _id: 'or1', product_option_id: 'o1', name: 'Kichik', price: 0 });
const big = fixtures.optionRow({ _id: 'or2', product_option_id: 'o1', name: 'Katta', price: 3000.99 });
const refused = answers.error(400, 'validation');

/** The manager's options of product p1 (its rows' page beside), over `replies`. */
const options = (replies: StubRoutes) =>
  openPage(<ProductOptionPage />, '/product-option/p1', {
    path: ROUTES.manager.productOptions,
    as: 'manager',
    answers: replies,
    routes: { [ROUTES.manager.optionRows]: <ProductOptionRowPage /> },
  });
/** The admin's rows of option o1, over `replies`. */
const rowsPage = (replies: StubRoutes) =>
  openPage(<ProductOptionRowPage />, '/admin/product-option-row/o1', {
    path: ROUTES.admin.optionRows,
    as: 'admin',
    answers: replies,
  });
/** Opens the dialog that the button `name` opens (named as the button is). */
async function openDialog(name: string) {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}
const item = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('options of a product', () => {
  it('lists the options under the product name; each opens its rows', async () => {
    const view = options({
      'GET /manager/product-option/product/p1': answers.data([size, extra]),
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/product-option-row/o1': answers.data([small, big]),
    });
    await screen.findByText('Hajmi');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.optionsOf('Sezar salati')),
    );
    await userEvent.click(within(item('Hajmi')).getByRole('button', { name: t.optionRows }));
    expect(view.path()).toBe('/product-option-row/o1');
    expect(await screen.findByText('Katta')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.optionRowsOf('Hajmi'));
  });

  it("shows 'Xali opsiya biriktirilmagan' when there is none", async () => {
    options({
      'GET /manager/product-option/product/p1': answers.data([]),
      'GET /user/products/p1': answers.data(caesar),
    });
    expect(await screen.findByText(t.noOptions)).toBeInTheDocument();
  });

  it("another restaurant's product (404) is not found and its name is never read", async () => {
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.error(404, 'not_found'),
      'GET /user/products/p1': answers.data(caesar),
    });
    expect(await screen.findByText(t.productNotFound)).toBeInTheDocument();
    expect(api.callsTo('GET /user/products/p1')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: t.addOption })).toBeNull();
  });

  it("creates with what was typed, an empty name too: the server's 400 is 'Saqlashda xatolik yuz berdi.'", async () => {
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.data([size]),
      'GET /user/products/p1': answers.data(caesar),
      'POST /manager/product-option': (call) =>
        (call.body as { name: string }).name.trim()
          ? answers.data({ ...extra, name: (call.body as { name: string }).name }, 201)
          : refused,
    });
    await screen.findByText('Hajmi');
    const dialog = await openDialog(t.addOption);
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionSaveError)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ product_id: 'p1', name: '' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), "Qo'shimcha");
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionCreated)).toBeInTheDocument();
    expect(api.writes()[1]!.body).toEqual({ product_id: 'p1', name: "Qo'shimcha" });
  });

  it('renames (no change: no call) and deletes after Ha; failures use the options texts', async () => {
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.data([size]),
      'GET /user/products/p1': answers.data(caesar),
      'PUT /manager/product-option/o1': answers.data({ ...size, name: "O'lcham" }),
      'DELETE /manager/product-option/o1': answers.error(500, 'internal'),
    });
    await screen.findByText('Hajmi');
    await userEvent.click(within(item('Hajmi')).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editOption });
    const name = within(dialog).getByRole('textbox', { name: t.fields.name });
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.noChanges)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, "O'lcham");
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.optionUpdated)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ name: "O'lcham" });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(item('Hajmi')).getByRole('button', { name: t.delete }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(t.optionDeleteWarning)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.optionDeleteError)).toBeInTheDocument();
  });
});

describe('the options page without a product', () => {
  it('sends the manager to the categories to pick a product', async () => {
    const view = openPage(<ProductOptionPage />, '/product-option', {
      path: ROUTES.manager.productOptionsIndex,
      as: 'manager',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.pickProductTitle);
    expect(screen.getByText(t.pickProductForOptions)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.goToCategories }));
    expect(view.path()).toBe('/categoryList');
    expect(view.api.calls).toHaveLength(0);
  });
});

describe('rows of an option', () => {
  it("lists name and price rounded down in so'm", async () => {
    rowsPage({ 'GET /manager/product-option-row/o1': answers.data([small, big]) });
    await screen.findByText('Katta');
    expect(within(item('Katta')).getByText("3 000 so'm")).toBeInTheDocument();
    expect(within(item('Kichik')).getByText("0 so'm")).toBeInTheDocument();
  });

  it("an option the caller may not manage (404): 'Opsiya topilmadi.'", async () => {
    rowsPage({ 'GET /manager/product-option-row/o1': answers.error(404, 'not_found') });
    expect(await screen.findByText(t.optionNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.addOptionRow })).toBeNull();
  });

  it("sends an empty price as '' (no client check): the server's 400 is the save-failure toast", async () => {
    const { api } = rowsPage({
      'GET /manager/product-option-row/o1': answers.data([]),
      // the server's rule (a number >= 0), as the API applies it
      'POST /manager/product-option-row': (call) => {
        const { price } = call.body as { price: unknown };
        return typeof price === 'number' && price >= 0
          ? answers.data({ ...big, ...(call.body as object) }, 201)
          : refused;
      },
    });
    expect(await screen.findByText(t.noOptionRows)).toBeInTheDocument();
    const dialog = await openDialog(t.addOptionRow);
    const name = within(dialog).getByRole('textbox', { name: t.fields.name });
    const price = within(dialog).getByRole('spinbutton', { name: t.fields.price });
    await userEvent.type(name, 'Katta');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionSaveError)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ product_option_id: 'o1', name: 'Katta', price: '' });
    // a negative price is not checked here either: the server refuses it
    await userEvent.type(price, '-1');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]!.body).toEqual({ product_option_id: 'o1', name: 'Katta', price: -1 });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: t.create })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: t.addOptionRow })).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '3000.5');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionRowCreated)).toBeInTheDocument();
    expect(api.writes()[2]!.body).toEqual({ product_option_id: 'o1', name: 'Katta', price: 3000.5 });
  });

  it("edits only the changed field ('Variant yangilandi'); a cleared price is sent and refused", async () => {
    const { api } = rowsPage({
      'GET /manager/product-option-row/o1': answers.data([big]),
      'PUT /manager/product-option-row/or2': (call) =>
        typeof (call.body as { price?: unknown }).price === 'string'
          ? refused
          : answers.data({ ...big, ...(call.body as object) }),
    });
    await screen.findByText('Katta');
    await userEvent.click(within(item('Katta')).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editOptionRow });
    const price = within(dialog).getByRole('spinbutton', { name: t.fields.price });
    expect(price).toHaveValue(3000.99);
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.noChanges)).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.optionSaveError)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ price: '' });
    await userEvent.type(price, '4000');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.optionRowUpdated)).toBeInTheDocument();
    expect(api.writes()[1]!.body).toEqual({ price: 4000 });
  });

  it("deletes after Ha with 'Variant o'chirildi'", async () => {
    const { api } = rowsPage(
      deletableList(
        [small, big],
        'or1',
        { list: 'GET /manager/product-option-row/o1', remove: 'DELETE /manager/product-option-row/or1' },
        (list) => answers.data(list),
      ),
    );
    await screen.findByText('Kichik');
    await deleteConfirmed(item('Kichik'));
    expect(await screen.findByText(t.optionRowDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Kichik')).toBeNull());
    expect(api.writes()).toHaveLength(1);
  });
});

describe('an option\'s rule (docs/PRODUCT.md, "Options and their rules")', () => {
  const rules = t.optionRules;
  const minField = (dialog: HTMLElement) =>
    within(dialog).getByRole('spinbutton', { name: t.fields.min_choices });
  const maxField = (dialog: HTMLElement) =>
    within(dialog).getByRole('spinbutton', { name: t.fields.max_choices });
  const preview = (dialog: HTMLElement) => within(dialog).getByTestId('rule-preview');

  it("«Bittasini tanlash shart» in one tap: the guest's radios without «Kerak emas» in the preview, the rule sent; axe clean", async () => {
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.data([size]),
      'GET /user/products/p1': answers.data(caesar),
      'POST /manager/product-option': (call) => answers.data({ ...extra, ...(call.body as object) }, 201),
    });
    await screen.findByText('Hajmi');
    // every option says its rule in the list
    expect(within(item('Hajmi')).getByText(rules.upToOne)).toBeInTheDocument();
    const dialog = await openDialog(t.addOption);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), 'Porsiya');
    // today's behaviour until set: one row or none, «Kerak emas» first
    expect(within(dialog).getByRole('button', { name: rules.upToOne })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      within(preview(dialog)).getByRole('radio', { name: t.guestMenu.cart.noChoice }),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: rules.exactlyOne }));
    expect(minField(dialog)).toHaveValue(1);
    expect(maxField(dialog)).toHaveValue(1);
    expect(within(dialog).getByRole('button', { name: rules.exactlyOne })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(preview(dialog)).queryByRole('radio', { name: t.guestMenu.cart.noChoice })).toBeNull();
    expect(within(preview(dialog)).getAllByRole('radio')).toHaveLength(2);
    expect(within(preview(dialog)).getByText(/1 tasini tanlang/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionCreated)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({
      product_id: 'p1',
      name: 'Porsiya',
      min_choices: 1,
      max_choices: 1,
    });
  });

  it("«Ixtiyoriy, bir nechta» takes as many as the option's rows give; a rule they cannot keep is refused under its field, in Uzbek", async () => {
    const rows = [
      fixtures.optionRow({ _id: 'r1', product_option_id: 'o2', name: 'Qazi', price: 15000, max_quantity: 2 }),
      fixtures.optionRow({ _id: 'r2', product_option_id: 'o2', name: 'Bedana tuxumi', price: 4000 }),
    ];
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.data([extra]),
      'GET /user/products/p1': answers.data(caesar),
      'GET /manager/product-option-row/o2': answers.data(rows),
      'PUT /manager/product-option/o2': (call) =>
        (call.body as { min_choices?: number }).min_choices === 4
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation',
                  message: "The option's rule cannot be met",
                  details: [{ path: 'min_choices', message: 'option_rule: above_rows' }],
                },
              },
            }
          : answers.data({ ...extra, ...(call.body as object) }),
    });
    await screen.findByText("Qo'shimcha");
    await userEvent.click(within(item("Qo'shimcha")).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editOption });
    // the preview shows the option's own rows
    expect(await within(preview(dialog)).findByRole('radio', { name: /Qazi/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: rules.several }));
    expect(maxField(dialog)).toHaveValue(3);
    expect(within(preview(dialog)).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(preview(dialog)).getByText(/3 tagacha/)).toBeInTheDocument();
    expect(within(preview(dialog)).getByRole('checkbox', { name: /Qazi.*2 tagacha/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.optionUpdated)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ name: "Qo'shimcha", max_choices: 3 });

    await userEvent.click(within(item("Qo'shimcha")).getByRole('button', { name: t.edit }));
    const again = await screen.findByRole('dialog', { name: t.editOption });
    await userEvent.clear(minField(again));
    await userEvent.type(minField(again), '4');
    await userEvent.clear(maxField(again));
    await userEvent.type(maxField(again), '5');
    await userEvent.click(within(again).getByRole('button', { name: t.save }));
    expect(await within(again).findByText(rules.errors.above_rows as string)).toBeInTheDocument();
  });

  it('a minimum above the maximum is said under the field and nothing is sent', async () => {
    const { api } = options({
      'GET /manager/product-option/product/p1': answers.data([size]),
      'GET /user/products/p1': answers.data(caesar),
    });
    await screen.findByText('Hajmi');
    const dialog = await openDialog(t.addOption);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), 'Sous');
    await userEvent.clear(minField(dialog));
    await userEvent.type(minField(dialog), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(rules.errors.min_above_max as string)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('a row taken up to twice and chosen beforehand: the dialog sends them, the list says them', async () => {
    let list = [small];
    const { api } = rowsPage({
      'GET /manager/product-option-row/o1': () => answers.data(list),
      'POST /manager/product-option-row': (call) => {
        const made = fixtures.optionRow({ _id: 'or9', ...(call.body as object) });
        list = [small, made];
        return answers.data(made, 201);
      },
    });
    await screen.findByText('Kichik');
    const dialog = await openDialog(t.addOptionRow);
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.name }), 'Qazi');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: t.fields.price }), '15000');
    const times = within(dialog).getByRole('spinbutton', { name: t.fields.max_quantity });
    await userEvent.clear(times);
    await userEvent.type(times, '2');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: new RegExp(t.fields.is_default) }));
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.optionRowCreated)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({
      product_option_id: 'o1',
      name: 'Qazi',
      price: 15000,
      max_quantity: 2,
      is_default: true,
    });
    expect(
      await screen.findByText(`${t.optionRules.rowUpTo(2)} · ${t.fields.is_default}`),
    ).toBeInTheDocument();
  });
});

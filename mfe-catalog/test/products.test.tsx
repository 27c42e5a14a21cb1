/**
 * The product table and its dialog (docs/SCREENS.md): 10 a page, counters, the 4-word preview,
 * prices in so'm, the name search, toggles, the form's rules, changed fields only, pictures after
 * the create, and the spec's toasts on failures.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { Product } from '@qrmenu/shared/schemas';
import { answers, fixtures, renderAtRoute, type StubCall, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ProductTablePage from '../src/products/ProductTablePage';
import { deletableList, deleteConfirmed } from './delete-support';

const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1' });
const drinks = fixtures.category({ _id: 'c2', title: 'Ichimliklar', restaurant_id: 'r1' });
const product = (over: Partial<Product>) => fixtures.product({ category_id: 'c1', ...over });

const caesar = product({
  _id: 'p1',
  name: 'Sezar salati',
  description: 'Tovuq, salat bargi, pishloq, suxari va maxsus sous',
  price: 45000.75,
});
const gijduvon = product({ _id: 'p2', name: 'Gʻijduvon shashligi', price: 999.99, is_active: false });

function stubCatalog(products: Product[], extra = {}) {
  return stubApi({
    'GET /manager/category': answers.counted([salads, drinks]),
    'GET /manager/products': answers.counted(products),
    ...extra,
  });
}

const asAdmin = () =>
  renderAtRoute(<ProductTablePage />, '/admin/viewProduct/c1/r1', {
    path: ROUTES.admin.products,
    as: 'admin',
    routes: {
      [ROUTES.admin.product]: <p>batafsil</p>,
      [ROUTES.admin.productOptions]: <p>opsiyalar</p>,
    },
  });
const asManager = (url = '/ProductTable/c1') =>
  renderAtRoute(<ProductTablePage />, url, { path: ROUTES.manager.products, as: 'manager' });

const rows = () => screen.getAllByTestId('product-row');
const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const counter = (key: 'all' | 'active' | 'inactive') => screen.getByTestId(`counter-${key}-value`);
const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
/** The admin's product table of Sezar salati's category, its «add product» dialog opened. */
async function openAddProduct() {
  asAdmin();
  await screen.findByText('Sezar salati');
  await userEvent.click(screen.getByRole('button', { name: t.addProduct }));
  return dialogNamed(t.addProduct);
}
const field = (dialog: HTMLElement, name: 'name' | 'description') =>
  within(dialog).getByRole('textbox', { name: t.fields[name] });
const priceInput = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: t.fields.price });

describe('product table', () => {
  it("reads the category of the restaurant and its products (the restaurant's list the stop-list reads, inactive ones too)", async () => {
    const api = stubCatalog([caesar, gijduvon, product({ _id: 'p3', name: 'Choy', category_id: 'c2' })]);
    asAdmin();
    await screen.findByText('Sezar salati');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.productsOf('Salatlar'));
    const list = api.callsTo('GET /manager/products')[0]!;
    expect(list.search.get('restaurant_id')).toBe('r1');
    expect(screen.queryByText('Choy')).toBeNull();
    expect(list.headers.get('authorization')).toBe('Bearer token-admin');
    expect(api.callsTo('GET /manager/category')[0]!.search.get('restaurant_id')).toBe('r1');
    expect(counter('all')).toHaveTextContent('2');
    expect(counter('active')).toHaveTextContent('1');
    expect(counter('inactive')).toHaveTextContent('1');
  });

  it("cuts the description to its first 4 words and shows prices rounded down in so'm", async () => {
    stubCatalog([caesar, gijduvon]);
    asAdmin();
    await screen.findByText('Sezar salati');
    expect(within(row('Sezar salati')).getByTestId('product-description')).toHaveTextContent(
      'Tovuq, salat bargi, pishloq,...',
    );
    expect(within(row('Sezar salati')).getByTestId('product-price')).toHaveTextContent("45 000 so'm");
    expect(within(row('Gʻijduvon shashligi')).getByTestId('product-price')).toHaveTextContent("999 so'm");
    expect(within(row('Gʻijduvon shashligi')).getByText(t.inactive)).toBeInTheDocument();
  });

  it('pages 12 products as 10 and 2 with Oldingi / Keyingi; the number keeps counting', async () => {
    stubCatalog(Array.from({ length: 12 }, (_, i) => product({ name: `Taom ${i + 1}` })));
    asAdmin();
    await screen.findByText('Taom 1');
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: t.previous })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getAllByRole('cell')[1]).toHaveTextContent('11');
    expect(screen.getByRole('button', { name: t.next })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: t.previous }));
    expect(rows()).toHaveLength(10);
  });

  it("searches by name: case and the Uzbek apostrophe's forms ignored, back to page 1", async () => {
    const many = Array.from({ length: 11 }, (_, i) => product({ name: `Taom ${i + 1}` }));
    stubCatalog([...many, gijduvon, caesar]);
    asAdmin();
    await screen.findByText('Taom 1');
    await userEvent.click(screen.getByRole('button', { name: t.next }));
    const search = screen.getByRole('searchbox', { name: t.search });
    await userEvent.type(search, "g'IJDUVON");
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Gʻijduvon shashligi')).toBeInTheDocument();
    expect(screen.queryByTestId('pagination')).toBeNull();
    await userEvent.clear(search);
    await userEvent.type(search, 'taom');
    expect(rows()).toHaveLength(10);
    expect(screen.getByTestId('pagination-status')).toHaveTextContent('1 / 2');
    await userEvent.clear(search);
    await userEvent.type(search, 'pitsa');
    expect(screen.getByText(t.noSearchResults)).toBeInTheDocument();
    expect(counter('all')).toHaveTextContent('13'); // the counters are the category's
  });

  it.each([
    { opens: 'the detail', button: t.view, path: '/admin/product-detail/p1/r1' },
    { opens: 'the options', button: t.options, path: '/admin/product-option/p1' },
  ])('opens $opens of a row', async ({ button, path }) => {
    stubCatalog([caesar]);
    const view = asAdmin();
    await screen.findByText('Sezar salati');
    await userEvent.click(within(row('Sezar salati')).getByRole('button', { name: button }));
    expect(view.path()).toBe(path);
  });

  it("shows 'Bu kategoriyada mahsulot yo'q' for an empty category", async () => {
    stubCatalog([]);
    asAdmin();
    expect(await screen.findByText(t.noProducts)).toBeInTheDocument();
  });

  it("a failed read: 'Mahsulotlarni yuklashda xatolik yuz berdi!' in place and once as a toast", async () => {
    stubCatalog([], { 'GET /manager/products': answers.error(500, 'internal') });
    asAdmin();
    await waitFor(() => expect(screen.getAllByText(t.productsLoadError)).toHaveLength(2));
  });

  it("a manager's category of another restaurant is not found, and no product is read", async () => {
    const api = stubCatalog([caesar]);
    asManager('/ProductTable/c-boshqa');
    expect(await screen.findByText(t.categoryNotFound)).toBeInTheDocument();
    expect(api.callsTo('GET /manager/products')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: t.addProduct })).toBeNull();
  });

  it("a manager's own category: the restaurant is the category's", async () => {
    const api = stubCatalog([caesar]);
    asManager();
    await screen.findByText('Sezar salati');
    expect(api.callsTo('GET /manager/category')[0]!.search.has('restaurant_id')).toBe(false);
    // its own list, under the key the stop-list reads
    expect(api.callsTo('GET /manager/products')[0]!.search.has('restaurant_id')).toBe(false);
  });

  it('the status toggle sends {is_active} only and shows the answer', async () => {
    let stored = caesar;
    const api = stubCatalog([], {
      'GET /manager/products': () => answers.counted([stored]),
      'PUT /manager/products/p1': (call: StubCall) => {
        stored = { ...caesar, ...(call.body as object) };
        return answers.data(stored);
      },
    });
    asAdmin();
    const toggle = await screen.findByRole('switch', { name: t.statusOf('Sezar salati') });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.writes()[0]!.body).toEqual({ is_active: false });
    expect(await screen.findByText(t.productUpdated)).toBeInTheDocument();
    expect(counter('inactive')).toHaveTextContent('1');
  });
});

describe('product dialog', () => {
  it('requires name and price, refuses a negative price, makes no call; the category is preselected', async () => {
    const api = stubCatalog([caesar]);
    const dialog = await openAddProduct();
    const category = within(dialog).getByRole('combobox', { name: t.fields.category_id });
    expect(category).toHaveValue('c1');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([t.select, 'Salatlar', 'Ichimliklar']);
    expect(within(dialog).getByRole('checkbox', { name: t.status })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(field(dialog, 'name')).toHaveAccessibleErrorMessage(t.required));
    expect(priceInput(dialog)).toHaveAccessibleErrorMessage(t.required);
    expect(field(dialog, 'description')).not.toBeInvalid();
    await userEvent.type(priceInput(dialog), '-5');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(priceInput(dialog)).toHaveAccessibleErrorMessage(t.negativeNumber));
    await userEvent.selectOptions(category, '');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(category).toHaveAccessibleErrorMessage(t.required));
    expect(api.writes()).toHaveLength(0);
  });

  it('creates, then uploads each picture with the new id (product_id first) with progress', async () => {
    let release!: () => void;
    const second = new Promise<void>((r) => {
      release = r;
    });
    let uploads = 0;
    const api = stubCatalog([caesar], {
      'POST /manager/products': answers.data({ id: 'p-new' }, 201),
      'POST /manager/upload': async () => {
        uploads += 1;
        if (uploads === 2) await second;
        return answers.data([{ file: `/uploads/products/${uploads}.png` }]);
      },
    });
    const dialog = await openAddProduct();
    await userEvent.type(field(dialog, 'name'), '  Olivye ');
    await userEvent.type(priceInput(dialog), '32000');
    await userEvent.type(field(dialog, 'description'), 'Kartoshka, tuxum');
    const png = (name: string) =>
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
    await userEvent.upload(within(dialog).getByLabelText(t.images), [png('a.png'), png('b.png')]);
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    const progress = await within(dialog).findByRole('progressbar');
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    expect(progress).toHaveAttribute('aria-valuemax', '2');
    release();
    expect(await screen.findByText(t.productImageUploaded)).toBeInTheDocument();
    expect(screen.getByText(t.productCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [create, ...sent] = api.writes();
    expect(create!.body).toEqual({
      name: 'Olivye',
      category_id: 'c1',
      price: 32000,
      description: 'Kartoshka, tuxum',
      is_active: true,
    });
    expect(sent.map((c) => c.path)).toEqual(['/manager/upload', '/manager/upload']);
    const form = sent[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['product_id', 'files']);
    expect(form.get('product_id')).toBe('p-new');
    expect((form.get('files') as File).name).toBe('a.png');
    expect(((sent[1]!.body as FormData).get('files') as File).name).toBe('b.png');
  });

  it("a create answered without an id: 'Mahsulot yaratishda xatolik yuz berdi!', nothing uploaded", async () => {
    const api = stubCatalog([caesar], { 'POST /manager/products': answers.data({}, 201) });
    const dialog = await openAddProduct();
    await userEvent.type(field(dialog, 'name'), 'Olivye');
    await userEvent.type(priceInput(dialog), '32000');
    await userEvent.upload(
      within(dialog).getByLabelText(t.images),
      new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'a.png', { type: 'image/png' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.productCreateError)).toBeInTheDocument();
    expect(screen.queryByText(t.productCreated)).toBeNull();
    expect(screen.queryByText(t.productSaveError)).toBeNull();
    expect(api.writes().map((c) => c.path)).toEqual(['/manager/products']);
    expect(screen.getByRole('dialog', { name: t.addProduct })).toBeInTheDocument();
  });

  it("a refused create: 'Mahsulotni saqlashda xatolik yuz berdi!' and the dialog stays", async () => {
    stubCatalog([caesar], { 'POST /manager/products': answers.error(500, 'internal') });
    const dialog = await openAddProduct();
    await userEvent.type(field(dialog, 'name'), 'Olivye');
    await userEvent.type(priceInput(dialog), '32000');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.productSaveError)).toBeInTheDocument();
    expect(screen.getAllByText(t.productSaveError)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: t.addProduct })).toBeInTheDocument();
  });

  it("an edit sends only the changed fields; no change: 'Hech qanday o'zgarish yo'q.' and no call", async () => {
    const api = stubCatalog([caesar], {
      'PUT /manager/products/p1': answers.data({ ...caesar, price: 47000, category_id: 'c2' }),
    });
    asAdmin();
    await screen.findByText('Sezar salati');
    await userEvent.click(within(row('Sezar salati')).getByRole('button', { name: t.edit }));
    const dialog = await dialogNamed(t.editProduct);
    expect(field(dialog, 'name')).toHaveValue('Sezar salati');
    expect(priceInput(dialog)).toHaveValue(45000.75);
    // the pictures' editor instead of the create form's picker
    expect(within(dialog).getByTestId('product-pictures')).toBeInTheDocument();
    expect(within(dialog).getByText(t.noImagesYet)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.noChanges)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.clear(priceInput(dialog));
    await userEvent.type(priceInput(dialog), '47000');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: t.fields.category_id }), 'c2');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.productUpdated)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.body).toEqual({ price: 47000, category_id: 'c2' });
  });

  it('Tahrirlash: reorders, replaces, removes and adds pictures, then writes the whole list once', async () => {
    const pictured = {
      ...caesar,
      images: [{ file: '/uploads/a.jpg' }, { file: '/uploads/b.jpg' }, { file: '/uploads/c.jpg' }],
    };
    let uploads = 0;
    const api = stubCatalog([pictured], {
      // each upload answers the product's whole list, the new picture last
      'POST /manager/upload': () => {
        uploads += 1;
        return answers.data([...pictured.images, { file: `/uploads/new-${uploads}.jpg` }]);
      },
      'PUT /manager/products/p1': answers.data(pictured),
    });
    asAdmin();
    await screen.findByText('Sezar salati');
    await userEvent.click(within(row('Sezar salati')).getByRole('button', { name: t.edit }));
    const dialog = await dialogNamed(t.editProduct);
    expect(within(dialog).getAllByTestId('product-picture')).toHaveLength(3);
    const jpeg = (name: string) =>
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], name, { type: 'image/jpeg' });
    // c up to first, b removed, a replaced, one added
    await userEvent.click(within(dialog).getByRole('button', { name: t.moveImageEarlier(3) }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.moveImageEarlier(2) }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.removeImageNumber(3) }));
    await userEvent.upload(within(dialog).getByTestId('replace-picture-2'), jpeg('yangi-a.jpg'));
    expect(await within(dialog).findByText(`yangi-a.jpg: ${t.imageWillBeReplaced}`)).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText(t.addImages), jpeg('qoshimcha.jpg'));
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.productImagesSaved)).toBeInTheDocument();
    const writes = api.writes();
    expect(writes.map((c) => c.path)).toEqual(['/manager/upload', '/manager/upload', '/manager/products/p1']);
    expect(writes[2]!.body).toEqual({
      images: [{ file: '/uploads/c.jpg' }, { file: '/uploads/new-1.jpg' }, { file: '/uploads/new-2.jpg' }],
    });
  });

  it('a list the server refuses for a picture not of this restaurant: the Uzbek reason, not a crash', async () => {
    const pictured = { ...caesar, images: [{ file: '/uploads/a.jpg' }, { file: '/uploads/b.jpg' }] };
    stubCatalog([pictured], {
      // another tab released the picture meanwhile: the list names one no longer this restaurant's
      'PUT /manager/products/p1': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'A picture field takes only pictures uploaded to this restaurant',
            details: [{ path: 'images.0.file', message: 'Not a picture stored for this restaurant' }],
          },
        },
      },
    });
    asAdmin();
    await screen.findByText('Sezar salati');
    await userEvent.click(within(row('Sezar salati')).getByRole('button', { name: t.edit }));
    const dialog = await dialogNamed(t.editProduct);
    await userEvent.click(within(dialog).getByRole('button', { name: t.moveImageEarlier(2) }));
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.pictureNotOwn)).toBeInTheDocument();
    expect(screen.queryByText(t.productImagesSaved)).toBeNull();
  });

  it('a text file renamed .jpg is refused when picked, naming the accepted kinds; nothing is sent', async () => {
    const api = stubCatalog([caesar]);
    const dialog = await openAddProduct();
    const text = new File(['Osh 25000 so‘m'], 'osh.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(dialog).getByLabelText(t.images), text);
    expect(await within(dialog).findByText(t.notAnImage('osh.jpg'))).toBeInTheDocument();
    expect(t.notAnImage('osh.jpg')).toMatch(/JPEG, PNG, WebP yoki GIF/);
    expect(within(dialog).queryByText('osh.jpg')).toBeNull(); // not among the chosen files
    expect(api.writes()).toHaveLength(0);
  });

  it("a refused edit: 'Mahsulotni yangilashda xatolik yuz berdi!'", async () => {
    stubCatalog([caesar], { 'PUT /manager/products/p1': answers.error(500, 'internal') });
    asAdmin();
    await screen.findByText('Sezar salati');
    await userEvent.click(within(row('Sezar salati')).getByRole('button', { name: t.edit }));
    const dialog = await dialogNamed(t.editProduct);
    await userEvent.type(field(dialog, 'name'), ' 2');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.productUpdateError)).toBeInTheDocument();
  });
});

describe('product delete', () => {
  it("asks Ha / Yo'q, deletes with 'Mahsulot o'chirildi!'; a failure says 'Mahsulotni o'chirishda ...'", async () => {
    const api = stubCatalog([], {
      ...deletableList(
        [caesar, gijduvon],
        'p1',
        { list: 'GET /manager/products', remove: 'DELETE /manager/products/p1' },
        (list) => answers.counted(list),
      ),
      'DELETE /manager/products/p2': answers.error(500, 'internal'),
    });
    asAdmin();
    await screen.findByText('Sezar salati');
    await deleteConfirmed(row('Sezar salati'));
    expect(await screen.findByText(t.productDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sezar salati')).toBeNull());
    expect(counter('all')).toHaveTextContent('1');
    await deleteConfirmed(row('Gʻijduvon shashligi'));
    expect(await screen.findByText(t.productDeleteError)).toBeInTheDocument();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /manager/products/p1',
      'DELETE /manager/products/p2',
    ]);
  });
});

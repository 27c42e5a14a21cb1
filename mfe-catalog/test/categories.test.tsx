/** The category list (docs/SCREENS.md, "Categories"): counters, toggles, the dialog's rules, delete, failures, not found. */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import CategoryListPage from '../src/categories/CategoryListPage';
import { deletableList, deleteConfirmed } from './delete-support';

const restaurant = fixtures.restaurant({ _id: 'r1', name: 'Rayhon' });
const salads = fixtures.category({ _id: 'c1', title: 'Salatlar', restaurant_id: 'r1', is_active: true });
const drinks = fixtures.category({ _id: 'c2', title: 'Ichimliklar', restaurant_id: 'r1', is_active: false });

/** The admin's list of restaurant r1, over `replies`. */
const asAdmin = (replies: StubRoutes) =>
  openPage(<CategoryListPage />, '/admin/categoryList/r1', {
    path: ROUTES.admin.categories,
    as: 'admin',
    answers: replies,
    routes: { [ROUTES.admin.products]: <p>mahsulotlar sahifasi</p> },
  });
/** The manager's own list, over `replies`. */
const asManager = (replies: StubRoutes) =>
  openPage(<CategoryListPage />, ROUTES.manager.categories, {
    as: 'manager',
    answers: replies,
    routes: { [ROUTES.manager.products]: <p>mahsulotlar sahifasi</p> },
  });

const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;
const counter = (key: 'all' | 'active' | 'inactive') => screen.getByTestId(`counter-${key}-value`);

describe('category list', () => {
  it("an admin sees the restaurant's categories (asked by id), counters and Faol / Nofaol", async () => {
    const { api } = asAdmin({ 'GET /manager/category': answers.counted([salads, drinks]) });
    expect(await screen.findByText('Salatlar')).toBeInTheDocument();
    expect(api.callsTo('GET /manager/category')[0]!.search.get('restaurant_id')).toBe('r1');
    expect(counter('all')).toHaveTextContent('2');
    expect(counter('active')).toHaveTextContent('1');
    expect(counter('inactive')).toHaveTextContent('1');
    expect(within(row('Salatlar')).getByText(t.active)).toBeInTheDocument();
    expect(within(row('Ichimliklar')).getByText(t.inactive)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: t.statusOf('Salatlar') })).toBeChecked();
    expect(screen.getByRole('switch', { name: t.statusOf('Ichimliklar') })).not.toBeChecked();
  });

  it('a manager reads its own restaurant (no id sent) and each category opens its products', async () => {
    const { api, path } = asManager({
      'GET /manager/category': answers.counted([salads]),
      'GET /manager/restaurants/me': answers.data(restaurant),
    });
    await screen.findByText('Salatlar');
    expect(api.callsTo('GET /manager/category')[0]!.search.has('restaurant_id')).toBe(false);
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.products }));
    expect(path()).toBe('/ProductTable/c1');
  });

  it("an admin's category opens its products under /admin with the restaurant", async () => {
    const view = asAdmin({ 'GET /manager/category': answers.counted([salads]) });
    await screen.findByText('Salatlar');
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.products }));
    expect(view.path()).toBe('/admin/viewProduct/c1/r1');
  });

  it("shows 'Bu restoranga kategoriya biriktirilmagan' when there is none", async () => {
    asAdmin({ 'GET /manager/category': answers.counted([]) });
    expect(await screen.findByText(t.noCategories)).toBeInTheDocument();
    expect(counter('all')).toHaveTextContent('0');
  });

  it("a failed read: 'Kategoriyalarni olishda xatolik yuz berdi!' in place and as one toast, then retry", async () => {
    const { api } = asAdmin({ 'GET /manager/category': answers.error(500, 'internal') });
    await waitFor(() => expect(screen.getAllByText(t.categoriesLoadError)).toHaveLength(2));
    api.answer({ 'GET /manager/category': answers.counted([salads]) });
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Salatlar')).toBeInTheDocument();
    expect(screen.queryByTestId('page-error')).toBeNull();
  });

  it('another restaurant (404) is not found: no list, no counters, no add button, no toast', async () => {
    asAdmin({ 'GET /manager/category': answers.error(404, 'not_found') });
    expect(await screen.findByText(t.restaurantNotFound)).toBeInTheDocument();
    expect(screen.queryByTestId('status-counters')).toBeNull();
    expect(screen.queryByRole('button', { name: t.addCategory })).toBeNull();
    expect(screen.queryByText(t.categoriesLoadError)).toBeNull();
  });

  it('a manager without a restaurant is told so', async () => {
    asManager({
      'GET /manager/category': answers.error(404, 'not_found'),
      'GET /manager/restaurants/me': answers.data(null),
    });
    expect(await screen.findByText(t.noRestaurantForManager)).toBeInTheDocument();
  });
});

describe('status toggle', () => {
  it('sends {is_active} only, is disabled in flight and shows the answer after the refetch', async () => {
    let stored = salads;
    const { api } = asAdmin({
      'GET /manager/category': () => answers.counted([stored, drinks]),
      'PUT /manager/category/update/c1': (call) => {
        stored = { ...salads, ...(call.body as object) };
        return answers.data(stored);
      },
    });
    const toggle = await screen.findByRole('switch', { name: t.statusOf('Salatlar') });
    const held = api.hold('PUT /manager/category/update/c1');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeDisabled());
    expect(toggle).toBeChecked(); // no guess while the call runs
    held.release();
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.body).toEqual({ is_active: false });
    expect(await screen.findByText(t.categoryUpdated)).toBeInTheDocument();
    expect(counter('active')).toHaveTextContent('0');
    expect(within(row('Salatlar')).getByText(t.inactive)).toBeInTheDocument();
  });

  it('a refused toggle keeps the stored state and says so once', async () => {
    asAdmin({
      'GET /manager/category': answers.counted([salads]),
      'PUT /manager/category/update/c1': answers.error(500, 'internal'),
    });
    const toggle = await screen.findByRole('switch', { name: t.statusOf('Salatlar') });
    await userEvent.click(toggle);
    expect(await screen.findByText(t.editError)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(screen.getAllByText(t.editError)).toHaveLength(1);
  });
});

describe('category dialog', () => {
  it("requires a title ('Kategoriya nomi bo'sh bo'lishi mumkin emas!') and makes no call", async () => {
    const { api } = asAdmin({ 'GET /manager/category': answers.counted([salads]) });
    await screen.findByText('Salatlar');
    await userEvent.click(screen.getByRole('button', { name: t.addCategory }));
    const dialog = await screen.findByRole('dialog', { name: t.addCategory });
    const title = within(dialog).getByRole('textbox', { name: t.fields.title });
    await userEvent.type(title, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(title).toHaveAccessibleErrorMessage(t.categoryTitleEmpty));
    expect(api.writes()).toHaveLength(0);
  });

  it("a manager creates in its own restaurant: {title, restaurant_id, is_active}, 'Kategoriya yaratildi!'", async () => {
    const created = fixtures.category({ _id: 'c9', title: 'Desertlar', restaurant_id: 'r1' });
    const { api } = asManager({
      'GET /manager/category': answers.counted([salads]),
      'GET /manager/restaurants/me': answers.data(restaurant),
      'POST /manager/category/create': answers.data(created, 201),
    });
    await screen.findByText('Salatlar');
    await userEvent.click(screen.getByRole('button', { name: t.addCategory }));
    const dialog = await screen.findByRole('dialog', { name: t.addCategory });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.title }), '  Desertlar ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.categoryCreated)).toBeInTheDocument();
    expect(api.writes()[0]!.body).toEqual({ title: 'Desertlar', restaurant_id: 'r1', is_active: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the list was read again after the write
    expect(api.callsTo('GET /manager/category').length).toBeGreaterThan(1);
  });

  it("an edit with no change: 'O'zgarishlar mavjud emas!' and no call; a change sends only that field", async () => {
    const { api } = asAdmin({
      'GET /manager/category': answers.counted([salads]),
      'PUT /manager/category/update/c1': answers.data({ ...salads, title: 'Salatlar va gazaklar' }),
    });
    await screen.findByText('Salatlar');
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editCategory });
    const title = within(dialog).getByRole('textbox', { name: t.fields.title });
    expect(title).toHaveValue('Salatlar');
    await userEvent.type(title, ' ');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.noChangesCategory)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.clear(title);
    await userEvent.type(title, 'Salatlar va gazaklar');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.categoryUpdated)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
    expect(api.writes()[0]!.body).toEqual({ title: 'Salatlar va gazaklar' });
  });

  it('a failed edit keeps the dialog open with the edit error', async () => {
    asAdmin({
      'GET /manager/category': answers.counted([salads]),
      'PUT /manager/category/update/c1': answers.error(500, 'internal'),
    });
    await screen.findByText('Salatlar');
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editCategory });
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.title }), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.editError)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: t.editCategory })).toBeInTheDocument();
  });
});

describe('category delete', () => {
  it("asks Ha / Yo'q and says its products go with it; Yo'q makes no call, Ha deletes", async () => {
    const { api } = asAdmin(
      deletableList(
        [salads, drinks],
        'c1',
        { list: 'GET /manager/category', remove: 'DELETE /manager/category/delete/c1' },
        (list) => answers.counted(list),
      ),
    );
    await screen.findByText('Salatlar');
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.delete }));
    let question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(t.categoryDeleteWarning)).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: t.no }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(row('Salatlar')).getByRole('button', { name: t.delete }));
    question = await screen.findByRole('alertdialog');
    await userEvent.click(within(question).getByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.categoryDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Salatlar')).toBeNull());
    expect(counter('all')).toHaveTextContent('1');
  });

  it("a failed delete: 'Kategoriya o'chirishda xatolik yuz berdi!'", async () => {
    asAdmin({
      'GET /manager/category': answers.counted([salads]),
      'DELETE /manager/category/delete/c1': answers.error(500, 'internal'),
    });
    await screen.findByText('Salatlar');
    await deleteConfirmed(row('Salatlar'));
    expect(await screen.findByText(t.categoryDeleteError)).toBeInTheDocument();
    expect(screen.getByText('Salatlar')).toBeInTheDocument();
  });
});

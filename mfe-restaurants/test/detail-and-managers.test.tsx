import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, renderAtRoute, signInAs, stubApi } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ManagersPage from '../src/managers/ManagersPage';
import ManagerHome from '../src/restaurants/ManagerHome';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';

const makeRestaurant = fixtures.restaurant;
const login = signInAs;
const managers = [
  fixtures.manager({ _id: 'm1', login: 'aziz' }),
  fixtures.manager({ _id: 'm2', login: 'bobur' }),
];
const renderAdminDetail = (url: string) =>
  renderAtRoute(<RestaurantDetailPage />, url, { path: ROUTES.admin.restaurant });
const renderManagerDetail = (url: string) =>
  renderAtRoute(<RestaurantDetailPage />, url, { path: ROUTES.manager.restaurant });
/** The restaurant's card on the detail page (its title is the restaurant's name). */
const detailCard = () => screen.findByTestId('restaurant-detail');

describe('restaurant detail (admin)', () => {
  it("shows the fields and looks the manager's login up by manager_id", async () => {
    const r = makeRestaurant({
      _id: 'd1',
      slug: 'detal',
      name: 'Detal',
      manager_id: 'm2',
      address: 'Samarqand',
    });
    const api = stubApi({
      'GET /user/restaurants/view': (c) =>
        c.search.get('slug') === 'detal' ? answers.data(r) : answers.error(404, 'not_found'),
      'GET /admin/managers': answers.data(managers),
    });
    login('admin');
    const view = renderAdminDetail('/admin/viewRestaurant/d1/detal');
    const detail = await detailCard();
    expect(within(detail).getByRole('heading', { name: 'Detal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.restaurantDetail);
    expect(within(detail).getByText('Samarqand')).toBeInTheDocument();
    expect(await within(detail).findByText('bobur')).toBeInTheDocument();
    expect(within(detail).getByRole('img', { name: 'Detal' })).toHaveAttribute('data-default', 'true');
    // Yo'q closes the confirmation without deleting.
    await userEvent.click(within(detail).getByRole('button', { name: t.delete }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: "Yo'q" }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(detail).getByRole('button', { name: t.categories }));
    expect(view.path()).toBe('/admin/categoryList/d1');
  });

  it("lists the old slugs (the printed codes' redirects) and releases one after Ha", async () => {
    const r = makeRestaurant({ _id: 'd9', slug: 'yangi', name: 'Yangi' });
    let old = [
      { slug: 'eski-2', createdAt: '2026-11-20T10:00:00.000Z' },
      { slug: 'eski-1', createdAt: '2026-11-10T10:00:00.000Z' },
    ];
    const api = stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.data(managers),
      'GET /admin/restaurants/d9/old-slugs': () => answers.data(old),
      'DELETE /admin/restaurants/d9/old-slugs/eski-1': () => {
        old = old.filter((o) => o.slug !== 'eski-1');
        return answers.data({ slug: 'eski-1' });
      },
    });
    login('admin');
    renderAdminDetail('/admin/viewRestaurant/d9/yangi');
    const panel = await screen.findByRole('region', { name: t.oldSlugs });
    expect(within(panel).getByText('/m/eski-2')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: t.releaseOldSlugOf('eski-1') }));
    expect(await screen.findByText(t.releaseOldSlugQuestion('eski-1'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ha' }));
    expect(await screen.findByText(t.oldSlugReleased)).toBeInTheDocument();
    expect(api.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      'DELETE /admin/restaurants/d9/old-slugs/eski-1',
    ]);
    await waitFor(() => expect(screen.queryByText('/m/eski-1')).not.toBeInTheDocument());
    expect(screen.getByText('/m/eski-2')).toBeInTheDocument();
  });

  it('deletes by slug after Ha and returns to the list', async () => {
    const r = makeRestaurant({ _id: 'd2', slug: 'ketadi', name: 'Ketadi' });
    const api = stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.data(managers),
      'DELETE /admin/restaurants/delete': answers.data({ _id: 'd2' }),
    });
    login('admin');
    const view = renderAdminDetail('/admin/viewRestaurant/d2/ketadi');
    const detail = await detailCard();
    await userEvent.click(within(detail).getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [call] = api.writes();
    expect(`${call!.method} ${call!.path}`).toBe('DELETE /admin/restaurants/delete');
    expect(call!.search.get('slug')).toBe('ketadi');
    await waitFor(() => expect(view.path()).toBe('/admin/restaurants'));
    expect(await screen.findByText(t.restaurantDeleted)).toBeInTheDocument();
  });

  it('shows the load error, not a missing manager, when the managers cannot be loaded', async () => {
    const r = makeRestaurant({ slug: 'tanho', manager_id: 'm1' });
    stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.error(500, 'internal'),
    });
    login('admin');
    renderAdminDetail(`/admin/viewRestaurant/${r._id}/tanho`);
    const detail = await detailCard();
    expect(await within(detail).findByText(t.listLoadError)).toBeInTheDocument();
    expect(screen.queryByText(t.matchingManagerNotFound)).toBeNull();
  });

  it("says 'Restoran topilmadi.' for a malformed slug (400)", async () => {
    stubApi({
      'GET /user/restaurants/view': answers.error(400, 'bad_request'),
    });
    login('admin');
    renderAdminDetail('/admin/viewRestaurant/x/%20%24');
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
    expect(screen.queryByText(t.listLoadError)).toBeNull();
  });

  it("says 'Restoran topilmadi.' when the slug's restaurant has another id than the address", async () => {
    const r = makeRestaurant({ _id: 'real-id', slug: 'bor' });
    stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.data(managers),
    });
    login('admin');
    renderAdminDetail('/admin/viewRestaurant/other-id/bor');
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.edit })).toBeNull();
  });

  it("says 'Restoran uchun manager topilmadi.' for a restaurant without a manager", async () => {
    const r = makeRestaurant({ slug: 'yolgiz', manager_id: null });
    stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.data(managers),
    });
    login('admin');
    renderAdminDetail(`/admin/viewRestaurant/${r._id}/yolgiz`);
    expect(await screen.findByText('Restoran uchun manager topilmadi.')).toBeInTheDocument();
  });

  it("says 'Mos manager topilmadi.' when the manager_id is not among the managers", async () => {
    const r = makeRestaurant({ slug: 'yetim', manager_id: 'gone' });
    stubApi({
      'GET /user/restaurants/view': answers.data(r),
      'GET /admin/managers': answers.data(managers),
    });
    login('admin');
    renderAdminDetail(`/admin/viewRestaurant/${r._id}/yetim`);
    expect(await screen.findByText('Mos manager topilmadi.')).toBeInTheDocument();
  });

  it("says 'Restoran topilmadi.' when the slug is unknown", async () => {
    stubApi({
      'GET /user/restaurants/view': answers.error(404, 'not_found'),
    });
    login('admin');
    renderAdminDetail('/admin/viewRestaurant/x/yoq');
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
  });

  it("says 'Restoran slugi topilmadi!' without a slug in the address", async () => {
    const api = stubApi({});
    login('admin');
    renderAtRoute(<RestaurantDetailPage />, '/admin/viewRestaurant/x', { path: '/admin/viewRestaurant/:id' });
    expect(screen.getByText('Restoran slugi topilmadi!')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('restaurant detail and home (manager)', () => {
  const own = makeRestaurant({ _id: 'own-1', slug: 'ozim', name: 'Ozim', manager_id: 'me' });
  const profile = answers.data(fixtures.profile({ _id: 'me', login: 'menedjer1', role: 'manager' }));

  it('shows its own login from the profile, and no delete', async () => {
    const api = stubApi({
      'GET /manager/restaurants/me': answers.data(own),
      'GET /auth/profile': profile,
    });
    login('manager');
    renderManagerDetail('/viewRestaurant/own-1');
    const detail = await detailCard();
    expect(await within(detail).findByText('menedjer1')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: t.delete })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });

  it("says 'Restoran topilmadi.' for another restaurant's id", async () => {
    stubApi({
      'GET /manager/restaurants/me': answers.data(own),
      'GET /auth/profile': profile,
    });
    login('manager');
    renderManagerDetail('/viewRestaurant/boshqa');
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
  });

  it('home shows a message when the manager has no restaurant yet', async () => {
    stubApi({
      'GET /manager/restaurants/me': answers.data(null),
      'GET /auth/profile': profile,
    });
    login('manager');
    renderAtRoute(<ManagerHome />, ROUTES.admin.home);
    expect(await screen.findByText(t.noRestaurantForManager)).toBeInTheDocument();
  });
});

describe('managers page', () => {
  it('lists managers with their restaurant and creates one (login, password)', async () => {
    const api = stubApi({
      'GET /admin/managers/accounts': answers.data(managers.map((m) => ({ ...m, is_active: true }))),
      'GET /admin/restaurants': answers.adminRestaurants([
        makeRestaurant({ name: 'Aziznikidagi', manager_id: 'm1' }),
      ]),
      'POST /admin/managers': answers.data({ _id: 'm3', login: 'yangi' }, 201),
    });
    login('admin');
    renderAtRoute(<ManagersPage />, ROUTES.admin.managers);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(await screen.findByText('Aziznikidagi')).toBeInTheDocument();
    const loginInput = screen.getByRole('textbox', { name: t.fields.login });
    const passwordInput = screen.getByLabelText(/^Parol/);
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(screen.getAllByText(t.required).length).toBeGreaterThan(0));
    await userEvent.type(loginInput, 'yangi');
    await userEvent.type(passwordInput, '123');
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText(t.passwordTooShort)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.type(passwordInput, '45678');
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ login: 'yangi', password: '12345678' });
    expect(await screen.findByText(t.managerCreated)).toBeInTheDocument();
  });
});

import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ManagersPage from '../src/managers/ManagersPage';
import ManagerHome from '../src/restaurants/ManagerHome';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';
import { login, makeRestaurant, renderAt, resetState, stubApi } from './support';

beforeEach(resetState);
afterEach(resetState);

const ADMIN_PATH = '/admin/viewRestaurant/:id/:slug';
const managers = [
  { _id: 'm1', login: 'aziz' },
  { _id: 'm2', login: 'bobur' },
];

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
        c.search.get('slug') === 'detal'
          ? { body: { data: r } }
          : { status: 404, body: { error: { code: 'not_found', message: '' } } },
      'GET /admin/managers': { body: { data: managers } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/d1/detal', ADMIN_PATH);
    const detail = await screen.findByTestId('restaurant-detail');
    expect(within(detail).getByTestId('restaurant-title')).toHaveTextContent('Detal');
    expect(within(detail).getByText('Samarqand')).toBeInTheDocument();
    expect(await within(detail).findByTestId('manager-login')).toHaveTextContent('bobur');
    expect(within(detail).getByTestId('restaurant-image')).toHaveAttribute('data-default', 'true');
    // Yo'q closes the confirmation without deleting.
    await userEvent.click(within(detail).getByRole('button', { name: t.delete }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: "Yo'q" }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(detail).getByRole('button', { name: t.categories }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/categoryList/d1');
  });

  it('deletes by slug after Ha and returns to the list', async () => {
    const r = makeRestaurant({ _id: 'd2', slug: 'ketadi', name: 'Ketadi' });
    const api = stubApi({
      'GET /user/restaurants/view': { body: { data: r } },
      'GET /admin/managers': { body: { data: managers } },
      'DELETE /admin/restaurants/delete': { body: { data: { _id: 'd2' } } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/d2/ketadi', ADMIN_PATH);
    const detail = await screen.findByTestId('restaurant-detail');
    await userEvent.click(within(detail).getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [call] = api.writes();
    expect(`${call!.method} ${call!.path}`).toBe('DELETE /admin/restaurants/delete');
    expect(call!.search.get('slug')).toBe('ketadi');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/restaurants$/));
    expect(await screen.findByText(t.restaurantDeleted)).toBeInTheDocument();
  });

  it('shows the load error, not a missing manager, when the managers cannot be loaded', async () => {
    const r = makeRestaurant({ slug: 'tanho', manager_id: 'm1' });
    stubApi({
      'GET /user/restaurants/view': { body: { data: r } },
      'GET /admin/managers': { status: 500, body: { error: { code: 'internal', message: '' } } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, `/admin/viewRestaurant/${r._id}/tanho`, ADMIN_PATH);
    const manager = await screen.findByTestId('restaurant-manager');
    await waitFor(() => expect(manager).toHaveTextContent(t.listLoadError));
    expect(screen.queryByText(t.matchingManagerNotFound)).toBeNull();
  });

  it("says 'Restoran topilmadi.' for a malformed slug (400)", async () => {
    stubApi({
      'GET /user/restaurants/view': { status: 400, body: { error: { code: 'bad_request', message: '' } } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/x/%20%24', ADMIN_PATH);
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
    expect(screen.queryByText(t.listLoadError)).toBeNull();
  });

  it("says 'Restoran topilmadi.' when the slug's restaurant has another id than the address", async () => {
    const r = makeRestaurant({ _id: 'real-id', slug: 'bor' });
    stubApi({
      'GET /user/restaurants/view': { body: { data: r } },
      'GET /admin/managers': { body: { data: managers } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/other-id/bor', ADMIN_PATH);
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
    expect(screen.queryByTestId('restaurant-detail')).toBeNull();
  });

  it("says 'Restoran uchun manager topilmadi.' for a restaurant without a manager", async () => {
    const r = makeRestaurant({ slug: 'yolgiz', manager_id: null });
    stubApi({
      'GET /user/restaurants/view': { body: { data: r } },
      'GET /admin/managers': { body: { data: managers } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, `/admin/viewRestaurant/${r._id}/yolgiz`, ADMIN_PATH);
    expect(await screen.findByText('Restoran uchun manager topilmadi.')).toBeInTheDocument();
  });

  it("says 'Mos manager topilmadi.' when the manager_id is not among the managers", async () => {
    const r = makeRestaurant({ slug: 'yetim', manager_id: 'gone' });
    stubApi({
      'GET /user/restaurants/view': { body: { data: r } },
      'GET /admin/managers': { body: { data: managers } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, `/admin/viewRestaurant/${r._id}/yetim`, ADMIN_PATH);
    expect(await screen.findByText('Mos manager topilmadi.')).toBeInTheDocument();
  });

  it("says 'Restoran topilmadi.' when the slug is unknown", async () => {
    stubApi({
      'GET /user/restaurants/view': { status: 404, body: { error: { code: 'not_found', message: '' } } },
    });
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/x/yoq', ADMIN_PATH);
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
  });

  it("says 'Restoran slugi topilmadi!' without a slug in the address", async () => {
    const api = stubApi({});
    login('admin');
    renderAt(<RestaurantDetailPage />, '/admin/viewRestaurant/x', '/admin/viewRestaurant/:id');
    expect(screen.getByText('Restoran slugi topilmadi!')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('restaurant detail and home (manager)', () => {
  const own = makeRestaurant({ _id: 'own-1', slug: 'ozim', name: 'Ozim', manager_id: 'me' });
  const profile = { data: { _id: 'me', login: 'menedjer1', role: 'manager', is_active: true } };

  it('shows its own login from the profile, and no delete', async () => {
    const api = stubApi({
      'GET /manager/restaurants/me': { body: { data: own } },
      'GET /auth/profile': { body: profile },
    });
    login('manager');
    renderAt(<RestaurantDetailPage />, '/viewRestaurant/own-1', '/viewRestaurant/:id');
    const detail = await screen.findByTestId('restaurant-detail');
    await waitFor(() =>
      expect(within(detail).getByTestId('restaurant-manager')).toHaveTextContent('menedjer1'),
    );
    expect(within(detail).queryByRole('button', { name: t.delete })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });

  it("says 'Restoran topilmadi.' for another restaurant's id", async () => {
    stubApi({
      'GET /manager/restaurants/me': { body: { data: own } },
      'GET /auth/profile': { body: profile },
    });
    login('manager');
    renderAt(<RestaurantDetailPage />, '/viewRestaurant/boshqa', '/viewRestaurant/:id');
    expect(await screen.findByText('Restoran topilmadi.')).toBeInTheDocument();
  });

  it('home shows a message when the manager has no restaurant yet', async () => {
    stubApi({
      'GET /manager/restaurants/me': { body: { data: null } },
      'GET /auth/profile': { body: profile },
    });
    login('manager');
    renderAt(<ManagerHome />, '/admin');
    expect(await screen.findByText(t.noRestaurantForManager)).toBeInTheDocument();
  });
});

describe('managers page', () => {
  it('lists managers with their restaurant and creates one (login, password)', async () => {
    const api = stubApi({
      'GET /admin/managers': { body: { data: managers } },
      'GET /admin/restaurants': {
        body: {
          restaurants: [makeRestaurant({ name: 'Aziznikidagi', manager_id: 'm1' })],
          counts: { all_count: 1, active_count: 1, inactive_count: 0 },
        },
      },
      'POST /admin/managers': { status: 201, body: { data: { _id: 'm3', login: 'yangi' } } },
    });
    login('admin');
    const { container } = renderAt(<ManagersPage />, '/admin/managers');
    await waitFor(() => expect(screen.getAllByTestId('manager-row')).toHaveLength(2));
    expect(await screen.findByText('Aziznikidagi')).toBeInTheDocument();
    const loginInput = container.querySelector<HTMLInputElement>('input[name="login"]')!;
    const passwordInput = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(screen.getAllByText(t.required).length).toBeGreaterThan(0));
    await userEvent.type(loginInput, 'yangi');
    await userEvent.type(passwordInput, '123');
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    expect(await screen.findByText(t.passwordTooShort)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.type(passwordInput, '456');
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ login: 'yangi', password: '123456' });
    expect(await screen.findByText(t.managerCreated)).toBeInTheDocument();
  });
});

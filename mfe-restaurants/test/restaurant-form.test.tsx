import { t } from '@qrmenu/shared/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ManagerHome from '../src/restaurants/ManagerHome';
import RestaurantFormPage from '../src/restaurants/RestaurantFormPage';
import { login, makeRestaurant, renderAt, resetState, stubApi } from './support';

beforeEach(resetState);
afterEach(resetState);

const REQUIRED = ['name', 'slug', 'address', 'phone_number', 'work_time'] as const;
const managers = [
  { _id: 'm1', login: 'aziz' },
  { _id: 'm2', login: 'bobur' },
];

function field(container: HTMLElement, name: string): HTMLInputElement | HTMLSelectElement {
  const el = container.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!el) throw new Error(`no field named ${name}`);
  return el;
}

function errorOf(el: Element): string | null {
  const root = el.closest('[data-part="root"]') ?? el.parentElement?.parentElement;
  return root?.querySelector('[data-part="error-text"]')?.textContent ?? null;
}

async function type(el: Element, value: string) {
  await userEvent.clear(el);
  if (value) await userEvent.type(el, value);
}

describe('restaurant create form (admin)', () => {
  it('requires name, slug, address, phone, work time and manager, in Uzbek, and sends nothing', async () => {
    const api = stubApi({
      'GET /admin/managers': { body: { data: managers } },
      'GET /admin/restaurants': {
        body: { restaurants: [], counts: { all_count: 0, active_count: 0, inactive_count: 0 } },
      },
    });
    login('admin');
    const { container } = renderAt(<RestaurantFormPage />, '/admin/restaurants/new');
    await waitFor(() => expect(field(container, 'manager_id').querySelectorAll('option')).toHaveLength(3));
    // Optional fields and the active switch are there too, with the defaults of spec 4/9.
    expect(field(container, 'bot_token')).toBeInTheDocument();
    expect(field(container, 'channel_id')).toBeInTheDocument();
    expect(field(container, 'is_active')).toBeChecked();
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    for (const name of [...REQUIRED, 'manager_id']) {
      await waitFor(() => expect(errorOf(field(container, name))).toBe(t.required));
    }
    expect(errorOf(field(container, 'bot_token'))).toBeNull();
    expect(api.writes()).toHaveLength(0);
  });

  it('rejects a bad slug with the Uzbek slug message', async () => {
    stubApi({ 'GET /admin/managers': { body: { data: managers } } });
    login('admin');
    const { container } = renderAt(<RestaurantFormPage />, '/admin/restaurants/new');
    await type(field(container, 'slug'), 'Yomon Slug');
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    await waitFor(() => expect(errorOf(field(container, 'slug'))).toBe(t.invalidSlug));
  });

  it('creates with type manual and is_active true, then uploads the chosen logotype', async () => {
    const created = makeRestaurant({ _id: 'new-1', name: 'Rayhon', slug: 'rayhon', manager_id: 'm2' });
    const api = stubApi({
      'GET /admin/managers': { body: { data: managers } },
      'GET /admin/restaurants': {
        // m1 already runs a restaurant: it is not offered.
        body: {
          restaurants: [makeRestaurant({ manager_id: 'm1' })],
          counts: { all_count: 1, active_count: 1, inactive_count: 0 },
        },
      },
      'POST /admin/restaurants/create': { status: 201, body: { data: created } },
      'POST /manager/upload': { body: { url: '/uploads/logo.png' } },
    });
    login('admin');
    const { container } = renderAt(<RestaurantFormPage />, '/admin/restaurants/new');
    await waitFor(() => expect(field(container, 'manager_id').querySelectorAll('option')).toHaveLength(2));
    await type(field(container, 'name'), '  Rayhon ');
    await type(field(container, 'slug'), 'rayhon');
    await type(field(container, 'address'), 'Toshkent, Chilonzor');
    await type(field(container, 'phone_number'), '+998901234567');
    await type(field(container, 'work_time'), '09:00-23:00');
    await userEvent.selectOptions(field(container, 'manager_id'), 'm2');
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(field(container, 'logotype') as HTMLInputElement, logo);
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    const [create, upload] = api.writes();
    expect(create!.path).toBe('/admin/restaurants/create');
    expect(create!.body).toEqual({
      name: 'Rayhon',
      slug: 'rayhon',
      address: 'Toshkent, Chilonzor',
      phone_number: '+998901234567',
      work_time: '09:00-23:00',
      manager_id: 'm2',
      is_active: true,
      bot_token: null,
      channel_id: null,
      type: 'manual',
    });
    expect(upload!.path).toBe('/manager/upload');
    const form = upload!.body as FormData;
    expect(form.get('restaurant_id')).toBe('new-1');
    expect(form.get('type')).toBe('logotype');
    // (jsdom's File does not survive undici's multipart encoding intact; e2e uploads a real one.)
    expect(form.has('files')).toBe(true);
    expect(await screen.findByText(t.restaurantCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/restaurants'));
  });

  it("shows 'Restoran qo'shishda xatolik yuz berdi!' when the create fails", async () => {
    stubApi({
      'GET /admin/managers': { body: { data: managers } },
      'POST /admin/restaurants/create': {
        status: 409,
        body: { error: { code: 'conflict', message: 'slug' } },
      },
    });
    login('admin');
    const { container } = renderAt(<RestaurantFormPage />, '/admin/restaurants/new');
    await waitFor(() => expect(field(container, 'manager_id').querySelectorAll('option')).toHaveLength(3));
    for (const name of REQUIRED) await type(field(container, name), name === 'slug' ? 'bor-slug' : 'qiymat');
    await userEvent.selectOptions(field(container, 'manager_id'), 'm1');
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    expect(await screen.findByText("Restoran qo'shishda xatolik yuz berdi!")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/restaurants/new');
    await waitFor(() => expect(errorOf(field(container, 'slug'))).toBe(t.slugTaken));
  });
});

describe('restaurant edit form (admin)', () => {
  const existing = makeRestaurant({
    _id: 'e1',
    name: 'Eski nom',
    slug: 'eski-slug',
    manager_id: 'm1',
    bot_token: null,
    channel_id: '@kanal',
  });
  const listAnswer = {
    body: { restaurants: [existing], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
  };

  it("shows 'Hech qanday o'zgarish yo'q.' and makes no call when nothing changed", async () => {
    const api = stubApi({
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': { body: { data: managers } },
    });
    login('admin');
    const { container } = renderAt(
      <RestaurantFormPage />,
      '/admin/restaurants/e1/edit',
      '/admin/restaurants/:id/edit',
    );
    await waitFor(() => expect(field(container, 'name')).toHaveValue('Eski nom'));
    await waitFor(() => expect(field(container, 'manager_id')).toHaveValue('m1'));
    // Whitespace alone is no change either.
    await type(field(container, 'address'), ` ${existing.address} `);
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    expect(await screen.findByText("Hech qanday o'zgarish yo'q.")).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('sends only the changed fields to PUT ?slug= of the stored slug', async () => {
    const api = stubApi({
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': { body: { data: managers } },
      'PUT /manager/restaurants/update': {
        body: { data: { ...existing, phone_number: '+998711112233', is_active: false } },
      },
    });
    login('admin');
    const { container } = renderAt(
      <RestaurantFormPage />,
      '/admin/restaurants/e1/edit',
      '/admin/restaurants/:id/edit',
    );
    await waitFor(() => expect(field(container, 'manager_id')).toHaveValue('m1'));
    await type(field(container, 'phone_number'), '+998711112233');
    const activeSwitch = field(container, 'is_active');
    fireEvent.click(activeSwitch);
    await waitFor(() => expect(activeSwitch).not.toBeChecked());
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const put = api.writes()[0]!;
    expect(put.method).toBe('PUT');
    expect(put.search.get('slug')).toBe('eski-slug');
    expect(put.body).toEqual({ phone_number: '+998711112233', is_active: false });
    expect(await screen.findByText(t.restaurantUpdated)).toBeInTheDocument();
  });

  it("shows 'Tahrirlashda xatolik yuz berdi!' when the update fails", async () => {
    stubApi({
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': { body: { data: managers } },
      'PUT /manager/restaurants/update': {
        status: 400,
        body: { error: { code: 'validation', message: 'x' } },
      },
    });
    login('admin');
    const { container } = renderAt(
      <RestaurantFormPage />,
      '/admin/restaurants/e1/edit',
      '/admin/restaurants/:id/edit',
    );
    await waitFor(() => expect(field(container, 'manager_id')).toHaveValue('m1'));
    await type(field(container, 'name'), 'Yangi nom');
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    expect(await screen.findByText('Tahrirlashda xatolik yuz berdi!')).toBeInTheDocument();
  });
});

describe('restaurant edit (manager)', () => {
  it('has no manager or active selector, validates in Uzbek and sends only changed fields', async () => {
    const own = makeRestaurant({ _id: 'own', name: 'Mening', slug: 'mening', manager_id: 'me' });
    const api = stubApi({
      'GET /manager/restaurants/me': { body: { data: own } },
      'GET /auth/profile': {
        body: { data: { _id: 'me', login: 'menedjer', role: 'manager', is_active: true } },
      },
      'PUT /manager/restaurants/update': { body: { data: { ...own, work_time: '10:00-22:00' } } },
    });
    login('manager');
    renderAt(<ManagerHome />, '/admin');
    const card = await screen.findByTestId('manager-restaurant-card');
    expect(within(card).getByTestId('restaurant-title')).toHaveTextContent('Mening');
    await userEvent.click(within(card).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByTestId('restaurant-edit-dialog');
    const form = within(dialog).getByTestId('restaurant-form');
    expect(form.querySelector('[name="manager_id"]')).toBeNull();
    expect(form.querySelector('[name="is_active"]')).toBeNull();
    expect(within(dialog).queryByText(t.fields.manager_id)).toBeNull();

    await userEvent.click(within(dialog).getByTestId('restaurant-submit'));
    expect(await screen.findByText("Hech qanday o'zgarish yo'q.")).toBeInTheDocument();

    await type(field(form, 'name'), '');
    await userEvent.click(within(dialog).getByTestId('restaurant-submit'));
    await waitFor(() => expect(errorOf(field(form, 'name'))).toBe(t.required));
    expect(api.writes()).toHaveLength(0);

    await type(field(form, 'name'), 'Mening');
    await type(field(form, 'work_time'), '10:00-22:00');
    await userEvent.click(within(dialog).getByTestId('restaurant-submit'));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ work_time: '10:00-22:00' });
    expect(api.writes()[0]!.search.get('slug')).toBe('mening');
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });
});

describe('restaurant form page (manager)', () => {
  it('edits its own restaurant at /admin/restaurants/:id/edit without the admin fields', async () => {
    const own = makeRestaurant({ _id: 'own-2', name: 'Oz', slug: 'oz' });
    const api = stubApi({
      'GET /manager/restaurants/me': { body: { data: [own] } },
      'PUT /manager/restaurants/update': { body: { data: { ...own, address: 'Yangi manzil' } } },
    });
    login('manager');
    const { container } = renderAt(
      <RestaurantFormPage />,
      '/admin/restaurants/own-2/edit',
      '/admin/restaurants/:id/edit',
    );
    await waitFor(() => expect(field(container, 'name')).toHaveValue('Oz'));
    expect(container.querySelector('[name="manager_id"]')).toBeNull();
    expect(container.querySelector('[name="is_active"]')).toBeNull();
    await type(field(container, 'address'), 'Yangi manzil');
    await userEvent.click(screen.getByTestId('restaurant-submit'));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ address: 'Yangi manzil' });
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });
});

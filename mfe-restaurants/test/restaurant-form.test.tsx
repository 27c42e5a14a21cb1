import { ROUTES } from '@qrmenu/shared/paths';
import { BOT_TOKEN_MASK } from '@qrmenu/shared/schemas';
import { answers, axeViolations, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ManagerHome from '../src/restaurants/ManagerHome';
import RestaurantFormPage from '../src/restaurants/RestaurantFormPage';

const REQUIRED = ['name', 'slug', 'address', 'phone_number', 'work_time'] as const;
type TextName = (typeof REQUIRED)[number] | 'bot_token' | 'channel_id';
const managers = [
  fixtures.manager({ _id: 'm1', login: 'aziz' }),
  fixtures.manager({ _id: 'm2', login: 'bobur' }),
];
const emptyList = answers.adminRestaurants([]);

/** The inputs by their Uzbek labels. */
const input = (name: TextName, within_: HTMLElement = document.body) =>
  within(within_).getByRole('textbox', { name: t.fields[name] });
const managerSelect = () => screen.getByRole('combobox', { name: t.fields.manager_id });
const activeSwitch = () => screen.getByRole('checkbox', { name: t.status });
const submit = (within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', { name: /^(Yaratish|Saqlash)$/ });

async function type(el: HTMLElement, value: string) {
  await userEvent.clear(el);
  if (value) await userEvent.type(el, value);
}

/** Telegram's refusal as the API answers it (docs/TELEGRAM.md). */
const refusal = (path: string, code: string) => ({
  status: 400,
  body: {
    error: {
      code: 'validation',
      message: 'Telegram refused',
      details: [{ path, message: `telegram: ${code}` }],
    },
  },
});

/** The form page for a new restaurant, as the admin, over `answers`. */
const openNew = (answers: StubRoutes) =>
  openPage(<RestaurantFormPage />, ROUTES.admin.restaurantNew, { as: 'admin', answers });
/** The form page of restaurant `id`, as `role` (the admin unless said), over `answers`. */
const openEdit = (id: string, answers: StubRoutes, as = 'admin') =>
  openPage(<RestaurantFormPage />, `/admin/restaurants/${id}/edit`, {
    path: ROUTES.admin.restaurantEdit,
    as,
    answers,
  });

describe('restaurant create form (admin)', () => {
  it('requires name, slug, address, phone, work time and manager, in Uzbek, and sends nothing', async () => {
    const { api } = openNew({
      'GET /admin/managers': answers.data(managers),
      'GET /admin/restaurants': emptyList,
    });
    await waitFor(() => expect(within(managerSelect()).getAllByRole('option')).toHaveLength(3));
    // Optional fields and the active switch are there too, with their defaults (docs/SCREENS.md).
    expect(input('bot_token')).toBeInTheDocument();
    expect(input('channel_id')).toBeInTheDocument();
    expect(activeSwitch()).toBeChecked();
    await userEvent.click(submit());
    for (const name of REQUIRED) {
      await waitFor(() => expect(input(name)).toHaveAccessibleErrorMessage(t.required));
    }
    expect(managerSelect()).toHaveAccessibleErrorMessage(t.required);
    expect(input('bot_token')).not.toBeInvalid();
    expect(api.writes()).toHaveLength(0);
  });

  it('has no slug warning on a new restaurant (no QR code printed yet)', async () => {
    openNew({ 'GET /admin/restaurants': emptyList, 'GET /admin/managers': answers.data(managers) });
    await type(input('slug'), 'yangi');
    expect(input('slug')).toHaveValue('yangi');
    expect(screen.queryByText(t.qr.slugChangeWarning)).toBeNull();
  });

  it('rejects a bad slug with the Uzbek slug message', async () => {
    openNew({ 'GET /admin/managers': answers.data(managers) });
    await type(input('slug'), 'Yomon Slug');
    await userEvent.click(submit());
    await waitFor(() => expect(input('slug')).toHaveAccessibleErrorMessage(t.invalidSlug));
  });

  it('creates with type manual and is_active true, then uploads the chosen logotype', async () => {
    const created = fixtures.restaurant({ _id: 'new-1', name: 'Rayhon', slug: 'rayhon', manager_id: 'm2' });
    const { api, path } = openNew({
      'GET /admin/managers': answers.data(managers),
      // m1 already runs a restaurant: it is not offered.
      'GET /admin/restaurants': answers.adminRestaurants([fixtures.restaurant({ manager_id: 'm1' })]),
      'POST /admin/restaurants/create': answers.data(created, 201),
      'POST /manager/upload': { body: { url: '/uploads/logo.png' } },
    });
    await waitFor(() => expect(within(managerSelect()).getAllByRole('option')).toHaveLength(2));
    await type(input('name'), '  Rayhon ');
    await type(input('slug'), 'rayhon');
    await type(input('address'), 'Toshkent, Chilonzor');
    await type(input('phone_number'), '+998901234567');
    await type(input('work_time'), '09:00-23:00');
    await userEvent.selectOptions(managerSelect(), 'm2');
    const logo = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'logo.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText(t.fields.logotype), logo);
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    await userEvent.click(submit());
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
    expect((form.get('files') as File).name).toBe('logo.png');
    expect(await screen.findByText(t.restaurantCreated)).toBeInTheDocument();
    expect(await screen.findByText(t.imageUploaded)).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/restaurants'));
  });

  it("shows 'Restoran qo'shishda xatolik yuz berdi!' when the create fails", async () => {
    const view = openNew({
      'GET /admin/managers': answers.data(managers),
      'POST /admin/restaurants/create': answers.error(409, 'conflict', 'slug'),
    });
    await waitFor(() => expect(within(managerSelect()).getAllByRole('option')).toHaveLength(3));
    for (const name of REQUIRED) await type(input(name), name === 'slug' ? 'bor-slug' : 'qiymat');
    await userEvent.selectOptions(managerSelect(), 'm1');
    await userEvent.click(submit());
    expect(await screen.findByText("Restoran qo'shishda xatolik yuz berdi!")).toBeInTheDocument();
    expect(view.path()).toBe('/admin/restaurants/new');
    await waitFor(() => expect(input('slug')).toHaveAccessibleErrorMessage(t.slugTaken));
  });
});

describe('restaurant edit form (admin)', () => {
  const existing = fixtures.restaurant({
    _id: 'e1',
    name: 'Eski nom',
    slug: 'eski-slug',
    manager_id: 'm1',
    bot_token: null,
    channel_id: '@kanal',
  });
  const listAnswer = answers.adminRestaurants([existing]);

  it("shows 'Hech qanday o'zgarish yo'q.' and makes no call when nothing changed", async () => {
    const { api } = openEdit('e1', {
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': answers.data(managers),
    });
    await waitFor(() => expect(input('name')).toHaveValue('Eski nom'));
    await waitFor(() => expect(managerSelect()).toHaveValue('m1'));
    // Whitespace alone is no change either.
    await type(input('address'), ` ${existing.address} `);
    await userEvent.click(submit());
    expect(await screen.findByText("Hech qanday o'zgarish yo'q.")).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('sends only the changed fields to PUT ?slug= of the stored slug', async () => {
    const { api } = openEdit('e1', {
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': answers.data(managers),
      'PUT /manager/restaurants/update': answers.data({
        ...existing,
        phone_number: '+998711112233',
        is_active: false,
      }),
    });
    await waitFor(() => expect(managerSelect()).toHaveValue('m1'));
    await type(input('phone_number'), '+998711112233');
    await userEvent.click(activeSwitch());
    await waitFor(() => expect(activeSwitch()).not.toBeChecked());
    expect(screen.getByText(t.inactive)).toBeInTheDocument();
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const put = api.writes()[0]!;
    expect(put.method).toBe('PUT');
    expect(put.search.get('slug')).toBe('eski-slug');
    expect(put.body).toEqual({ phone_number: '+998711112233', is_active: false });
    expect(await screen.findByText(t.restaurantUpdated)).toBeInTheDocument();
  });

  it("shows 'Tahrirlashda xatolik yuz berdi!' when the update fails", async () => {
    openEdit('e1', {
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': answers.data(managers),
      'PUT /manager/restaurants/update': answers.error(400, 'validation', 'x'),
    });
    await waitFor(() => expect(managerSelect()).toHaveValue('m1'));
    await type(input('name'), 'Yangi nom');
    await userEvent.click(submit());
    expect(await screen.findByText('Tahrirlashda xatolik yuz berdi!')).toBeInTheDocument();
  });

  it('warns, while the slug is changed, what happens to printed QR codes; sends the new slug', async () => {
    const { api } = openEdit('e1', {
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': answers.data(managers),
      'PUT /manager/restaurants/update': answers.data({ ...existing, slug: 'yangi-slug' }),
    });
    await waitFor(() => expect(input('slug')).toHaveValue('eski-slug'));
    expect(screen.queryByText(t.qr.slugChangeWarning)).toBeNull();
    await type(input('slug'), 'yangi-slug');
    expect(await screen.findByRole('status')).toHaveTextContent(t.qr.slugChangeWarning);
    // back to the saved slug: nothing to warn about
    await type(input('slug'), 'eski-slug');
    await waitFor(() => expect(screen.queryByText(t.qr.slugChangeWarning)).toBeNull());
    await type(input('slug'), 'yangi-slug');
    expect(await screen.findByText(t.qr.slugChangeWarning)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await waitFor(() => expect(managerSelect()).toHaveValue('m1'));
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ slug: 'yangi-slug' });
    expect(api.writes()[0]!.search.get('slug')).toBe('eski-slug');
  });

  it('shows the bot Telegram confirmed, masks the token, and «Sinov xabari» says whether it arrived', async () => {
    const withBot = { ...existing, bot_token: BOT_TOKEN_MASK, channel_id: '-1001234567890' };
    const status = {
      connected: true,
      bot_username: 'rayhon_bot',
      chat_title: 'Oshxona',
      webhook: true,
      waiting: 0,
      last_error: null,
    };
    const { api } = openEdit('e1', {
      'GET /admin/restaurants': answers.adminRestaurants([withBot]),
      'GET /admin/managers': answers.data(managers),
      'GET /manager/telegram': answers.data(status),
      'POST /manager/telegram/test': answers.data({ sent: true }),
    });
    expect(await screen.findByText(t.telegram.connected('rayhon_bot', 'Oshxona'))).toBeInTheDocument();
    expect(input('bot_token')).toHaveValue(BOT_TOKEN_MASK);
    expect(screen.getByText(t.telegram.tokenHint)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.telegram.testButton }));
    expect(await screen.findByText(t.telegram.testSent)).toBeInTheDocument();
    expect(api.callsTo('POST /manager/telegram/test')[0]?.search.get('restaurant_id')).toBe('e1');

    api.answer({
      'POST /manager/telegram/test': refusal('channel_id', 'not_in_chat'),
    });
    await userEvent.click(screen.getByRole('button', { name: t.telegram.testButton }));
    expect(
      await screen.findByText(`${t.telegram.testFailed}: ${t.telegram.errors.not_in_chat}`),
    ).toBeInTheDocument();
  });

  it("shows Telegram's refusal of a saved token under its field, in Uzbek", async () => {
    openEdit('e1', {
      'GET /admin/restaurants': listAnswer,
      'GET /admin/managers': answers.data(managers),
      'PUT /manager/restaurants/update': refusal('bot_token', 'bad_token'),
    });
    await waitFor(() => expect(managerSelect()).toHaveValue('m1'));
    await type(input('bot_token'), '123:wrong');
    await userEvent.click(submit());
    expect(await screen.findByText(t.telegram.errors.bad_token!)).toBeInTheDocument();
  });

  it("says 'Restoran topilmadi.' for an id not in the list", async () => {
    openEdit('yoq', { 'GET /admin/restaurants': listAnswer, 'GET /admin/managers': answers.data(managers) });
    expect(await screen.findByText(t.restaurantNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: t.fields.name })).toBeNull();
  });
});

describe('restaurant edit (manager)', () => {
  it('has no manager or active selector, validates in Uzbek and sends only changed fields', async () => {
    const own = fixtures.restaurant({ _id: 'own', name: 'Mening', slug: 'mening', manager_id: 'me' });
    const { api } = openPage(<ManagerHome />, ROUTES.admin.home, {
      as: 'manager',
      answers: {
        'GET /manager/restaurants/me': answers.data(own),
        'GET /auth/profile': answers.data(
          fixtures.profile({ _id: 'me', login: 'menedjer', role: 'manager' }),
        ),
        'PUT /manager/restaurants/update': answers.data({ ...own, work_time: '10:00-22:00' }),
      },
    });
    const card = await screen.findByTestId('manager-restaurant-card');
    expect(within(card).getByRole('heading', { name: 'Mening' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editRestaurant });
    expect(within(dialog).queryByRole('combobox', { name: t.fields.manager_id })).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByText(t.fields.manager_id)).toBeNull();

    await userEvent.click(submit(dialog));
    expect(await screen.findByText("Hech qanday o'zgarish yo'q.")).toBeInTheDocument();

    await type(input('name', dialog), '');
    await userEvent.click(submit(dialog));
    await waitFor(() => expect(input('name', dialog)).toHaveAccessibleErrorMessage(t.required));
    expect(api.writes()).toHaveLength(0);

    await type(input('name', dialog), 'Mening');
    await type(input('work_time', dialog), '10:00-22:00');
    await userEvent.click(submit(dialog));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ work_time: '10:00-22:00' });
    expect(api.writes()[0]!.search.get('slug')).toBe('mening');
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('restaurant form page (manager)', () => {
  it('edits its own restaurant at /admin/restaurants/:id/edit without the admin fields', async () => {
    const own = fixtures.restaurant({ _id: 'own-2', name: 'Oz', slug: 'oz' });
    const { api } = openEdit(
      'own-2',
      {
        'GET /manager/restaurants/me': answers.data([own]),
        'PUT /manager/restaurants/update': answers.data({ ...own, address: 'Yangi manzil' }),
      },
      'manager',
    );
    await waitFor(() => expect(input('name')).toHaveValue('Oz'));
    expect(screen.queryByRole('combobox', { name: t.fields.manager_id })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await type(input('address'), 'Yangi manzil');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ address: 'Yangi manzil' });
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
  });
});

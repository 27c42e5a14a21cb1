import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';
import { login, makeRestaurant, renderAt, resetState, stubApi } from './support';

beforeEach(resetState);
afterEach(resetState);

const MESSAGE = 'Iltimos, restoran va menedjer tanlang!';

function routes(extra: Parameters<typeof stubApi>[0] = {}) {
  return {
    'GET /admin/restaurants': {
      body: {
        restaurants: [makeRestaurant({ manager_id: 'm-busy' })],
        counts: { all_count: 1, active_count: 1, inactive_count: 0 },
      },
    },
    'GET /admin/integration/restaurants': {
      body: {
        data: [
          { id: 'ext-1', name: 'Tashqi 1' },
          { id: 'ext-2', name: 'Tashqi 2' },
        ],
      },
    },
    'GET /admin/managers': {
      body: {
        data: [
          { _id: 'm-free', login: 'bosh' },
          { _id: 'm-busy', login: 'band' },
        ],
      },
    },
    ...extra,
  };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Integratsiya' }));
  const form = await screen.findByTestId('integration-form');
  const restaurantSelect = form.querySelector<HTMLSelectElement>('select[name="id"]')!;
  const managerSelect = form.querySelector<HTMLSelectElement>('select[name="manager_id"]')!;
  await waitFor(() => expect(restaurantSelect.querySelectorAll('option')).toHaveLength(3));
  await waitFor(() => expect(managerSelect.querySelectorAll('option')).toHaveLength(2));
  return { form, restaurantSelect, managerSelect };
}

describe('integration create dialog', () => {
  it('requires both a restaurant and a manager', async () => {
    const api = stubApi(routes());
    login('admin');
    renderAt(<RestaurantsPage />, '/admin/restaurants');
    const { form, restaurantSelect } = await openDialog();
    const submit = within(form).getByRole('button', { name: t.create });

    await userEvent.click(submit);
    expect(await within(form).findByText(MESSAGE)).toBeInTheDocument();

    // Only the restaurant: still refused.
    await userEvent.selectOptions(restaurantSelect, 'ext-2');
    await userEvent.click(submit);
    expect(within(form).getByText(MESSAGE)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('refuses a manager without a restaurant too', async () => {
    const api = stubApi(routes());
    login('admin');
    renderAt(<RestaurantsPage />, '/admin/restaurants');
    const { form, managerSelect } = await openDialog();
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(form).getByRole('button', { name: t.create }));
    expect(await within(form).findByText(MESSAGE)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('creates with {id, manager_id}, offering only managers without a restaurant', async () => {
    const created = makeRestaurant({ _id: 'int-1', name: 'Tashqi 2', type: 'feed', manager_id: 'm-free' });
    const api = stubApi(
      routes({ 'POST /admin/integration/restaurants/create': { status: 201, body: { data: created } } }),
    );
    login('admin');
    renderAt(<RestaurantsPage />, '/admin/restaurants');
    const { form, restaurantSelect, managerSelect } = await openDialog();
    expect(within(managerSelect).queryByText('band')).toBeNull();
    await userEvent.selectOptions(restaurantSelect, 'ext-2');
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(form).getByRole('button', { name: t.create }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.path).toBe('/admin/integration/restaurants/create');
    expect(api.writes()[0]!.body).toEqual({ id: 'ext-2', manager_id: 'm-free' });
    expect(await screen.findByText(t.restaurantCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('integration-form')).toBeNull());
  });

  it("shows 'Restoran qo'shishda xatolik yuz berdi!' when the create fails and keeps the dialog", async () => {
    stubApi(
      routes({
        'POST /admin/integration/restaurants/create': {
          status: 502,
          body: { error: { code: 'bad_gateway', message: 'feed down' } },
        },
      }),
    );
    login('admin');
    renderAt(<RestaurantsPage />, '/admin/restaurants');
    const { form, restaurantSelect, managerSelect } = await openDialog();
    await userEvent.selectOptions(restaurantSelect, 'ext-1');
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(form).getByRole('button', { name: t.create }));
    expect(await screen.findByText("Restoran qo'shishda xatolik yuz berdi!")).toBeInTheDocument();
    expect(screen.getByTestId('integration-form')).toBeInTheDocument();
  });
});

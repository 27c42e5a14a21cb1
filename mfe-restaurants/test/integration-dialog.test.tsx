import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, openPage, type StubRoutes } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';

const MESSAGE = 'Iltimos, restoran va menedjer tanlang!';

function routes(extra: StubRoutes = {}): StubRoutes {
  return {
    'GET /admin/restaurants': answers.adminRestaurants([fixtures.restaurant({ manager_id: 'm-busy' })]),
    'GET /admin/integration/restaurants': answers.data([
      fixtures.integrationRestaurant({ id: 'ext-1', name: 'Tashqi 1' }),
      fixtures.integrationRestaurant({ id: 'ext-2', name: 'Tashqi 2' }),
    ]),
    'GET /admin/managers': answers.data([
      fixtures.manager({ _id: 'm-free', login: 'bosh' }),
      fixtures.manager({ _id: 'm-busy', login: 'band' }),
    ]),
    ...extra,
  };
}

/** The admin's list over `routes(extra)`, its Integratsiya dialog open with both lists loaded. */
async function openDialog(extra: StubRoutes = {}) {
  const { api } = openPage(<RestaurantsPage />, ROUTES.admin.restaurants, {
    as: 'admin',
    answers: routes(extra),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Integratsiya' }));
  const dialog = await screen.findByRole('dialog', { name: t.addIntegrationRestaurant });
  const restaurantSelect = within(dialog).getByRole('combobox', { name: t.fields.id });
  const managerSelect = within(dialog).getByRole('combobox', { name: t.fields.manager_id });
  await waitFor(() => expect(within(restaurantSelect).getAllByRole('option')).toHaveLength(3));
  await waitFor(() => expect(within(managerSelect).getAllByRole('option')).toHaveLength(2));
  return { api, dialog, restaurantSelect, managerSelect };
}

describe('integration create dialog', () => {
  it('requires both a restaurant and a manager', async () => {
    const { api, dialog, restaurantSelect } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: t.create });

    await userEvent.click(submit);
    expect(await within(dialog).findByText(MESSAGE)).toBeInTheDocument();

    // Only the restaurant: still refused.
    await userEvent.selectOptions(restaurantSelect, 'ext-2');
    await userEvent.click(submit);
    expect(within(dialog).getByText(MESSAGE)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('refuses a manager without a restaurant too', async () => {
    const { api, dialog, managerSelect } = await openDialog();
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await within(dialog).findByText(MESSAGE)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('creates with {id, manager_id}, offering only managers without a restaurant', async () => {
    const created = fixtures.restaurant({
      _id: 'int-1',
      name: 'Tashqi 2',
      type: 'feed',
      manager_id: 'm-free',
    });
    const { api, dialog, restaurantSelect, managerSelect } = await openDialog({
      'POST /admin/integration/restaurants/create': answers.data(created, 201),
    });
    expect(within(managerSelect).queryByRole('option', { name: 'band' })).toBeNull();
    await userEvent.selectOptions(restaurantSelect, 'ext-2');
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.path).toBe('/admin/integration/restaurants/create');
    expect(api.writes()[0]!.body).toEqual({ id: 'ext-2', manager_id: 'm-free' });
    expect(await screen.findByText(t.restaurantCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows 'Restoran qo'shishda xatolik yuz berdi!' when the create fails and keeps the dialog", async () => {
    const { dialog, restaurantSelect, managerSelect } = await openDialog({
      'POST /admin/integration/restaurants/create': answers.error(502, 'bad_gateway', 'feed down'),
    });
    await userEvent.selectOptions(restaurantSelect, 'ext-1');
    await userEvent.selectOptions(managerSelect, 'm-free');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText("Restoran qo'shishda xatolik yuz berdi!")).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: t.addIntegrationRestaurant })).toBeInTheDocument();
  });
});

/** Every page of the module, loaded, under axe (WCAG 2.1 AA, serious/critical) and one `<h1>`. */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ManagersPage from '../src/managers/ManagersPage';
import ManagerHome from '../src/restaurants/ManagerHome';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';
import RestaurantFormPage from '../src/restaurants/RestaurantFormPage';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';

const manager = fixtures.manager({ _id: 'm1', login: 'aziz' });
const restaurant = fixtures.restaurant({
  _id: 'a1',
  slug: 'a11y',
  name: 'Ochiq',
  manager_id: 'm1',
  type: 'feed',
});
const routes = {
  'GET /admin/restaurants': answers.adminRestaurants([restaurant]),
  'GET /admin/managers': answers.data([manager]),
  'GET /admin/managers/accounts': answers.data([{ ...manager, is_active: true }]),
  'GET /admin/integration/restaurants': answers.data([fixtures.integrationRestaurant()]),
  'GET /user/restaurants/view': answers.data(restaurant),
  'GET /manager/restaurants/me': answers.data(restaurant),
  'GET /auth/profile': answers.data(fixtures.profile({ login: 'aziz', role: 'manager' })),
};

describe('accessibility of the restaurant pages', () => {
  it('the list, with its integration dialog open', async () => {
    openPage(<RestaurantsPage />, ROUTES.admin.restaurants, { as: 'admin', answers: routes });
    await screen.findByText('Ochiq');
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.integration }));
    await screen.findByRole('dialog', { name: t.addIntegrationRestaurant });
    expect(await axeViolations()).toEqual([]);
  });

  it('the detail, with the delete question open', async () => {
    openPage(<RestaurantDetailPage />, '/admin/viewRestaurant/a1/a11y', {
      path: ROUTES.admin.restaurant,
      as: 'admin',
      answers: routes,
    });
    await screen.findByText('aziz');
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await screen.findByRole('alertdialog');
    expect(await axeViolations()).toEqual([]);
  });

  it('the form page, after a submit with errors', async () => {
    openPage(<RestaurantFormPage />, ROUTES.admin.restaurantNew, { as: 'admin', answers: routes });
    await screen.findByRole('combobox', { name: t.fields.manager_id });
    await userEvent.click(screen.getByRole('button', { name: t.create }));
    await screen.findAllByText(t.required);
    expect(await axeViolations()).toEqual([]);
  });

  it("the manager's home, with the edit dialog open", async () => {
    openPage(<ManagerHome />, ROUTES.admin.home, { as: 'manager', answers: routes });
    await screen.findByRole('heading', { name: 'Ochiq' });
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: t.edit }));
    await screen.findByRole('dialog', { name: t.editRestaurant });
    expect(await axeViolations()).toEqual([]);
  });

  it('the managers page', async () => {
    openPage(<ManagersPage />, ROUTES.admin.managers, { as: 'admin', answers: routes });
    await screen.findByRole('table');
    expect(await axeViolations()).toEqual([]);
  });
});

/**
 * A new user's dead ends on the admin's restaurant screens, gone: the slug suggested from the name with
 * one line saying what it is, no free manager (the way to Menedjerlar and back), and an
 * integration with no source configured.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ManagersPage from '../src/managers/ManagersPage';
import RestaurantFormPage from '../src/restaurants/RestaurantFormPage';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';

const input = (name: 'name' | 'slug') => screen.getByRole('textbox', { name: t.fields[name] });
const aziz = fixtures.manager({ _id: 'm1', login: 'aziz' });

describe('the slug of a new restaurant', () => {
  it("is suggested from the name (o' and g' included) until typed by hand; its line says it is the menu's address", async () => {
    openPage(<RestaurantFormPage />, ROUTES.admin.restaurantNew, {
      as: 'admin',
      answers: {
        'GET /admin/managers': answers.data([aziz]),
        'GET /admin/restaurants': answers.adminRestaurants([]),
      },
    });
    await userEvent.type(input('name'), "G'ijduvon Oʻzbek Oshi");
    await waitFor(() => expect(input('slug')).toHaveValue('gijduvon-ozbek-oshi'));
    expect(input('slug')).toHaveAccessibleDescription(
      t.slugHint(`${window.location.origin}/m/gijduvon-ozbek-oshi`),
    );
    await userEvent.clear(input('slug'));
    await userEvent.type(input('slug'), 'gijduvon');
    await userEvent.type(input('name'), ' 2');
    expect(input('slug')).toHaveValue('gijduvon');
  });
});

describe('a new restaurant when every manager runs one', () => {
  it('says so and leads to Menedjerlar, which leads back once a manager is created', async () => {
    const view = openPage(<RestaurantFormPage />, ROUTES.admin.restaurantNew, {
      routes: { [ROUTES.admin.managers]: <ManagersPage /> },
      as: 'admin',
      answers: {
        'GET /admin/managers': answers.data([aziz]),
        'GET /admin/restaurants': answers.adminRestaurants([fixtures.restaurant({ manager_id: 'm1' })]),
        'POST /admin/managers': answers.data(fixtures.manager({ _id: 'm2', login: 'yangi' }), 201),
      },
    });
    expect(await screen.findByText(t.noFreeManager)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.goCreateManager }));
    await waitFor(() => expect(view.path()).toBe(`${ROUTES.admin.managers}?from=restaurant-new`));
    expect(screen.queryByRole('button', { name: t.backToRestaurantForm })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: t.fields.login }), 'yangi');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${t.fields.password}`)), 'parol123');
    await userEvent.click(screen.getByRole('button', { name: t.add }));
    await userEvent.click(await screen.findByRole('button', { name: t.backToRestaurantForm }));
    await waitFor(() => expect(view.path()).toBe(ROUTES.admin.restaurantNew));
  });

  it('says nothing while a free manager exists', async () => {
    openPage(<RestaurantFormPage />, ROUTES.admin.restaurantNew, {
      as: 'admin',
      answers: {
        'GET /admin/managers': answers.data([aziz]),
        'GET /admin/restaurants': answers.adminRestaurants([]),
      },
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: t.fields.manager_id })).getAllByRole('option'),
      ).toHaveLength(2),
    );
    expect(screen.queryByText(t.noFreeManager)).toBeNull();
  });
});

describe('Integratsiya with no source configured', () => {
  it('says what is missing and who sets it, not the generic list error', async () => {
    openPage(<RestaurantsPage />, ROUTES.admin.restaurants, {
      as: 'admin',
      answers: {
        'GET /admin/restaurants': answers.adminRestaurants([]),
        'GET /admin/managers': answers.data([aziz]),
        'GET /admin/integration/restaurants': {
          status: 502,
          body: {
            error: {
              code: 'bad_gateway',
              message:
                'Integration source failed: no integration source is configured (INTEGRATION_FEED_URL)',
            },
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.integration }));
    const dialog = await screen.findByRole('dialog', { name: t.addIntegrationRestaurant });
    expect(await within(dialog).findByText(t.integrationNotConfigured)).toBeInTheDocument();
    expect(within(dialog).queryByText(t.listLoadError)).toBeNull();
  });
});

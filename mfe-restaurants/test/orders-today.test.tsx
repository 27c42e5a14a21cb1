/**
 * Today's orders on the admin's restaurant detail: counted from the shared hook (the board's
 * cached list), with the link to that restaurant's board in mfe-orders; not on a manager's.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';

const restaurant = fixtures.restaurant({ _id: 'q1', slug: 'rayhon', name: 'Rayhon', manager_id: 'm1' });

describe("today's orders on the restaurant detail", () => {
  it("counts the admin's restaurant's orders of today and leads to its board; axe clean", async () => {
    const api = stubApi({
      'GET /user/restaurants/view': answers.data(restaurant),
      'GET /admin/managers': answers.data([fixtures.manager({ _id: 'm1', login: 'aziz' })]),
      'GET /manager/orders': answers.counted([
        fixtures.order({ status: 'sent' }),
        fixtures.order({ status: 'served', total: 64_000 }),
        fixtures.order({ status: 'rejected' }),
      ]),
    });
    const view = renderAtRoute(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      as: 'admin',
      path: ROUTES.admin.restaurant,
      routes: { [ROUTES.admin.orders]: <p>board</p> },
    });
    const panel = await screen.findByRole('region', { name: 'Bugungi buyurtmalar' });
    expect(await within(panel).findByText('3 ta buyurtma')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Jarayonda: 1');
    expect(panel).toHaveTextContent("Tushum (berilganlar): 64 000 so'm");
    expect(api.callsTo('GET /manager/orders')[0]?.search.get('restaurant_id')).toBe('q1');
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(panel).getByRole('link', { name: 'Buyurtmalarni ochish' }));
    expect(view.path()).toBe('/admin/orders/q1');
  });

  it('says when there is no order yet today', async () => {
    stubApi({
      'GET /user/restaurants/view': answers.data(restaurant),
      'GET /admin/managers': answers.data([]),
      'GET /manager/orders': answers.counted([]),
    });
    renderAtRoute(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      as: 'admin',
      path: ROUTES.admin.restaurant,
    });
    expect(await screen.findByText("Bugun hali buyurtma yo'q")).toBeInTheDocument();
  });

  it("is not on a manager's own detail page (the bottom bar has Buyurtmalar)", async () => {
    const api = stubApi({
      'GET /manager/restaurants/me': answers.data(restaurant),
      'GET /auth/profile': answers.data(fixtures.profile({ role: 'manager' })),
    });
    renderAtRoute(<RestaurantDetailPage />, '/viewRestaurant/q1', {
      as: 'manager',
      path: ROUTES.manager.restaurant,
    });
    await screen.findByTestId('restaurant-detail');
    expect(screen.queryByRole('region', { name: 'Bugungi buyurtmalar' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /manager/orders')).toHaveLength(0);
  });
});

/**
 * The restaurant's Payme and Click credentials on the admin's detail page (docs/PAYMENTS.md):
 * the ids shown, a saved secret never shown (only that it is set), a new secret sent once and the
 * field emptied; axe clean.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { answers, axeViolations, fixtures, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';

const restaurant = fixtures.restaurant({ _id: 'q1', slug: 'rayhon', name: 'Rayhon', manager_id: 'm1' });
const saved = {
  payme: { merchant_id: '5e730e8e0b852a417aa49ceb', key_set: true },
  click: { service_id: null, merchant_id: null, secret_set: false },
};

describe('the payments panel', () => {
  it('shows the ids, never a secret, and sends a new Click secret once', async () => {
    const api = stubApi({
      'GET /user/restaurants/view': answers.data(restaurant),
      'GET /admin/managers': answers.data([fixtures.manager({ _id: 'm1', login: 'aziz' })]),
      'GET /manager/orders': answers.counted([]),
      'GET /admin/restaurants/q1/payments': answers.data(saved),
      'PUT /admin/restaurants/q1/payments': answers.data({
        ...saved,
        click: { service_id: '82886', merchant_id: '46111', secret_set: true },
      }),
    });
    renderAtRoute(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      as: 'admin',
      path: ROUTES.admin.restaurant,
    });
    const panel = await screen.findByTestId('payments-panel');
    expect(within(panel).getByLabelText('Payme kassa ID')).toHaveValue('5e730e8e0b852a417aa49ceb');
    expect(within(panel).getByLabelText('Payme kaliti')).toHaveValue('');
    expect(panel).toHaveTextContent('Saqlangan kalit yashirilgan');
    expect(panel).toHaveTextContent("Payme: Ulangan · Click: O'chirilgan");
    expect(await axeViolations()).toEqual([]);

    await userEvent.type(within(panel).getByLabelText('Click service ID'), '82886');
    await userEvent.type(within(panel).getByLabelText('Click merchant ID'), '46111');
    await userEvent.type(within(panel).getByLabelText('Click maxfiy kaliti'), '9TDkmspVHm7LZ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Saqlash' }));
    await screen.findByText("To'lov sozlamalari saqlandi");
    const sent = api.callsTo('PUT /admin/restaurants/q1/payments')[0]?.body;
    expect(sent).toEqual({
      payme: { merchant_id: '5e730e8e0b852a417aa49ceb' },
      click: { service_id: '82886', merchant_id: '46111', secret_key: '9TDkmspVHm7LZ' },
    });
    expect(within(panel).getByLabelText('Click maxfiy kaliti')).toHaveValue('');
  });
});

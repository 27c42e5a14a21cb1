/** The switches that open and close ordering, on the test kit. */
import { answers, axeViolations, openPage } from '@qrmenu/shared/testing/kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OrderingSettingsPage from '../src/settings/OrderingSettingsPage';

const SETTINGS = {
  takes_orders: false,
  placements: [
    { _id: 'pl1', name: 'Stol 1', takes_orders: true },
    { _id: 'pl2', name: 'Stol 2', takes_orders: false },
    { _id: 'pl3', name: 'Instagram', takes_orders: false },
  ],
};

describe('the ordering switches', () => {
  it('explains each switch in Uzbek and opens the restaurant at once; axe clean', async () => {
    const { api } = openPage(<OrderingSettingsPage />, '/orders/settings', {
      as: 'manager',
      answers: {
        'GET /manager/ordering': answers.data(SETTINGS),
        'PUT /manager/ordering': (call) =>
          answers.data({ ...SETTINGS, ...(call.body as { takes_orders: boolean }) }),
      },
    });
    const restaurant = await screen.findByRole('switch', { name: 'Restoran buyurtma qabul qiladi' });
    expect(restaurant).not.toBeChecked();
    expect(screen.getByText(/mehmonlar menyuni avvalgidek ko'radi/)).toBeInTheDocument();
    expect(screen.getByTestId('restaurant-off-note')).toBeInTheDocument();
    expect(screen.getByText(/menyuni savatsiz ko'rsatadi/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Stol 1' })).toBeChecked();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(restaurant);
    await waitFor(() => expect(restaurant).toBeChecked());
    expect(api.writes()[0]?.body).toEqual({ takes_orders: true });
    expect(await screen.findByText(/«Buyurtma berish» tugmasini bosadi/)).toBeInTheDocument();
  });

  it('"Hammasini yoqish" sends only the placements that change; a refusal puts them back', async () => {
    const { api } = openPage(<OrderingSettingsPage />, '/admin/orders/r3/settings', {
      as: 'admin',
      path: '/admin/orders/:id/settings',
      answers: {
        'GET /manager/ordering': answers.data(SETTINGS),
        'PUT /manager/ordering': answers.error(500),
      },
    });
    const list = await screen.findByTestId('placement-switches');
    await userEvent.click(screen.getByRole('button', { name: 'Hammasini yoqish' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({
      placements: [
        { _id: 'pl2', takes_orders: true },
        { _id: 'pl3', takes_orders: true },
      ],
    });
    expect(api.writes()[0]?.search.get('restaurant_id')).toBe('r3');
    expect(
      await screen.findByText("Sozlamani saqlab bo'lmadi. Avvalgi holat qaytarildi."),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(list).getByRole('switch', { name: 'Instagram' })).not.toBeChecked());
    expect(within(list).getByRole('switch', { name: 'Stol 1' })).toBeChecked();
  });

  it("a POS restaurant's «Kassaga yuborish»: the choice shows on the click, before the answer; a refusal puts it back", async () => {
    const withPos = { ...SETTINGS, pos: { provider: 'iiko', send: 'off' } };
    const { api } = openPage(<OrderingSettingsPage />, '/orders/settings', {
      as: 'manager',
      answers: {
        'GET /manager/ordering': answers.data(withPos),
        'PUT /manager/ordering': answers.error(500),
      },
    });
    const atOnce = await screen.findByRole('radio', { name: 'Mehmon yuborishi bilan darhol' });
    expect(screen.getByRole('radio', { name: 'Yuborilmasin' })).toBeChecked();
    const answer = api.hold('PUT /manager/ordering');
    fireEvent.click(atOnce);
    // in the click's own task: no wait for the optimistic update or the server
    expect(atOnce).toBeChecked();
    answer.release();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ pos_send: 'at_once' });
    expect(
      await screen.findByText("Sozlamani saqlab bo'lmadi. Avvalgi holat qaytarildi."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Yuborilmasin' })).toBeChecked());
    expect(atOnce).not.toBeChecked();
  });

  it('says where to add tables when the restaurant has no placements', async () => {
    openPage(<OrderingSettingsPage />, '/orders/settings', {
      as: 'manager',
      answers: { 'GET /manager/ordering': answers.data({ takes_orders: true, placements: [] }) },
    });
    expect(await screen.findByText(/«QR kod» oynasidagi «Joylashuvlar» bo'limida/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hammasini yoqish' })).not.toBeInTheDocument();
  });
});

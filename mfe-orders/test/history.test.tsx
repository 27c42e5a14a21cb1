/** The history by day on the test kit: the day list, a picked day's orders (dishes with their options and counts) and totals, the CSV. */
import { tashkentDay } from '@qrmenu/shared/query';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OrdersHistoryPage, { daysBefore } from '../src/history/OrdersHistoryPage';

describe('the orders history', () => {
  it("shows today's orders and totals, the days with orders, and opens another day; axe clean", async () => {
    const today = tashkentDay();
    const yesterday = daysBefore(today, 1);
    const { api } = openPage(<OrdersHistoryPage />, '/orders/history', {
      as: 'manager',
      answers: {
        'GET /manager/orders': (call) =>
          call.search.get('day') === yesterday
            ? answers.counted([
                fixtures.order({
                  number: 7,
                  table: 'Stol 2',
                  status: 'served',
                  total: 120_000,
                  day: yesterday,
                }),
                fixtures.order({
                  number: 8,
                  table: 'Stol 3',
                  status: 'rejected',
                  reject_reason: 'Oshxona hozir band',
                  day: yesterday,
                }),
              ])
            : answers.counted([
                fixtures.order({
                  number: 1,
                  table: 'Stol 1',
                  status: 'accepted',
                  items: [
                    {
                      product_id: 'p1',
                      name: 'Toshkent oshi',
                      quantity: 1,
                      price: 99_000,
                      rows: [
                        { _id: 'r1', option: 'Porsiya', name: "To'liq", price: 20_000, quantity: 1 },
                        { _id: 'r2', option: "Qo'shimchalar", name: 'Qazi', price: 15_000, quantity: 2 },
                        {
                          _id: 'r3',
                          option: "Qo'shimchalar",
                          name: 'Bedana tuxumi',
                          price: 4_000,
                          quantity: 1,
                        },
                      ],
                    },
                  ],
                }),
              ]),
        'GET /manager/orders/days': answers.data([
          { day: yesterday, orders: 2, served: 1, rejected: 1, total: 120_000 },
          { day: today, orders: 1, served: 0, rejected: 0, total: 0 },
        ]),
      },
    });
    expect(await screen.findByRole('heading', { name: `Tarix: ${today}` })).toBeInTheDocument();
    expect(await screen.findByText('#1, Stol 1', { exact: false })).toBeInTheDocument();
    // each dish with its options, a row taken more than once with its count
    expect(screen.getByTestId('day-orders')).toHaveTextContent(
      "1 × Toshkent oshi (Porsiya: To'liq; Qo'shimchalar: Qazi ×2, Bedana tuxumi)",
    );
    const days = await screen.findByRole('table', { name: "Kunlar bo'yicha buyurtmalar va tushum" });
    const range = api.callsTo('GET /manager/orders/days')[0]?.search;
    expect(range?.get('to')).toBe(today);
    expect(range?.get('from')).toBe(daysBefore(today, 59));
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(days).getByRole('button', { name: yesterday }));
    expect(await screen.findByRole('heading', { name: `Tarix: ${yesterday}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('day-totals')).toHaveTextContent('2 ta buyurtma'));
    expect(screen.getByTestId('day-totals')).toHaveTextContent("Tushum (berilganlar): 120 000 so'm");
    expect(screen.getByTestId('day-orders')).toHaveTextContent('Sabab: Oshxona hozir band');
  });

  it("downloads the picked day's CSV, and says so when it cannot", async () => {
    const today = tashkentDay();
    const createUrl = vi.fn(() => 'blob:csv');
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, { createObjectURL: createUrl, revokeObjectURL: () => {} }),
    );
    const { api } = openPage(<OrdersHistoryPage />, '/admin/orders/r5/history', {
      as: 'admin',
      path: '/admin/orders/:id/history',
      answers: {
        'GET /manager/orders': answers.counted([]),
        'GET /manager/orders/days': answers.data([]),
        'GET /manager/orders/csv': { raw: 'Raqam,Vaqt\r\n', headers: { 'content-type': 'text/csv' } },
      },
    });
    expect(await screen.findByText("Bu kunda buyurtma bo'lmagan")).toBeInTheDocument();
    expect(await screen.findByText("Hali buyurtma bo'lmagan")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'CSV yuklab olish' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const csv = api.callsTo('GET /manager/orders/csv')[0];
    expect(csv?.search.get('day')).toBe(today);
    expect(csv?.search.get('restaurant_id')).toBe('r5');
    api.answer({ 'GET /manager/orders/csv': answers.error(500) });
    await userEvent.click(screen.getByRole('button', { name: 'CSV yuklab olish' }));
    expect(await screen.findByText("CSV yuklab bo'lmadi")).toBeInTheDocument();
  });
});

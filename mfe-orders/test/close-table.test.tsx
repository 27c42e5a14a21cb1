/**
 * «Hisob yopildi» under a served order (docs/PAYMENTS.md, "A hold that ends"): the table closes;
 * while a guest's unfinished payment holds the bill the server answers 409 and the card says why
 * and when it ends by itself; an admin ends it with a reason («To'lovni bekor qilish», required)
 * and the table is closed right after; a manager is told to ask an admin. axe clean.
 */
import { answers, axeViolations, fixtures } from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OrdersBoardPage from '../src/board/OrdersBoardPage';
import { openBoard } from './board-kit';

const served = () =>
  fixtures.order({ number: 21, table: 'Stol 4', placement_id: 'pl4', status: 'served', restaurant_id: 'r7' });
const bill = (status: string) => ({
  _id: 'bill1',
  table: 'Stol 4',
  amount: 2_000_000,
  status,
  paid_method: null,
  paid_at: null,
  orders: [{ number: 21, amount: 2_000_000, menu_amount: null }],
  methods: ['payme', 'click'],
});

/** The served order's card, under «Bugun yakunlangan», opened. */
async function servedCard() {
  await userEvent.click(await screen.findByText('Bugun yakunlangan: 1 ta'));
  return screen.getByRole('article', { name: '#21, Stol 4' });
}

describe('«Hisob yopildi» on the board', () => {
  it('closes the table of a served order', async () => {
    const { api } = openBoard([served()], {
      answers: { 'PUT /manager/tables/pl4/close': answers.data(bill('closed')) },
    });
    await userEvent.click(within(await servedCard()).getByRole('button', { name: 'Hisob yopildi' }));
    expect(await screen.findByText('Stol 4: hisob yopildi')).toBeInTheDocument();
    expect(api.callsTo('PUT /manager/tables/pl4/close')).toHaveLength(1);
  });

  it('says why a held table cannot close yet, and sends a manager to an admin', async () => {
    openBoard([served()], {
      answers: {
        'PUT /manager/tables/pl4/close': answers.error(
          409,
          'conflict',
          'A payment of this bill is under way',
        ),
      },
      page: (
        <main>
          <OrdersBoardPage />
        </main>
      ),
    });
    const card = await servedCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Hisob yopildi' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(
      "Stol 4: hisobni hozir yopib bo'lmaydi. Mehmon to'lovni boshlagan, lekin tugatmagan. Tugallanmagan to'lov o'zi bekor bo'ladi: Click 30 daqiqada, Payme 12 soatda",
    );
    expect(alert).toHaveTextContent("Kutmasdan yopish uchun administrator to'lovni bekor qilishi mumkin");
    expect(within(card).queryByRole('button', { name: "To'lovni bekor qilish" })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('lets an admin end the hold with a reason, then closes the table', async () => {
    let closes = 0;
    const { api } = openBoard([served()], {
      restaurant: 'r7',
      answers: {
        'PUT /manager/tables/pl4/close': () => {
          closes += 1;
          return closes === 1
            ? answers.error(409, 'conflict', 'A payment of this bill is under way')
            : answers.data(bill('closed'));
        },
        'POST /admin/restaurants/r7/payments/release': answers.data({
          released: [{ method: 'click', transaction: '2000000001' }],
        }),
      },
    });
    const card = await servedCard();
    await userEvent.click(within(card).getByRole('button', { name: 'Hisob yopildi' }));
    await userEvent.click(await within(card).findByRole('button', { name: "To'lovni bekor qilish" }));
    const dialog = await screen.findByRole('dialog', { name: "Stol 4: to'lovni bekor qilish" });
    // the reason is required
    await userEvent.click(within(dialog).getByRole('button', { name: "To'lovni bekor qilish" }));
    expect(await within(dialog).findByText('Sababni yozing')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/restaurants/r7/payments/release')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: "Mehmon ketdi, to'lov tugallanmadi" }));
    await userEvent.click(within(dialog).getByRole('button', { name: "To'lovni bekor qilish" }));
    expect(await screen.findByText("Stol 4: to'lov bekor qilindi, hisob yopildi")).toBeInTheDocument();
    expect(api.callsTo('POST /admin/restaurants/r7/payments/release')[0]?.body).toEqual({
      placement_id: 'pl4',
      reason: "Mehmon ketdi, to'lov tugallanmadi",
    });
    await waitFor(() => expect(api.callsTo('PUT /manager/tables/pl4/close')).toHaveLength(2));
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
  });

  it('is not offered for a bill paid from the phone', async () => {
    const at = new Date().toISOString();
    const paid = fixtures.order({
      number: 21,
      table: 'Stol 4',
      status: 'served',
      payment: { status: 'paid', method: 'payme', amount: 2_000_000, at },
    });
    openBoard([paid]);
    const card = await servedCard();
    expect(within(card).queryByRole('button', { name: 'Hisob yopildi' })).toBeNull();
  });
});

/**
 * The board shows a bill paid from the phone (docs/PAYMENTS.md, "What the staff see"): the
 * amount to the tiyin, the method and the time under the order; a payment cancelled after it was
 * made says the bill is unpaid again; the payment's way into the POS (paid there, on its way,
 * «Kassaga yuborilmadi» with the reason); axe clean.
 */
import type { Order } from '@qrmenu/shared/schemas';
import { axeViolations, fixtures, renderAtRoute } from '@qrmenu/shared/testing/kit';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderCard } from '../src/board/OrderCard';

const at = '2026-11-26T09:05:00.000Z'; // 14:05 in Tashkent

/**
 * A finished order's card as the board shows it; `inPage`: inside a page with its one heading
 * (the card is the board's), for axe.
 */
function renderCard(order: Order, { inPage = false } = {}) {
  const card = <OrderCard order={order} now={Date.now()} onMove={() => {}} finished />;
  return renderAtRoute(
    inPage ? (
      <main>
        <h1>Buyurtmalar</h1>
        {card}
      </main>
    ) : (
      card
    ),
    '/orders',
  );
}

describe("an order's payment on the board", () => {
  it('says paid with the amount, method and time; a cancel says unpaid', async () => {
    const paid = fixtures.order({
      status: 'served',
      payment: { status: 'paid', method: 'payme', amount: 12_345_678, at },
    });
    const view = renderCard(paid, { inPage: true });
    expect(await screen.findByTestId('order-payment')).toHaveTextContent(
      "To'landi: 123 456,78 so'm, Payme, 14:05",
    );
    expect(await axeViolations()).toEqual([]);
    view.unmount();
    renderCard({ ...paid, payment: { status: 'refunded', method: 'click', amount: 7_500_000, at } });
    expect(await screen.findByTestId('order-payment')).toHaveTextContent(
      "To'lov bekor qilindi: 75 000 so'm, Click, 14:05. Hisob to'lanmagan",
    );
  });

  it("shows the payment's way into the POS under the paid line", async () => {
    const paid = fixtures.order({
      status: 'served',
      payment: { status: 'paid', method: 'payme', amount: 5_800_100, at },
    });
    const view = renderCard({ ...paid, payment_pos: { state: 'recorded', reason: null } }, { inPage: true });
    expect(await screen.findByTestId('order-payment-pos')).toHaveTextContent("Kassada to'landi");
    expect(await axeViolations()).toEqual([]);
    view.unmount();
    renderCard({ ...paid, payment_pos: { state: 'failed', reason: 'Kassa javob bermayapti' } });
    expect(await screen.findByTestId('order-payment-pos')).toHaveTextContent(
      'Kassaga yuborilmadi. Sabab: Kassa javob bermayapti',
    );
  });
});

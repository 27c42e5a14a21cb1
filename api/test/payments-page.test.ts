// @vitest-environment jsdom
/**
 * The bill on the guest's order page (docs/PAYMENTS.md, "What guests see"): the table's bill with
 * its orders and amount to the tiyin, «To'lash» links per method the restaurant set up (working
 * without JavaScript), the paid state shown and followed live (a served order is followed on
 * while its bill waits), the links gone once paid; axe (WCAG 2.1 AA) on the page.
 */
import type { Bill, GuestOrder } from '@qrmenu/shared/schemas';
import { axeViolations } from '@qrmenu/shared/testing/axe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOrderPage } from '../src/public-menu/cart/order';
import { settingsFor } from '../src/public-menu/guest-script';
import { renderOrderPage } from '../src/public-menu/order-page';
import { FakeEventSource } from './guest-page-support';

const settings = settingsFor('uz');

const order: GuestOrder = {
  _id: 'order1',
  key: 'k1',
  number: 14,
  table: 'Stol 5',
  status: 'served',
  reject_reason: null,
  language: 'uz',
  comment: null,
  items: [{ product_id: 'p1', name: 'Banket', quantity: 1, price: 123456.78, rows: [] }],
  total: 123456.78,
  payment: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T09:00:00.000Z',
};
const bill: Bill = {
  _id: 'bill1',
  table: 'Stol 5',
  amount: 12_345_678,
  status: 'open',
  paid_method: null,
  paid_at: null,
  orders: [{ number: 14, amount: 12_345_678, menu_amount: null }],
  methods: ['payme', 'click'],
};

function openPage(o: GuestOrder = order, b: Bill | null = bill) {
  const html = renderOrderPage({
    order: o,
    lang: 'uz',
    restaurant: 'Rayhon',
    menuHref: '/m/rayhon?p=pl1',
    selfHref: '?key=k1',
    script: null,
    bill: b,
  });
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.documentElement.replaceWith(document.importNode(parsed.documentElement, true));
  history.replaceState(null, '', '/m/rayhon/orders/order1?key=k1');
  return document.querySelector<HTMLElement>('main')!;
}

afterEach(() => vi.unstubAllGlobals());

describe("the bill on the order's page", () => {
  it("shows the bill to the tiyin and a «To'lash» link per method, readable by all", async () => {
    openPage();
    const section = document.querySelector('.bill')!;
    expect(section.querySelector('h2')?.textContent).toBe('Hisob');
    expect(section.textContent).toContain("123 456,78 so'm");
    expect(section.textContent).toContain('#14');
    const links = [...document.querySelectorAll<HTMLAnchorElement>('.pay a')];
    expect(links.map((a) => a.textContent)).toEqual(["Payme orqali to'lash", "Click orqali to'lash"]);
    expect(new URL(links[0]!.href).pathname).toBe('/m/rayhon/orders/order1/pay');
    expect(new URL(links[0]!.href).searchParams.get('method')).toBe('payme');
    expect(await axeViolations(document)).toEqual([]);
  });

  it('follows a served order until its bill is paid, then hides the links', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    startOrderPage(openPage(), settings);
    const events = FakeEventSource.last;
    expect(events).toBeDefined();
    events.emit({ status: 'served', reject_reason: null, payment: null });
    expect(events.readyState).not.toBe(FakeEventSource.CLOSED);
    events.emit({
      status: 'served',
      reject_reason: null,
      payment: { status: 'paid', method: 'payme', amount: 12_345_678, at: '2026-11-26T09:05:00.000Z' },
    });
    expect(document.querySelector('.qm-paid')?.textContent).toBe("To'landi: 123 456,78 so'm, Payme");
    expect(document.querySelector<HTMLElement>('.pay')?.hidden).toBe(true);
    expect(events.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('shows a paid order paid without the links, and a cancelled payment as unpaid', async () => {
    const paid = {
      status: 'paid' as const,
      method: 'click' as const,
      amount: 12_345_678,
      at: '2026-11-26T09:05:00.000Z',
    };
    openPage(
      { ...order, payment: paid },
      { ...bill, status: 'paid', paid_method: 'click', paid_at: paid.at },
    );
    expect(document.querySelector('.qm-paid')?.textContent).toBe("To'landi: 123 456,78 so'm, Click");
    expect(document.querySelector('.pay')).toBeNull();
    expect(await axeViolations(document)).toEqual([]);
    openPage({ ...order, payment: { ...paid, status: 'refunded' } });
    expect(document.querySelector('.qm-paid')?.textContent).toBe("To'lov bekor qilindi. Hisob to'lanmagan");
    expect(document.querySelectorAll('.pay a')).toHaveLength(2);
  });
});

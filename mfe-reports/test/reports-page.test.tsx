/**
 * «Hisobot» on the test kit: a manager's page (the default period, the comparison, each section's
 * charts and their tables, a period picked, a wrong custom period said and not asked, an empty
 * period, the files), an admin's of a restaurant, and the admin's restaurants side by side with two
 * compared; axe clean on each.
 */
import { tashkentDay } from '@qrmenu/shared/query';
import { answers, axeViolations, openPage, renderAtRoute, stubApi } from '@qrmenu/shared/testing/kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '../src/period/period';
import ReportsPage from '../src/ReportsPage';
import RestaurantsReportPage from '../src/RestaurantsReportPage';
import { dishes, guests, rejections, restaurants, takings, times } from './data';

/** Every report answered for whatever period is asked. */
function reportsApi() {
  const period = (search: URLSearchParams) => [search.get('from') ?? '', search.get('to') ?? ''] as const;
  return stubApi({
    'GET /manager/reports/takings': (call) => answers.data(takings(...period(call.search))),
    'GET /manager/reports/dishes': (call) => answers.data(dishes(...period(call.search))),
    'GET /manager/reports/times': (call) => answers.data(times(...period(call.search))),
    'GET /manager/reports/guests': (call) => answers.data(guests(...period(call.search))),
    'GET /manager/reports/rejections': (call) => answers.data(rejections(...period(call.search))),
    'GET /admin/reports/restaurants': (call) => answers.data(restaurants(...period(call.search))),
  });
}

describe("a manager's «Hisobot»", () => {
  it('opens on the last seven days: the takings beside the week before, the chart and its numbers; axe clean', async () => {
    const today = tashkentDay();
    const api = reportsApi();
    renderAtRoute(<ReportsPage />, '/reports', { as: 'manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hisobot' })).toBeInTheDocument();
    const first = await screen.findByTestId('stat-orders');
    expect(first).toHaveTextContent('3');
    // three orders against two: +50 %, said in words to a screen reader
    expect(within(first).getByTestId('change')).toHaveTextContent('+50 %');
    expect(within(first).getByTestId('change')).toHaveTextContent('oldingi davrga nisbatan +50 %');
    expect(screen.getByTestId('stat-revenue-value')).toHaveTextContent("225 000 so'm");
    const call = api.callsTo('GET /manager/reports/takings')[0]?.search;
    expect(call?.get('from')).toBe(addDays(today, -6));
    expect(call?.get('to')).toBe(today);
    expect(call?.get('restaurant_id')).toBeNull();
    expect(screen.getByTestId('period-shown')).toHaveTextContent(
      `Oldingi davr bilan solishtirilgan: ${addDays(today, -13)} – ${addDays(today, -7)}`,
    );
    expect(screen.getByRole('img', { name: /7 kunlik tushum grafigi/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /To'lov usullari: Payme 225 000 so'm/ })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    // the numbers one tap away
    const chart = screen.getByTestId('chart-takings');
    await userEvent.click(within(chart).getByText("Jadval ko'rinishida"));
    const table = await within(chart).findByRole('table', { name: "Kunlar bo'yicha tushum" });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(await axeViolations()).toEqual([]);
  });

  it('switches periods and sections; each asks for its own report', async () => {
    const today = tashkentDay();
    const api = reportsApi();
    renderAtRoute(<ReportsPage />, '/reports', { as: 'manager' });
    await screen.findByTestId('stat-orders');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Davr' }), 'yesterday');
    await waitFor(() =>
      expect(api.callsTo('GET /manager/reports/takings').at(-1)?.search.get('from')).toBe(addDays(today, -1)),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Taomlar' }));
    expect(
      await screen.findByRole('img', { name: /Eng ko'p sotilgan taomlar: Osh 4, Choy 1/ }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /manager/reports/dishes')[0]?.search.get('from')).toBe(addDays(today, -1));
    expect(screen.getByTestId('never-ordered')).toHaveTextContent('Manti');
    await userEvent.click(screen.getByRole('button', { name: "Tushum bo'yicha" }));
    expect(
      await screen.findByRole('img', { name: /Eng ko'p sotilgan taomlar: Osh 140 000 so'm/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Stop-listga tushgan taomlar: Osh 2/ })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Vaqt' }));
    expect(
      await screen.findByRole('img', { name: 'Eng band vaqt: Juma 19:00, 6 ta buyurtma' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stat-accept-median')).toHaveTextContent('1 daq 30 s');
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Mehmonlar' }));
    expect(await screen.findByTestId('stat-conversion')).toHaveTextContent('25 %');
    expect(screen.getByTestId('stat-tables')).toHaveTextContent('Buyurtma bergan joylar: 3 / 4');
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Rad etilganlar' }));
    expect(await screen.findByRole('img', { name: /Sabablar: Oshxona hozir band 2/ })).toBeInTheDocument();
    expect(screen.getByText('Barcha buyurtmalarning 20 %')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('another period: a start after the end is said and nothing is asked', async () => {
    const api = reportsApi();
    renderAtRoute(<ReportsPage />, '/reports?p=custom&from=2026-03-01&to=2026-03-07', { as: 'manager' });
    await screen.findByTestId('stat-orders');
    expect(api.callsTo('GET /manager/reports/takings')[0]?.search.get('to')).toBe('2026-03-07');
    const from = screen.getByLabelText('Boshlanishi');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-09');
    expect(await screen.findByRole('alert')).toHaveTextContent("Boshlanish sanasi oxiridan keyin bo'lmasin");
    expect(screen.getByRole('button', { name: "Ko'rsatish" })).toBeDisabled();
    expect(api.callsTo('GET /manager/reports/takings')).toHaveLength(1);
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-05');
    await userEvent.click(screen.getByRole('button', { name: "Ko'rsatish" }));
    await waitFor(() =>
      expect(api.callsTo('GET /manager/reports/takings').at(-1)?.search.get('from')).toBe('2026-03-05'),
    );
  });

  it('an empty period says so, with no zeros drawn', async () => {
    openPage(<ReportsPage />, '/reports?p=today', {
      as: 'manager',
      answers: {
        'GET /manager/reports/takings': (call) =>
          answers.data(takings(call.search.get('from') ?? '', call.search.get('to') ?? '', 0)),
      },
    });
    expect(await screen.findByText("Bu davrda buyurtma yo'q")).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('downloads the section as CSV and XLSX, and says so when it cannot', async () => {
    const createUrl = vi.fn(() => 'blob:file');
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, { createObjectURL: createUrl, revokeObjectURL: () => {} }),
    );
    const api = reportsApi();
    api.answer({
      'GET /manager/reports/takings/export': { raw: 'Davr\r\n', headers: { 'content-type': 'text/csv' } },
    });
    renderAtRoute(<ReportsPage />, '/admin/reports/r7?p=today', { as: 'admin', path: '/admin/reports/:id' });
    await screen.findByTestId('stat-orders');
    expect(api.callsTo('GET /manager/reports/takings')[0]?.search.get('restaurant_id')).toBe('r7');
    await userEvent.click(screen.getByRole('button', { name: 'Tushum: Excel (XLSX) yuklab olish' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const file = api.callsTo('GET /manager/reports/takings/export')[0]?.search;
    expect(file?.get('format')).toBe('xlsx');
    expect(file?.get('restaurant_id')).toBe('r7');
    api.answer({ 'GET /manager/reports/takings/export': answers.error(500) });
    await userEvent.click(screen.getByRole('button', { name: 'Tushum: CSV yuklab olish' }));
    expect(await screen.findByText("Faylni yuklab bo'lmadi")).toBeInTheDocument();
  });
});

describe("the admin's restaurants side by side", () => {
  it('every restaurant, then two compared; each opens its own reports for the same period; axe clean', async () => {
    reportsApi();
    renderAtRoute(<RestaurantsReportPage />, '/admin/reports?p=month30', {
      as: 'admin',
      path: '/admin/reports',
    });
    expect(await screen.findByRole('heading', { name: 'Barcha restoranlar' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', {
        name: /Restoranlar tushumi: Rayhon 900 000 so'm, Afsona 300 000 so'm, Bahor/,
      }),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Restoranlarni solishtirish: Rayhon' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Restoranlarni solishtirish: Afsona' }));
    expect(await screen.findByRole('heading', { name: 'Restoranlarni solishtirish' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: "Restoranlar tushumi: Rayhon 900 000 so'm, Afsona 300 000 so'm" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rayhon: hisobot' })).toHaveAttribute(
      'href',
      '/admin/reports/r1?p=month30',
    );
    expect(await axeViolations()).toEqual([]);
  });
});

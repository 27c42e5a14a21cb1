/**
 * The guests' visits in the restaurants module: the visits panel (one request, totals, the SVG chart and
 * its table, top placements and languages, CSV) on the manager's Asosiy and the admin's
 * detail, the admin list's sortable "30 kun", and the QR dialog's placements (a range, a code
 * each carrying `?p=<id>`, one print run for all). axe on each.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { setRuntimeConfig } from '@qrmenu/shared/runtime-config';
import type { Placement, VisitStats } from '@qrmenu/shared/schemas';
import { answers, axeViolations, fixtures, openPage } from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expandPlacementNames, telegramTableUrl } from '../src/qr/placementNames';
import RestaurantDetailPage from '../src/restaurants/RestaurantDetailPage';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';
import { openManagerHome } from './manager-home';
import { decodeSvg } from './qr-decode';

afterEach(() => {
  vi.restoreAllMocks();
  setRuntimeConfig({});
});

const restaurant = fixtures.restaurant({ _id: 'q1', slug: 'rayhon', name: 'Rayhon', manager_id: 'm1' });

function stats(): VisitStats {
  const days = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
    return { day: d, visits: i === 29 ? 4 : i % 5, unique: i === 29 ? 3 : i % 5 > 0 ? 1 : 0 };
  });
  const sum = (n: number) =>
    days.slice(-n).reduce((s, d) => ({ visits: s.visits + d.visits, unique: s.unique + d.unique }), {
      visits: 0,
      unique: 0,
    });
  return {
    days,
    totals: { today: sum(1), week: sum(7), month: sum(30) },
    placements: [
      { placement_id: 'p1', name: 'Stol 1', visits: 30 },
      { placement_id: null, name: null, visits: 20 },
      { placement_id: 'gone', name: null, visits: 6 },
    ],
    languages: [{ language: 'uz', visits: 56 }],
  };
}

describe('visits panel', () => {
  it("on the manager's Asosiy: one request, totals, a bar a day, the table, placements and languages; axe clean", async () => {
    const data = stats();
    const { api } = openManagerHome(restaurant, {
      'GET /manager/visits': answers.data(data),
    });
    const panel = await screen.findByRole('region', { name: t.visits.title });
    const chart = await within(panel).findByRole('img', {
      name: t.visits.chartLabel(data.totals.month.visits, data.totals.month.unique),
    });
    expect(within(panel).getByTestId('visits-total-today-visits')).toHaveTextContent('4');
    expect(within(panel).getByTestId('visits-total-today-unique')).toHaveTextContent('3');
    expect(within(panel).getByTestId('visits-total-week-visits')).toHaveTextContent(
      String(data.totals.week.visits),
    );
    expect(within(panel).getByTestId('visits-total-month-visits')).toHaveTextContent(
      String(data.totals.month.visits),
    );
    const bars = chart.querySelectorAll('rect[data-day]');
    expect(bars).toHaveLength(30);
    expect(bars[29]!.getAttribute('data-visits')).toBe('4');
    // the tallest bar reaches the top of the axis: heights follow the numbers
    const heights = [...bars].map((b) => Number(b.getAttribute('height')));
    expect(heights[29]).toBeGreaterThan(heights[28]!);
    expect(heights[0]).toBe(0);

    const places = within(within(panel).getByTestId('visits-top-placements')).getAllByRole('listitem');
    expect(places.map((li) => li.textContent)).toEqual([
      'Stol 130',
      `${t.visits.noPlacement}20`,
      `${t.visits.deletedPlacement}6`,
    ]);
    expect(within(panel).getByTestId('visits-top-languages')).toHaveTextContent(
      `${t.visits.languageNames.uz}56`,
    );

    // the text alternative: a table of every day, newest first, built when opened
    expect(within(panel).queryByTestId('visits-table')).toBeNull();
    await userEvent.click(within(panel).getByText(t.visits.showTable));
    const table = within(panel).getByRole('table', { name: t.visits.tableCaption });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25.11', '4', '3']);

    expect(api.calls.filter((c) => c.path === '/manager/visits')).toHaveLength(1);
    expect(api.calls.find((c) => c.path === '/manager/visits')!.search.get('restaurant_id')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("on the admin's restaurant detail, for that restaurant; CSV downloads the daily counts", async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { api } = openPage(<RestaurantDetailPage />, '/admin/viewRestaurant/q1/rayhon', {
      path: ROUTES.admin.restaurant,
      as: 'admin',
      answers: {
        'GET /user/restaurants/view': answers.data(restaurant),
        'GET /admin/managers': answers.data([fixtures.manager({ _id: 'm1', login: 'aziz' })]),
        'GET /manager/visits': answers.data(stats()),
        'GET /manager/visits/csv': {
          raw: 'day,visits,unique\r\n2026-11-25,4,3\r\n',
          headers: { 'content-type': 'text/csv' },
        },
      },
    });
    const panel = await screen.findByRole('region', { name: t.visits.title });
    await within(panel).findByTestId('visits-chart');
    expect(api.calls.find((c) => c.path === '/manager/visits')!.search.get('restaurant_id')).toBe('q1');
    await userEvent.click(within(panel).getByRole('button', { name: t.visits.csv }));
    await waitFor(() => expect(saved).toEqual(['visits.csv']));
    expect(api.calls.find((c) => c.path === '/manager/visits/csv')!.search.get('restaurant_id')).toBe('q1');
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when the numbers cannot be loaded', async () => {
    openManagerHome(restaurant, {
      'GET /manager/visits': answers.error(500, 'internal', 'boom'),
    });
    expect(await screen.findByText(t.visits.loadError)).toBeInTheDocument();
  });
});

describe("the admin list's 30 kun", () => {
  it("shows each restaurant's 30-day visits and sorts by them, most first, then fewest", async () => {
    const list = ['a', 'b', 'c'].map((id, i) =>
      fixtures.restaurant({ _id: id, name: `Restoran ${id}`, slug: `r-${id}`, manager_id: `m${i}` }),
    );
    openPage(<RestaurantsPage />, ROUTES.admin.restaurants, {
      as: 'admin',
      answers: {
        'GET /admin/restaurants': answers.adminRestaurantPages(list, { visits: { a: 5, b: 40, c: 12 } }),
      },
    });
    await screen.findByTestId('restaurants-table');
    const visits = () => screen.getAllByTestId('restaurant-visits').map((c) => c.textContent);
    expect(visits()).toEqual(['5', '40', '12']);
    const sort = screen.getByRole('button', { name: t.visits.sortBy(t.visits.month) });
    await userEvent.click(sort);
    expect(visits()).toEqual(['40', '12', '5']);
    expect(sort.closest('th')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(sort);
    expect(visits()).toEqual(['5', '12', '40']);
    expect(sort.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('placements in the QR dialog', () => {
  it('expands what a manager types: a range, several names, and refuses a bad range', () => {
    expect(expandPlacementNames('Stol 1-3')).toEqual({ ok: true, names: ['Stol 1', 'Stol 2', 'Stol 3'] });
    expect(expandPlacementNames('Eshik, Instagram')).toEqual({ ok: true, names: ['Eshik', 'Instagram'] });
    expect(expandPlacementNames('Stol 5-2')).toEqual({ ok: false, error: 'range' });
    expect(expandPlacementNames('Stol 1-500')).toEqual({ ok: false, error: 'tooMany' });
    expect(expandPlacementNames(' , ')).toEqual({ ok: false, error: 'empty' });
  });

  it("adds a range, shows a placement's own code, and prints a sheet per placement with its code", async () => {
    setRuntimeConfig({ publicMenuBase: 'https://menu.example.uz' });
    let placements: Placement[] = [];
    const { api } = openManagerHome(restaurant, {
      'GET /manager/visits': answers.data(stats()),
      'GET /manager/placements': () => answers.data(placements),
      'POST /manager/placements': (call) => {
        const names = (call.body as { names: string[] }).names;
        const made = names.map((name, i) => ({
          _id: `p${i + 1}`,
          restaurant_id: 'q1',
          name,
          createdAt: '2026-11-25T00:00:00.000Z',
        }));
        placements = [...placements, ...made];
        return answers.data(made, 201);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: t.qr.title }));
    const dialog = await screen.findByRole('dialog', { name: t.qr.title });
    await userEvent.type(within(dialog).getByLabelText(t.placements.nameLabel), 'Stol 1-3');
    await userEvent.click(within(dialog).getByRole('button', { name: t.placements.add }));
    await waitFor(() => expect(within(dialog).getAllByTestId('placement-row')).toHaveLength(3));
    const posted = api.calls.find((c) => c.method === 'POST' && c.path === '/manager/placements')!;
    expect(posted.body).toEqual({ restaurant_id: 'q1', names: ['Stol 1', 'Stol 2', 'Stol 3'] });

    const stol2 = within(dialog).getAllByTestId('placement-row')[1]!;
    await userEvent.click(within(stol2).getByRole('button', { name: t.placements.show }));
    const url = 'https://menu.example.uz/m/rayhon?p=p2';
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(url);
    const code = within(dialog).getByRole('img', { name: `${t.qr.imageAlt('Rayhon')}: Stol 2` });
    expect(decodeSvg(code)).toBe(url);

    // what is on the page while the browser's print dialog is open
    let printed: { onBody: boolean; url: string | null; text: string }[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed = [...document.querySelectorAll('[data-testid^="qr-placement-"]')].map((s) => ({
        onBody: s.parentElement === document.body,
        url: decodeSvg(s.querySelector('svg')!),
        text: s.textContent ?? '',
      }));
      expect(screen.queryByTestId('qr-print-sheet')).toBeNull(); // not the single code's sheet too
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.placements.printAll(3) }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(printed.map((p) => p.url)).toEqual(
      ['p1', 'p2', 'p3'].map((id) => `https://menu.example.uz/m/rayhon?p=${id}`),
    );
    expect(printed.every((p) => p.onBody)).toBe(true);
    expect(printed.map((p) => p.text.includes(`Stol ${p.url!.slice(-1)}`))).toEqual([true, true, true]);
    await waitFor(() => expect(screen.queryAllByTestId('qr-placement-sheet')).toHaveLength(0));
    expect(screen.getByTestId('qr-print-sheet')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: t.placements.printSmall }));
    expect(print).toHaveBeenCalledTimes(2);
    // six small codes a sheet: the three cards on one sheet, each decoding to its placement
    expect(printed.map((p) => p.url)).toEqual(
      ['p1', 'p2', 'p3'].map((id) => `https://menu.example.uz/m/rayhon?p=${id}`),
    );
    expect(await axeViolations()).toEqual([]);
  });
});

describe("the tables' codes in the restaurant's Telegram bot", () => {
  // a code as the server makes them (db/util.ts newCodeId): 18 hex digits, 22 base64url
  const code = (n: number) => `0193a4b5c6d7000001${'A-b_9'.repeat(4)}x${n}`;
  const tables: Placement[] = [1, 2].map((n) => ({
    _id: code(n),
    restaurant_id: 'q1',
    name: `Stol ${n}`,
    createdAt: '2026-11-25T00:00:00.000Z',
  }));
  const open = async (bot: string | null) => {
    setRuntimeConfig({ publicMenuBase: 'https://menu.example.uz' });
    openManagerHome(restaurant, {
      'GET /manager/visits': answers.data(stats()),
      'GET /manager/placements': () => answers.data(tables),
      'GET /manager/telegram': answers.data({
        connected: bot !== null,
        bot_username: bot,
        chat_title: null,
        webhook: true,
        waiting: 0,
        last_error: null,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: t.qr.title }));
    const dialog = await screen.findByRole('dialog', { name: t.qr.title });
    await within(dialog).findAllByTestId('placement-row');
    return dialog;
  };

  it('a link only of the characters startapp takes, at most 512', () => {
    expect(telegramTableUrl('rayhon_bot', code(1))).toBe(`https://t.me/rayhon_bot?startapp=${code(1)}`);
    expect(code(1)).toHaveLength(40);
    expect(telegramTableUrl('rayhon_bot', 'a b')).toBeNull();
    expect(telegramTableUrl('rayhon_bot', 'x'.repeat(513))).toBeNull();
  });

  it("with the bot connected, a table's code and the printed sheets open the table in the bot", async () => {
    const dialog = await open('rayhon_bot');
    const group = within(dialog).getByRole('group', { name: t.placements.codesOpen });
    const web = within(group).getByRole('button', { name: t.placements.web });
    expect(web).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(await within(group).findByRole('button', { name: t.telegram.qrTelegram }));
    expect(within(group).getByRole('button', { name: t.telegram.qrTelegram })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const stol2 = within(dialog).getAllByTestId('placement-row')[1]!;
    await userEvent.click(within(stol2).getByRole('button', { name: t.placements.show }));
    const url = `https://t.me/rayhon_bot?startapp=${code(2)}`;
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(url);
    expect(decodeSvg(within(dialog).getByRole('img', { name: `${t.qr.imageAlt('Rayhon')}: Stol 2` }))).toBe(
      url,
    );
    // a Telegram link has no language: no language links under it
    expect(within(dialog).queryByTestId('qr-language-links')).toBeNull();

    let printed: (string | null)[] = [];
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed = [...document.querySelectorAll('[data-testid="qr-placement-sheet"]')].map((s) =>
        decodeSvg(s.querySelector('svg')!),
      );
    });
    await userEvent.click(within(dialog).getByRole('button', { name: t.placements.printAll(2) }));
    expect(printed).toEqual([1, 2].map((n) => `https://t.me/rayhon_bot?startapp=${code(n)}`));

    // back to the web page
    await userEvent.click(web);
    expect(within(dialog).getByTestId('qr-url')).toHaveTextContent(
      `https://menu.example.uz/m/rayhon?p=${code(2)}`,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('without a bot the option is not offered: disabled, and says why', async () => {
    const dialog = await open(null);
    const telegram = within(dialog).getByRole('button', { name: t.telegram.qrTelegram });
    expect(telegram).toBeDisabled();
    expect(telegram).toHaveAccessibleDescription(t.telegram.notConnected);
    expect(await axeViolations()).toEqual([]);
  });
});

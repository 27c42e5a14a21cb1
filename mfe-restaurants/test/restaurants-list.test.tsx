import { t } from '@qrmenu/shared/texts';
import { toaster } from '@qrmenu/shared/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';
import { type Answer, login, makeRestaurant, renderAt, resetState, stubApi } from './support';

beforeEach(resetState);
afterEach(() => {
  resetState();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const LIST = '/admin/restaurants';

function adminList(n: number) {
  const restaurants = Array.from({ length: n }, (_, i) =>
    makeRestaurant({
      _id: `id-${i + 1}`,
      name: `Restoran ${i + 1}`,
      slug: `restoran-${i + 1}`,
      is_active: i % 3 !== 0,
      type: i === 1 ? 'feed' : 'manual',
    }),
  );
  return restaurants;
}

const rows = () => screen.getAllByTestId('restaurant-row');
const names = () => rows().map((r) => within(r).getByTestId('restaurant-name').textContent);

describe('restaurants list (admin)', () => {
  it('pages 25 restaurants as 10 / 10 / 5 with Oldingi / Keyingi, numbering across pages', async () => {
    const restaurants = adminList(25);
    stubApi({
      'GET /admin/restaurants': {
        body: { restaurants, counts: { all_count: 25, active_count: 16, inactive_count: 9 } },
      },
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(names()[0]).toBe('Restoran 1');
    const previous = screen.getByRole('button', { name: t.previous });
    const next = screen.getByRole('button', { name: t.next });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(rows()).toHaveLength(10);
    expect(names()[0]).toBe('Restoran 11');
    expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('11');
    await userEvent.click(next);
    expect(rows()).toHaveLength(5);
    expect(names()).toEqual(['Restoran 21', 'Restoran 22', 'Restoran 23', 'Restoran 24', 'Restoran 25']);
    expect(next).toBeDisabled();
    await userEvent.click(previous);
    expect(names()[0]).toBe('Restoran 11');
  });

  it('shows the counters from `counts`, colours, status badges and type labels', async () => {
    const restaurants = [
      makeRestaurant({ name: 'Faol oddiy', is_active: true, type: 'manual' }),
      makeRestaurant({ name: 'Nofaol integratsiya', is_active: false, type: 'feed' }),
    ];
    stubApi({
      'GET /admin/restaurants': {
        // Deliberately different from the rows: the counters come from the answer's counts.
        body: { restaurants, counts: { all_count: 7, active_count: 4, inactive_count: 3 } },
      },
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const counters = screen.getByTestId('restaurant-counters');
    expect(within(counters).getByText(t.total)).toBeInTheDocument();
    expect(within(counters).getByText(t.active)).toBeInTheDocument();
    expect(within(counters).getByText(t.inactiveCount)).toBeInTheDocument();
    expect(screen.getByTestId('counter-all-value')).toHaveTextContent('7');
    expect(screen.getByTestId('counter-active-value')).toHaveTextContent('4');
    expect(screen.getByTestId('counter-inactive-value')).toHaveTextContent('3');

    const [active, inactive] = rows();
    const activeName = within(active!).getByTestId('restaurant-name');
    const inactiveName = within(inactive!).getByTestId('restaurant-name');
    // Chakra's green.700 and red.600: both at least 4.5:1 on white (WCAG AA)
    expect(activeName).toHaveStyle({ color: 'rgb(17, 105, 50)' });
    expect(inactiveName).toHaveStyle({ color: 'rgb(220, 38, 38)' });
    expect(within(active!).getByText('Faol')).toBeInTheDocument();
    expect(within(inactive!).getByText('Nofaol')).toBeInTheDocument();
    expect(within(active!).getByTestId('restaurant-type')).toHaveTextContent('Oddiy');
    expect(within(inactive!).getByTestId('restaurant-type')).toHaveTextContent('Integratsiya');
    // Sync only on the integration row; delete on both; both top buttons present.
    expect(within(active!).queryByTestId('sync-button')).toBeNull();
    expect(within(inactive!).getByTestId('sync-button')).toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: t.delete })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Restoran qo'shish" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Integratsiya' })).toBeInTheDocument();
  });

  it('shows the Uzbek message when the list cannot be loaded', async () => {
    stubApi({
      'GET /admin/restaurants': { status: 403, body: { error: { code: 'forbidden', message: 'no' } } },
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    expect(
      (await screen.findAllByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).length,
    ).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('restaurant-row')).toHaveLength(0);
  });

  it("deletes by slug after the Ha confirmation, and not after Yo'q", async () => {
    const r = makeRestaurant({ name: 'Ochiriladigan', slug: 'ochiriladigan' });
    const api = stubApi({
      'GET /admin/restaurants': {
        body: { restaurants: [r], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
      },
      'DELETE /admin/restaurants/delete': { body: { data: { _id: r._id } } },
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: "Yo'q" }));
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.path).toBe('/admin/restaurants/delete');
    expect(api.writes()[0]!.search.get('slug')).toBe('ochiriladigan');
    expect(await screen.findByText(t.restaurantDeleted)).toBeInTheDocument();
  });

  it('syncs an integration restaurant with a progress state, then a success toast', async () => {
    const r = makeRestaurant({ _id: 'feed-1', name: 'Feed', type: 'feed' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = { data: { restaurant: r, categories: 2, products: 5 } };
    const stub = stubApi({
      'GET /admin/restaurants': {
        body: { restaurants: [r], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
      },
      'PUT /admin/integration/restaurants/feed-1/sync': { body: answer },
    });
    const original = stub.fetchMock.getMockImplementation()!;
    stub.fetchMock.mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (req.method === 'PUT') await gate;
      return original(input, init);
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = within(rows()[0]!).getByTestId('sync-button');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading'));
    expect(button).toBeDisabled();
    release();
    expect(await screen.findByText(t.syncSuccess)).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(stub.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /admin/integration/restaurants/feed-1/sync',
    ]);
  });

  it("shows 'Restoranni yangilashda xatolik yuz berdi!' when the sync fails", async () => {
    const r = makeRestaurant({ _id: 'feed-2', name: 'Feed', type: 'feed' });
    stubApi({
      'GET /admin/restaurants': {
        body: { restaurants: [r], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
      },
      'PUT /admin/integration/restaurants/feed-2/sync': {
        status: 502,
        body: { error: { code: 'bad_gateway', message: 'feed down' } },
      },
    });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const create = vi.spyOn(toaster, 'create');
    await userEvent.click(within(rows()[0]!).getByTestId('sync-button'));
    expect(await screen.findByText('Restoranni yangilashda xatolik yuz berdi!')).toBeInTheDocument();
    // Spec 9: the sync error stays 5 s, not the usual 2 s.
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: t.syncError, duration: 5000 }),
    );
  });

  /** A list with one integration restaurant whose sync answers `answer` once `release()` is called. */
  function gatedSync(id: string, answer: Answer) {
    const r = makeRestaurant({ _id: id, name: 'Feed', type: 'feed' });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stub = stubApi({
      'GET /admin/restaurants': {
        body: { restaurants: [r], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
      },
      [`PUT /admin/integration/restaurants/${id}/sync`]: answer,
    });
    const original = stub.fetchMock.getMockImplementation()!;
    stub.fetchMock.mockImplementation(async (input, init) => {
      const req = input instanceof Request ? input : new Request(String(input), init);
      if (req.method === 'PUT') await gate;
      return original(input, init);
    });
    return { stub, release: () => release() };
  }

  it('still shows the success toast when the admin has left the list during the sync', async () => {
    const { release } = gatedSync('feed-3', { body: { data: { categories: 1, products: 1 } } });
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByTestId('sync-button'));
    // Leave the page (the providers stay, as in the shell), then let the sync finish.
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.view }));
    expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
    expect(screen.queryByTestId('restaurants-table')).toBeNull();
    release();
    expect(await screen.findByText(t.syncSuccess)).toBeInTheDocument();
  });

  it('shows the running sync on return, then the 5 s error toast', async () => {
    const { release } = gatedSync('feed-4', {
      status: 502,
      body: { error: { code: 'bad_gateway', message: 'feed down' } },
    });
    login('admin');
    const first = renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByTestId('sync-button'));
    first.unmount();
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = within(rows()[0]!).getByTestId('sync-button');
    expect(button).toHaveAttribute('data-loading');
    const create = vi.spyOn(toaster, 'create');
    release();
    expect(await screen.findByText(t.syncError)).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: t.syncError, duration: 5000 }));
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
  });

  it('waits 60 s for the sync (not the 15 s default timeout), then reports the failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // never released: the feed never answers, only the client's timeout ends the call
    gatedSync('feed-slow', { body: { data: { categories: 1, products: 1 } } });
    const create = vi.spyOn(toaster, 'create');
    login('admin');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = within(rows()[0]!).getByTestId('sync-button');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading'));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(button).toHaveAttribute('data-loading');
    expect(create).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: t.syncError, duration: 5000 })),
    );
  });

  it('links view, categories and edit with the /admin prefix', async () => {
    const r = makeRestaurant({ _id: 'abc', slug: 'oshxona' });
    stubApi({
      'GET /admin/restaurants': {
        body: { restaurants: [r], counts: { all_count: 1, active_count: 1, inactive_count: 0 } },
      },
    });
    login('admin');
    // Each click leaves the list, so render it again before the next one.
    const targets: Array<[string, string]> = [
      [t.view, '/admin/viewRestaurant/abc/oshxona'],
      [t.categories, '/admin/categoryList/abc'],
      [t.edit, '/admin/restaurants/abc/edit'],
    ];
    for (const [name, path] of targets) {
      const view = renderAt(<RestaurantsPage />, LIST);
      await waitFor(() => expect(rows()).toHaveLength(1));
      await userEvent.click(within(rows()[0]!).getByRole('button', { name }));
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
      view.unmount();
    }
  });
});

describe('restaurants list (manager)', () => {
  it('shows only its own restaurant, without counters, delete, sync or admin buttons', async () => {
    const own = makeRestaurant({ _id: 'mine', name: 'Mening oshxonam', type: 'feed', slug: 'mening' });
    const api = stubApi({ 'GET /manager/restaurants/me': { body: { data: own } } });
    login('manager');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(names()).toEqual(['Mening oshxonam']);
    expect(screen.queryByTestId('restaurant-counters')).toBeNull();
    expect(screen.queryByText(t.total)).toBeNull();
    expect(screen.queryByRole('button', { name: t.delete })).toBeNull();
    expect(screen.queryByTestId('sync-button')).toBeNull();
    expect(screen.queryByRole('button', { name: "Restoran qo'shish" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Integratsiya' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
    // Navigation targets have no /admin prefix.
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.categories }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/categoryList$/);
  });

  it('accepts a list answer from /manager/restaurants/me and links the view without /admin', async () => {
    const own = makeRestaurant({ _id: 'mine2', name: 'Royxatdagi' });
    stubApi({ 'GET /manager/restaurants/me': { body: { data: [own] } } });
    login('manager');
    renderAt(<RestaurantsPage />, LIST);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.view }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/viewRestaurant\/mine2$/);
  });
});

describe('missing token', () => {
  it('asks to sign in again and makes no call', async () => {
    const api = stubApi({});
    renderAt(<RestaurantsPage />, LIST);
    expect(screen.getByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

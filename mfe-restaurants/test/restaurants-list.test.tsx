import { ROUTES } from '@qrmenu/shared/paths';
import type { Restaurant } from '@qrmenu/shared/schemas';
import {
  answers,
  fixtures,
  renderAtRoute,
  type StubReply,
  signInAs,
  stubApi,
} from '@qrmenu/shared/testing/kit';
import { t } from '@qrmenu/shared/texts';
import { toaster } from '@qrmenu/shared/ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RestaurantsPage from '../src/restaurants/RestaurantsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

const LIST = ROUTES.admin.restaurants;
const makeRestaurant = fixtures.restaurant;
const login = signInAs;
const renderList = () => renderAtRoute(<RestaurantsPage />, LIST);
// as the server answers: the table asks for a page at a time
const listOf = (restaurants: Restaurant[], counts?: Parameters<typeof answers.adminRestaurants>[1]) =>
  answers.adminRestaurantPages(restaurants, counts ? { counts } : {});

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

/** The table's body rows (the header row has no cells). */
const rows = () => screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
const names = () => rows().map((row) => cells(row)[1]!.textContent);

describe('restaurants list (admin)', () => {
  it('pages 25 restaurants as 10 / 10 / 5 with Oldingi / Keyingi, numbering across pages', async () => {
    const restaurants = adminList(25);
    stubApi({
      'GET /admin/restaurants': listOf(restaurants, { all_count: 25, active_count: 16, inactive_count: 9 }),
    });
    login('admin');
    renderList();
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
      // Deliberately different from the rows: the counters come from the answer's counts.
      'GET /admin/restaurants': listOf(restaurants, { all_count: 7, active_count: 4, inactive_count: 3 }),
    });
    login('admin');
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const counters = screen.getByTestId('restaurant-counters');
    expect(within(counters).getByText(t.total)).toBeInTheDocument();
    expect(within(counters).getByText(t.active)).toBeInTheDocument();
    expect(within(counters).getByText(t.inactiveCount)).toBeInTheDocument();
    expect(screen.getByTestId('counter-all-value')).toHaveTextContent('7');
    expect(screen.getByTestId('counter-active-value')).toHaveTextContent('4');
    expect(screen.getByTestId('counter-inactive-value')).toHaveTextContent('3');

    const [active, inactive] = rows();
    const activeName = within(cells(active!)[1]!).getByText('Faol oddiy');
    const inactiveName = within(cells(inactive!)[1]!).getByText('Nofaol integratsiya');
    // Chakra's green.700 and red.700: at least 4.5:1 on white and on the striped rows' grey (WCAG
    // AA; red.600 #dc2626 was 4.39:1 on the stripe)
    expect(activeName).toHaveStyle({ color: 'rgb(17, 105, 50)' });
    expect(inactiveName).toHaveStyle({ color: 'rgb(153, 25, 25)' });
    expect(within(active!).getByText('Faol')).toBeInTheDocument();
    expect(within(inactive!).getByText('Nofaol')).toBeInTheDocument();
    expect(cells(active!)[4]).toHaveTextContent('Oddiy');
    expect(cells(inactive!)[4]).toHaveTextContent('Integratsiya');
    // Sync only on the integration row; delete on both; both top buttons present.
    expect(within(active!).queryByRole('button', { name: t.sync })).toBeNull();
    expect(within(inactive!).getByRole('button', { name: t.sync })).toBeInTheDocument();
    expect(within(active!).getByRole('button', { name: t.delete })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Restoran qo'shish" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Integratsiya' })).toBeInTheDocument();
  });

  it('shows the Uzbek message when the list cannot be loaded', async () => {
    stubApi({ 'GET /admin/restaurants': answers.error(403, 'forbidden', 'no') });
    login('admin');
    renderList();
    expect(
      (await screen.findAllByText("Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.")).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("deletes by slug after the Ha confirmation, and not after Yo'q", async () => {
    const r = makeRestaurant({ name: 'Ochiriladigan', slug: 'ochiriladigan' });
    const api = stubApi({
      'GET /admin/restaurants': listOf([r]),
      'DELETE /admin/restaurants/delete': answers.data({ _id: r._id }),
    });
    login('admin');
    renderList();
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

  /** A list with one integration restaurant whose sync answers `answer` once `release()` is called. */
  function gatedSync(id: string, answer: StubReply) {
    const r = makeRestaurant({ _id: id, name: 'Feed', type: 'feed' });
    const route = `PUT /admin/integration/restaurants/${id}/sync`;
    const stub = stubApi({ 'GET /admin/restaurants': listOf([r]), [route]: answer });
    return { stub, release: stub.hold(route).release };
  }
  const syncButton = () => within(rows()[0]!).getByRole('button', { name: t.sync });

  it('syncs an integration restaurant with a progress state, then a success toast', async () => {
    const r = makeRestaurant({ _id: 'feed-1', name: 'Feed', type: 'feed' });
    const { stub, release } = gatedSync(
      'feed-1',
      answers.data({ restaurant: r, categories: 2, products: 5 }),
    );
    login('admin');
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = syncButton();
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    release();
    expect(await screen.findByText(t.syncSuccess)).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
    expect(stub.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /admin/integration/restaurants/feed-1/sync',
    ]);
  });

  it("shows 'Restoranni yangilashda xatolik yuz berdi!' when the sync fails", async () => {
    const r = makeRestaurant({ _id: 'feed-2', name: 'Feed', type: 'feed' });
    stubApi({
      'GET /admin/restaurants': listOf([r]),
      'PUT /admin/integration/restaurants/feed-2/sync': answers.error(502, 'bad_gateway', 'feed down'),
    });
    login('admin');
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const create = vi.spyOn(toaster, 'create');
    await userEvent.click(syncButton());
    expect(await screen.findByText('Restoranni yangilashda xatolik yuz berdi!')).toBeInTheDocument();
    // The sync error stays 5 s, not the usual 2 s (docs/SCREENS.md).
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: t.syncError, duration: 5000 }),
    );
  });

  it('still shows the success toast when the admin has left the list during the sync', async () => {
    const { release } = gatedSync('feed-3', answers.data({ categories: 1, products: 1 }));
    login('admin');
    const view = renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(syncButton());
    // Leave the page (the providers stay, as in the shell), then let the sync finish.
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.view }));
    expect(view.path()).toMatch(/^\/admin\/viewRestaurant\//);
    expect(screen.queryByRole('table')).toBeNull();
    release();
    expect(await screen.findByText(t.syncSuccess)).toBeInTheDocument();
  });

  it('shows the running sync on return, then the 5 s error toast', async () => {
    const { release } = gatedSync('feed-4', answers.error(502, 'bad_gateway', 'feed down'));
    login('admin');
    const first = renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(syncButton());
    first.unmount();
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = syncButton();
    expect(button).toHaveAttribute('aria-busy', 'true');
    const create = vi.spyOn(toaster, 'create');
    release();
    expect(await screen.findByText(t.syncError)).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: t.syncError, duration: 5000 }));
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });

  it('waits 60 s for the sync (not the 15 s default timeout), then reports the failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // never released: the feed never answers, only the client's timeout ends the call
    gatedSync('feed-slow', answers.data({ categories: 1, products: 1 }));
    const create = vi.spyOn(toaster, 'create');
    login('admin');
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const button = syncButton();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(create).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: t.syncError, duration: 5000 })),
    );
  });

  it('links view, categories and edit with the /admin prefix', async () => {
    const r = makeRestaurant({ _id: 'abc', slug: 'oshxona' });
    stubApi({ 'GET /admin/restaurants': listOf([r]) });
    login('admin');
    // Each click leaves the list, so render it again before the next one.
    const targets: Array<[string, string]> = [
      [t.view, '/admin/viewRestaurant/abc/oshxona'],
      [t.categories, '/admin/categoryList/abc'],
      [t.edit, '/admin/restaurants/abc/edit'],
    ];
    for (const [name, path] of targets) {
      const view = renderList();
      await waitFor(() => expect(rows()).toHaveLength(1));
      await userEvent.click(within(rows()[0]!).getByRole('button', { name }));
      expect(view.path()).toBe(path);
      view.unmount();
    }
  });
});

describe('restaurants list (manager)', () => {
  it('shows only its own restaurant, without counters, delete, sync or admin buttons', async () => {
    const own = makeRestaurant({ _id: 'mine', name: 'Mening oshxonam', type: 'feed', slug: 'mening' });
    const api = stubApi({ 'GET /manager/restaurants/me': answers.data(own) });
    login('manager');
    const view = renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(names()).toEqual(['Mening oshxonam']);
    expect(screen.queryByTestId('restaurant-counters')).toBeNull();
    expect(screen.queryByText(t.total)).toBeNull();
    expect(screen.queryByRole('button', { name: t.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: t.sync })).toBeNull();
    expect(screen.queryByRole('button', { name: "Restoran qo'shish" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Integratsiya' })).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/admin'))).toBe(false);
    // Navigation targets have no /admin prefix.
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.categories }));
    expect(view.path()).toBe('/categoryList');
  });

  it('accepts a list answer from /manager/restaurants/me and links the view without /admin', async () => {
    const own = makeRestaurant({ _id: 'mine2', name: 'Royxatdagi' });
    stubApi({ 'GET /manager/restaurants/me': answers.data([own]) });
    login('manager');
    const view = renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.view }));
    expect(view.path()).toBe('/viewRestaurant/mine2');
  });

  it('edits its own restaurant in the dialog from the list', async () => {
    const own = makeRestaurant({ _id: 'mine3', name: 'Dialogdagi', slug: 'dialogdagi' });
    stubApi({ 'GET /manager/restaurants/me': answers.data(own) });
    login('manager');
    const view = renderList();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: t.edit }));
    const dialog = await screen.findByRole('dialog', { name: t.editRestaurant });
    expect(within(dialog).getByRole('textbox', { name: t.fields.name })).toHaveValue('Dialogdagi');
    expect(view.path()).toBe(LIST);
  });
});

describe('missing token', () => {
  it('asks to sign in again and makes no call', async () => {
    const api = stubApi({});
    renderList();
    expect(screen.getByText('Token topilmadi! Iltimos, qayta tizimga kiring.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

import { queryClient, queryKeys } from '@qrmenu/shared/query';
import { setRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { signIn } from '@qrmenu/shared/session';
import { axeViolations, fixtures, locationTracker } from '@qrmenu/shared/testing/kit';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/App';
import { fallbackModule } from '../src/federation';
import { PREFETCH } from '../src/pages';
import { resetRemotePages } from '../src/RemotePage';
import { AT_THE_LATEST_MS } from '../src/warm-up';

const { loadRemote, preloadRemote } = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(async (_options: { nameOrAlias: string; exposes: string[] }[]) => []),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote,
  preloadRemote,
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));

/** A remote page stub that names itself. */
function remoteModule(id: string) {
  return { default: () => <div data-testid="remote-page">remote:{id}</div> };
}

const ALL_DEPLOYED = {
  apiBase: '/api',
  remotes: {
    mfe_auth: 'http://localhost/remotes/mfe-auth/mf-manifest.json',
    mfe_restaurants: 'http://localhost/remotes/mfe-restaurants/mf-manifest.json',
    mfe_catalog: 'http://localhost/remotes/mfe-catalog/mf-manifest.json',
    mfe_stoplist: 'http://localhost/remotes/mfe-stoplist/mf-manifest.json',
    mfe_orders: 'http://localhost/remotes/mfe-orders/mf-manifest.json',
    mfe_reports: 'http://localhost/remotes/mfe-reports/mf-manifest.json',
  },
};

/** The manager's top-level routes (docs/SCREENS.md) and the remote/expose serving each (docs/ARCHITECTURE.md). */
const MANAGER_ROUTES: [path: string, page: string][] = [
  ['/viewRestaurant/1', 'mfe_restaurants/RestaurantDetailPage'],
  ['/product-option/1', 'mfe_catalog/ProductOptionPage'],
  ['/product-option-row/1', 'mfe_catalog/ProductOptionRowPage'],
  ['/product-option', 'mfe_catalog/ProductOptionPage'],
  ['/ProductStopList', 'mfe_stoplist/StopListPage'],
  ['/ProductTable/1', 'mfe_catalog/ProductTablePage'],
  ['/getManagerRestaurant', 'mfe_restaurants/ManagerHome'],
  ['/product-detail/1/2', 'mfe_catalog/ProductDetailPage'],
  ['/categoryList', 'mfe_catalog/CategoryListPage'],
  ['/orders', 'mfe_orders/OrdersBoardPage'],
  ['/orders/history', 'mfe_orders/OrdersHistoryPage'],
  ['/orders/settings', 'mfe_orders/OrderingSettingsPage'],
  ['/reports', 'mfe_reports/ReportsPage'],
  ['/staff', 'mfe_restaurants/StaffPage'],
];

/** The admin's sub-routes with parameters, and their pages. */
const ADMIN_SUB_ROUTES: [path: string, page: string][] = [
  ['/admin/viewRestaurant/r1/oshxona', 'mfe_restaurants/RestaurantDetailPage'],
  ['/admin/viewProduct/c1/r1', 'mfe_catalog/ProductTablePage'],
  ['/admin/categoryList/r1', 'mfe_catalog/CategoryListPage'],
  ['/admin/product-option/p1', 'mfe_catalog/ProductOptionPage'],
  ['/admin/product-option-row/o1', 'mfe_catalog/ProductOptionRowPage'],
  ['/admin/product-detail/p1/c1', 'mfe_catalog/ProductDetailPage'],
  ['/admin/orders/r1', 'mfe_orders/OrdersBoardPage'],
  ['/admin/orders/r1/history', 'mfe_orders/OrdersHistoryPage'],
  ['/admin/orders/r1/settings', 'mfe_orders/OrderingSettingsPage'],
  ['/admin/reports', 'mfe_reports/RestaurantsReportPage'],
  ['/admin/reports/r1', 'mfe_reports/ReportsPage'],
  ['/admin/staff/r1', 'mfe_restaurants/StaffPage'],
];

/** The manager's routes and the admin's sub-routes, each with the role it is for. */
const ROUTES_BY_ROLE = [
  ...MANAGER_ROUTES.map(([path, id]) => ({ role: 'manager', path, id })),
  ...ADMIN_SUB_ROUTES.map(([path, id]) => ({ role: 'admin', path, id })),
];

/**
 * Every page of the manager's and the admin's areas a restaurant's waiter or kitchen may not open
 * (docs/SCREENS.md, "Addresses"): the catalog, the restaurant's card, the history, the switches,
 * the staff; each is the 404 page for them, not a page that the API would refuse.
 */
const NOT_STAFF_PAGES = [
  ...MANAGER_ROUTES.map(([path]) => path).filter((path) => path !== '/orders' && path !== '/ProductStopList'),
  ...ADMIN_SUB_ROUTES.map(([path]) => path),
  '/admin/restaurants',
  '/admin/managers',
];

interface RouterView {
  state: { location: { pathname: string } };
}

/** Renders the app at `path`; the returned `state.location` follows the router's location. */
function renderAt(path: string): RouterView {
  const location = locationTracker();
  render(<App initialPath={path}>{location.probe}</App>);
  return {
    state: {
      location: {
        get pathname() {
          return location.path();
        },
      },
    },
  };
}

/** Signed in as `role` at `path`: the 404 page, at /not-found, and `remote` (a page's module) never loaded. */
async function expectNotFound(role: string, path: string, remote?: string) {
  signIn('token-1', role);
  const router = renderAt(path);
  expect(await screen.findByText('Sahifa topilmadi')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/not-found');
  if (remote) expect(loadRemote).not.toHaveBeenCalledWith(remote);
}

/**
 * A staff `role` at /admin, with every remote deployed: its `page` (a remote's module) at `home`,
 * and a bottom bar of only `links` ([text, href]); the bar returned.
 */
async function expectStaffHome(role: string, page: string, home: string, links: [string, string][]) {
  setRuntimeConfig(ALL_DEPLOYED);
  signIn('token-1', role);
  const router = renderAt('/admin');
  expect(await screen.findByText(`remote:${page}`)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(home);
  const bar = screen.getByRole('navigation', { name: 'Menyu' });
  expect(
    within(bar)
      .getAllByRole('link')
      .map((l) => [l.textContent, l.getAttribute('href')]),
  ).toEqual(links);
  return bar;
}

// The area chunk pulls in the UI facade (Chakra): import it once up front, not inside a test's wait.
beforeAll(async () => {
  await import('../src/layouts/AreaLayout');
}, 60_000);

beforeEach(() => {
  resetRemotePages();
  loadRemote.mockReset();
  loadRemote.mockImplementation(async (id: string) => remoteModule(id));
  preloadRemote.mockClear();
  setRuntimeConfig({
    apiBase: '/api',
    remotes: {
      mfe_auth: 'http://localhost/remotes/mfe-auth/mf-manifest.json',
      mfe_restaurants: 'http://localhost/remotes/mfe-restaurants/mf-manifest.json',
      mfe_catalog: null,
      mfe_stoplist: null,
    },
  });
});

describe('guard and login routing', () => {
  it('sends /admin without a token to the login screen at /', async () => {
    const router = renderAt('/admin/restaurants');
    expect(await screen.findByText('remote:mfe_auth/LoginPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(MANAGER_ROUTES)('sends the manager top-level route %s without a token to /', async (path) => {
    const router = renderAt(path);
    await screen.findByText('remote:mfe_auth/LoginPage');
    expect(router.state.location.pathname).toBe('/');
    expect(loadRemote.mock.calls.map((c) => String(c[0]))).toEqual(['mfe_auth/LoginPage']);
  });

  it('goes from / with a stored token through /home to /admin', async () => {
    signIn('token-1', 'admin');
    const router = renderAt('/');
    expect(await screen.findByText('remote:mfe_restaurants/RestaurantsPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/restaurants');
    expect(loadRemote).not.toHaveBeenCalledWith('mfe_auth/LoginPage');
  });

  it('redirects /home/anything to /admin', async () => {
    signIn('token-1', 'manager');
    const router = renderAt('/home/x/y');
    await screen.findByText('remote:mfe_restaurants/ManagerHome');
    expect(router.state.location.pathname).toBe('/admin');
  });
});

describe('role layouts', () => {
  it('gives managers the manager home and the bottom bar', async () => {
    signIn('token-1', 'manager');
    renderAt('/admin');
    expect(await screen.findByText('remote:mfe_restaurants/ManagerHome')).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Menyu' });
    expect(bar).toHaveClass('qm-bottom-bar');
    expect(screen.getByRole('link', { name: 'Asosiy' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Buyurtmalar' })).toHaveAttribute('href', '/orders');
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Asosiy', 'Buyurtmalar', 'Menyu', 'Hisobot', 'Kategoriyalar', 'Profil']);
    expect(screen.getByRole('link', { name: 'Hisobot' })).toHaveAttribute('href', '/reports');
    // the stop-list pattern of the route table (routes match case-insensitively)
    expect(screen.getByRole('link', { name: 'Menyu' })).toHaveAttribute('href', '/ProductStopList');
    expect(screen.getByRole('link', { name: 'Kategoriyalar' })).toHaveAttribute('href', '/categoryList');
    expect(screen.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/admin/profile');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it("opens the manager's profile (where it signs out) from the bottom bar's Profil", async () => {
    signIn('token-1', 'manager');
    const router = renderAt('/admin');
    await screen.findByText('remote:mfe_restaurants/ManagerHome');
    const bar = screen.getByRole('navigation', { name: 'Menyu' });
    await userEvent.click(within(bar).getByRole('link', { name: 'Profil' }));
    expect(await screen.findByText('remote:mfe_auth/ProfilePage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/profile');
    expect(within(bar).getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(bar).getByRole('link', { name: 'Menyu' }));
    expect(router.state.location.pathname).toBe('/ProductStopList');
    expect(await screen.findByText("Bu bo'lim hali mavjud emas")).toBeInTheDocument();
  });

  it('gives admins the sidebar and the restaurant list at /admin', async () => {
    signIn('token-1', 'admin');
    const router = renderAt('/admin');
    expect(await screen.findByText('remote:mfe_restaurants/RestaurantsPage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/restaurants');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar).toHaveClass('qm-sidebar');
    expect(screen.getByRole('link', { name: 'Restoranlar' })).toHaveAttribute('href', '/admin/restaurants');
    expect(screen.getByRole('link', { name: 'Menedjerlar' })).toHaveAttribute('href', '/admin/managers');
    expect(screen.getByRole('link', { name: 'Hisobot' })).toHaveAttribute('href', '/admin/reports');
    expect(screen.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/admin/profile');
    expect(screen.queryByRole('navigation', { name: 'Menyu' })).not.toBeInTheDocument();
  });

  it('gives another role the sidebar layout with its profile only, at /admin', async () => {
    signIn('token-1', 'cashier');
    const router = renderAt('/admin');
    expect(await screen.findByText('remote:mfe_auth/ProfilePage')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/profile');
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    // no entry that would lead it to the 404 page: the restaurants are admins' and managers'
    expect(screen.queryByRole('link', { name: 'Restoranlar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/admin/profile');
    expect(screen.queryByText('Sahifa topilmadi')).not.toBeInTheDocument();
  });

  it.each([
    {
      role: 'cashier',
      path: '/admin/restaurants',
      remote: 'mfe_restaurants/RestaurantsPage',
      deployed: false,
    },
    // the stop-list, a manager screen
    ...['admin', 'waiter', 'cashier'].map((role) => ({
      role,
      path: '/productStopList',
      remote: 'mfe_stoplist/StopListPage',
      deployed: true,
    })),
    // a manager's own orders board
    ...['admin', 'kitchen', 'cashier'].map((role) => ({
      role,
      path: '/orders',
      remote: 'mfe_orders/OrdersBoardPage',
      deployed: true,
    })),
    // a restaurant's orders under /admin: a manager's own is /orders
    { role: 'manager', path: '/admin/orders/r1', remote: undefined, deployed: true },
    { role: 'manager', path: '/admin/managers', remote: undefined, deployed: false },
  ])('sends a $role from $path to the 404 page', async ({ role, path, remote, deployed }) => {
    if (deployed) setRuntimeConfig(ALL_DEPLOYED);
    await expectNotFound(role, path, remote);
  });

  it('gives another role the sidebar without Menedjerlar, and its profile', async () => {
    signIn('token-1', 'cashier');
    renderAt('/admin/profile');
    expect(await screen.findByText('remote:mfe_auth/ProfilePage')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Menedjerlar' })).not.toBeInTheDocument();
  });

  it('gives a waiter their board at /admin and a bottom bar of only Buyurtmalar and Profil', async () => {
    await expectStaffHome('waiter', 'mfe_orders/OrdersBoardPage', '/orders', [
      ['Buyurtmalar', '/orders'],
      ['Profil', '/admin/profile'],
    ]);
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(document.querySelector('[data-layout="waiter"]')).not.toBeNull();
  });

  it('gives the kitchen its view at /admin and a bottom bar of only Oshxona, Stop-list and Profil', async () => {
    const bar = await expectStaffHome('kitchen', 'mfe_orders/KitchenPage', '/kitchen', [
      ['Oshxona', '/kitchen'],
      ['Stop-list', '/ProductStopList'],
      ['Profil', '/admin/profile'],
    ]);
    await userEvent.click(within(bar).getByRole('link', { name: 'Stop-list' }));
    expect(await screen.findByText('remote:mfe_stoplist/StopListPage')).toBeInTheDocument();
  });

  it.each(['waiter', 'kitchen'])('sends a %s from every page not theirs to the 404 page', async (role) => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', role);
    for (const path of [...NOT_STAFF_PAGES, role === 'waiter' ? '/ProductStopList' : '/orders']) {
      const { unmount } = render(<App initialPath={path} />);
      expect(await screen.findByText('Sahifa topilmadi'), path).toBeInTheDocument();
      unmount();
    }
    const ids = loadRemote.mock.calls.map((c) => String(c[0]));
    expect(
      ids.filter((id) => /mfe_catalog|RestaurantDetail|ManagerHome|StaffPage|History|Settings/.test(id)),
    ).toEqual([]);
  });

  it.each(['/admin/restaurants/new', '/admin/restaurants/r1/edit'])(
    'serves the restaurant form at %s',
    async (path) => {
      signIn('token-1', 'admin');
      const router = renderAt(path);
      expect(await screen.findByText('remote:mfe_restaurants/RestaurantFormPage')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );
});

describe('not found and not available', () => {
  it('sends an unknown path to /not-found with a link back to /admin', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Sahifa topilmadi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
    expect(screen.getByRole('link', { name: 'Bosh sahifaga qaytish' })).toHaveAttribute('href', '/admin');
    expect(await axeViolations()).toEqual([]);
  });

  it('sends an unknown admin sub-route to /not-found', async () => {
    await expectNotFound('admin', '/admin/nope');
  });

  it.each([
    '/productStopList',
    '/ProductStopList',
    '/categoryList',
    '/ProductTable/c1',
    '/product-option/p1',
  ])('shows "not available" for %s (module not built yet) inside the manager layout', async (path) => {
    signIn('token-1', 'manager');
    renderAt(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: "Bu bo'lim hali mavjud emas" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menyu' })).toBeInTheDocument();
    const ids = loadRemote.mock.calls.map((c) => String(c[0]));
    expect(ids.filter((id) => id.startsWith('mfe_catalog') || id.startsWith('mfe_stoplist'))).toEqual([]);
  });

  it.each(ROUTES_BY_ROLE)('serves $path to a $role from $id, in its layout', async ({ role, path, id }) => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', role);
    const router = renderAt(path);
    expect(await screen.findByText(`remote:${id}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    // managers' pages in the bottom bar's layout, admins' in the sidebar's
    expect(
      role === 'manager' ? screen.getByRole('navigation', { name: 'Menyu' }) : screen.getByTestId('sidebar'),
    ).toBeInTheDocument();
  });

  it.each(ROUTES_BY_ROLE)(
    "keeps $path off a $role's 404 page while mfe_catalog and mfe_stoplist are not deployed",
    async ({ role, path, id }) => {
      signIn('token-1', role);
      const router = renderAt(path);
      const expected = id.startsWith('mfe_restaurants/') ? `remote:${id}` : "Bu bo'lim hali mavjud emas";
      expect(await screen.findByText(expected)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByText('Sahifa topilmadi')).not.toBeInTheDocument();
    },
  );

  it('loads mfe_catalog and mfe_stoplist as soon as /config.json names them (no shell rebuild)', async () => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', 'manager');
    renderAt('/productStopList');
    expect(await screen.findByText('remote:mfe_stoplist/StopListPage')).toBeInTheDocument();
    expect(screen.queryByTestId('module-not-available')).not.toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mfe_stoplist/StopListPage');
  });

  it('shows "not available" when a remote is absent from the configuration', async () => {
    setRuntimeConfig({ remotes: { mfe_auth: 'http://localhost/remotes/mfe-auth/mf-manifest.json' } });
    signIn('token-1', 'manager');
    renderAt('/admin');
    expect(await screen.findByText("Bu bo'lim hali mavjud emas")).toBeInTheDocument();
  });

  it('routes the manager top-level restaurant pages to mfe_restaurants', async () => {
    signIn('token-1', 'manager');
    renderAt('/viewRestaurant/r1');
    expect(await screen.findByText('remote:mfe_restaurants/RestaurantDetailPage')).toBeInTheDocument();
  });
});

describe("the bottom bar's orders badge", () => {
  it('counts the orders waiting to be accepted from the cache the board keeps, without a request', async () => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', 'manager');
    renderAt('/admin');
    await screen.findByText('remote:mfe_restaurants/ManagerHome');
    const bar = screen.getByRole('navigation', { name: 'Menyu' });
    expect(within(bar).queryByTestId('orders-badge')).not.toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(queryKeys.orders.today(undefined), [
        fixtures.order({ status: 'sent' }),
        fixtures.order({ status: 'sent' }),
        fixtures.order({ status: 'accepted' }),
      ]);
    });
    expect(await within(bar).findByTestId('orders-badge')).toHaveTextContent('2');
    expect(within(bar).getByRole('link', { name: 'Buyurtmalar, 2 ta yangi buyurtma' })).toHaveAttribute(
      'href',
      '/orders',
    );
    act(() => queryClient.clear());
  });
});

describe('warm-up', () => {
  /**
   * The stub pages ask for nothing, so the warm-up starts at its latest, AT_THE_LATEST_MS after
   * the page: the clock is moved on to it instead of waited for.
   */
  const toTheWarmUp = async () => {
    await act(() => vi.advanceTimersByTimeAsync(AT_THE_LATEST_MS));
  };
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it("fetches the sidebar's other modules after the area's first paint, running none", async () => {
    signIn('token-1', 'admin');
    renderAt('/admin/restaurants');
    await screen.findByText('remote:mfe_restaurants/RestaurantsPage');
    await toTheWarmUp();
    await waitFor(() =>
      expect(preloadRemote).toHaveBeenCalledWith(
        expect.arrayContaining([{ nameOrAlias: 'mfe_auth', exposes: ['./ProfilePage'] }]),
      ),
    );
    // fetched, not run: the profile's module runs when the admin opens it
    expect(loadRemote).not.toHaveBeenCalledWith('mfe_auth/ProfilePage');
    await userEvent.click(screen.getByRole('link', { name: 'Profil' }));
    expect(await screen.findByText('remote:mfe_auth/ProfilePage')).toBeInTheDocument();
    expect(loadRemote.mock.calls.filter((c) => c[0] === 'mfe_auth/ProfilePage')).toHaveLength(1);
  });

  it("fetches a manager's next pages (the bottom bar's, the catalog's two), not the page on screen", async () => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', 'manager');
    renderAt('/admin');
    await screen.findByText('remote:mfe_restaurants/ManagerHome');
    await toTheWarmUp();
    await waitFor(() => expect(preloadRemote).toHaveBeenCalled());
    const fetched = preloadRemote.mock.calls[0]?.[0] ?? [];
    expect(fetched).toEqual(
      expect.arrayContaining([
        { nameOrAlias: 'mfe_stoplist', exposes: ['./StopListPage'] },
        { nameOrAlias: 'mfe_orders', exposes: ['./OrdersBoardPage'] },
        { nameOrAlias: 'mfe_catalog', exposes: ['./CategoryListPage', './ProductTablePage'] },
        { nameOrAlias: 'mfe_restaurants', exposes: ['./RestaurantDetailPage'] },
      ]),
    );
    expect(fetched.flatMap((f) => f.exposes)).not.toContain('./ManagerHome');
    expect(loadRemote.mock.calls.map((c) => String(c[0]))).toEqual(['mfe_restaurants/ManagerHome']);
  });

  it("runs a page's module from the intent to open it (a finger or a pointer on its link), once", async () => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', 'manager');
    renderAt('/admin');
    await screen.findByText('remote:mfe_restaurants/ManagerHome');
    const menyu = within(screen.getByRole('navigation', { name: 'Menyu' })).getByRole('link', {
      name: 'Menyu',
    });
    expect(loadRemote).not.toHaveBeenCalledWith('mfe_stoplist/StopListPage');
    fireEvent.pointerDown(menyu);
    expect(loadRemote).toHaveBeenCalledWith('mfe_stoplist/StopListPage');
    await userEvent.click(menyu);
    expect(await screen.findByText('remote:mfe_stoplist/StopListPage')).toBeInTheDocument();
    expect(loadRemote.mock.calls.filter((c) => c[0] === 'mfe_stoplist/StopListPage')).toHaveLength(1);
  });
});

describe('remote failure', () => {
  beforeEach(() => {
    // the boundary and the plugin report failures on the console: expected here
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the fallback and really retries loadRemote', async () => {
    let up = false;
    loadRemote.mockImplementation(async (id: string) => (up ? remoteModule(id) : fallbackModule()));
    signIn('token-1', 'admin');
    renderAt('/admin/profile');
    expect(await screen.findByText("Bo'limni yuklab bo'lmadi")).toBeInTheDocument();
    // the layout still works while the remote is down
    expect(screen.getByRole('link', { name: 'Restoranlar' })).toBeInTheDocument();
    const calls = loadRemote.mock.calls.length;
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('remote:mfe_auth/ProfilePage')).toBeInTheDocument();
    expect(loadRemote.mock.calls.length).toBeGreaterThan(calls);
  });

  it.each([
    // `next`: a link of the bottom bar, `to` and `shown`: where it leads and the module shown there
    {
      page: 'the orders board',
      remote: 'mfe_orders',
      at: '/orders',
      next: 'Menyu',
      to: '/ProductStopList',
      shown: 'mfe_stoplist/StopListPage',
    },
    {
      page: '«Hisobot»',
      remote: 'mfe_reports',
      at: '/reports',
      next: 'Buyurtmalar',
      to: '/orders',
      shown: 'mfe_orders/OrdersBoardPage',
    },
  ])('shows the fallback of $page when $remote is down; the bottom bar keeps working', async (down) => {
    setRuntimeConfig(ALL_DEPLOYED);
    loadRemote.mockImplementation(async (id: string) =>
      id.startsWith(`${down.remote}/`) ? fallbackModule() : remoteModule(id),
    );
    signIn('token-1', 'manager');
    const router = renderAt(down.at);
    expect(await screen.findByText("Bo'limni yuklab bo'lmadi")).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Menyu' });
    await userEvent.click(within(bar).getByRole('link', { name: down.next }));
    expect(await screen.findByText(`remote:${down.shown}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(down.to);
  });

  it('never warms «Hisobot» ahead: its module loads with its page only', async () => {
    setRuntimeConfig(ALL_DEPLOYED);
    signIn('token-1', 'manager');
    renderAt('/admin');
    expect(await screen.findByText('remote:mfe_restaurants/ManagerHome')).toBeInTheDocument();
    const warmed: string[] = [...PREFETCH.manager, ...PREFETCH.admin, ...PREFETCH.sidebar].map(
      (ref) => ref.remote,
    );
    expect(warmed).not.toContain('mfe_reports');
    expect(loadRemote).not.toHaveBeenCalledWith('mfe_reports/ReportsPage');
  });

  it('shows the plain fallback on the login screen when loadRemote throws', async () => {
    loadRemote.mockRejectedValue(new Error('manifest 404'));
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
    loadRemote.mockImplementation(async (id: string) => remoteModule(id));
    await act(async () => {
      screen.getByRole('button', { name: 'Qayta urinish' }).click();
    });
    await waitFor(() => expect(screen.getByText('remote:mfe_auth/LoginPage')).toBeInTheDocument());
  });
});

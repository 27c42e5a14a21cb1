/**
 * The shell's side of the modules' releases (docs/RELEASES.md): a canary that fails to load or
 * throws while rendering is replaced by its stable release in the same page view, the failure
 * reported (module, version, error name; once a page view); on navigation a module not run yet
 * switches in place and one that ran makes the page load again; the visitor id is kept; the
 * admin's Modullar page shows the releases and changes them.
 */
import { setRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { signIn } from '@qrmenu/shared/session';
import { axeViolations, stubApi } from '@qrmenu/shared/testing/kit';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/App';
import { fallbackModule } from '../src/federation';
import { fetchPagesAhead, loadPage, resetRemotePages, StaleReleaseError } from '../src/RemotePage';
import { errorMessageOf, flushReports, reportLoad, resetReports } from '../src/release-reports';
import { checkReleases, configUrl, FRESH_MS, markRan, startReleases, visitorId } from '../src/releases';
import { AT_THE_LATEST_MS } from '../src/warm-up';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(async () => []),
  registerRemotes: vi.fn(),
  /** The address each remote is registered at, as the runtime keeps it. */
  entries: new Map<string, string>(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: runtime.loadRemote,
  preloadRemote: runtime.preloadRemote,
  registerRemotes: runtime.registerRemotes,
  registerPlugins: vi.fn(),
}));

const STABLE = 'http://localhost/remotes/mfe-catalog/mf-manifest.json';
const CANARY = 'http://cdn.test/v2/mf-manifest.json';
const REMOTES = {
  mfe_auth: 'http://localhost/remotes/mfe-auth/mf-manifest.json',
  mfe_restaurants: 'http://localhost/remotes/mfe-restaurants/mf-manifest.json',
  mfe_stoplist: null,
};

/** A page of the build at `entry`: it names itself and its build. */
const pageOf = (id: string, entry: string | undefined) => ({
  default: () => <div data-testid="remote-page">{`remote:${id} ${entry === CANARY ? 'v2' : 'v1'}`}</div>,
});

/** This user is on mfe_catalog's canary (v2), stable v1 behind it. */
function onCanary() {
  const config = {
    apiBase: '/api',
    remotes: { ...REMOTES, mfe_catalog: CANARY },
    reportToken: 'report-token-1',
  };
  setRuntimeConfig(config);
  startReleases({
    releases: {
      mfe_auth: { version: 'initial', fallback: null },
      mfe_restaurants: { version: 'initial', fallback: null },
      mfe_catalog: { version: 'v2', fallback: { url: STABLE, version: 'v1' } },
    },
  });
  runtime.entries.clear();
  for (const [name, url] of Object.entries(config.remotes)) if (url) runtime.entries.set(name, url);
}

beforeAll(async () => {
  await import('../src/layouts/AreaLayout');
  await import('../src/modules/ModulesPage');
}, 60_000);

beforeEach(() => {
  resetRemotePages();
  resetReports();
  runtime.loadRemote.mockReset();
  runtime.preloadRemote.mockClear();
  runtime.registerRemotes.mockReset();
  runtime.registerRemotes.mockImplementation((remotes: { name: string; entry: string }[]) => {
    for (const r of remotes) runtime.entries.set(r.name, r.entry);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  onCanary();
});

const reportsSent = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('POST /releases/reports').flatMap((c) => (c.body as { reports: unknown[] }).reports);

describe('a canary that fails', () => {
  it('to load: the stable release shows in the same page view; the failure is reported once', async () => {
    // the warm-up below starts AT_THE_LATEST_MS after the page at the latest: the clock is moved on
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'POST /releases/reports': { status: 204 } });
    runtime.loadRemote.mockImplementation(async (id: string) => {
      const entry = runtime.entries.get(id.split('/')[0] as string);
      return entry === CANARY && id.startsWith('mfe_catalog') ? fallbackModule() : pageOf(id, entry);
    });
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/categoryList/r1" />);
    expect(await screen.findByText('remote:mfe_catalog/CategoryListPage v1')).toBeInTheDocument();
    expect(screen.queryByText("Bo'limni yuklab bo'lmadi")).not.toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_catalog', entry: STABLE }], {
      force: true,
    });
    // the warm-up (after the page settles; these stub pages ask for nothing: 3 s at the latest)
    // fetches the next pages' code without running it: no load of its own to report
    await act(() => vi.advanceTimersByTimeAsync(AT_THE_LATEST_MS));
    await waitFor(() =>
      expect(runtime.preloadRemote).toHaveBeenCalledWith(
        expect.arrayContaining([{ nameOrAlias: 'mfe_catalog', exposes: ['./ProductTablePage'] }]),
      ),
    );
    flushReports();
    await waitFor(() => expect(reportsSent(api).length).toBeGreaterThan(0));
    expect(reportsSent(api)).toEqual(
      expect.arrayContaining([
        {
          module: 'mfe_catalog',
          version: 'v2',
          loads: 1,
          failures: { RemoteLoadError: 1 },
          // why, for the page that shows it after the canary stopped
          first_error: {
            name: 'RemoteLoadError',
            message: 'Remote mfe_catalog/./CategoryListPage could not be loaded',
          },
        },
        { module: 'mfe_catalog', version: 'v1', loads: 1, failures: {} },
      ]),
    );
    // nothing personal in a report; the batch carries the report token this page was given
    expect(JSON.stringify(reportsSent(api))).not.toMatch(/token|r1|admin/);
    expect(api.callsTo('POST /releases/reports').map((c) => (c.body as { token: string }).token)).toEqual([
      'report-token-1',
    ]);
  });

  it('without a report token (the server knows nobody here) nothing is sent', async () => {
    const api = stubApi({ 'POST /releases/reports': { status: 204 } });
    setRuntimeConfig({ apiBase: '/api', remotes: { ...REMOTES, mfe_catalog: CANARY } });
    runtime.loadRemote.mockImplementation(async (id: string) =>
      pageOf(id, runtime.entries.get(id.split('/')[0] as string)),
    );
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/categoryList/r1" />);
    expect(await screen.findByText('remote:mfe_catalog/CategoryListPage v2')).toBeInTheDocument();
    flushReports();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /releases/reports')).toEqual([]);
  });

  it('while rendering: the stable release replaces it, reported by the error name', async () => {
    const api = stubApi({ 'POST /releases/reports': { status: 204 } });
    runtime.loadRemote.mockImplementation(async (id: string) => {
      const entry = runtime.entries.get(id.split('/')[0] as string);
      if (entry === CANARY && id === 'mfe_catalog/CategoryListPage') {
        return {
          default: () => {
            throw new TypeError('v2 breaks');
          },
        };
      }
      return pageOf(id, entry);
    });
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/categoryList/r1" />);
    expect(await screen.findByText('remote:mfe_catalog/CategoryListPage v1')).toBeInTheDocument();
    flushReports();
    await waitFor(() =>
      expect(reportsSent(api)).toContainEqual(
        expect.objectContaining({
          module: 'mfe_catalog',
          version: 'v2',
          failures: { TypeError: 1 },
          first_error: { name: 'TypeError', message: 'v2 breaks' },
        }),
      ),
    );
  });

  it("forgets the canary's build first: the stable release never loads a shared module through it", async () => {
    // the page as the federation runtime keeps it once the canary's remoteEntry initialised: the
    // canary's instance registered the shared modules the shell does not provide (resources),
    // another module registered its own library, the shell its own
    const canaryGet = () => Promise.reject(new Error('ChunkLoadError: missing http://cdn.test/v2/5606.js'));
    const canaryShared = { version: '5.12.0', get: canaryGet, from: 'mfe_catalog' };
    const ordersShared = { version: '1.0.0', get: () => Promise.resolve(() => ({})), from: 'mfe_orders' };
    const shellShared = { version: '5.12.0', get: () => Promise.resolve(() => ({})), from: 'shell' };
    const scope = {
      default: {
        '@qrmenu/shared/resources': { '5.12.0': canaryShared },
        // the copy the runtime makes of an entry when a load of it starts (its `get` kept)
        '@qrmenu/shared/sortable': {
          '5.12.0': { version: '5.12.0', get: canaryGet, loading: new Promise(() => {}) },
        },
        'orders-only-lib': { '1.0.0': ordersShared },
        '@qrmenu/shared/ui': { '5.12.0': shellShared },
      },
    };
    const shell = { name: 'shell', options: { shared: {} }, shareScopeMap: scope };
    const canary = {
      name: 'mfe_catalog',
      options: {
        version: CANARY,
        shared: {
          '@qrmenu/shared/resources': [canaryShared],
          '@qrmenu/shared/sortable': [{ version: '5.12.0', get: canaryGet }],
        },
      },
      shareScopeMap: scope,
    };
    const orders = {
      name: 'mfe_orders',
      options: { shared: { 'orders-only-lib': [ordersShared] } },
      shareScopeMap: scope,
    };
    const federation = { __INSTANCES__: [shell, canary, orders], __SHARE__: { 'shell:1.0.0': scope } };
    (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__ = federation;
    stubApi({ 'POST /releases/reports': { status: 204 } });
    let scopeAtSwitch: string[] = [];
    runtime.registerRemotes.mockImplementation((remotes: { name: string; entry: string }[]) => {
      scopeAtSwitch = Object.keys(scope.default).filter(
        (name) => Object.keys(scope.default[name as keyof typeof scope.default]).length > 0,
      );
      for (const r of remotes) runtime.entries.set(r.name, r.entry);
    });
    runtime.loadRemote.mockImplementation(async (id: string) => {
      const entry = runtime.entries.get(id.split('/')[0] as string);
      return entry === CANARY && id.startsWith('mfe_catalog') ? fallbackModule() : pageOf(id, entry);
    });
    try {
      signIn('token-1', 'admin');
      render(<App initialPath="/admin/categoryList/r1" />);
      expect(await screen.findByText('remote:mfe_catalog/CategoryListPage v1')).toBeInTheDocument();
      // before the stable release was registered, nothing of the canary's build was left
      expect(scopeAtSwitch).toEqual(['orders-only-lib', '@qrmenu/shared/ui']);
      expect(federation.__INSTANCES__).toEqual([shell, orders]);
      expect(scope.default['orders-only-lib']['1.0.0']).toBe(ordersShared);
      expect(scope.default['@qrmenu/shared/ui']['5.12.0']).toBe(shellShared);
    } finally {
      delete (globalThis as { __FEDERATION__?: unknown }).__FEDERATION__;
    }
  });

  it('a stable release that fails has nothing to fall back to: the fallback shows', async () => {
    stubApi({ 'POST /releases/reports': { status: 204 } });
    startReleases({ releases: { mfe_restaurants: { version: 'initial', fallback: null } } });
    runtime.loadRemote.mockImplementation(async () => fallbackModule());
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/restaurants" />);
    expect(await screen.findByText("Bo'limni yuklab bo'lmadi")).toBeInTheDocument();
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });
});

describe('on navigation', () => {
  const assignment = (
    catalog: { url: string; version: string; fallback: unknown },
    token = 'report-token-2',
  ) => ({
    'GET /releases/assignment': {
      body: {
        data: {
          remotes: {
            mfe_auth: { url: REMOTES.mfe_auth, version: 'initial', fallback: null },
            mfe_restaurants: { url: REMOTES.mfe_restaurants, version: 'initial', fallback: null },
            mfe_catalog: catalog,
          },
          report_token: token,
        },
      },
    },
    'POST /releases/reports': { status: 204 },
  });

  it("the reports after a navigation go with the new assignment's token", async () => {
    const api = stubApi(assignment({ url: STABLE, version: 'v1', fallback: null }));
    signIn('token-1', 'admin');
    await checkReleases('/api');
    reportLoad('mfe_catalog', 'v1');
    flushReports();
    await waitFor(() => expect(api.callsTo('POST /releases/reports')).toHaveLength(1));
    expect(api.callsTo('POST /releases/reports')[0]?.body).toEqual({
      token: 'report-token-2',
      reports: [{ module: 'mfe_catalog', version: 'v1', loads: 1, failures: {} }],
    });
  });

  it('a module not run yet switches in place; one that ran needs the page loaded again', async () => {
    const api = stubApi(assignment({ url: STABLE, version: 'v1', fallback: null }));
    signIn('token-1', 'admin');
    expect(await checkReleases('/api')).toBe('same');
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_catalog', entry: STABLE }], {
      force: true,
    });
    const asked = api.callsTo('GET /releases/assignment')[0];
    expect(asked?.headers.get('authorization')).toBe('Bearer token-1');
    expect(asked?.search.get('visitor')).toBe(visitorId());
    // unchanged: nothing to do
    expect(await checkReleases('/api')).toBe('same');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    // the catalog's code runs in the page, then the canary comes back: the page must load again
    markRan('mfe_catalog');
    api.answer(assignment({ url: CANARY, version: 'v2', fallback: { url: STABLE, version: 'v1' } }));
    expect(await checkReleases('/api')).toBe('reload');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it("a page opened after a rollback: the releases are asked for before its code is fetched, never the canary's", async () => {
    const api = stubApi(assignment({ url: STABLE, version: 'v1', fallback: null }));
    const fetchedFrom: string[] = [];
    runtime.loadRemote.mockImplementation(async (id: string) => {
      const entry = runtime.entries.get(id.split('/')[0] as string) as string;
      fetchedFrom.push(`${id} ${entry} after ${api.callsTo('GET /releases/assignment').length} checks`);
      return pageOf(id, entry);
    });
    signIn('token-1', 'admin');
    // the canary was rolled back a while after this page loaded (its answer is no longer fresh)
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + FRESH_MS + 1);
    // the user shows the intent to open the catalog (a pointer over its link): its code is fetched
    const mod = await loadPage({ remote: 'mfe_catalog', expose: './CategoryListPage' });
    expect(fetchedFrom).toEqual([`mfe_catalog/CategoryListPage ${STABLE} after 1 checks`]);
    expect(mod.default).toBeTypeOf('function');
    vi.mocked(Date.now).mockRestore();
  });

  it('a module that ran and changed: none of its code is fetched again, the page must load again', async () => {
    const api = stubApi(assignment({ url: STABLE, version: 'v1', fallback: null }));
    runtime.loadRemote.mockImplementation(async (id: string) =>
      pageOf(id, runtime.entries.get(id.split('/')[0] as string)),
    );
    signIn('token-1', 'admin');
    await loadPage({ remote: 'mfe_catalog', expose: './CategoryListPage' });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    // rolled back while the canary's page runs; the next page of the module is hovered
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + FRESH_MS + 1);
    await expect(loadPage({ remote: 'mfe_catalog', expose: './ProductTablePage' })).rejects.toBeInstanceOf(
      StaleReleaseError,
    );
    expect(api.callsTo('GET /releases/assignment')).toHaveLength(1);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    // nor warmed ahead
    await fetchPagesAhead([{ remote: 'mfe_catalog', expose: './ProductDetailPage' }]);
    expect(runtime.preloadRemote).not.toHaveBeenCalledWith(
      expect.arrayContaining([expect.objectContaining({ nameOrAlias: 'mfe_catalog' })]),
    );
    vi.mocked(Date.now).mockRestore();
  });

  it("a module switched in place after its entry was fetched ahead: the first build's container is not used again", async () => {
    // the warm-up ran v2's remoteEntry (its `var mfe_catalog`) without running any page of it
    Object.defineProperty(globalThis, 'mfe_catalog', {
      value: { get: () => undefined, init: () => undefined },
      writable: true,
      configurable: false,
    });
    const loadingEntries: Record<string, unknown> = {
      'mfe_catalog:http://cdn.test/v2/remoteEntry.js': Promise.resolve(),
      'mfe_orders:http://localhost/remotes/mfe-orders/remoteEntry.js': Promise.resolve(),
    };
    (globalThis as Record<string, unknown>).__GLOBAL_LOADING_REMOTE_ENTRY__ = loadingEntries;
    stubApi(assignment({ url: STABLE, version: 'v1', fallback: null }));
    signIn('token-1', 'admin');
    try {
      expect(await checkReleases('/api')).toBe('same');
      expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_catalog', entry: STABLE }], {
        force: true,
      });
      // the runtime would take an existing global instead of loading v1's entry
      expect((globalThis as Record<string, unknown>).mfe_catalog).toBeUndefined();
      expect(Object.keys(loadingEntries)).toEqual([
        'mfe_orders:http://localhost/remotes/mfe-orders/remoteEntry.js',
      ]);
    } finally {
      delete (globalThis as Record<string, unknown>).__GLOBAL_LOADING_REMOTE_ENTRY__;
    }
  });

  it('without releases in the configuration (a dev server) nothing is asked', async () => {
    const api = stubApi({});
    startReleases({});
    expect(await checkReleases('/api')).toBe('same');
    expect(api.calls).toEqual([]);
  });
});

it("reports an error's message as one line, its addresses without query strings, at most 300 characters", () => {
  const error = new TypeError(
    `Loading chunk 7 failed.\n(missing: https://cdn.test/v2/7.js?key=s3cret#x) ${'y'.repeat(400)}`,
  );
  const message = errorMessageOf(error);
  expect(message.startsWith('Loading chunk 7 failed. (missing: https://cdn.test/v2/7.js) yyy')).toBe(true);
  expect(message).not.toContain('s3cret');
  expect(message).toHaveLength(300);
  expect(errorMessageOf('not an error')).toBe('');
});

it('keeps one random visitor id per browser and sends it with /config.json', () => {
  const id = visitorId();
  expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(visitorId()).toBe(id);
  expect(configUrl()).toBe(`/config.json?visitor=${id}`);
});

describe('the Modullar page', () => {
  const release = (version: string, extra: Record<string, unknown> = {}) => ({
    _id: version,
    module: 'mfe_catalog',
    version,
    manifest_url: `http://cdn.test/${version}/mf-manifest.json`,
    created_at: '2026-11-01T10:00:00.000Z',
    loads: 12,
    failures: 3,
    failure_names: { RemoteLoadError: 2, TypeError: 1 },
    first_error: null,
    ...extra,
  });
  const module = (name: string, extra: Record<string, unknown> = {}) => ({
    module: name,
    stable: null,
    canary: null,
    canary_share: 0,
    previous: null,
    stopped: null,
    deploy_key_created_at: null,
    ...extra,
  });
  const overview = {
    threshold: { min_loads: 20, max_failure_rate: 0.1 },
    origins: [
      { _id: 'o1', origin: 'https://cdn.example.uz', added_by: null, created_at: '2026-11-01T10:00:00.000Z' },
    ],
    modules: [
      module('mfe_auth', {
        stable: release('a1', { module: 'mfe_auth', loads: 4, failures: 0, failure_names: {} }),
        stopped: {
          version: 'a2',
          loads: 25,
          failures: 9,
          at: '2026-11-02T10:00:00.000Z',
          failure_names: { ChunkLoadError: 7, TypeError: 2 },
          first_error: {
            name: 'ChunkLoadError',
            message: 'Loading chunk 7530 failed. (missing: https://cdn.test/a2/7530.js)',
            at: '2026-11-02T09:00:00.000Z',
          },
        },
      }),
      module('mfe_catalog', {
        stable: release('v1', { loads: 40, failures: 0, failure_names: {} }),
        canary: release('v2'),
        canary_share: 50,
        deploy_key_created_at: '2026-11-01T10:00:00.000Z',
      }),
    ],
  };

  it('shows each release with its share and failures, why a canary stopped; promotes after Ha; axe clean', async () => {
    const api = stubApi({
      'GET /releases': { body: { data: overview } },
      'POST /releases/modules/mfe_catalog/promote': { body: { data: overview.modules[1] } },
      'POST /releases/modules/mfe_catalog/deploy-key': {
        status: 201,
        body: { data: { module: 'mfe_catalog', key: 'qrd_secret', created_at: '2026-11-03T00:00:00.000Z' } },
      },
    });
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/modules" />);
    const card = await screen.findByTestId('module-mfe_catalog');
    expect(within(card).getByText('v2 (50%)')).toBeInTheDocument();
    expect(within(card).getByText('RemoteLoadError: 2, TypeError: 1')).toBeInTheDocument();
    expect(screen.getByTestId('canary-stopped')).toHaveTextContent(
      "a2 sinov versiyasi o'z-o'zidan o'chirildi: 25 ta yuklashdan 9 tasi xato.",
    );
    // why, after it stopped: its failures by name and its first error
    expect(screen.getByTestId('stopped-failure-names')).toHaveTextContent(
      'Xato turlari: ChunkLoadError: 7, TypeError: 2',
    );
    expect(screen.getByTestId('stopped-first-error')).toHaveTextContent(
      'Birinchi xato: ChunkLoadError: Loading chunk 7530 failed. (missing: https://cdn.test/a2/7530.js)',
    );
    expect(screen.getByTestId('canary-threshold')).toHaveTextContent('kamida 20 ta yuklashda xatolar 10%');
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(card).getByRole('button', { name: 'Hammaga chiqarish' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.callsTo('POST /releases/modules/mfe_catalog/promote')).toHaveLength(1));
    await userEvent.click(within(card).getByRole('button', { name: 'Yangi kalit' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ha' }));
    expect(await screen.findByRole('textbox', { name: 'Joylashtirish kaliti' })).toHaveValue('qrd_secret');
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the allowed origins; an admin adds a new CDN and removes one, each refusal said in Uzbek; axe clean', async () => {
    const added = {
      _id: 'o2',
      origin: 'https://cdn2.example.uz',
      added_by: 'admin',
      created_at: '2026-11-03T10:00:00.000Z',
    };
    const api = stubApi({
      'GET /releases': { body: { data: overview } },
      'POST /releases/origins': { status: 201, body: { data: added } },
      'DELETE /releases/origins/o1': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: "https://cdn.example.uz serves mfe_catalog's stable release v1",
          },
        },
      },
    });
    signIn('token-1', 'admin');
    render(<App initialPath="/admin/modules" />);
    const section = await screen.findByTestId('release-origins');
    expect(
      within(section).getByRole('heading', { name: 'Ruxsat etilgan manbalar', level: 2 }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('row', { name: /https:\/\/cdn\.example\.uz Server sozlamasi/ }),
    ).toBeInTheDocument();
    const field = within(section).getByRole('textbox', {
      name: 'Yangi manba (masalan, https://cdn.example.uz)',
    });
    // a path after the origin: refused under the field, nothing sent
    await userEvent.type(field, 'https://cdn2.example.uz/catalog/');
    await userEvent.click(within(section).getByRole('button', { name: "Manba qo'shish" }));
    expect(
      await within(section).findByText("Manba https://manzil yoki https://manzil:port ko'rinishida bo'lsin"),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /releases/origins')).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'https://cdn2.example.uz');
    await userEvent.click(within(section).getByRole('button', { name: "Manba qo'shish" }));
    await waitFor(() => expect(api.callsTo('POST /releases/origins')).toHaveLength(1));
    expect(api.callsTo('POST /releases/origins')[0]?.body).toEqual({ origin: 'https://cdn2.example.uz' });
    expect(await screen.findByText("Manba qo'shildi")).toBeInTheDocument();
    // allowed already: said under the field
    api.answer({
      'POST /releases/origins': {
        status: 409,
        body: { error: { code: 'conflict', message: 'allowed already' } },
      },
    });
    await userEvent.type(field, 'https://cdn2.example.uz');
    await userEvent.click(within(section).getByRole('button', { name: "Manba qo'shish" }));
    expect(await within(section).findByText("Bu manba ro'yxatda bor")).toBeInTheDocument();
    // a release is served from it: the server refuses, the page says why
    await userEvent.click(
      within(section).getByRole('button', { name: "https://cdn.example.uz manbasini o'chirish" }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("https://cdn.example.uz manbasi o'chirilsinmi?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(api.callsTo('DELETE /releases/origins/o1')).toHaveLength(1));
    expect(
      await screen.findByText('Bu manbadagi versiya hozir ishlatilmoqda: avval boshqa versiyani chiqaring'),
    ).toBeInTheDocument();
  });

  it('is for admins only', async () => {
    stubApi({});
    signIn('token-1', 'manager');
    render(<App initialPath="/admin/modules" />);
    expect(await screen.findByText('Sahifa topilmadi')).toBeInTheDocument();
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  fallbackModule,
  fetchAhead,
  loadRemoteComponent,
  prefetchLinksPlugin,
  providedBy,
  RemoteLoadError,
  RemoteUnavailable,
  registerFederation,
  remoteFallbackPlugin,
  SharedVersionError,
  sharedMismatches,
  sharedVersionPlugin,
} from '../src/federation';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
// the real semver check of the federation runtime; the rest is observed
vi.mock('@module-federation/enhanced/runtime', async (importActual) => ({
  ...runtime,
  satisfy: (await importActual<typeof import('@module-federation/enhanced/runtime')>()).satisfy,
}));

const Page = () => null;

type Hook = (args: Record<string, unknown>) => unknown;

describe('errorLoadRemote plugin', () => {
  const hook = remoteFallbackPlugin().errorLoadRemote as unknown as Hook;
  vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('returns nothing at afterResolve (would be taken as the manifest)', () => {
    expect(
      hook({ id: 'mfe_auth/LoginPage', lifecycle: 'afterResolve', error: new Error('x') }),
    ).toBeUndefined();
  });

  it('returns the fallback module at onLoad, factory-wrapped for build requests', () => {
    expect(hook({ id: 'mfe_auth/LoginPage', lifecycle: 'onLoad', from: 'runtime' })).toEqual(
      fallbackModule(),
    );
    const wrapped = hook({ id: 'mfe_auth/LoginPage', lifecycle: 'onLoad', from: 'build' });
    expect(typeof wrapped).toBe('function');
    expect((wrapped as () => unknown)()).toEqual({ __esModule: true, default: RemoteUnavailable });
  });
});

describe('registration and loading', () => {
  it('registers only deployed remotes', () => {
    const names = registerFederation({
      apiBase: '/api',
      remotes: { mfe_auth: '/remotes/mfe-auth/mf-manifest.json', mfe_catalog: null },
    });
    expect(names).toEqual(['mfe_auth']);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_auth', entry: '/remotes/mfe-auth/mf-manifest.json' }],
      { force: true },
    );
    expect(runtime.registerPlugins).toHaveBeenCalledTimes(1);
    const plugins = runtime.registerPlugins.mock.calls[0]![0] as { name: string }[];
    expect(plugins.map((p) => p.name)).toEqual([
      'qrmenu-shared-versions',
      'qrmenu-remote-fallback',
      'qrmenu-prefetch-links',
    ]);
  });

  it('turns the fallback module and null into RemoteLoadError', async () => {
    runtime.loadRemote.mockResolvedValueOnce(fallbackModule());
    await expect(loadRemoteComponent('mfe_auth', './LoginPage')).rejects.toBeInstanceOf(RemoteLoadError);
    runtime.loadRemote.mockResolvedValueOnce(null);
    await expect(loadRemoteComponent('mfe_auth', './LoginPage')).rejects.toBeInstanceOf(RemoteLoadError);
    runtime.loadRemote.mockResolvedValueOnce({ default: Page });
    await expect(loadRemoteComponent('mfe_auth', './LoginPage')).resolves.toEqual({ default: Page });
    expect(runtime.loadRemote).toHaveBeenLastCalledWith('mfe_auth/LoginPage');
  });
});

/** The shell's share configuration and the share scope, as the runtime holds them. */
const host = {
  options: {
    name: 'shell',
    shared: {
      react: [{ version: '19.3.1', from: 'shell' }],
      'react-router': [{ version: '7.1.0', from: 'shell' }],
      '@qrmenu/shared/texts': [
        { version: '1.1.0', from: 'shell' },
        { version: '1.2.0', from: 'mfe_auth' },
      ],
    },
  },
  shareScopeMap: {
    default: {
      '@qrmenu/shared/texts': { '1.1.0': { loaded: true }, '1.2.0': {} },
      // not the shell's: one loaded by another remote, one registered but never loaded
      '@qrmenu/shared/schemas': { '1.1.0': { loaded: true } },
      '@qrmenu/shared/extra': { '1.1.0': {} },
    },
  },
};

describe('shared versions: what a remote requires against what the shell provides', () => {
  it("reads the shell's own versions, else what another module has loaded", () => {
    expect(providedBy(host)).toEqual({
      react: ['19.3.1'],
      'react-router': ['7.1.0'],
      '@qrmenu/shared/texts': ['1.1.0'],
      '@qrmenu/shared/schemas': ['1.1.0'],
    });
  });

  it('accepts the same or an older minor and a module the remote brings itself; refuses a newer minor or major', () => {
    const provided = providedBy(host);
    expect(
      sharedMismatches(
        [
          { name: 'react', requiredVersion: '^19.0.0' },
          { name: 'react-router', requiredVersion: '^7.0.0' },
          { name: '@qrmenu/shared/texts', requiredVersion: '^1.1.0' },
          { name: '@qrmenu/shared/extra', requiredVersion: '^1.2.0' },
          { name: '@qrmenu/shared/new-subpath', requiredVersion: '^1.2.0' },
          { name: 'jotai', requiredVersion: false },
        ],
        provided,
      ),
    ).toEqual([]);
    expect(
      sharedMismatches(
        [
          { name: '@qrmenu/shared/texts', requiredVersion: '^1.2.0' },
          { name: 'react-router', requiredVersion: '^8.0.0' },
          { name: '@qrmenu/shared/schemas', requiredVersion: '^1.2.0' },
        ],
        provided,
      ),
    ).toEqual([
      { name: '@qrmenu/shared/texts', required: '^1.2.0', provided: ['1.1.0'] },
      { name: 'react-router', required: '^8.0.0', provided: ['7.1.0'] },
      { name: '@qrmenu/shared/schemas', required: '^1.2.0', provided: ['1.1.0'] },
    ]);
  });

  const afterLoadManifest = (
    sharedVersionPlugin() as unknown as { afterLoadManifest: (a: unknown) => unknown }
  ).afterLoadManifest;

  it('refuses, as soon as its manifest arrives, a remote that requires a newer shell; says why in the console', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const manifest = (requiredVersion: string) => ({
      manifestUrl: 'http://127.0.0.1:9/mf-manifest.json',
      moduleInfo: { name: 'mfe_auth' },
      manifestJson: {
        shared: [
          { name: 'react', requiredVersion: '^19.0.0' },
          { name: '@qrmenu/shared/texts', requiredVersion },
        ],
      },
      origin: host,
    });
    expect(() => afterLoadManifest(manifest('^1.2.0'))).toThrow(SharedVersionError);
    try {
      afterLoadManifest(manifest('^1.2.0'));
    } catch (err) {
      expect((err as SharedVersionError).mismatches).toEqual([
        { name: '@qrmenu/shared/texts', required: '^1.2.0', provided: ['1.1.0'] },
      ]);
    }
    expect(consoleError).toHaveBeenCalledWith(
      '[federation] Remote mfe_auth needs a newer shell: @qrmenu/shared/texts requires ^1.2.0, provided: 1.1.0',
    );
    // a compatible one passes
    expect(afterLoadManifest(manifest('^1.0.0'))).toBeUndefined();
  });

  it('leaves a failed manifest load to the fallback plugin', () => {
    expect(
      afterLoadManifest({ moduleInfo: { name: 'mfe_auth' }, error: new Error('404'), origin: host }),
    ).toBeUndefined();
  });
});

describe("fetchAhead: the next pages' code fetched, not run", () => {
  it("asks the runtime to preload each remote's pages at once", async () => {
    runtime.preloadRemote.mockResolvedValue([]);
    await fetchAhead([
      { remote: 'mfe_catalog', expose: './CategoryListPage' },
      { remote: 'mfe_stoplist', expose: './StopListPage' },
      { remote: 'mfe_catalog', expose: './ProductTablePage' },
    ]);
    expect(runtime.preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'mfe_catalog', exposes: ['./CategoryListPage', './ProductTablePage'] },
      { nameOrAlias: 'mfe_stoplist', exposes: ['./StopListPage'] },
    ]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('resolves when a fetch fails (the page reports its own failure when opened)', async () => {
    runtime.preloadRemote.mockRejectedValue(new Error('preloadRemote failed to load 1 resource(s).'));
    await expect(
      fetchAhead([{ remote: 'mfe_orders', expose: './OrdersBoardPage' }]),
    ).resolves.toBeUndefined();
  });
});

describe('prefetchLinksPlugin', () => {
  type CreateLink = (args: { url: string; attrs?: Record<string, string> }) => HTMLLinkElement | undefined;
  const createLink = prefetchLinksPlugin().createLink as unknown as CreateLink;

  it("turns the runtime's preload of a page's chunk into a prefetch", () => {
    const link = createLink({
      url: 'http://localhost/remotes/mfe-orders/7.js',
      attrs: { rel: 'preload', as: 'script' },
    });
    expect(link?.rel).toBe('prefetch');
    expect(link?.as).toBe('script');
    expect(link?.href).toBe('http://localhost/remotes/mfe-orders/7.js');
  });

  it("leaves other links (a page's stylesheet) to the runtime", () => {
    expect(createLink({ url: 'http://localhost/a.css', attrs: { rel: 'stylesheet' } })).toBeUndefined();
  });
});

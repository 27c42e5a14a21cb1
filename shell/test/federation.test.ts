import { describe, expect, it, vi } from 'vitest';
import {
  fallbackModule,
  loadRemoteComponent,
  RemoteLoadError,
  RemoteUnavailable,
  registerFederation,
  remoteFallbackPlugin,
} from '../src/federation';

const runtime = vi.hoisted(() => ({
  loadRemote: vi.fn(),
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

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

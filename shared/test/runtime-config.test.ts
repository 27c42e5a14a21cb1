import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assetUrl,
  getRuntimeConfig,
  loadRuntimeConfig,
  publicMenuUrl,
  remoteUrl,
  setRuntimeConfig,
} from '../src/runtime-config';

describe('runtime config', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig({});
  });

  it('defaults to /api and no remotes', () => {
    setRuntimeConfig({});
    expect(getRuntimeConfig()).toEqual({ apiBase: '/api', remotes: {}, publicMenuBase: null });
  });

  it('loads /config.json without cache', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            apiBase: 'https://api.test/api',
            remotes: { mfe_auth: 'http://x/remotes/mfe_auth/mf-manifest.json', mfe_catalog: null },
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const cfg = await loadRuntimeConfig();
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.objectContaining({ cache: 'no-store' }));
    expect(cfg.apiBase).toBe('https://api.test/api');
    expect(getRuntimeConfig()).toBe(cfg);
    expect(remoteUrl('mfe_auth')).toBe('http://x/remotes/mfe_auth/mf-manifest.json');
    expect(remoteUrl('mfe_catalog')).toBeNull();
    expect(remoteUrl('mfe_stoplist')).toBeNull();
  });

  it('keeps the defaults when the file is missing or broken', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 404 })),
    );
    expect(await loadRuntimeConfig()).toEqual({ apiBase: '/api', remotes: {}, publicMenuBase: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{not json', { status: 200 })),
    );
    expect(await loadRuntimeConfig()).toEqual({ apiBase: '/api', remotes: {}, publicMenuBase: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await loadRuntimeConfig()).toEqual({ apiBase: '/api', remotes: {}, publicMenuBase: null });
  });

  it('publicMenuBase: trimmed of trailing slashes, null (this origin) when unset or blank', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ apiBase: '/api', remotes: {}, publicMenuBase: ' https://menu.example.uz/ ' }),
          ),
      ),
    );
    expect((await loadRuntimeConfig()).publicMenuBase).toBe('https://menu.example.uz');
    expect(publicMenuUrl('rayhon')).toBe('https://menu.example.uz/m/rayhon');
    setRuntimeConfig({ publicMenuBase: '   ' });
    expect(getRuntimeConfig().publicMenuBase).toBeNull();
    setRuntimeConfig({ publicMenuBase: null });
    expect(publicMenuUrl('oqtepa-lavash')).toBe(`${window.location.origin}/m/oqtepa-lavash`);
  });

  it('assetUrl resolves upload paths against an API on another host', () => {
    setRuntimeConfig({ apiBase: '/api' });
    expect(assetUrl('/uploads/a.png')).toBe('/uploads/a.png');
    setRuntimeConfig({ apiBase: 'https://api.example.uz/api' });
    expect(assetUrl('/uploads/a.png')).toBe('https://api.example.uz/uploads/a.png');
    expect(assetUrl('https://cdn.test/x.png')).toBe('https://cdn.test/x.png');
    expect(assetUrl('data:image/png;base64,AA')).toBe('data:image/png;base64,AA');
    expect(assetUrl(null)).toBeNull();
    expect(assetUrl('')).toBeNull();
  });
});

/**
 * Runtime configuration served by the server at `/config.json`:
 * `{ apiBase: "/api", remotes: { mfe_auth: "<manifest url>" | null, ... }, releases: {...}, publicMenuBase: null }`.
 * A remote that is absent or null is not deployed. `releases` (absent from a dev server's
 * config) says which release each address is for this user: its version and, for a canary, the
 * stable release to fall back to (docs/RELEASES.md). `publicMenuBase` (PUBLIC_MENU_URL) is where
 * guests open menus (`<base>/m/<slug>`, printed in QR codes); null means this origin.
 */
export type RemoteName =
  | 'mfe_auth'
  | 'mfe_restaurants'
  | 'mfe_catalog'
  | 'mfe_stoplist'
  | 'mfe_orders'
  | 'mfe_reports';

/** The release behind a module's address, for this user. */
export interface RemoteRelease {
  version: string;
  /** For a canary: the stable release to load instead when it fails. */
  fallback: { url: string; version: string } | null;
}

export interface RuntimeConfig {
  apiBase: string;
  remotes: Partial<Record<RemoteName, string | null>> & Record<string, string | null | undefined>;
  /** The releases behind `remotes` (the server's config; a dev server's has none). */
  releases?: Record<string, RemoteRelease>;
  /** Base URL of the guests' menu pages without a trailing slash; null or absent: this origin. */
  publicMenuBase?: string | null;
  /**
   * The token the shell sends its release reports with (the server's config; signed, names this
   * user and its releases); absent: reports are not sent.
   */
  reportToken?: string | null;
}

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  apiBase: '/api',
  remotes: {},
  publicMenuBase: null,
});

let current: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, remotes: {} };

function normalize(raw: unknown): RuntimeConfig {
  const out: RuntimeConfig = { apiBase: DEFAULT_RUNTIME_CONFIG.apiBase, remotes: {}, publicMenuBase: null };
  if (!raw || typeof raw !== 'object') return out;
  const obj = raw as Record<string, unknown>;
  if (typeof obj.apiBase === 'string' && obj.apiBase.trim() !== '') out.apiBase = obj.apiBase.trim();
  if (typeof obj.publicMenuBase === 'string' && obj.publicMenuBase.trim() !== '') {
    out.publicMenuBase = obj.publicMenuBase.trim().replace(/\/+$/, '');
  }
  if (obj.remotes && typeof obj.remotes === 'object') {
    for (const [name, url] of Object.entries(obj.remotes as Record<string, unknown>)) {
      out.remotes[name] = typeof url === 'string' && url !== '' ? url : null;
    }
  }
  if (typeof obj.reportToken === 'string' && obj.reportToken !== '') out.reportToken = obj.reportToken;
  if (obj.releases && typeof obj.releases === 'object') {
    out.releases = {};
    for (const [name, r] of Object.entries(obj.releases as Record<string, Partial<RemoteRelease>>)) {
      if (typeof r?.version !== 'string') continue;
      const f = r.fallback;
      out.releases[name] = {
        version: r.version,
        fallback:
          f && typeof f.url === 'string' && typeof f.version === 'string'
            ? { url: f.url, version: f.version }
            : null,
      };
    }
  }
  return out;
}

/**
 * Fetches `/config.json` (no cache; `headers`: the session's token, so that the releases are the
 * signed-in user's); on any failure keeps the defaults. Never throws.
 */
export async function loadRuntimeConfig(
  url = '/config.json',
  headers: Record<string, string> = {},
): Promise<RuntimeConfig> {
  try {
    const res = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json', ...headers } });
    if (!res.ok) throw new Error(`config ${res.status}`);
    current = normalize(await res.json());
  } catch (err) {
    console.warn('[runtime-config] using defaults:', err);
    current = normalize(undefined);
  }
  return current;
}

/** The configuration loaded last (defaults before `loadRuntimeConfig` finished). */
export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Replaces the configuration (tests, or a host that got it elsewhere). Missing parts take defaults. */
export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = normalize(config);
  return current;
}

/** Manifest URL of a remote, or null when that remote is not deployed. */
export function remoteUrl(name: RemoteName | string): string | null {
  return current.remotes[name] ?? null;
}

/**
 * The address a guest opens for a restaurant's menu (what a QR code holds):
 * `<publicMenuBase or this page's origin>/m/<slug>`.
 */
export function publicMenuUrl(slug: string): string {
  const base = current.publicMenuBase ?? globalThis.location?.origin ?? '';
  return `${base}/m/${encodeURIComponent(slug)}`;
}

/**
 * The address of a server asset such as an upload (`/uploads/x.png`): when `apiBase` points at
 * another host (`https://api.example.uz/api`), a root-relative path is served by that host.
 * Absolute URLs, data: URLs and paths under a relative `apiBase` are returned unchanged.
 */
export function assetUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const base = current.apiBase;
  if (!/^https?:\/\//i.test(base)) return url;
  try {
    return new URL(url, base).toString();
  } catch {
    return url;
  }
}

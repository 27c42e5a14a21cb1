/**
 * Which release of each module this user runs (docs/RELEASES.md). The server splits users by
 * their account (signed out: a random visitor id kept in localStorage), so /config.json already
 * names this user's releases; on each navigation the shell asks again (one request, answered 304
 * while nothing changed) and:
 * - a module whose code has not run in this page yet is switched in place (`registerRemotes`
 *   with `force`), so the next page of it loads the new release;
 * - a module whose code has run is never swapped under the running page: the page is loaded
 *   again (the address it navigated to), which starts with the new release.
 * A canary that fails to load or throws while rendering is replaced by its stable release at
 * once, in the same page view, and stays replaced until the next page load.
 */
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { getRuntimeConfig, type RemoteRelease, setRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { getAccessToken } from '@qrmenu/shared/session';
import { forgetBuilds } from './federation';

const VISITOR_KEY = 'qrmenu.visitor';

/** This browser's random visitor id (made once; it names nobody): how a signed-out user is split. */
export function visitorId(): string {
  try {
    const kept = localStorage.getItem(VISITOR_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const id = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return '';
  }
}

/** The session's token as a header (the releases are the signed-in user's). */
export function sessionHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** `/config.json` for this visitor: the shell's first request, with this user's releases. */
export const configUrl = (): string => `/config.json?visitor=${encodeURIComponent(visitorId())}`;

/**
 * The name of a remote's chunk registry on `self`: rspack's `rspackChunk<uniqueName>`, set so by
 * the build factory (tools/rspack/federation.ts, `chunkLoadingGlobal`). Two builds of one remote
 * share it: a second build's runtime would take the first one's chunks as its own.
 */
export const chunkGlobalOf = (remote: string): string => `rspackChunk${remote}`;

/** The releases this page runs (null: a config without releases, e.g. the dev servers': nothing to manage). */
let releases: Record<string, RemoteRelease> | null = null;
/** Modules whose canary failed in this page view: on their stable release until the next load. */
const pinned = new Set<string>();
/** Modules whose code has run in this page. */
const ran = new Set<string>();

/** Takes the releases of /config.json (the shell's start). */
export function startReleases(config: { releases?: Record<string, RemoteRelease> }): void {
  releases = config.releases ? { ...config.releases } : null;
  pinned.clear();
  ran.clear();
}

/** The release a remote's address is for this user (null: not managed). */
export function releaseOf(remote: string): RemoteRelease | null {
  return releases?.[remote] ?? null;
}

/** Code of `remote` has run in this page (a page of it loaded). */
export function markRan(remote: string): void {
  ran.add(remote);
}

/**
 * Points `remote` at another build for the rest of this page view: its old build's chunks, its
 * instance and the shared modules it registered are forgotten first (federation.ts
 * `forgetBuilds`), so nothing of a build switched away from serves the next one.
 */
function switchRemote(remote: string, url: string | null): void {
  delete (globalThis as Record<string, unknown>)[chunkGlobalOf(remote)];
  forgetBuilds(remote);
  if (url) registerRemotes([{ name: remote, entry: url }], { force: true });
  const config = getRuntimeConfig();
  setRuntimeConfig({ ...config, remotes: { ...config.remotes, [remote]: url } });
}

/**
 * After `remote`'s canary failed: its stable release for the rest of this page view. False when
 * it was not on a canary (the failure is the stable release's own: the fallback shows).
 */
export function fallBackToStable(remote: string): boolean {
  const release = releases?.[remote];
  if (!releases || !release?.fallback || pinned.has(remote)) return false;
  pinned.add(remote);
  ran.delete(remote);
  releases[remote] = { version: release.fallback.version, fallback: null };
  switchRemote(remote, release.fallback.url);
  return true;
}

interface Assigned {
  url: string;
  version: string;
  fallback: { url: string; version: string } | null;
}

let checking: Promise<'same' | 'reload'> | null = null;

/**
 * Asks the server for this user's releases again (on navigation). Answers `reload` when a
 * module whose code has run in this page changed (the page must load again to run the new one).
 */
export function checkReleases(apiBase: string): Promise<'same' | 'reload'> {
  if (!releases) return Promise.resolve('same');
  checking ??= (async () => {
    try {
      const base = apiBase.replace(/\/+$/, '');
      const url = new URL(`${base}/releases/assignment`, location.href);
      url.searchParams.set('visitor', visitorId());
      const res = await fetch(url, {
        // revalidated with its ETag: a 304 while nothing changed
        cache: 'no-cache',
        headers: { Accept: 'application/json', ...sessionHeaders() },
      });
      if (!res.ok) return 'same';
      const { data } = (await res.json()) as {
        data: { remotes: Record<string, Assigned>; report_token?: string | null };
      };
      // the reports of what this page runs from now on go with the token of this assignment
      setRuntimeConfig({ ...getRuntimeConfig(), reportToken: data.report_token ?? null });
      return apply(data.remotes);
    } catch {
      return 'same'; // the next navigation asks again
    } finally {
      checking = null;
    }
  })();
  return checking;
}

function apply(assigned: Record<string, Assigned>): 'same' | 'reload' {
  const current = releases;
  if (!current) return 'same';
  const names = new Set([...Object.keys(current), ...Object.keys(assigned)]);
  let reload = false;
  for (const name of names) {
    const a = assigned[name];
    // a module pinned to its stable release stays there; a canary that went away leaves it there too
    const target = a && pinned.has(name) && a.fallback ? { ...a.fallback, fallback: null } : a;
    const before = getRuntimeConfig().remotes[name] ?? null;
    if ((target?.url ?? null) === before) {
      if (target) current[name] = { version: target.version, fallback: target.fallback };
      continue;
    }
    if (ran.has(name)) {
      reload = true;
      continue;
    }
    if (target) current[name] = { version: target.version, fallback: target.fallback };
    else delete current[name];
    switchRemote(name, target?.url ?? null);
  }
  return reload ? 'reload' : 'same';
}

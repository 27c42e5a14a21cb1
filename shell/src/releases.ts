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
 * No module code is fetched on an old answer: before a page's code is fetched (opened, hovered,
 * warmed) the releases are asked for again unless an answer came less than FRESH_MS ago
 * (`releasesBeforeFetch`), so a user on a canary that was rolled back never fetches the canary's
 * next page; a module that ran and changed is `stale` and none of its code is fetched again.
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
/** Modules whose code has run and whose release changed since: the page must load again to run theirs. */
const stale = new Set<string>();
/**
 * An answer younger than this is taken as this user's releases when module code is to be fetched
 * (the page's /config.json, a navigation's check): a page opened right after either asks nothing more.
 */
export const FRESH_MS = 1000;
/** When this page last learnt its releases (Date.now()). */
let answeredAt = 0;
/** The page is loading again (reloadForReleases). */
let reloading = false;

/** Takes the releases of /config.json (the shell's start). */
export function startReleases(config: { releases?: Record<string, RemoteRelease> }): void {
  releases = config.releases ? { ...config.releases } : null;
  pinned.clear();
  ran.clear();
  stale.clear();
  answeredAt = Date.now();
  reloading = false;
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
      answeredAt = Date.now();
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
      stale.delete(name);
      continue;
    }
    if (ran.has(name)) {
      stale.add(name);
      reload = true;
      continue;
    }
    if (target) current[name] = { version: target.version, fallback: target.fallback };
    else delete current[name];
    switchRemote(name, target?.url ?? null);
  }
  return reload ? 'reload' : 'same';
}

/**
 * Before any module code is fetched: the check of this user's releases to wait for, or null when
 * the releases in hand are this user's (answered less than FRESH_MS ago, or not managed). A
 * running check is joined. Its `reload`: a module whose code runs here changed (`isStale`).
 */
export function releasesBeforeFetch(apiBase: string): Promise<'same' | 'reload'> | null {
  if (!releases) return null;
  if (checking) return checking;
  if (Date.now() - answeredAt < FRESH_MS) return null;
  return checkReleases(apiBase);
}

/** Whether `remote` ran in this page and its release changed since: none of its code may be fetched now. */
export function isStale(remote: string): boolean {
  return stale.has(remote);
}

/** Loads the page again (once), to run the releases this user has now. */
export function reloadForReleases(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

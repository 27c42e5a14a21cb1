import { getRuntimeConfig, remoteUrl } from '@qrmenu/shared/runtime-config';
import { t } from '@qrmenu/shared/texts';
import {
  Component,
  type ComponentType,
  createContext,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useState,
} from 'react';
import { fetchAhead, loadRemoteComponent, type RemoteModule } from './federation';
import { reportFailure, reportLoad } from './release-reports';
import {
  fallBackToStable,
  isStale,
  markRan,
  releaseOf,
  releasesBeforeFetch,
  reloadForReleases,
} from './releases';
import type { RemoteRef } from './remotes';

export interface RemoteFallbackProps {
  onRetry: () => void;
}

/** Plain fallback (no Chakra): used on the login screen; the admin area swaps in the UI facade's. */
export function PlainRemoteFallback({ onRetry }: RemoteFallbackProps) {
  return (
    <div className="qm-fallback" role="alert" data-testid="remote-fallback">
      <h1 className="qm-fallback-title">{t.remoteLoadError}</h1>
      <button type="button" className="qm-button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/** Which fallback component the pages below show (the admin area provides the facade's). */
export const RemoteFallbackContext = createContext<ComponentType<RemoteFallbackProps>>(PlainRemoteFallback);

export function Loading() {
  return (
    <div className="qm-loading" role="status" aria-live="polite">
      {t.loading}
    </div>
  );
}

/** A page whose remote is not deployed (its /config.json entry is missing or null). */
export function NotAvailablePage() {
  return (
    <div className="qm-not-available" data-testid="module-not-available">
      {/* the page's heading: the page itself is missing */}
      <h1 className="qm-fallback-title">{t.moduleNotAvailable}</h1>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  /** Told what a render threw (reported; a canary's module falls back to its stable release). */
  onCaught?: (error: unknown) => void;
}

export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[remote]', error, info.componentStack);
    this.props.onCaught?.(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Loads in flight or done, one per page; a failure is forgotten so the next attempt loads again. */
const loading = new Map<string, Promise<RemoteModule>>();
/** React.lazy wrappers, one per page, for pages not loaded yet. */
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** Page loads not finished yet: the warm-up waits for the page on screen first (warm-up.ts). */
let loadsInFlight = 0;
export const pageLoadsInFlight = (): number => loadsInFlight;

/** A page of one build: a module switched to another release loads its pages afresh. */
const keyOf = (ref: RemoteRef) => `${ref.remote}/${ref.expose}@${remoteUrl(ref.remote) ?? ''}`;

function forget(key: string): void {
  loading.delete(key);
  pages.delete(key);
}

/** A page whose module ran here and changed release since: the page loads again before any of its code is fetched. */
export class StaleReleaseError extends Error {
  constructor(readonly remote: string) {
    super(`${remote} changed release since its code ran here: the page loads again`);
    this.name = 'StaleReleaseError';
  }
}

/**
 * Loads a page of the module's release for this user, counting the load (and a failure) for the
 * release reports; a canary that fails is replaced by the stable release at once (releases.ts).
 */
async function loadRelease(ref: RemoteRef): Promise<RemoteModule> {
  const release = releaseOf(ref.remote);
  try {
    const mod = await loadRemoteComponent(ref.remote, ref.expose);
    if (release) reportLoad(ref.remote, release.version);
    markRan(ref.remote);
    return mod;
  } catch (err) {
    if (release) {
      reportLoad(ref.remote, release.version);
      reportFailure(ref.remote, release.version, (err as { cause?: unknown }).cause ?? err);
    }
    if (fallBackToStable(ref.remote)) return loadRelease(ref);
    throw err;
  }
}

/** Loads the page's module of the build registered now, once (shared by rendering, intent and prefetching). */
function loadRegistered(ref: RemoteRef): Promise<RemoteModule> {
  if (isStale(ref.remote)) return Promise.reject(new StaleReleaseError(ref.remote));
  const key = keyOf(ref);
  let promise = loading.get(key);
  if (!promise) {
    promise = loadRelease(ref).catch((err: unknown) => {
      forget(key);
      throw err;
    });
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Loads a page's module: its code comes from this user's release as the server answers it now
 * (releases.ts `releasesBeforeFetch`: asked for first unless just answered), so a page opened,
 * hovered or warmed after a rollback never fetches the rolled-back build. Rejects with
 * StaleReleaseError when the module ran here and changed since (the page must load again).
 */
export function loadPage(ref: RemoteRef): Promise<RemoteModule> {
  const check = releasesBeforeFetch(getRuntimeConfig().apiBase);
  const promise = check ? check.then(() => loadRegistered(ref)) : loadRegistered(ref);
  loadsInFlight += 1;
  const settled = () => {
    loadsInFlight -= 1;
  };
  promise.then(settled, settled);
  return promise;
}

/** True when /config.json names a manifest for the page's remote (the only source of truth). */
export function isDeployed(ref: RemoteRef): boolean {
  return remoteUrl(ref.remote) !== null;
}

/**
 * The form kit (`@qrmenu/shared/forms`, react-hook-form) and the shared schemas every module's
 * forms validate with. Named here so that the shell provides them (a build provides only what it
 * imports), and every module uses one copy at one address (cached across visits) rather than
 * whichever remote registered its own first. The shell does not load them itself: the first page
 * that validates a form does. Warmed, their chunk's compile and the schemas' zod objects were a
 * long task within Asosiy's blocking time, fetched or run (docs/BENCHMARKS.md, "Asosiy's warm-up").
 */
export const SHELL_PROVIDES = [() => import('@qrmenu/shared/schemas'), () => import('@qrmenu/shared/forms')];

/**
 * Fetches the code of pages the user is likely to open next without running it (after the page
 * on screen has settled: warm-up.ts); resolves when fetched or failed.
 */
export async function fetchPagesAhead(refs: readonly RemoteRef[]): Promise<void> {
  await releasesBeforeFetch(getRuntimeConfig().apiBase);
  return fetchAhead(
    refs.filter((ref) => isDeployed(ref) && !isStale(ref.remote) && !loading.has(keyOf(ref))),
  );
}

function lazyPage(ref: RemoteRef): LazyExoticComponent<ComponentType> {
  const key = keyOf(ref);
  let page = pages.get(key);
  if (!page) {
    page = lazy(() =>
      loadPage(ref).catch((err: unknown) => {
        if (!(err instanceof StaleReleaseError)) throw err;
        // the page is opened: it loads again with this user's releases (pending until then)
        reloadForReleases();
        return new Promise<RemoteModule>(() => {});
      }),
    );
    pages.set(key, page);
  }
  return page;
}

/** Test hook: forget loaded pages. */
export function resetRemotePages(): void {
  loading.clear();
  pages.clear();
}

/** A route served by a remote's expose: lazy load, loading state, fallback with a real retry. */
export function RemotePage(ref: RemoteRef) {
  const Fallback = useContext(RemoteFallbackContext);
  const [attempt, setAttempt] = useState(0);
  if (!isDeployed(ref)) return <NotAvailablePage />;
  const Page = lazyPage(ref);
  const retry = () => {
    pages.delete(keyOf(ref));
    setAttempt((n) => n + 1);
  };
  const caught = (error: unknown) => {
    const release = releaseOf(ref.remote);
    if (release) reportFailure(ref.remote, release.version, error);
    // a canary that throws while rendering: the stable release, in this same page view
    if (fallBackToStable(ref.remote)) setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={`${keyOf(ref)}#${attempt}`}
      fallback={<Fallback onRetry={retry} />}
      onCaught={caught}
    >
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

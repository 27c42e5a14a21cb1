import { remoteUrl } from '@qrmenu/shared/runtime-config';
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
import { loadRemoteComponent } from './federation';
import { isPlanned, type RemoteRef } from './remotes';

export interface RemoteFallbackProps {
  onRetry: () => void;
}

/** Plain fallback (no Chakra): used on the login screen; the admin area swaps in the UI facade's. */
export function PlainRemoteFallback({ onRetry }: RemoteFallbackProps) {
  return (
    <div className="qm-fallback" role="alert" data-testid="remote-fallback">
      <p>{t.remoteLoadError}</p>
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

/** A page whose module is not deployed yet (later issue, or its config entry is null). */
export function NotAvailablePage() {
  return (
    <div className="qm-not-available" data-testid="module-not-available">
      <h2>{t.moduleNotAvailable}</h2>
    </div>
  );
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

export class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[remote]', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Loaded pages are kept, so going back to a module does not fetch or suspend again. */
const pages = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(ref: RemoteRef): LazyExoticComponent<ComponentType> {
  const key = `${ref.remote}/${ref.expose}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(() =>
      loadRemoteComponent(ref.remote, ref.expose).catch((err: unknown) => {
        pages.delete(key); // the next attempt loads again
        throw err;
      }),
    );
    pages.set(key, page);
  }
  return page;
}

/** Test hook: forget loaded pages. */
export function resetRemotePages(): void {
  pages.clear();
}

/** A route served by a remote's expose: lazy load, loading state, fallback with a real retry. */
export function RemotePage(ref: RemoteRef) {
  const Fallback = useContext(RemoteFallbackContext);
  const [attempt, setAttempt] = useState(0);
  if (isPlanned(ref.remote) || remoteUrl(ref.remote) === null) return <NotAvailablePage />;
  const Page = lazyPage(ref);
  const retry = () => {
    pages.delete(`${ref.remote}/${ref.expose}`);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={`${ref.remote}/${ref.expose}#${attempt}`}
      fallback={<Fallback onRetry={retry} />}
    >
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

import { getRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { sessionStore } from '@qrmenu/shared/session';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { checkReleases, reloadForReleases } from './releases';
import { createRoutes } from './routes';

/**
 * On each navigation, asks whether this user's releases changed (releases.ts): a module not run
 * yet switches in place; one whose code runs in this page makes the page load again.
 */
export function ReleaseWatcher() {
  const { pathname } = useLocation();
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const first = seen.current === null; // the page's load brought its releases
    seen.current = pathname;
    if (first) return;
    void checkReleases(getRuntimeConfig().apiBase).then((result) => {
      if (result === 'reload') reloadForReleases();
    });
  }, [pathname]);
  return null;
}

/** The route table, rendered by react-router's declarative router (no data router: see the facade). */
export function AppRoutes() {
  const routes = useMemo(createRoutes, []);
  return useRoutes(routes);
}

/**
 * Session store and router. TanStack Query and the UI provider come with the area after login.
 * `initialPath` (tests) keeps the history in memory; `children` render beside the routes.
 */
export function App({ initialPath, children }: { initialPath?: string; children?: ReactNode }) {
  const content = (
    <>
      <AppRoutes />
      <ReleaseWatcher />
      {children}
    </>
  );
  return (
    <JotaiProvider store={sessionStore}>
      {initialPath === undefined ? (
        <BrowserRouter>{content}</BrowserRouter>
      ) : (
        <MemoryRouter initialEntries={[initialPath]}>{content}</MemoryRouter>
      )}
    </JotaiProvider>
  );
}

import { sessionStore } from '@qrmenu/shared/session';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useMemo } from 'react';
import { BrowserRouter, MemoryRouter, useRoutes } from 'react-router-dom';
import { createRoutes } from './routes';

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

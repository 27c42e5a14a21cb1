/**
 * A remote run on its own (`pnpm --filter @qrmenu/mfe-<name> dev`): its pages under their routes
 * inside the providers the shell gives them (session store, query client, UI kit, router), to
 * work on one module without the shell. Log in through the shell (same origin storage) or put
 * `accessToken` / `role` into localStorage by hand. Only a remote's own dev entry imports this;
 * it is not shared through Module Federation.
 */
import { Provider as JotaiProvider } from 'jotai';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientProvider, queryClient } from './query';
import { loadRuntimeConfig } from './runtime-config';
import { sessionStore } from './session';
import { UiProvider } from './ui';

/** Renders `routes` (`<Route>` elements) into #root once /config.json is read. */
export async function renderStandalone(routes: ReactNode): Promise<void> {
  await loadRuntimeConfig();
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(root).render(
    <StrictMode>
      <JotaiProvider store={sessionStore}>
        <QueryClientProvider client={queryClient}>
          <UiProvider>
            <BrowserRouter>
              <Routes>{routes}</Routes>
            </BrowserRouter>
          </UiProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>,
  );
}

/** A remote's page and the route patterns it answers (the admin's, the manager's, the staff's). */
export type StandalonePage = readonly [patterns: readonly string[], page: ComponentType];

/** Renders each page under its patterns, and any other address sent on to `home`. */
export function renderStandalonePages(pages: readonly StandalonePage[], home: string): Promise<void> {
  return renderStandalone(
    <>
      {pages.flatMap(([patterns, Page]) =>
        patterns.map((path) => <Route key={path} path={path} element={<Page />} />),
      )}
      <Route path="*" element={<Navigate to={home} replace />} />
    </>,
  );
}

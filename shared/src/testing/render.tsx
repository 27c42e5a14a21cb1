/**
 * A page under test as the shell shows it: the shared providers, a router at a URL, the page
 * mounted at its route pattern, and where it navigated to.
 */
import { type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClientProvider, queryClient } from '../query';
import { signIn } from '../session';
import { UiProvider } from '../ui';

/** Stores a token and the role, as a login does (`'admin'`, `'manager'`, or any role name). */
export function signInAs(role: string): void {
  signIn(`token-${role}`, role);
}

function Probe({ onLocation }: { onLocation: (path: string) => void }) {
  const location = useLocation();
  onLocation(location.pathname + location.search);
  return null;
}

/** Follows a router's location: put `probe` inside the router, read `path()`. */
export function locationTracker(): { probe: ReactElement; path: () => string } {
  let current = '';
  const onLocation = (path: string) => {
    current = path;
  };
  return { probe: <Probe onLocation={onLocation} />, path: () => current };
}

export interface RenderAtRouteOptions {
  /** The route pattern the element is mounted at (default: the URL's path), e.g. `ROUTES.admin.restaurant`. */
  path?: string;
  /** Other routes of the test: pattern -> element (e.g. the page a save goes to). */
  routes?: Record<string, ReactElement>;
  /** Signs in as this role first. */
  as?: string;
}

export interface RenderedAtRoute extends RenderResult {
  /** The router's current path (and query string). */
  path(): string;
}

/** Renders `element` at `url` inside the providers; any other path renders nothing. */
export function renderAtRoute(
  element: ReactElement,
  url: string,
  options: RenderAtRouteOptions = {},
): RenderedAtRoute {
  if (options.as !== undefined) signInAs(options.as);
  const location = locationTracker();
  const pattern = options.path ?? url.split('?')[0] ?? url;
  const result = render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={pattern} element={element} />
            {Object.entries(options.routes ?? {}).map(([path, other]) => (
              <Route key={path} path={path} element={other} />
            ))}
            <Route path="*" element={null} />
          </Routes>
          {location.probe}
        </MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { path: location.path });
}

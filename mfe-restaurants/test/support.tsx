/**
 * Test harness: the shared providers around a screen, a router at a given URL, and `fetch`
 * stubbed with answers per "METHOD /api/path" so the real shared client and hooks run.
 */
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { signIn, signOut } from '@qrmenu/shared/session';
import { toaster, UiProvider } from '@qrmenu/shared/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type Answer =
  | { status?: number; body?: unknown }
  | ((call: RecordedCall) => { status?: number; body?: unknown });

/** Stubs `fetch`: `routes['GET /admin/restaurants'] = { body }`; unknown routes answer 404. */
export function stubApi(routes: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown;
    const contentType = request.headers.get('content-type') ?? '';
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      if (contentType.includes('application/json')) body = await request.json();
      else if (contentType.includes('multipart/form-data')) body = await request.formData();
      else body = await request.text();
    }
    const call: RecordedCall = {
      method: request.method,
      path,
      search: url.searchParams,
      body,
      headers: request.headers,
    };
    calls.push(call);
    const route = routes[`${request.method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) {
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'no route' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls other than GETs: the writes the screen made. */
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

export function login(role: 'admin' | 'manager' | string) {
  signIn(`token-${role}`, role);
}

export function resetState() {
  // Toasts are module state too (at most 5 visible, the rest queued): start each test with none.
  toaster.remove();
  queryClient.clear();
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  signOut();
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** Renders `element` at `url`, matched by `path` (a route pattern), inside the shared providers. */
export function renderAt(element: ReactElement, url: string, path = url) {
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<div data-testid="elsewhere" />} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
}

let seq = 0;
export function makeRestaurant(over: Partial<Restaurant> = {}): Restaurant {
  seq += 1;
  const n = over.name ?? `Restoran ${seq}`;
  return {
    _id: `r${seq}`,
    name: n,
    slug: `restoran-${seq}`,
    address: 'Toshkent',
    phone_number: `+99890000${String(seq).padStart(4, '0')}`,
    work_time: '09:00-23:00',
    manager_id: null,
    type: 'manual',
    is_active: true,
    bot_token: null,
    channel_id: null,
    image: null,
    logotype: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

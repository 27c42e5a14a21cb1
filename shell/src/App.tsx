import { sessionStore } from '@qrmenu/shared/session';
import { Provider as JotaiProvider } from 'jotai';
import type { createMemoryRouter } from 'react-router-dom';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createRoutes } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

/** Session store and router. TanStack Query and the UI provider come with the area after login. */
export function App({ router }: { router: AppRouter }) {
  return (
    <JotaiProvider store={sessionStore}>
      <RouterProvider router={router} />
    </JotaiProvider>
  );
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}

/**
 * The route table (docs/SCREENS.md, "Addresses"): which remote and expose serve each pattern of the shared
 * catalogue (`@qrmenu/shared/paths`, the same patterns every remote links with).
 * Admin area: `/admin/*`; manager pages also live at top level (no /admin prefix).
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { KnownRole } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { lazy, Suspense, useEffect } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { RequireRole, RequireToken } from './guards';
import { loadOnIntent } from './intent';
import { NotFoundPage } from './NotFoundPage';
import { PAGES } from './pages';
import { isDeployed, Loading, loadPage, RemotePage } from './RemotePage';
import type { RemoteRef } from './remotes';

// Role names typed by the shared schema (a type-only import keeps zod off the first page).
/** The catalog, the restaurant's card and QR codes: its owners' (a waiter and the kitchen get the 404 page). */
const OWNER_ROLES: readonly KnownRole[] = ['admin', 'manager'];
const ADMIN_ONLY: readonly KnownRole[] = ['admin'];
/**
 * The history, the switches and «Xodimlar» of a manager's own restaurant: admins open a
 * restaurant's under /admin/orders/:id and /admin/staff/:id.
 */
const MANAGER_ONLY: readonly KnownRole[] = ['manager'];
/** A manager's own orders board is also a waiter's (their tables'): docs/SCREENS.md. */
const BOARD_ROLES: readonly KnownRole[] = ['manager', 'waiter'];
/** The stop-list: a manager's Menyu, the kitchen's Stop-list (admins have none of their own). */
const STOP_LIST_ROLES: readonly KnownRole[] = ['manager', 'kitchen'];
const KITCHEN_ONLY: readonly KnownRole[] = ['kitchen'];

/** Layouts, the UI facade (Chakra) and TanStack Query load only after login. */
const AreaLayout = lazy(() => import('./layouts/AreaLayout'));
/** The modules' releases: the shell's own page, so that it works whatever module is broken. */
const ModulesPage = lazy(() => import('./modules/ModulesPage'));

const page = (ref: RemoteRef) => <RemotePage remote={ref.remote} expose={ref.expose} />;

/** What a route serves, for loading its page's module ahead of the area's code (`pageAt`). */
interface PageHandle {
  page: (role: string | null) => RemoteRef | undefined;
}

/** A route served by a remote's page, for every signed-in role or only `roles`. */
const serve = (ref: RemoteRef, roles?: readonly string[]) => ({
  element: roles ? <RequireRole roles={roles}>{page(ref)}</RequireRole> : page(ref),
  handle: {
    page: (role: string | null) => (!roles || (role !== null && roles.includes(role)) ? ref : undefined),
  } satisfies PageHandle,
});
const toNotFound = <Navigate to={ROUTES.notFound} replace />;

/** `/`: the login screen, or /home when a token is stored. */
function LoginRoute() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Navigate to={ROUTES.home} replace /> : page(PAGES.login);
}

/**
 * `/admin`: managers get their home, admins the restaurant list, a waiter their board, the kitchen
 * its view. Other roles stay in the sidebar layout on their profile: the restaurant list is not
 * theirs.
 */
function AdminIndex() {
  const { isManager, isAdmin, isWaiter, isKitchen } = useSession();
  if (isManager) return page(PAGES.managerHome);
  if (isWaiter) return <Navigate to={ROUTES.manager.orders} replace />;
  if (isKitchen) return <Navigate to={ROUTES.staff.kitchen} replace />;
  return <Navigate to={isAdmin ? ROUTES.admin.restaurants : ROUTES.admin.profile} replace />;
}

/** The page a signed-in `role` gets at `pathname`, when a remote serves it. */
export function pageAt(pathname: string, role: string | null): RemoteRef | undefined {
  const matches = matchRoutes(createRoutes(), pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as PageHandle | undefined;
  return handle?.page(role);
}

function Area() {
  const { pathname } = useLocation();
  const { role } = useSession();
  // The page's module (its remote's manifest, entry and chunks) loads beside the area's code
  // rather than after it: on a phone they are round trips the first paint would wait on in turn.
  // Once: later pages load from inside the area. A failure shows where the page renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page only
  useEffect(() => {
    const ref = pageAt(pathname, role);
    if (ref && isDeployed(ref)) loadPage(ref).catch(() => undefined);
  }, []);
  // the next page's module runs from the user's intent to open it (intent.ts)
  useEffect(() => loadOnIntent((path) => pageAt(path, role)), [role]);
  return (
    <Suspense fallback={<Loading />}>
      <AreaLayout />
    </Suspense>
  );
}

const A = ROUTES.admin;
const M = ROUTES.manager;

/** Under `/admin` (child paths are absolute: they start with the parent's). */
export const adminRoutes: RouteObject[] = [
  {
    index: true,
    element: <AdminIndex />,
    handle: {
      page: (role: string | null) =>
        role === 'manager'
          ? PAGES.managerHome
          : role === 'waiter'
            ? PAGES.ordersBoard
            : role === 'kitchen'
              ? PAGES.kitchen
              : undefined,
    } satisfies PageHandle,
  },
  { path: A.restaurants, ...serve(PAGES.restaurants, OWNER_ROLES) },
  { path: A.restaurantNew, ...serve(PAGES.restaurantForm, ADMIN_ONLY) },
  { path: A.restaurantEdit, ...serve(PAGES.restaurantForm, OWNER_ROLES) },
  { path: A.managers, ...serve(PAGES.managers, ADMIN_ONLY) },
  { path: A.productOptions, ...serve(PAGES.productOptions, OWNER_ROLES) },
  { path: A.profile, ...serve(PAGES.profile) },
  { path: A.restaurant, ...serve(PAGES.restaurantDetail, OWNER_ROLES) },
  { path: A.products, ...serve(PAGES.productTable, OWNER_ROLES) },
  { path: A.categories, ...serve(PAGES.categoryList, OWNER_ROLES) },
  { path: A.optionRows, ...serve(PAGES.productOptionRows, OWNER_ROLES) },
  { path: A.product, ...serve(PAGES.productDetail, OWNER_ROLES) },
  { path: A.untranslated, ...serve(PAGES.untranslated, OWNER_ROLES) },
  {
    path: A.modules,
    element: (
      <RequireRole roles={ADMIN_ONLY}>
        <Suspense fallback={<Loading />}>
          <ModulesPage />
        </Suspense>
      </RequireRole>
    ),
  },
  { path: A.orders, ...serve(PAGES.ordersBoard, ADMIN_ONLY) },
  { path: A.orderHistory, ...serve(PAGES.ordersHistory, ADMIN_ONLY) },
  { path: A.orderingSettings, ...serve(PAGES.orderingSettings, ADMIN_ONLY) },
  { path: A.reports, ...serve(PAGES.restaurantsReport, ADMIN_ONLY) },
  { path: A.restaurantReports, ...serve(PAGES.reports, ADMIN_ONLY) },
  { path: A.staff, ...serve(PAGES.staff, ADMIN_ONLY) },
  { path: '*', element: toNotFound },
];

/** Manager pages without the /admin prefix (react-router matches paths case-insensitively). */
export const managerRoutes: RouteObject[] = [
  { path: M.restaurant, ...serve(PAGES.restaurantDetail, OWNER_ROLES) },
  { path: M.productOptions, ...serve(PAGES.productOptions, OWNER_ROLES) },
  { path: M.optionRows, ...serve(PAGES.productOptionRows, OWNER_ROLES) },
  { path: M.productOptionsIndex, ...serve(PAGES.productOptions, OWNER_ROLES) },
  { path: M.stopList, ...serve(PAGES.stopList, STOP_LIST_ROLES) },
  { path: M.products, ...serve(PAGES.productTable, OWNER_ROLES) },
  { path: M.restaurantCard, ...serve(PAGES.managerHome, OWNER_ROLES) },
  { path: M.product, ...serve(PAGES.productDetail, OWNER_ROLES) },
  { path: M.categories, ...serve(PAGES.categoryList, OWNER_ROLES) },
  { path: M.untranslated, ...serve(PAGES.untranslated, OWNER_ROLES) },
  { path: M.orders, ...serve(PAGES.ordersBoard, BOARD_ROLES) },
  { path: M.orderHistory, ...serve(PAGES.ordersHistory, MANAGER_ONLY) },
  { path: M.orderingSettings, ...serve(PAGES.orderingSettings, MANAGER_ONLY) },
  { path: M.reports, ...serve(PAGES.reports, MANAGER_ONLY) },
  { path: M.staff, ...serve(PAGES.staff, MANAGER_ONLY) },
  { path: ROUTES.staff.kitchen, ...serve(PAGES.kitchen, KITCHEN_ONLY) },
];

export function createRoutes(): RouteObject[] {
  return [
    { path: ROUTES.login, element: <LoginRoute /> },
    { path: `${ROUTES.home}/*`, element: <Navigate to={A.home} replace /> },
    { path: ROUTES.notFound, element: <NotFoundPage /> },
    {
      element: <RequireToken />,
      children: [
        {
          element: <Area />,
          children: [{ path: A.home, children: adminRoutes }, ...managerRoutes],
        },
      ],
    },
    { path: '*', element: toNotFound },
  ];
}

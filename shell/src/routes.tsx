/**
 * The route table (docs/SCREENS.md, "Addresses"): which remote and expose serve each pattern of the shared
 * catalogue (`@qrmenu/shared/paths`, the same patterns every remote links with).
 * Admin area: `/admin/*`; manager pages also live at top level (no /admin prefix).
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { KnownRole } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole, RequireToken } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { PAGES } from './pages';
import { Loading, RemotePage } from './RemotePage';
import type { RemoteRef } from './remotes';

// Role names typed by the shared schema (a type-only import keeps zod off the first page).
const OWNER_ROLES: readonly KnownRole[] = ['admin', 'manager'];
const ADMIN_ONLY: readonly KnownRole[] = ['admin'];
/** The stop-list is the managers' only: admins have no stop-list screen of their own. */
const MANAGER_ONLY: readonly KnownRole[] = ['manager'];

/** Layouts, the UI facade (Chakra) and TanStack Query load only after login. */
const AreaLayout = lazy(() => import('./layouts/AreaLayout'));

const page = (ref: RemoteRef) => <RemotePage remote={ref.remote} expose={ref.expose} />;
const only = (roles: readonly string[], ref: RemoteRef) => (
  <RequireRole roles={roles}>{page(ref)}</RequireRole>
);
const toNotFound = <Navigate to={ROUTES.notFound} replace />;

/** `/`: the login screen, or /home when a token is stored. */
function LoginRoute() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Navigate to={ROUTES.home} replace /> : page(PAGES.login);
}

/**
 * `/admin`: managers get their home, admins the restaurant list. Other roles stay in the sidebar
 * layout on their profile: the restaurant list is not theirs.
 */
function AdminIndex() {
  const { isManager, isAdmin } = useSession();
  if (isManager) return page(PAGES.managerHome);
  return <Navigate to={isAdmin ? ROUTES.admin.restaurants : ROUTES.admin.profile} replace />;
}

function Area() {
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
  { index: true, element: <AdminIndex /> },
  { path: A.restaurants, element: only(OWNER_ROLES, PAGES.restaurants) },
  { path: A.restaurantNew, element: only(ADMIN_ONLY, PAGES.restaurantForm) },
  { path: A.restaurantEdit, element: only(OWNER_ROLES, PAGES.restaurantForm) },
  { path: A.managers, element: only(ADMIN_ONLY, PAGES.managers) },
  { path: A.productOptions, element: page(PAGES.productOptions) },
  { path: A.profile, element: page(PAGES.profile) },
  { path: A.restaurant, element: page(PAGES.restaurantDetail) },
  { path: A.products, element: page(PAGES.productTable) },
  { path: A.categories, element: page(PAGES.categoryList) },
  { path: A.optionRows, element: page(PAGES.productOptionRows) },
  { path: A.product, element: page(PAGES.productDetail) },
  { path: A.untranslated, element: page(PAGES.untranslated) },
  { path: '*', element: toNotFound },
];

/** Manager pages without the /admin prefix (react-router matches paths case-insensitively). */
export const managerRoutes: RouteObject[] = [
  { path: M.restaurant, element: page(PAGES.restaurantDetail) },
  { path: M.productOptions, element: page(PAGES.productOptions) },
  { path: M.optionRows, element: page(PAGES.productOptionRows) },
  { path: M.productOptionsIndex, element: page(PAGES.productOptions) },
  { path: M.stopList, element: only(MANAGER_ONLY, PAGES.stopList) },
  { path: M.products, element: page(PAGES.productTable) },
  { path: M.restaurantCard, element: page(PAGES.managerHome) },
  { path: M.product, element: page(PAGES.productDetail) },
  { path: M.categories, element: page(PAGES.categoryList) },
  { path: M.untranslated, element: page(PAGES.untranslated) },
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

/**
 * The route table of spec section 2, in one place: which remote and expose serve each page.
 * Admin area: `/admin/*`; manager pages also live at top level (no /admin prefix).
 */
import type { KnownRole } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole, RequireToken } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { Loading, RemotePage } from './RemotePage';
import type { RemoteRef } from './remotes';

/** Which remote/expose serves each page (docs/ARCHITECTURE.md). */
export const PAGES = {
  login: { remote: 'mfe_auth', expose: './LoginPage' },
  profile: { remote: 'mfe_auth', expose: './ProfilePage' },
  managerHome: { remote: 'mfe_restaurants', expose: './ManagerHome' },
  restaurants: { remote: 'mfe_restaurants', expose: './RestaurantsPage' },
  restaurantDetail: { remote: 'mfe_restaurants', expose: './RestaurantDetailPage' },
  restaurantForm: { remote: 'mfe_restaurants', expose: './RestaurantFormPage' },
  managers: { remote: 'mfe_restaurants', expose: './ManagersPage' },
  // later issues: "not available" until /config.json names their manifests
  categoryList: { remote: 'mfe_catalog', expose: './CategoryListPage' },
  productTable: { remote: 'mfe_catalog', expose: './ProductTablePage' },
  productDetail: { remote: 'mfe_catalog', expose: './ProductDetailPage' },
  productOptions: { remote: 'mfe_catalog', expose: './ProductOptionPage' },
  productOptionRows: { remote: 'mfe_catalog', expose: './ProductOptionRowPage' },
  stopList: { remote: 'mfe_stoplist', expose: './StopListPage' },
} as const satisfies Record<string, RemoteRef>;

/** Pages warmed after the area's first paint, so the first move to another module is quick. */
export const PREFETCH = {
  sidebar: [PAGES.restaurants, PAGES.profile],
  admin: [PAGES.restaurants, PAGES.profile, PAGES.managers, PAGES.restaurantForm],
  manager: [PAGES.managerHome, PAGES.profile, PAGES.restaurantDetail],
} as const satisfies Record<string, readonly RemoteRef[]>;

// Role names typed by the shared schema (a type-only import keeps zod off the first page).
const OWNER_ROLES: readonly KnownRole[] = ['admin', 'manager'];
const ADMIN_ONLY: readonly KnownRole[] = ['admin'];

/** Layouts, the UI facade (Chakra) and TanStack Query load only after login. */
const AreaLayout = lazy(() => import('./layouts/AreaLayout'));

const page = (ref: RemoteRef) => <RemotePage remote={ref.remote} expose={ref.expose} />;
const only = (roles: readonly string[], ref: RemoteRef) => (
  <RequireRole roles={roles}>{page(ref)}</RequireRole>
);
const toNotFound = <Navigate to="/not-found" replace />;

/** `/`: the login screen, or /home when a token is stored. */
function LoginRoute() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Navigate to="/home" replace /> : page(PAGES.login);
}

/**
 * `/admin`: managers get their home, admins the restaurant list. Other roles stay in the sidebar
 * layout (spec 2) on their profile: the restaurant list is not theirs (spec 6).
 */
function AdminIndex() {
  const { isManager, isAdmin } = useSession();
  if (isManager) return page(PAGES.managerHome);
  return <Navigate to={isAdmin ? '/admin/restaurants' : '/admin/profile'} replace />;
}

function Area() {
  return (
    <Suspense fallback={<Loading />}>
      <AreaLayout />
    </Suspense>
  );
}

export const adminRoutes: RouteObject[] = [
  { index: true, element: <AdminIndex /> },
  { path: 'restaurants', element: only(OWNER_ROLES, PAGES.restaurants) },
  { path: 'restaurants/new', element: only(ADMIN_ONLY, PAGES.restaurantForm) },
  { path: 'restaurants/:id/edit', element: only(OWNER_ROLES, PAGES.restaurantForm) },
  { path: 'managers', element: only(ADMIN_ONLY, PAGES.managers) },
  { path: 'product-option/:ProductId', element: page(PAGES.productOptions) },
  { path: 'profile', element: page(PAGES.profile) },
  { path: 'viewRestaurant/:id/:slug', element: page(PAGES.restaurantDetail) },
  { path: 'viewProduct/:category_id/:id', element: page(PAGES.productTable) },
  { path: 'categoryList/:id', element: page(PAGES.categoryList) },
  { path: 'product-option-row/:id', element: page(PAGES.productOptionRows) },
  { path: 'product-detail/:ProductId/:id', element: page(PAGES.productDetail) },
  { path: '*', element: toNotFound },
];

/** Manager pages without the /admin prefix (react-router matches paths case-insensitively). */
export const managerRoutes: RouteObject[] = [
  { path: '/viewRestaurant/:id', element: page(PAGES.restaurantDetail) },
  { path: '/product-option/:ProductId', element: page(PAGES.productOptions) },
  { path: '/product-option-row/:id', element: page(PAGES.productOptionRows) },
  { path: '/product-option', element: page(PAGES.productOptions) },
  { path: '/ProductStopList', element: page(PAGES.stopList) },
  { path: '/ProductTable/:category_id', element: page(PAGES.productTable) },
  { path: '/getManagerRestaurant', element: page(PAGES.managerHome) },
  { path: '/product-detail/:ProductId/:id', element: page(PAGES.productDetail) },
  { path: '/categoryList', element: page(PAGES.categoryList) },
];

export function createRoutes(): RouteObject[] {
  return [
    { path: '/', element: <LoginRoute /> },
    { path: '/home/*', element: <Navigate to="/admin" replace /> },
    { path: '/not-found', element: <NotFoundPage /> },
    {
      element: <RequireToken />,
      children: [
        {
          element: <Area />,
          children: [{ path: '/admin', children: adminRoutes }, ...managerRoutes],
        },
      ],
    },
    { path: '*', element: toNotFound },
  ];
}

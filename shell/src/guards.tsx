import { ROUTES } from '@qrmenu/shared/paths';
import { useSession } from '@qrmenu/shared/session';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';

/** `/admin/*` and the manager routes need a stored token; without one, back to the login screen. */
export function RequireToken() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? <Outlet /> : <Navigate to={ROUTES.login} replace />;
}

/** Routes defined only for some roles (docs/SCREENS.md, "Addresses"): other roles land on the 404 page. */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { role } = useSession();
  return role !== null && roles.includes(role) ? children : <Navigate to={ROUTES.notFound} replace />;
}

import { isStaffRole, ROLES, type StaffRole, visitorId } from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound, unauthorized } from './errors';
import type { TokenPayload } from './sessions';

/**
 * Who may call a route (docs/ARCHITECTURE.md, "Access"): pub = no token needed, any = any valid token,
 * adm = admin, own = admin or manager (ownership of a thing is checked by the helpers below), and
 * the staff roles a route names in `config.staff` (a waiter, the kitchen: of that restaurant only;
 * what each may do there is the service's rule), staff = a staff account only (its own things),
 * key = a module's deploy key or an admin (the releases service checks the key against the
 * module: `releaseCaller`).
 */
export type Access = 'pub' | 'any' | 'adm' | 'own' | 'key' | 'staff';

export interface AuthUser {
  _id: string;
  login: string;
  role: string;
  /** A staff account's restaurant (null for admins, managers and other roles). */
  restaurantId: string | null;
  /** A device session (a kitchen tablet): its id, the token's; every action names its person by PIN. */
  deviceId: string | null;
}

export type { TokenPayload } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** With `own`: the staff roles that may call it too, on their own restaurant. */
    staff?: readonly StaffRole[];
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: AuthUser | null;
  }
}

export const isAdmin = (user: AuthUser | null | undefined): boolean => user?.role === ROLES.admin;
export const isManager = (user: AuthUser | null | undefined): boolean => user?.role === ROLES.manager;
/** A staff account of a restaurant (a waiter or the kitchen; without a restaurant it owns nothing). */
export const isStaff = (
  user: AuthUser | null | undefined,
): user is AuthUser & { role: StaffRole; restaurantId: string } =>
  !!user && isStaffRole(user.role) && user.restaurantId !== null;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** The verified payload of the request's bearer token, 'invalid', or null when there is none. */
export function verifiedToken(request: FastifyRequest): TokenPayload | 'invalid' | null {
  const token = bearerToken(request);
  if (!token) return request.headers.authorization ? 'invalid' : null;
  let payload: TokenPayload;
  try {
    payload = request.server.jwt.verify<TokenPayload>(token);
  } catch {
    return 'invalid';
  }
  if (typeof payload?.sub !== 'string') return 'invalid';
  if (payload.ep !== undefined && !Number.isInteger(payload.ep)) return 'invalid';
  if (payload.jti !== undefined && typeof payload.jti !== 'string') return 'invalid';
  if (payload.dv !== undefined && (payload.dv !== 1 || typeof payload.jti !== 'string')) return 'invalid';
  return payload;
}

/**
 * Resolves the caller from the bearer token: the user must still exist and be active, the token
 * must be of the user's current session epoch and not logged out (sessions.ts). One indexed read
 * per request, so an ended session is refused at once by every server.
 */
async function authenticate(request: FastifyRequest): Promise<AuthUser | 'invalid' | null> {
  const payload = verifiedToken(request);
  if (payload === null || payload === 'invalid') return payload;
  const row = await request.server.repos.sessions.findUser(payload.sub, payload.jti);
  if (!row || row.epoch !== (payload.ep ?? 0)) return 'invalid';
  return {
    _id: row.id,
    login: row.login,
    role: row.role,
    restaurantId: isStaffRole(row.role) ? row.restaurantId : null,
    deviceId: payload.dv === 1 ? (payload.jti ?? null) : null,
  };
}

/**
 * Whether the session behind this request may still follow restaurant `restaurantId` (a live
 * stream asks before each event it sends, and while idle): the token not expired, its user
 * active, in the same session epoch and not logged out (the access check's one read), and still
 * an admin, that restaurant's manager or one of its staff. A logout, a new password, a
 * deactivation, a device revoked or a restaurant given to another manager ends the stream on
 * every server.
 */
export function sessionFollows(request: FastifyRequest, restaurantId: string): () => Promise<boolean> {
  const payload = verifiedToken(request);
  const { repos } = request.server;
  return async () => {
    if (payload === null || payload === 'invalid') return false;
    if (payload.exp !== undefined && payload.exp * 1000 <= Date.now()) return false;
    const row = await repos.sessions.findUser(payload.sub, payload.jti);
    if (!row || row.epoch !== (payload.ep ?? 0)) return false;
    if (row.role === ROLES.admin) return true;
    if (isStaffRole(row.role)) return row.restaurantId === restaurantId;
    return row.role === ROLES.manager && repos.restaurants.isManagedBy(restaurantId, row.id);
  };
}

/** The one onRequest hook enforcing `config.access` of the matched route. */
export async function accessHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const access: Access = request.routeOptions.config?.access ?? 'pub';
  const result = await authenticate(request);
  const user = result === 'invalid' ? null : result;
  request.user = user;
  if (access === 'pub') return;
  if (access === 'key') {
    // a deploy key is no token (result 'invalid'): the service checks it; a signed-in non-admin may not
    if (user && !isAdmin(user)) throw forbidden('Admins and deploy keys only');
    return;
  }
  if (!user)
    throw unauthorized(result === 'invalid' ? 'Invalid or expired token' : 'Authentication required');
  if (access === 'any') return;
  if (access === 'adm' && !isAdmin(user)) throw forbidden('Admins only');
  if (access === 'staff' && !isStaff(user)) throw forbidden('Staff accounts only');
  if (access === 'own' && !isAdmin(user) && !isManager(user)) {
    const staff = request.routeOptions.config?.staff ?? [];
    if (!isStaff(user) || !staff.includes(user.role))
      throw forbidden(staff.length > 0 ? 'Admins, managers and staff only' : 'Admins and managers only');
  }
}

/**
 * Who asks a `key` route for a change, as the releases service takes it: an admin (its token
 * passed the access hook), or the bearer that was no token (a deploy key, or nothing).
 */
export function releaseCaller(
  request: FastifyRequest,
): { admin: true } | { admin: false; key: string | null } {
  if (isAdmin(request.user)) return { admin: true };
  return { admin: false, key: bearerToken(request) };
}

/**
 * Whom a canary split is made for: the signed-in account, else the browser's random visitor id
 * (`?visitor=`), else nobody (the stable releases).
 */
export function releaseSubject(request: FastifyRequest, visitor: string | undefined): string | null {
  if (request.user) return `user:${request.user._id}`;
  return visitor && visitorId.safeParse(visitor).success ? `visitor:${visitor}` : null;
}

/** The caller of an `own` route: an admin, a manager, or a staff account the route let in. */
function requireUser(request: FastifyRequest): AuthUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (!isAdmin(user) && !isManager(user) && !isStaff(user)) throw forbidden('Admins and managers only');
  return user;
}

/** True when the caller is an admin or the manager of that restaurant (no throw). */
export async function canManageRestaurant(request: FastifyRequest, restaurantId: string): Promise<boolean> {
  const user = request.user;
  if (!user) return false;
  if (isAdmin(user)) return true;
  if (!isManager(user)) return false;
  return request.server.repos.restaurants.isManagedBy(restaurantId, user._id);
}

/**
 * Admin: the restaurant must exist; manager: it must be the manager's own. Otherwise 404
 * (another restaurant's things are "not found").
 */
export async function assertOwnsRestaurant(request: FastifyRequest, restaurantId: string): Promise<void> {
  const user = requireUser(request);
  const { restaurants } = request.server.repos;
  const owned = isAdmin(user)
    ? await restaurants.exists(restaurantId)
    : isStaff(user)
      ? user.restaurantId === restaurantId
      : await restaurants.isManagedBy(restaurantId, user._id);
  if (!owned) throw notFound('Restaurant not found');
}

/**
 * `assertOwnsRestaurant` for this request, as the services take it (services/context.ts
 * `AssertOwner`): a service calls it once it knows whose thing the request names.
 */
export const ownerCheck =
  (request: FastifyRequest) =>
  (restaurantId: string, managerId?: string | null): Promise<void> =>
    managerId === undefined || isStaff(request.user)
      ? assertOwnsRestaurant(request, restaurantId)
      : assertOwnsRead(request, managerId);

/**
 * `assertOwnsRestaurant` on a restaurant read a moment ago with the thing the request names
 * (`managerId`: its manager, null for none): it exists, so only a manager's own is checked.
 */
async function assertOwnsRead(request: FastifyRequest, managerId: string | null): Promise<void> {
  const user = requireUser(request);
  if (!isAdmin(user) && managerId !== user._id) throw notFound('Restaurant not found');
}

/** A request whose query may name a restaurant (`?restaurant_id=`, in the route's querystring schema). */
type NamingRestaurant = FastifyRequest & { query: { restaurant_id?: string | null | undefined } };

/**
 * The restaurant a list route works on: admins must name it (`?restaurant_id=`, 400 if absent,
 * 404 if unknown); a manager gets its own (404 if it has none or names another one), and so does
 * a staff account (its restaurant).
 */
export async function ownedRestaurantId(request: NamingRestaurant): Promise<string> {
  const user = requireUser(request);
  const wanted = request.query.restaurant_id?.trim() || undefined;
  if (isStaff(user)) {
    if (wanted && wanted !== user.restaurantId) throw notFound('Restaurant not found');
    return user.restaurantId;
  }
  if (isAdmin(user)) {
    if (!wanted) {
      throw badRequest('restaurant_id is required', [{ path: 'restaurant_id', message: 'Required' }]);
    }
    if (!(await request.server.repos.restaurants.exists(wanted))) throw notFound('Restaurant not found');
    return wanted;
  }
  const own = await request.server.repos.restaurants.findOfManager(user._id);
  if (!own) throw notFound('Restaurant not found');
  if (wanted && wanted !== own.id) throw notFound('Restaurant not found');
  return own.id;
}

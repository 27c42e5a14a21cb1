import { ROLES } from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound, unauthorized } from './errors';

/**
 * Who may call a route (CONTRACT.md): pub = no token needed, any = any valid token,
 * adm = admin, own = admin or manager (ownership of a thing is checked by the helpers below).
 */
export type Access = 'pub' | 'any' | 'adm' | 'own';

export interface AuthUser {
  _id: string;
  login: string;
  role: string;
}

export interface TokenPayload {
  sub: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
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

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

/** Resolves the caller from the bearer token: the user must still exist and be active. */
async function authenticate(request: FastifyRequest): Promise<AuthUser | 'invalid' | null> {
  const token = bearerToken(request);
  if (!token) return request.headers.authorization ? 'invalid' : null;
  let payload: TokenPayload;
  try {
    payload = request.server.jwt.verify<TokenPayload>(token);
  } catch {
    return 'invalid';
  }
  if (typeof payload?.sub !== 'string') return 'invalid';
  const row = await request.server.repos.users.findActive(payload.sub);
  if (!row) return 'invalid';
  return { _id: row.id, login: row.login, role: row.role };
}

/** The one onRequest hook enforcing `config.access` of the matched route. */
export async function accessHook(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const access: Access = request.routeOptions.config?.access ?? 'pub';
  const result = await authenticate(request);
  const user = result === 'invalid' ? null : result;
  request.user = user;
  if (access === 'pub') return;
  if (!user)
    throw unauthorized(result === 'invalid' ? 'Invalid or expired token' : 'Authentication required');
  if (access === 'any') return;
  if (access === 'adm' && !isAdmin(user)) throw forbidden('Admins only');
  if (access === 'own' && !isAdmin(user) && !isManager(user)) throw forbidden('Admins and managers only');
}

function requireUser(request: FastifyRequest): AuthUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (!isAdmin(user) && !isManager(user)) throw forbidden('Admins and managers only');
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
    : await restaurants.isManagedBy(restaurantId, user._id);
  if (!owned) throw notFound('Restaurant not found');
}

/**
 * The restaurant a list route works on: admins must name it (`?restaurant_id=`, 400 if absent,
 * 404 if unknown); a manager gets its own (404 if it has none or names another one).
 */
export async function ownedRestaurantId(request: FastifyRequest, requested?: string | null): Promise<string> {
  const user = requireUser(request);
  const wanted = requested?.trim() || undefined;
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

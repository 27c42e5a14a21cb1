/**
 * Who acts, for a request that moves an order or a call (docs/PRODUCT.md, "Signing in on the
 * floor"): the signed-in account, or on a device of the restaurant (a kitchen tablet) the person
 * whose PIN came in the `x-staff-pin` header (`app.staff.actorOf`: a PIN required there, a device
 * locked after a few wrong ones). Whose board a read is for (`viewerOf`): the caller, with a
 * waiter's `?tables=` scope.
 */
import { STAFF_PIN_HEADER, type TableScope } from '@qrmenu/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../services/orders';
import type { Actor } from '../services/staff';
import { unauthorized } from './errors';

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = request.user;
  if (!user) throw unauthorized();
  const pin = request.headers[STAFF_PIN_HEADER];
  return request.server.staff.actorOf(user, typeof pin === 'string' ? pin.trim() : undefined);
}

export function viewerOf(request: FastifyRequest, scope?: TableScope): Viewer {
  const user = request.user;
  if (!user) throw unauthorized();
  return { role: user.role, userId: user._id, scope };
}

/**
 * Who acts on an order or a call, and what their role lets them do there (docs/PRODUCT.md, "The
 * restaurant's staff"). The routes and the Telegram webhook say who acts (an `Actor`); the orders'
 * service asks these rules before it writes, and records the move under the actor.
 *
 * - An admin, a manager, and an administrator of the staff's Telegram chat with no account here
 *   (`chat`): every move of the board, on every table.
 * - A waiter: accepts, rejects, serves, marks calls done and closes a table's bill, on their
 *   tables: a table given to them, a table given to nobody (or to an account no longer an active
 *   waiter), or an order or call they took over from another waiter's table (one tap, recorded).
 * - The kitchen: «Tayyor» (an accepted order ready), nothing else of the board.
 */
import type { ActionVia, OrderStatus } from '@qrmenu/shared/schemas';
import { ROLES } from '@qrmenu/shared/schemas';
import { notAllowed } from '../../domain/errors';

/** `chat`: a Telegram chat administrator with no account here, as that chat lets them act. */
export type ActorRole = 'admin' | 'manager' | 'waiter' | 'kitchen' | 'chat';

export interface Actor {
  /** The account (null: a chat administrator with no account here). */
  userId: string | null;
  role: ActorRole;
  /** The name recorded and shown: a staff member's name (or login), a Telegram name. */
  name: string;
  via: ActionVia;
}

/** The moves of an order each role may make. */
const ORDER_MOVES: Record<ActorRole, readonly OrderStatus[]> = {
  admin: ['accepted', 'rejected', 'ready', 'served'],
  manager: ['accepted', 'rejected', 'ready', 'served'],
  chat: ['accepted', 'rejected', 'ready', 'served'],
  waiter: ['accepted', 'rejected', 'served'],
  kitchen: ['ready'],
};

/**
 * The refusals' `details` (the board and Telegram say each in Uzbek): `role` (not this role's
 * move), `table` (another waiter's table, not taken over).
 */
export const REFUSED = {
  role: (what: string) =>
    notAllowed(`A ${what} is not this role's`, [{ path: 'role', message: 'not_allowed' }]),
  table: () =>
    notAllowed("Another waiter's table: take it over first", [{ path: 'table', message: 'not_yours' }]),
};

export function assertMayMove(actor: Actor, to: OrderStatus): void {
  if (!ORDER_MOVES[actor.role].includes(to)) throw REFUSED.role(`move to ${to}`);
}

/** Only a waiter takes over an order or a call of another waiter's table: the waiter's id. */
export function takingOver(actor: Actor): string {
  if (actor.role !== 'waiter' || !actor.userId) throw REFUSED.role('take-over');
  return actor.userId;
}

/** Calls and bills are the floor's: not the kitchen's. */
export function assertFloor(actor: Actor, what: string): void {
  if (actor.role === ROLES.kitchen) throw REFUSED.role(what);
}

/**
 * Whether a waiter's rule lets the actor act on a table: anyone but a waiter always; a waiter on
 * their table, on a table given to nobody (`tableWaiter` null: none, or not an active waiter),
 * or on what they took over (`takenBy`).
 */
export function ownsTable(
  actor: Pick<Actor, 'role' | 'userId'>,
  tableWaiter: string | null,
  takenBy: string | null | undefined,
): boolean {
  if (actor.role !== ROLES.waiter) return true;
  return tableWaiter === null || tableWaiter === actor.userId || (!!takenBy && takenBy === actor.userId);
}

/** An actor of a signed-in account (the board; a device's person named by PIN). */
export function accountActor(
  user: { id: string; role: string; login: string; name?: string | null | undefined },
  via: ActionVia,
): Actor {
  const role = ([ROLES.admin, ROLES.manager, ROLES.waiter, ROLES.kitchen] as readonly string[]).includes(
    user.role,
  )
    ? (user.role as ActorRole)
    : null;
  // a route lets only these roles in; anything else is refused before it acts
  if (!role) throw notAllowed('This account may not act on orders');
  return { userId: user.id, role, name: user.name?.trim() || user.login, via };
}

/** What every service is made with, and the one thing a route hands a service: its access check. */
import { notFound } from '../domain/errors';
import type { PictureLimits } from '../images/limits';
import type { Repositories } from '../repos';
import type { FileStorage } from '../storage/types';
import type { Effects, Logger } from './effects';

export interface ServiceContext {
  /** The repositories: of the database, or of one transaction (`Services.transaction`). */
  repos: Repositories;
  /** Stale-answer notices and picture releases (effects.ts). */
  effects: Effects;
  storage: FileStorage;
  pictureLimits: PictureLimits;
  log: Logger;
}

/**
 * The caller's access check, handed by the route (http/access.ts `ownerCheck(request)`): it
 * passes when the caller may change restaurant `restaurantId` and throws (404) otherwise. A
 * service calls it once it knows whose thing a request names, before it writes anything.
 * `managerId`: the restaurant's manager (null: none), when the read that found the thing read it
 * too; the check then needs no read of its own (a write's statements: one fewer).
 */
export type AssertOwner = (restaurantId: string, managerId?: string | null) => Promise<void>;

/**
 * The thing a request names, once the caller's check passed on its restaurant: 404 with
 * `missing` when there is none (a service's reads answer undefined for it).
 */
export async function owned<T extends { restaurant_id: string; manager_id?: string | null }>(
  found: T | undefined,
  missing: string,
  assertOwner: AssertOwner,
): Promise<T> {
  if (!found) throw notFound(missing);
  await assertOwner(found.restaurant_id, found.manager_id);
  return found;
}

/** What every service is made with, and the one thing a route hands a service: its access check. */
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
 */
export type AssertOwner = (restaurantId: string) => Promise<void>;

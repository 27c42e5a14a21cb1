/**
 * What a write sets off besides its rows, in one place so that no caller has to remember it:
 * - stale answers: every server's answer cache forgets the answers a write changed (app.cacheBus,
 *   state/). This server's cache clears at once; the others hear it within milliseconds, and the
 *   write's answer does not wait for them (a failed notice is logged: the cache's short TTL ends
 *   the staleness anyway);
 * - released pictures: the restaurant's pictures that nothing refers to any more are deleted,
 *   files first (images/lifecycle.ts). The write has succeeded whatever happens here: a failure
 *   is logged and the next release of the restaurant finishes it.
 *
 * Outside a transaction each runs when asked, right after the write. Inside one
 * (`Services.transaction`) they wait for the commit and run once per restaurant however many
 * writes asked (a rolled-back write sets off nothing).
 */
import { sweepPictures } from '../images/lifecycle';
import type { Repositories } from '../repos';
import type { CacheBus, CacheScope } from '../state/types';
import type { FileStorage } from '../storage/types';

export interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Effects {
  /** The answers of a restaurant (and the admin's lists), every answer, or the modules' releases: stale. */
  stale(scope: CacheScope): void;
  /** Deletes the restaurant's pictures nothing refers to (all of them once it is deleted). */
  releasePictures(restaurantId: string): Promise<void>;
}

export interface EffectsDeps {
  /** The repositories outside any transaction: a release after a commit reads what it left. */
  repos: Repositories;
  storage: FileStorage;
  cacheBus: CacheBus;
  log: Logger;
}

export function immediateEffects({ repos, storage, cacheBus, log }: EffectsDeps): Effects {
  return {
    stale(scope) {
      cacheBus
        .publish(scope)
        .catch((err: unknown) => log.warn({ err, scope }, 'stale-answer notice not sent'));
    },
    async releasePictures(restaurantId) {
      try {
        await sweepPictures(repos, storage, restaurantId);
      } catch (err) {
        log.error({ err, restaurantId }, 'deleting unreferenced pictures failed; the next release retries');
      }
    },
  };
}

/** Effects held until `commit()`; each restaurant's release and one merged notice then. */
export function deferredEffects(deps: EffectsDeps): Effects & { commit(): Promise<void> } {
  const now = immediateEffects(deps);
  const releases = new Set<string>();
  const stale = new Set<string>();
  let everything = false;
  let modulesChanged = false;
  return {
    stale(scope) {
      if (scope === 'answers') everything = true;
      else if (scope === 'releases') modulesChanged = true;
      else for (const id of scope.restaurants) stale.add(id);
    },
    async releasePictures(restaurantId) {
      releases.add(restaurantId);
    },
    async commit() {
      for (const id of releases) await now.releasePictures(id);
      if (modulesChanged) now.stale('releases');
      if (everything) now.stale('answers');
      else if (stale.size > 0) now.stale({ restaurants: [...stale] });
    },
  };
}

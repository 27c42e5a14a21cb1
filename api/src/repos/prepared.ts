/**
 * Prepared queries for the hot read paths (the public product list and detail): a query built
 * and compiled once per database handle, then run with new parameter values, skipping Kysely's
 * per-call building and compiling.
 */
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { Q } from './query';

const PARAM = '\u0000param:';

/** `build` makes the query once per handle; `p(name)` marks a slot filled by `values[name]` on each run. */
export function prepared<O, K extends string>(build: (db: Q, p: (name: K) => string) => Compilable<O>) {
  const cache = new WeakMap<Q, { compiled: CompiledQuery<O>; slots: (K | null)[] }>();
  return async (db: Q, values: Record<K, unknown>): Promise<O[]> => {
    let entry = cache.get(db);
    if (!entry) {
      const compiled = build(db, (name) => `${PARAM}${name}`).compile();
      const slots = compiled.parameters.map((v) =>
        typeof v === 'string' && v.startsWith(PARAM) ? (v.slice(PARAM.length) as K) : null,
      );
      entry = { compiled, slots };
      cache.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = compiled.parameters.map((v, i) => {
      const slot = slots[i];
      return slot == null ? v : values[slot];
    });
    const result = await db.executeQuery<O>({ ...compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

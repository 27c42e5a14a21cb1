/**
 * Prepared queries for the hot paths (every request's session read, the access checks, the public
 * product list and detail): a query built and compiled once per database handle, then run with
 * new parameter values, skipping Kysely's per-call building and compiling.
 *
 * On SQLite each value goes in as `cast(? as text)`, not a bare `?`: SQLite plans a statement
 * again on every run whose bound value might change its plan ("the statement will be
 * automatically recompiled ... following any change to the bindings of that parameter"): a
 * join's key carried over to the joined table, or an indexed column with ANALYZE's samples
 * (sqlite_stat4). The bench measured the product by id with its category at ~12 us against ~4 us,
 * a category's products at 84 us against 41 us. A cast is an expression the planner does not
 * look into: the plan is made once, with the same indexes. Every slot is text (ids, a token id);
 * PostgreSQL plans its own way and gets the bare parameter.
 *
 * A constant goes into the SQL as a literal (`sql.lit(1)`), never as a bound value: a bound `1`
 * in `is_active = ?` made SQLite plan the public product list again on every run, 54-85 us
 * against 22-36 us for its 20 rows (docs/BENCHMARKS.md). Building a prepared query with a bound constant
 * fails (on both databases, so that the tests of either catch it), so none slips back in.
 */
import { type Compilable, type CompiledQuery, createQueryId, type Expression, sql } from 'kysely';
import { isPostgres, type Q } from './query';

const PARAM = '\u0000param:';

/**
 * A text value as SQLite takes it without planning the statement again on every run (above):
 * for a hot statement built per call whose value meets an indexed column (a new item's parent).
 */
export const plannedOnce = (value: string): Expression<string> => sql<string>`cast(${value} as text)`;

/**
 * `build` makes the query once per handle; `p(name)` is a text slot filled by `values[name]` on
 * each run, `n(name)` a number slot (a LIMIT, an OFFSET: no plan depends on them).
 */
export function prepared<O, K extends string>(
  build: (db: Q, p: (name: K) => Expression<string>, n: (name: K) => Expression<number>) => Compilable<O>,
) {
  const cache = new WeakMap<Q, { compiled: CompiledQuery<O>; slots: K[] }>();
  return async (db: Q, values: Record<K, unknown>): Promise<O[]> => {
    let entry = cache.get(db);
    if (!entry) {
      const bare = isPostgres(db);
      const slot = (name: K) => {
        const marker = `${PARAM}${name}`;
        return bare ? sql<string>`${marker}` : plannedOnce(marker);
      };
      const compiled = build(db, slot, (name) => sql<number>`${`${PARAM}${name}`}`).compile();
      const slots = compiled.parameters.map((v) => {
        if (typeof v === 'string' && v.startsWith(PARAM)) return v.slice(PARAM.length) as K;
        throw new Error(
          `a prepared query binds the constant ${JSON.stringify(v)}: write it with sql.lit (SQLite would plan the statement on every run)`,
        );
      });
      entry = { compiled, slots };
      cache.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot) => values[slot]);
    const result = await db.executeQuery<O>({ ...compiled, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

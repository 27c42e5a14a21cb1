/**
 * Edits send only changed fields (spec 4). `changedFields(initial, values)` keeps the keys of
 * `values` whose value differs from `initial` (deep comparison for arrays/objects; `''`, `null`
 * and `undefined` count as the same "empty"). An empty object means nothing changed.
 */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

export function changedFields<T extends object>(
  initial: Partial<Record<keyof T, unknown>> | null | undefined,
  values: T,
): Partial<T> {
  const out: Partial<T> = {};
  const base = (initial ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(values) as (keyof T & string)[]) {
    const next = values[key];
    if (next === undefined) continue;
    if (!same(base[key], next)) out[key] = next;
  }
  return out;
}

/** True when `changedFields` found something to send. */
export function hasChanges(changed: object): boolean {
  return Object.keys(changed).length > 0;
}

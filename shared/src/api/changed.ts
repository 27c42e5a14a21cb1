/**
 * Edits send only changed fields (docs/SCREENS.md, "What every screen shares"). `changedFields(initial, values)` keeps the keys of
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

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `translations` (`{ ru: { title } }`) is compared leaf by leaf: an edit sends only the languages'
 * fields that changed, so saving the Russian tab never rewrites the English one. A cleared
 * field is sent as null (the API's "clear").
 */
function changedTranslations(initial: unknown, next: Record<string, unknown>): Record<string, unknown> {
  const base = isPlainObject(initial) ? initial : {};
  const out: Record<string, unknown> = {};
  for (const [lang, fields] of Object.entries(next)) {
    if (!isPlainObject(fields)) continue;
    const was = isPlainObject(base[lang]) ? (base[lang] as Record<string, unknown>) : {};
    const changed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields)) {
      if (value === undefined || same(was[field], value)) continue;
      changed[field] = isEmpty(value) ? null : value;
    }
    if (Object.keys(changed).length > 0) out[lang] = changed;
  }
  return out;
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
    if (key === 'translations' && isPlainObject(next)) {
      const changed = changedTranslations(base[key], next);
      if (Object.keys(changed).length > 0) out[key] = changed as T[typeof key];
      continue;
    }
    if (!same(base[key], next)) out[key] = next;
  }
  return out;
}

/** True when `changedFields` found something to send. */
export function hasChanges(changed: object): boolean {
  return Object.keys(changed).length > 0;
}

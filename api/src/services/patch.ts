/** Partial updates: the columns a write changes, from the fields a request (or a source) sent. */

type Converter<V> = true | ((value: Exclude<V, undefined>) => unknown);

/**
 * The update object of a partial update: for each field of `mapping` that `sent` holds (not
 * undefined), its column value (`true`: as sent; a function: converted). With `current`, only
 * the fields whose value differs from the current row's (numbers compared as numbers) are kept.
 */
export function patchOf<Row, B extends object = object>(
  sent: B,
  mapping: { [K in keyof B]?: Converter<B[K]> },
  current?: object,
): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [key, convert] of Object.entries(mapping) as [keyof B & string, Converter<unknown>][]) {
    const raw = sent[key];
    if (raw === undefined || !convert) continue;
    const value = convert === true ? raw : convert(raw);
    if (current) {
      const now = (current as Record<string, unknown>)[key];
      if (typeof value === 'number' ? Number(now) === value : now === value) continue;
    }
    out[key] = value;
  }
  return out as Partial<Row>;
}

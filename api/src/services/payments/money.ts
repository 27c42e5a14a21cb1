/**
 * Money as integers of tiyin (1 so'm = 100 tiyin), docs/PAYMENTS.md. The menu's prices are
 * numbers of so'm with at most two decimals; each is turned into tiyin once, here, and from there
 * on every amount is a whole number: sums, comparisons, the providers' fields. Click writes so'm
 * as a decimal string ("123456.78"): it is read digit by digit, never through a float.
 */

/** Tiyin of a price in so'm (rounded to the tiyin: a price has at most two decimals). */
export function somToTiyin(som: number): number {
  if (!Number.isFinite(som) || som < 0) throw new RangeError(`not a price: ${som}`);
  // toFixed(2) gives the decimal the price was written as (123456.78, not 123456.77999...)
  const [whole, frac = ''] = som.toFixed(2).split('.');
  const tiyin = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(tiyin)) throw new RangeError(`price too large: ${som}`);
  return tiyin;
}

/** Tiyin of a decimal string of so'm ("1000", "0.1", "123456.78"); undefined for anything else. */
export function decimalSomToTiyin(text: string): number | undefined {
  const m = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!m) return undefined;
  const tiyin = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(tiyin) ? tiyin : undefined;
}

/** A decimal string of so'm for tiyin: "123456.78", "1000" (what Click's link takes). */
export function tiyinToDecimalSom(tiyin: number): string {
  if (!Number.isSafeInteger(tiyin) || tiyin < 0) throw new RangeError(`not an amount: ${tiyin}`);
  const whole = Math.floor(tiyin / 100);
  const frac = tiyin % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0')}`;
}

/**
 * So'm with two decimals for tiyin: "75000.00", "123456.78" (Click's payment link takes its
 * amount as N.NN: https://docs.click.uz/click-button).
 */
export function tiyinToSomWithCents(tiyin: number): string {
  if (!Number.isSafeInteger(tiyin) || tiyin < 0) throw new RangeError(`not an amount: ${tiyin}`);
  return `${Math.floor(tiyin / 100)}.${String(tiyin % 100).padStart(2, '0')}`;
}

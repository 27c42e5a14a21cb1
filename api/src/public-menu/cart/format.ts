import { formatPrice } from '@qrmenu/shared/texts';

/**
 * A price in whole so'm with grouped digits, as each language writes it: `25 000 so'm`,
 * `25 000 сум`, `25,000 UZS`. The page (language.ts) and the guests' script both use this one.
 */
export function formatAmount(price: number, lang: string, currency: string): string {
  const digits = formatPrice(price);
  return `${lang === 'en' ? digits.replace(/ /g, ',') : digits} ${currency}`;
}

/**
 * Tiyin as the guest reads them: whole so'm grouped as `formatAmount` does, the tiyin after a
 * comma (a point in English) only when there are any. Integers only (docs/PAYMENTS.md).
 */
export function formatTiyinAmount(tiyin: number, lang: string, currency: string): string {
  const whole = formatAmount(Math.floor(tiyin / 100), lang, currency);
  const frac = tiyin % 100;
  if (!frac) return whole;
  const at = whole.lastIndexOf(' ');
  return `${whole.slice(0, at)}${lang === 'en' ? '.' : ','}${String(frac).padStart(2, '0')}${whole.slice(at)}`;
}

import { formatPrice } from '@qrmenu/shared/texts';

/**
 * A price in whole so'm with grouped digits, as each language writes it: `25 000 so'm`,
 * `25 000 сум`, `25,000 UZS`. The page (language.ts) and the guests' script both use this one.
 */
export function formatAmount(price: number, lang: string, currency: string): string {
  const digits = formatPrice(price);
  return `${lang === 'en' ? digits.replace(/ /g, ',') : digits} ${currency}`;
}

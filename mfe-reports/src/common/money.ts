/** Money and shares as the reports write them (amounts arrive in tiyin). */
import { formatTiyin } from '@qrmenu/shared/texts';

export const money = (tiyin: number | null) => (tiyin === null ? '—' : formatTiyin(tiyin));
/** Whole so'm for an axis's ticks ("1,2 mln so'm" is too long there: the number alone). */
export const som = (tiyin: number) => Math.round(tiyin / 100);
export const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

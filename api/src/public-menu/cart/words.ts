/**
 * What the guests' script is built with, one build per language (guest-script-build.ts): the
 * page's language, its currency word, the cart's words (language.ts `GUEST_WORDS[lang].cart`,
 * the Uzbek ones from the catalogue) and the order limits of the contract. Types only here and
 * one tiny helper: the script carries its words as data, not the catalogue.
 */
import type { GuestOrderPos, ORDER_LIMITS } from '@qrmenu/shared/schemas';
import type { t } from '@qrmenu/shared/texts';

/** The catalogue's Uzbek words' keys, each any text (the Russian and English ones too). */
type Words<T> = { [K in keyof T]: T[K] extends string ? string : Words<T[K]> };
export type CartWords = Words<typeof t.guestMenu.cart>;

export interface GuestScriptSettings {
  lang: 'uz' | 'ru' | 'en';
  currency: string;
  words: CartWords;
  limits: Pick<typeof ORDER_LIMITS, 'items' | 'quantity' | 'comment'>;
}

/** A word with its `{holes}` filled: `fill('Buyurtma #{number}', { number: 14 })`. */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (hole, name: string) => String(values[name] ?? hole));

/** The order's way into the kitchen's till in a guest's words (docs/ORDERS.md, "Into the POS"). */
export const posText = (pos: GuestOrderPos | null | undefined, words: CartWords): string =>
  !pos
    ? ''
    : pos.state === 'refused'
      ? fill(words.pos.refused, { names: pos.refused.join(', ') })
      : words.pos[pos.state];

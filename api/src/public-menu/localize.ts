/**
 * The menu in the guest's language: each translatable text its translation when there is one,
 * else the Uzbek value (field by field). A text shown in Uzbek on a Russian or English page is
 * marked, so the page can say `lang="uz"` on it for screen readers.
 */
import { localized, type Translations } from '@qrmenu/shared/schemas';
import type { GuestLang } from './language';
import type { Menu } from './menu-data';

/** A text of the page; `uz` when it fell back to Uzbek on a page in another language. */
export interface Said {
  text: string;
  uz?: true;
}

function say(uzbek: string, translations: Translations, lang: GuestLang, field: string): Said {
  const text = localized(uzbek, translations, lang, field);
  return lang !== 'uz' && text === uzbek && !translations[lang]?.[field] ? { text, uz: true } : { text };
}

export interface LocalMenu {
  lang: GuestLang;
  restaurant: {
    name: string;
    slug: string;
    phone_number: string;
    image: string | null;
    logotype: string | null;
    address: Said;
    work_time: Said;
    takes_orders: boolean;
  };
  categories: {
    id: string;
    title: Said;
    products: {
      id: string;
      name: Said;
      description: Said;
      price: number;
      image: string | null;
      options: {
        name: Said;
        min: number;
        max: number;
        rows: { id: string; name: Said; price: number; max: number; free: number; default: boolean }[];
      }[];
    }[];
  }[];
}

export function localizeMenu(menu: Menu, lang: GuestLang): LocalMenu {
  const r = menu.restaurant;
  return {
    lang,
    restaurant: {
      name: r.name,
      slug: r.slug,
      phone_number: r.phone_number,
      image: r.image,
      logotype: r.logotype,
      address: say(r.address, r.translations, lang, 'address'),
      work_time: say(r.work_time, r.translations, lang, 'work_time'),
      takes_orders: r.takes_orders,
    },
    categories: menu.categories.map((c) => ({
      id: c.id,
      title: say(c.title, c.translations, lang, 'title'),
      products: c.products.map((p) => ({
        id: p.id,
        name: say(p.name, p.translations, lang, 'name'),
        description: say(p.description, p.translations, lang, 'description'),
        price: p.price,
        image: p.image,
        options: p.options.map((o) => ({
          name: say(o.name, o.translations, lang, 'name'),
          min: o.min,
          max: o.max,
          rows: o.rows.map((row) => ({
            id: row.id,
            name: say(row.name, row.translations, lang, 'name'),
            price: row.price,
            max: row.max,
            free: row.free,
            default: row.default,
          })),
        })),
      })),
    })),
  };
}

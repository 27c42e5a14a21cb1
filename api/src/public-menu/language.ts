/**
 * The guests' page in Uzbek, Russian or English: which language a request gets, the
 * page's own words in each, prices per language, and the links between the three versions.
 * Pure functions: the route and the renderer call them, the tests call them directly.
 *
 * Choice: `?lang=uz|ru|en` (a printed one-language card, the page's switch), else the browser's
 * `Accept-Language` by q-value (a phone in Russian gets Russian), else Uzbek (the state language).
 */
import { CONTENT_LANGS, type ContentLang, LANGUAGE_NAMES } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { formatAmount, formatTiyinAmount } from './cart/format';
import type { CartWords } from './cart/words';

export type GuestLang = ContentLang;
const GUEST_LANGS: readonly GuestLang[] = CONTENT_LANGS;
export const DEFAULT_GUEST_LANG: GuestLang = 'uz';

const isGuestLang = (value: unknown): value is GuestLang =>
  typeof value === 'string' && (GUEST_LANGS as readonly string[]).includes(value);

/** `?lang=` as a language, or undefined (absent, unknown, repeated: the first known one). */
export function langFromQuery(value: unknown): GuestLang | undefined {
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) {
    const lang = typeof v === 'string' ? v.trim().toLowerCase() : v;
    if (isGuestLang(lang)) return lang;
  }
  return undefined;
}

/** q-values: 0 to 1 with at most three decimals (RFC 9110 12.4.2); anything else is ignored. */
const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The best of our languages by the header's q-values (order breaks ties), matching the primary
 * subtag (`ru-RU` is Russian, `uz-Latn-UZ` Uzbek); `q=0` refuses a language; `*` and languages we
 * lack choose nothing. Undefined when the header names none of ours.
 */
export function langFromAcceptLanguage(header: string | string[] | undefined): GuestLang | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const offers: { lang: GuestLang; q: number }[] = [];
  const refused = new Set<GuestLang>();
  for (const part of value.split(',')) {
    const [rawTag = '', ...params] = part.split(';');
    const primary = rawTag.trim().toLowerCase().split('-')[0];
    if (!isGuestLang(primary)) continue;
    let q = 1;
    for (const p of params) {
      const [k = '', v = ''] = p.split('=').map((s) => s.trim());
      if (k.toLowerCase() !== 'q') continue;
      q = Q_VALUE.test(v) ? Number(v) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    if (q === 0) {
      refused.add(primary);
      continue;
    }
    offers.push({ lang: primary, q });
  }
  let best: { lang: GuestLang; q: number } | undefined;
  for (const offer of offers) if (!refused.has(offer.lang) && (!best || offer.q > best.q)) best = offer;
  return best?.lang;
}

export interface LanguageChoice {
  lang: GuestLang;
  /** True when `?lang=` chose it: the answer then does not depend on `Accept-Language`. */
  explicit: boolean;
}

/** `?lang=`, else `Accept-Language`, else Uzbek. */
export function chooseGuestLanguage(
  query: unknown,
  acceptLanguage: string | string[] | undefined,
): LanguageChoice {
  const explicit = langFromQuery(query);
  if (explicit) return { lang: explicit, explicit: true };
  return { lang: langFromAcceptLanguage(acceptLanguage) ?? DEFAULT_GUEST_LANG, explicit: false };
}

/** The page's own words. Uzbek is the catalogue's (`t.guestMenu`), word for word. */
export interface GuestWords {
  title: (restaurant: string) => string;
  description: (restaurant: string, address: string) => string;
  address: string;
  phone: string;
  workTime: string;
  currency: string;
  categoriesNav: string;
  languageNav: string;
  logoAlt: (restaurant: string) => string;
  pictureAlt: (restaurant: string) => string;
  emptyMenu: string;
  notFoundTitle: string;
  notFoundText: string;
  notFoundHint: string;
  /** The cart and the order's page: what the guests' script is built with (cart/build.ts). */
  cart: CartWords;
}

export const GUEST_WORDS: Record<GuestLang, GuestWords> = {
  uz: t.guestMenu,
  ru: {
    title: (restaurant) => `${restaurant} — Меню`,
    description: (restaurant, address) => `Меню ${restaurant}: блюда, напитки и цены. Адрес: ${address}`,
    address: 'Адрес',
    phone: 'Телефон',
    workTime: 'Часы работы',
    currency: 'сум',
    categoriesNav: 'Категории меню',
    languageNav: 'Язык',
    logoAlt: (restaurant) => `Логотип ${restaurant}`,
    pictureAlt: (restaurant) => `Фото ${restaurant}`,
    emptyMenu: 'Меню пока пустое',
    notFoundTitle: 'Страница не найдена',
    notFoundText: 'Меню этого ресторана не найдено',
    notFoundHint: 'Отсканируйте QR-код ещё раз или спросите у сотрудников ресторана.',
    cart: {
      add: 'Добавить',
      addLabel: 'Добавить в корзину: {name}',
      addToCart: 'В корзину',
      noChoice: 'Не нужно',
      ruleExactly: 'выберите {n}',
      ruleUpTo: 'до {n}',
      ruleRange: 'от {min} до {max}',
      free: '{n} бесплатно',
      tooMany: 'В одном заказе не больше {max} разных блюд',
      quantity: 'Количество',
      more: 'Больше',
      less: 'Меньше',
      remove: 'Удалить',
      cart: 'Корзина',
      bar: 'Корзина: {count} шт., {total}',
      empty: 'Корзина пуста',
      comment: 'Комментарий (необязательно)',
      total: 'Итого',
      send: 'Заказать',
      sending: 'Отправляем…',
      close: 'Закрыть',
      unavailable: 'Сейчас нет в наличии',
      optionMissing: 'Выбранного варианта больше нет',
      optionRule: 'Условия выбора изменились: добавьте блюдо заново',
      priceChanged: 'Цена изменилась: {price}',
      acceptPrice: 'Согласен с новой ценой',
      refused: 'Измените отмеченные блюда и отправьте снова.',
      arrived: 'Предыдущий заказ всё-таки дошёл: в нём блюда, которые были в корзине до изменения.',
      arrivedRest: 'В корзине остались блюда, которых в нём нет: проверьте и отправьте снова.',
      arrivedCheck: 'Проверьте корзину и отправьте снова.',
      rateLimited: 'Слишком много попыток. Попробуйте чуть позже.',
      offline: 'Нет соединения с интернетом. Корзина сохранена: попробуйте ещё раз.',
      failed: 'Заказ не отправлен. Попробуйте ещё раз.',
      closed: 'Этот стол сейчас не принимает заказы.',
      callWaiter: 'Позвать официанта',
      askBill: 'Попросить счёт',
      waiterCalled: 'Официант вызван',
      billAsked: 'Счёт попросили',
      myOrders: 'Мои заказы',
      order: 'Заказ №{number}',
      status: 'Статус',
      statuses: {
        sent: 'Отправлен',
        accepted: 'Принят',
        ready: 'Готов',
        served: 'Подан',
        rejected: 'Отклонён',
      },
      reason: 'Причина: {reason}',
      commentShown: 'Комментарий',
      backToMenu: 'Вернуться в меню',
      refresh: 'Обновить статус',
      reconnecting: 'Связь прервалась, подключаемся снова…',
      orderMissing: 'Заказ не найден',
      bill: 'Счёт',
      billOrders: 'Заказы: {numbers}',
      billPosAmount: '#{number}: сумма в кассе {pos} (в меню {menu})',
      pay: 'Оплатить',
      payWith: 'Оплатить через {method}',
      paid: 'Оплачено: {sum}, {method}',
      refunded: 'Оплата отменена. Счёт не оплачен',
      payFailed: 'Не удалось начать оплату. Попробуйте ещё раз.',
      pos: {
        sending: 'Передаём на кухню',
        accepted: 'Передан на кухню',
        refused: 'Нет в наличии: {names}',
      },
    },
  },
  en: {
    title: (restaurant) => `${restaurant} — Menu`,
    description: (restaurant, address) =>
      `${restaurant} menu: dishes, drinks and prices. Address: ${address}`,
    address: 'Address',
    phone: 'Phone',
    workTime: 'Opening hours',
    currency: 'UZS',
    categoriesNav: 'Menu categories',
    languageNav: 'Language',
    logoAlt: (restaurant) => `${restaurant} logo`,
    pictureAlt: (restaurant) => `${restaurant} photo`,
    emptyMenu: 'The menu is empty for now',
    notFoundTitle: 'Page not found',
    notFoundText: "This restaurant's menu was not found",
    notFoundHint: 'Scan the QR code again or ask the restaurant staff.',
    cart: {
      add: 'Add',
      addLabel: 'Add to cart: {name}',
      addToCart: 'Add to cart',
      noChoice: 'None',
      ruleExactly: 'choose {n}',
      ruleUpTo: 'up to {n}',
      ruleRange: '{min} to {max}',
      free: '{n} free',
      tooMany: 'At most {max} different dishes in one order',
      quantity: 'Quantity',
      more: 'More',
      less: 'Fewer',
      remove: 'Remove',
      cart: 'Cart',
      bar: 'Cart: {count} items, {total}',
      empty: 'The cart is empty',
      comment: 'Comment (optional)',
      total: 'Total',
      send: 'Place order',
      sending: 'Sending…',
      close: 'Close',
      unavailable: 'Not available now',
      optionMissing: 'The chosen option is gone',
      optionRule: 'The choices for this dish changed: add it again',
      priceChanged: 'The price changed: {price}',
      acceptPrice: 'Accept the new price',
      refused: 'Change the marked dishes and send again.',
      arrived: 'Your earlier order did arrive, with the dishes the cart had before it changed.',
      arrivedRest: 'The dishes it does not have stay in the cart: check them and send again.',
      arrivedCheck: 'Check the cart and send again.',
      rateLimited: 'Too many attempts. Try again in a little while.',
      offline: 'No internet connection. The cart is saved: try again.',
      failed: 'The order was not sent. Try again.',
      closed: 'This table does not take orders now.',
      callWaiter: 'Call the waiter',
      askBill: 'Ask for the bill',
      waiterCalled: 'The waiter is called',
      billAsked: 'The bill is asked for',
      myOrders: 'My orders',
      order: 'Order #{number}',
      status: 'Status',
      statuses: {
        sent: 'Sent',
        accepted: 'Accepted',
        ready: 'Ready',
        served: 'Served',
        rejected: 'Rejected',
      },
      reason: 'Reason: {reason}',
      commentShown: 'Comment',
      backToMenu: 'Back to the menu',
      refresh: 'Refresh the status',
      reconnecting: 'Connection lost, reconnecting…',
      orderMissing: 'Order not found',
      bill: 'Bill',
      billOrders: 'Orders: {numbers}',
      billPosAmount: "#{number}: the till's amount {pos} (menu {menu})",
      pay: 'Pay',
      payWith: 'Pay with {method}',
      paid: 'Paid: {sum}, {method}',
      refunded: 'The payment was cancelled. The bill is unpaid',
      payFailed: 'The payment could not start. Try again.',
      pos: {
        sending: 'Being passed to the kitchen',
        accepted: 'Passed to the kitchen',
        refused: 'Not available: {names}',
      },
    },
  },
};

/**
 * A price in whole so'm with grouped digits, as each language writes it:
 * `25 000 so'm`, `25 000 сум`, `25,000 UZS`.
 */
export function formatGuestPrice(price: number, lang: GuestLang): string {
  return formatAmount(price, lang, GUEST_WORDS[lang].currency);
}

/** An amount of tiyin in the guest's language, its tiyin shown when there are any (docs/PAYMENTS.md). */
export function formatGuestTiyin(tiyin: number, lang: GuestLang): string {
  return formatTiyinAmount(tiyin, lang, GUEST_WORDS[lang].currency);
}

/** The menu's address in one language (`/m/<slug>?lang=ru`). */
const menuHref = (slug: string, lang: GuestLang): string => `/m/${slug}?lang=${lang}`;

/**
 * Marks a page opened from the language switch: the guest is already on the menu, so it is not
 * another visit (visits/). A query parameter, not a cookie or the referrer (the page sends none):
 * the cached page stays one per language.
 */
export const SWITCH_PARAM = 'switch';

export interface LanguageLink {
  lang: GuestLang;
  /** The language's own name (never translated). */
  label: string;
  /** Relative to the page (`?lang=ru&switch=1`): the shortest address that works on any host. */
  href: string;
  current: boolean;
}

/** The switch: one plain link per language, the current one marked. */
export function languageLinks(current: GuestLang): LanguageLink[] {
  return GUEST_LANGS.map((lang) => ({
    lang,
    label: LANGUAGE_NAMES[lang],
    href: `?lang=${lang}&${SWITCH_PARAM}=1`,
    current: lang === current,
  }));
}

/**
 * `<link rel="alternate" hreflang>` of the page: one per language (`?lang=`), and `x-default` for
 * the address that negotiates (`/m/<slug>`). Path-absolute: the page does not know the host its
 * proxy serves it under; `origin` makes them absolute when it does.
 */
export function hreflangAlternates(slug: string, origin = ''): { hreflang: string; href: string }[] {
  return [
    ...GUEST_LANGS.map((lang) => ({ hreflang: lang, href: `${origin}${menuHref(slug, lang)}` })),
    { hreflang: 'x-default', href: `${origin}/m/${slug}` },
  ];
}

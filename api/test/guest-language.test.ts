import { t } from '@qrmenu/shared/texts';
import { describe, expect, it } from 'vitest';
import {
  chooseGuestLanguage,
  formatGuestPrice,
  GUEST_WORDS,
  hreflangAlternates,
  langFromAcceptLanguage,
  langFromQuery,
  languageLinks,
} from '../src/public-menu/language';

describe("the guests' page language", () => {
  it('takes ?lang= first, whatever the browser says', () => {
    expect(chooseGuestLanguage('en', 'ru-RU,ru;q=0.9')).toEqual({ lang: 'en', explicit: true });
    expect(chooseGuestLanguage('RU', undefined)).toEqual({ lang: 'ru', explicit: true });
    expect(chooseGuestLanguage(['de', 'ru'], undefined)).toEqual({ lang: 'ru', explicit: true });
  });

  it('ignores an unknown ?lang= and negotiates instead', () => {
    expect(chooseGuestLanguage('de', 'ru')).toEqual({ lang: 'ru', explicit: false });
    expect(chooseGuestLanguage(undefined, 'en-GB,en;q=0.9')).toEqual({ lang: 'en', explicit: false });
  });

  it('falls back to Uzbek', () => {
    expect(chooseGuestLanguage(undefined, undefined)).toEqual({ lang: 'uz', explicit: false });
    expect(chooseGuestLanguage('', 'de-DE,fr;q=0.8,*;q=0.5')).toEqual({ lang: 'uz', explicit: false });
    expect(langFromAcceptLanguage('')).toBeUndefined();
  });

  it('reads Accept-Language by q-value, order breaking ties, primary subtag matching', () => {
    expect(langFromAcceptLanguage('en;q=0.5, ru;q=0.8')).toBe('ru');
    expect(langFromAcceptLanguage('de, en;q=0.7, ru;q=0.7')).toBe('en');
    expect(langFromAcceptLanguage('uz-Latn-UZ, ru;q=0.9')).toBe('uz');
    expect(langFromAcceptLanguage('RU-ru')).toBe('ru');
    expect(langFromAcceptLanguage(['fr', 'en-US;q=0.4'])).toBe('en');
  });

  it('honours q=0 as a refusal and ignores malformed q-values', () => {
    expect(langFromAcceptLanguage('ru;q=0, en;q=0.1')).toBe('en');
    expect(langFromAcceptLanguage('ru-RU, ru;q=0')).toBeUndefined();
    expect(langFromAcceptLanguage('ru;q=2, en;q=0.3')).toBe('en');
    expect(langFromAcceptLanguage('ru;q=abc')).toBeUndefined();
    expect(langFromAcceptLanguage('en;q=1.000, ru;q=0.999')).toBe('en');
  });

  it('reads only known values from the query', () => {
    expect(langFromQuery(undefined)).toBeUndefined();
    expect(langFromQuery({ x: 1 })).toBeUndefined();
    expect(langFromQuery(' uz ')).toBe('uz');
  });
});

describe("the page's own words", () => {
  it("are the catalogue's in Uzbek, word for word", () => {
    expect(GUEST_WORDS.uz.workTime).toBe(t.guestMenu.workTime);
    expect(GUEST_WORDS.uz.notFoundTitle).toBe('Sahifa topilmadi');
    expect(GUEST_WORDS.ru.workTime).toBe('Часы работы');
    expect(GUEST_WORDS.en.notFoundTitle).toBe('Page not found');
  });

  it('have every word in every language', () => {
    const keys = Object.keys(GUEST_WORDS.uz).sort();
    for (const lang of ['ru', 'en'] as const) {
      expect(Object.keys(GUEST_WORDS[lang]).sort()).toEqual(keys);
      expect(GUEST_WORDS[lang].title('Rayhon')).toContain('Rayhon');
    }
  });

  it("format prices in whole so'm with grouped digits per language", () => {
    expect(formatGuestPrice(25000.9, 'uz')).toBe("25 000 so'm");
    expect(formatGuestPrice(1234567, 'ru')).toBe('1 234 567 сум');
    expect(formatGuestPrice(1234567.5, 'en')).toBe('1,234,567 UZS');
    expect(formatGuestPrice(900, 'en')).toBe('900 UZS');
  });
});

describe('links between the languages', () => {
  it('offers one plain link per language under its own name, the current one marked', () => {
    expect(languageLinks('ru')).toEqual([
      { lang: 'uz', label: "O'zbekcha", href: '?lang=uz&switch=1', current: false },
      { lang: 'ru', label: 'Русский', href: '?lang=ru&switch=1', current: true },
      { lang: 'en', label: 'English', href: '?lang=en&switch=1', current: false },
    ]);
  });

  it('lists hreflang alternates and the negotiating x-default', () => {
    expect(hreflangAlternates('rayhon')).toEqual([
      { hreflang: 'uz', href: '/m/rayhon?lang=uz' },
      { hreflang: 'ru', href: '/m/rayhon?lang=ru' },
      { hreflang: 'en', href: '/m/rayhon?lang=en' },
      { hreflang: 'x-default', href: '/m/rayhon' },
    ]);
    expect(hreflangAlternates('a', 'https://menu.uz')[0]?.href).toBe('https://menu.uz/m/a?lang=uz');
  });
});

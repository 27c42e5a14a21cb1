import { describe, expect, it } from 'vitest';
import {
  applyTranslations,
  LIMITS,
  localized,
  missingLanguages,
  parseTranslations,
  serializeTranslations,
  translationSchemas,
} from '../src/schemas';

describe('translation schemas', () => {
  const write = translationSchemas.product.write;

  it('keeps strings, reads blank as null (clear), allows null', () => {
    expect(write.parse({ ru: { name: '  Плов ', description: '' }, en: { name: null } })).toEqual({
      ru: { name: 'Плов', description: null },
      en: { name: null },
    });
  });

  it('applies the Uzbek field rules: the same maximum length, no NUL', () => {
    expect(write.safeParse({ ru: { name: 'a'.repeat(LIMITS.shortText) } }).success).toBe(true);
    expect(write.safeParse({ ru: { name: 'a'.repeat(LIMITS.shortText + 1) } }).success).toBe(false);
    expect(write.safeParse({ en: { description: 'a'.repeat(LIMITS.longText + 1) } }).success).toBe(false);
    expect(write.safeParse({ en: { name: 'a\u0000b' } }).success).toBe(false);
    expect(
      translationSchemas.restaurant.write.safeParse({ ru: { work_time: 'x'.repeat(101) } }).success,
    ).toBe(false);
  });

  it('refuses unknown languages and fields, and non-strings', () => {
    expect(write.safeParse({ de: { name: 'x' } }).success).toBe(false);
    expect(write.safeParse({ uz: { name: 'x' } }).success).toBe(false);
    expect(write.safeParse({ ru: { title: 'x' } }).success).toBe(false);
    expect(write.safeParse({ ru: { name: 5 } }).success).toBe(false);
    expect(translationSchemas.category.write.safeParse({ ru: { name: 'x' } }).success).toBe(false);
  });
});

describe('applyTranslations', () => {
  const stored = { ru: { name: 'Плов', description: 'Вкусный' }, en: { name: 'Pilaf' } };

  it('sets one field of one language and leaves the others alone', () => {
    expect(applyTranslations(stored, { en: { description: 'Tasty' } })).toEqual({
      ru: { name: 'Плов', description: 'Вкусный' },
      en: { name: 'Pilaf', description: 'Tasty' },
    });
  });

  it('clears with null or a blank string; an emptied language disappears', () => {
    expect(applyTranslations(stored, { en: { name: null } })).toEqual({ ru: stored.ru });
    expect(applyTranslations(stored, { ru: { description: '  ' } })).toEqual({
      ru: { name: 'Плов' },
      en: { name: 'Pilaf' },
    });
  });

  it('a patch without translations changes nothing', () => {
    expect(applyTranslations(stored, undefined)).toEqual(stored);
    expect(applyTranslations(stored, {})).toEqual(stored);
  });
});

describe('storage and display', () => {
  it('round-trips through the column text and survives damaged values', () => {
    const value = { ru: { title: 'Салаты' } };
    expect(parseTranslations(serializeTranslations(value))).toEqual(value);
    expect(serializeTranslations(undefined)).toBe('{}');
    expect(parseTranslations('not json')).toEqual({});
    expect(parseTranslations('{"ru":{"title":3},"de":{"title":"x"}}')).toEqual({});
    expect(parseTranslations({ en: { title: 'Salads' } })).toEqual({ en: { title: 'Salads' } });
  });

  it('falls back to Uzbek per field', () => {
    const tr = { ru: { name: 'Плов' } };
    expect(localized('Osh', tr, 'ru', 'name')).toBe('Плов');
    expect(localized('Osh', tr, 'en', 'name')).toBe('Osh');
    expect(localized('Mazali', tr, 'ru', 'description')).toBe('Mazali');
    expect(localized('Osh', tr, 'uz', 'name')).toBe('Osh');
  });

  it('lists the languages still missing a field, ignoring fields empty in Uzbek', () => {
    const fields: ('name' | 'description')[] = ['name', 'description'];
    expect(missingLanguages(fields, { ru: { name: 'Плов' } }, { name: 'Osh', description: '' })).toEqual([
      'en',
    ]);
    expect(
      missingLanguages(fields, { ru: { name: 'Плов' } }, { name: 'Osh', description: 'Mazali' }),
    ).toEqual(['ru', 'en']);
    expect(missingLanguages(['title'], { ru: { title: 'a' }, en: { title: 'b' } })).toEqual([]);
  });
});

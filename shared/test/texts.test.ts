import { describe, expect, it } from 'vitest';
import { loginBody, optionRowCreateBody, productCreateBody, restaurantCreateBody } from '../src/schemas';
import {
  activeLabel,
  fieldLabel,
  formatPrice,
  formatSom,
  previewWords,
  restaurantTypeLabel,
  searchKey,
  t,
  uzbekIssue,
} from '../src/texts';

/** Every message the screens quote (docs/SCREENS.md), word for word. */
const SPEC_MESSAGES = [
  'Sahifa topilmadi',
  'Login yoki parol xato',
  "Hech qanday o'zgarish yo'q.",
  'Iltimos, restoran va menedjer tanlang!',
  "Kategoriya nomi bo'sh bo'lishi mumkin emas!",
  "O'zgarishlar mavjud emas!",
  'Token topilmadi! Iltimos, qayta tizimga kiring.',
  'Restoran slugi topilmadi!',
  "Xatolik yuz berdi! Ma'lumotlarni olib bo'lmadi.",
  "Restoran qo'shishda xatolik yuz berdi!",
  'Tahrirlashda xatolik yuz berdi!',
  "O'chirishda xatolik yuz berdi!",
  'Restoranni yangilashda xatolik yuz berdi!',
  'Kategoriyalarni olishda xatolik yuz berdi!',
  "Kategoriya o'chirishda xatolik yuz berdi!",
  'Mahsulotlarni yuklashda xatolik yuz berdi!',
  'Mahsulotni saqlashda xatolik yuz berdi!',
  'Mahsulot yaratishda xatolik yuz berdi!',
  'Saqlashda xatolik yuz berdi.',
  "O'chirishda xatolik yuz berdi.",
  'Restoran topilmadi.',
  'Restoran uchun manager topilmadi.',
  'Mos manager topilmadi.',
  'Profilni yuklashda xatolik yuz berdi',
  'Xali opsiya biriktirilmagan',
  'Bu restoranga kategoriya biriktirilmagan',
  'Mahsulot rasmi yuklandi!',
  'Variant yangilandi',
  "Yangi variant qo'shildi",
  "Variant o'chirildi",
];

const SPEC_LABELS = [
  'Restoranlar',
  'Profil',
  'Asosiy',
  'Menyu',
  'Kategoriyalar',
  'Faol',
  'Nofaol',
  'Jami',
  'No faol',
  'Integratsiya',
  'Oddiy',
  'Oldingi',
  'Keyingi',
  'Ha',
  "Yo'q",
  'Mavjud',
  'Stop-list',
];

function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

describe('texts', () => {
  const values = new Set(allStrings(t));

  it.each(SPEC_MESSAGES)('has the spec message %s word for word', (msg) => {
    expect(values.has(msg)).toBe(true);
  });

  it.each(SPEC_LABELS)('has the screen label %s', (label) => {
    expect(values.has(label)).toBe(true);
  });

  it('names the key texts as the rest of the app expects', () => {
    expect(t.notFound).toBe('Sahifa topilmadi');
    expect(t.noChanges).toBe("Hech qanday o'zgarish yo'q.");
    expect(t.syncError).toBe('Restoranni yangilashda xatolik yuz berdi!');
    expect(t.syncSuccess).toBe('Restoran yangilandi!');
    expect(t.yes).toBe('Ha');
    expect(t.no).toBe("Yo'q");
    expect(t.inactiveCount).toBe('No faol');
    expect(t.retry).toBe('Qayta urinish');
    expect(t.required).toBe('Majburiy maydon');
    expect(t.pageOf(2, 3)).toBe('2 / 3');
  });

  it('labels every restaurant, category, product and option field', () => {
    for (const f of [
      'name',
      'slug',
      'address',
      'phone_number',
      'work_time',
      'manager_id',
      'is_active',
      'bot_token',
      'channel_id',
      'title',
      'category_id',
      'description',
      'price',
      'login',
      'password',
    ]) {
      expect(fieldLabel(f)).not.toBe(f);
    }
    expect(fieldLabel('unknown_field')).toBe('unknown_field');
  });
});

describe('uzbekIssue (zod issues to Uzbek form errors)', () => {
  const messages = (schema: { safeParse: (v: unknown, o: object) => unknown }, value: unknown) => {
    const r = schema.safeParse(value, { error: uzbekIssue }) as {
      success: boolean;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
    return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  };

  it('required and blank fields', () => {
    expect(messages(loginBody, { login: '  ', password: '' })).toEqual({
      login: t.required,
      password: t.required,
    });
    const m = messages(restaurantCreateBody, { slug: 'ok' });
    expect(m.name).toBe(t.required);
    expect(m.address).toBe(t.required);
    expect(m.phone_number).toBe(t.required);
    expect(m.work_time).toBe(t.required);
  });

  it('slug format', () => {
    const m = messages(restaurantCreateBody, {
      name: 'A',
      slug: 'Bad Slug',
      address: 'a',
      phone_number: '1',
      work_time: '9-18',
    });
    expect(m).toEqual({ slug: t.invalidSlug });
  });

  it('invalid and negative numbers', () => {
    expect(messages(productCreateBody, { name: 'x', category_id: 'c', price: 'abc' }).price).toBe(
      t.invalidNumber,
    );
    expect(messages(productCreateBody, { name: 'x', category_id: 'c', price: undefined }).price).toBe(
      t.required,
    );
    expect(messages(optionRowCreateBody, { product_option_id: 'o', name: 'n', price: -1 }).price).toBe(
      t.negativeNumber,
    );
  });

  it('an empty category title uses the spec text', () => {
    expect(uzbekIssue({ code: 'too_small', origin: 'string', minimum: 1, path: ['title'] })).toBe(
      t.categoryTitleEmpty,
    );
  });
});

describe('display helpers', () => {
  it('restaurant type, active label', () => {
    expect(restaurantTypeLabel('manual')).toBe('Oddiy');
    expect(restaurantTypeLabel('feed')).toBe('Integratsiya');
    expect(activeLabel(true)).toBe('Faol');
    expect(activeLabel(false)).toBe('Nofaol');
  });

  it('previewWords keeps the first 4 words', () => {
    expect(previewWords('bir ikki  uch tort besh olti')).toBe('bir ikki uch tort...');
    expect(previewWords('bir ikki')).toBe('bir ikki');
    expect(previewWords(null)).toBe('');
  });

  it('formatPrice rounds down and groups thousands', () => {
    expect(formatPrice(25000.9)).toBe('25 000');
    expect(formatPrice(1234567)).toBe('1 234 567');
    expect(formatPrice(999.99)).toBe('999');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(Number.NaN)).toBe('0');
  });

  it("formatSom adds so'm after the rounded-down price", () => {
    expect(formatSom(25000.9)).toBe("25 000 so'm");
    expect(formatSom(0)).toBe("0 so'm");
  });

  it('searchKey reads every Uzbek apostrophe form as one, ignores case and extra spaces', () => {
    for (const name of ['Gʻijduvon oshi', 'G‘ijduvon  oshi', 'G’IJDUVON oshi', 'G`ijduvon oshi']) {
      expect(searchKey(name).includes(searchKey("g'ijduvon o"))).toBe(true);
    }
    expect(searchKey('  O‘rta  ')).toBe("o'rta");
    expect(searchKey('Osh').includes(searchKey('shashlik'))).toBe(false);
    expect(searchKey(null)).toBe('');
  });
});

/**
 * One transliteration for a name's slug (the guests' menu address `/m/<slug>`), zod-free: the
 * restaurant form suggests it from the name, and the integration import may use it too (its own
 * copy in api/src/integration/importer.ts gives the same slugs: api/test/slug.test.ts).
 * Uzbek Latin: the o' and g' apostrophes (' ` ʻ ʼ ‘ ’ ´) are dropped (o'zbek -> ozbek); Uzbek
 * and Russian Cyrillic are transliterated (ў -> o, ғ -> g, қ -> q, ҳ -> h, ш -> sh, ч -> ch).
 */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
};

/** Lower-case ASCII slug of a name, at most 80 characters; `fallback` when nothing is left. */
export function slugify(name: string, fallback = 'restaurant'): string {
  const base = name
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (ch) => CYRILLIC[ch] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['`\u02bb\u02bc\u2018\u2019\u00b4]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return base || fallback;
}

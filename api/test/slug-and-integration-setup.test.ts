/**
 * One slug transliteration in shared that gives the import's slugs (so the importer can
 * switch to it), and an unconfigured integration answers a 502 naming the missing setting (the
 * admin's dialog reads it to say what is missing and who sets it).
 */
import { slugify as sharedSlugify } from '@qrmenu/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify as importerSlugify } from '../src/integration';
import { adminUser, apiCall, createTestApp, type TestCtx } from './helpers';

describe('the shared slugify', () => {
  it("gives the importer's slugs: Uzbek apostrophes (o', g') and Cyrillic transliterated", () => {
    const names = [
      'Milliy Taomlar',
      "Sho'rva & Non!",
      'Ош маркази',
      "G'ijduvon O'zbek oshi",
      'Gʻijduvon Oʻzbek oshi',
      'G‘ijduvon O’zbek',
      'Ўзбек ғижжак қаҳва ҳовли',
      'Café Déjà Vu',
      '!!!',
      `${'Juda uzun nom '.repeat(10)}`,
    ];
    for (const name of names) expect(sharedSlugify(name)).toBe(importerSlugify(name));
    expect(sharedSlugify("G'ijduvon O'zbek oshi")).toBe('gijduvon-ozbek-oshi');
    expect(sharedSlugify('Ўзбек ғижжак')).toBe('ozbek-gijjak');
    expect(sharedSlugify('!!!', '')).toBe('');
  });
});

describe('integration with no source configured', () => {
  let ctx: TestCtx;
  beforeAll(async () => {
    ctx = await createTestApp({ integrationFeedUrl: undefined });
  });
  afterAll(async () => ctx?.close());

  it('answers 502 naming INTEGRATION_FEED_URL', async () => {
    const admin = await adminUser(ctx);
    const res = await apiCall(ctx, 'GET', '/admin/integration/restaurants', admin.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/INTEGRATION_FEED_URL/);
  });
});

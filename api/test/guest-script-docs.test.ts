/**
 * The guests' cart script's sizes in docs/DELIVERY.md ("The guests' cart script") are the sizes
 * of a fresh build, as the server serves them (the brotli and gzip twins the build writes beside
 * each file), to the figure's rounding: a change of the script that moves them fails here, with
 * the sentence to write. `RECORD_DOC_FIGURES=1` writes it into the doc instead (then commit it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guestScriptsBuilt } from './guest-script-support';
import { fileStarted } from './world';

const DELIVERY = resolve(import.meta.dirname, '../../docs/DELIVERY.md');
const LANGS = ['uz', 'ru', 'en'] as const;

/** The sentence's figures: each language's brotli, the range of the minified and of the gzip files. */
const FIGURES =
  /uz (\d+\.\d) KiB, ru (\d+\.\d) KiB, en (\d+\.\d) KiB brotli\s+\(about (\d+)-(\d+) KiB minified, (\d+\.\d)-(\d+\.\d) KiB\s+gzip\)/;

const kib = (bytes: number, digits: number) => (bytes / 1024).toFixed(digits);

/** The sentence as docs/DELIVERY.md writes it, for these sizes in bytes. */
export function figuresSentence(
  sizes: Record<(typeof LANGS)[number], { code: number; br: number; gz: number }>,
) {
  const all = Object.values(sizes);
  const range = (of: (s: (typeof all)[number]) => number, digits: number) =>
    `${kib(Math.min(...all.map(of)), digits)}-${kib(Math.max(...all.map(of)), digits)}`;
  return `uz ${kib(sizes.uz.br, 1)} KiB, ru ${kib(sizes.ru.br, 1)} KiB, en ${kib(sizes.en.br, 1)} KiB brotli (about ${range((s) => s.code, 0)} KiB minified, ${range((s) => s.gz, 1)} KiB gzip)`;
}

const scripts = fileStarted(guestScriptsBuilt('guest-script-docs'));

describe("the cart script's sizes in docs/DELIVERY.md", () => {
  it('writes the sentence from sizes, rounded as the doc rounds them (the check works)', () => {
    const sentence = figuresSentence({
      uz: { code: 20487, br: 7519, gz: 8294 },
      ru: { code: 21454, br: 7697, gz: 8742 },
      en: { code: 20347, br: 7336, gz: 8184 },
    });
    expect(sentence).toBe(
      'uz 7.3 KiB, ru 7.5 KiB, en 7.2 KiB brotli (about 20-21 KiB minified, 8.0-8.5 KiB gzip)',
    );
    expect(FIGURES.test(sentence)).toBe(true);
  });

  it('are the sizes of a fresh build, as served', () => {
    const size = (file: string) => readFileSync(join(scripts.dir, file)).length;
    const sizes = Object.fromEntries(
      LANGS.map((lang) => {
        const file = scripts.manifest[lang].file;
        return [lang, { code: size(file), br: size(`${file}.br`), gz: size(`${file}.gz`) }];
      }),
    ) as Parameters<typeof figuresSentence>[0];
    const measured = figuresSentence(sizes);
    const doc = readFileSync(DELIVERY, 'utf8');
    const written = FIGURES.exec(doc);
    expect(written, 'docs/DELIVERY.md states the sizes in the sentence this test reads').not.toBeNull();
    if (process.env.RECORD_DOC_FIGURES && written) {
      writeFileSync(DELIVERY, doc.replace(written[0], measured));
      return;
    }
    expect(written?.[0].replace(/\s+/g, ' '), 'RECORD_DOC_FIGURES=1 writes it').toBe(measured);
  });
});

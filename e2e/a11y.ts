/**
 * Accessibility check of the page as it stands: axe-core with the WCAG 2.1 A and AA rules.
 * A serious or critical violation fails the test, listed with the elements it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// The builder injects axe-core's `source` into each frame and into the page where it gathers the
// results: that is the unminified build, 1.5 MB, and compiling it was most of an axe check's time.
// The minified build of the same axe-core (the builder's own dependency) is the same engine in
// 0.65 MB.
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_MIN = readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Whether the page holds a frame of another origin. By default the builder runs axe in each
 * frame and puts the results together in a new blank tab, a renderer process of its own for every
 * check (about half a check's time here); its legacy mode runs axe in the page itself, which
 * reaches every frame of the page's origin but none of another. So the legacy mode where there is
 * none.
 */
const hasOtherOriginFrame = (page: Page): boolean => {
  const origin = new URL(page.url()).origin;
  return page.frames().some((f) => /^https?:/.test(f.url()) && new URL(f.url()).origin !== origin);
};

export async function expectAccessible(page: Page, label: string): Promise<void> {
  const builder = new AxeBuilder({ page, axeSource: AXE_MIN }).withTags(WCAG21_AA);
  if (!hasOtherOriginFrame(page)) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}

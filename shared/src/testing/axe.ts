/**
 * axe-core on a rendered page (WCAG 2.1 A/AA and best practices), plus the rule axe cannot decide
 * in jsdom: exactly one `<h1>`. jsdom lays nothing out, so colour contrast cannot be computed here
 * (`color-contrast` off: the palette's contrast is checked where colours are chosen); a page
 * rendered alone has no shell landmarks (`region` off).
 */
import axe from 'axe-core';

export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

/** Serious and critical violations, and a page without exactly one level-one heading. */
export async function axeViolations(root: Document | Element = document): Promise<AxeFinding[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  const findings = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.map((n) => String(n.target)) }));
  const h1s = root.querySelectorAll('h1, [role="heading"][aria-level="1"]');
  if (h1s.length !== 1) {
    findings.push({ rule: 'one-h1', impact: 'moderate', targets: [`${h1s.length} level-one headings`] });
  }
  return findings;
}

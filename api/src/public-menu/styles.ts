import { createHash } from 'node:crypto';
import { CART_CSS } from './cart/styles';

/**
 * The page's only stylesheet, inlined in a <style> element: on a 3G phone one request (HTML and
 * CSS together) is faster than a second round trip for a file. The CSP allows it by its hash
 * (GUEST_STYLE_HASHES), not by 'unsafe-inline'; a page at a table that takes orders adds the
 * cart's rules (cart/styles.ts) to it.
 * Colours keep text at >= 4.5:1 contrast; links and nav chips are >= 44 px tall. `<picture>` is
 * `display:contents`: its `<img>` is the box the rules below size (a flex item in a product row),
 * and its `<source>`s (display:block in Chromium) are hidden, or the row's gap is put beside each.
 * On the page of a restaurant that takes orders (its dish rows carry `data-product`, and the
 * guests' script is loaded) the rows are `content-visibility:auto` at first: the browser lays out
 * and paints only those near the screen, each other row standing as a box of a thumbnail's row
 * height (112 px), so the page's first layout and paint cover a few rows, not all (on a 40-dish
 * page on our 2-core server: layout 26-28 ms against 30-43, paint 6-11 ms against 16-19; a slow
 * phone takes about four times as long). The script lays them all out before a
 * jump to a category (`qm-laid`, cart/rows.ts): with rows at an estimated height above it, the
 * jump fell short of it. Without JavaScript they are all laid out at once (NOSCRIPT_CSS).
 */
const CSS = `
:root{color-scheme:light;--ink:#1b1b1b;--muted:#505050;--accent:#0a6847;--chip:#e8f3ee;--line:#dcdcdc}
*{box-sizing:border-box}
html{scroll-behavior:smooth;-webkit-text-size-adjust:100%}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#f5f5f2;overflow-wrap:anywhere}
a{color:var(--accent)}
.wrap{max-width:720px;margin:0 auto}
picture{display:contents}
picture>source{display:none}
.cover{display:block;width:100%;height:auto;aspect-ratio:5/2;object-fit:cover;background:var(--line)}
.head{padding:16px;background:#fff}
.brand{display:flex;gap:12px;align-items:center}
.brand>*{min-width:0}
.logo{width:64px;height:64px;border-radius:50%;object-fit:cover;flex:none;background:var(--line)}
h1{font-size:1.5rem;line-height:1.2;margin:0}
.facts{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:12px 0 0;align-items:center}
.facts dt{color:var(--muted)}
.facts dd{margin:0}
.tel{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
nav{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid var(--line);overflow-x:auto}
nav ul{display:flex;gap:8px;margin:0 auto;padding:8px 12px;list-style:none;max-width:720px;white-space:nowrap}
nav a{display:inline-block;max-width:70vw;overflow:hidden;text-overflow:ellipsis;line-height:44px;padding:0 16px;border-radius:22px;background:var(--chip);text-decoration:none;font-weight:600}
section{scroll-margin-top:64px;padding:4px 12px 12px}
h2{font-size:1.25rem;margin:16px 4px 8px}
.items{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.items>li{display:flex;gap:12px;padding:12px;background:#fff;border-radius:12px}
li[data-product]:not(.qm-laid){content-visibility:auto;contain-intrinsic-size:auto 112px}
.items img{width:88px;height:88px;border-radius:8px;object-fit:cover;flex:none;background:var(--line)}
.items div{min-width:0;flex:1}
h3{font-size:1.05rem;margin:0}
.desc{margin:4px 0 0;color:var(--muted);overflow-wrap:anywhere}
.price{margin:6px 0 0;font-weight:700;white-space:nowrap}
.opt{margin:6px 0 0;font-size:.95rem}
.opt dt{color:var(--muted)}
.opt dd{display:inline-block;margin:2px 6px 0 0;padding:2px 8px;border:1px solid var(--line);border-radius:6px}
.opt b{white-space:nowrap}
.empty,.lost{padding:24px 16px;text-align:center}
.langs{position:static;display:flex;flex-wrap:wrap;gap:8px;margin-top:8px;border:0;background:none}
.langs a{flex:none;white-space:nowrap;padding:0 12px}
.langs [aria-current]{background:var(--accent);color:#fff}
`;

/** Minified once at start: comments never appear, so collapsing whitespace is enough. */
export const MENU_CSS = CSS.replace(/\s*\n\s*/g, '')
  .replace(/\s*([{}:;,>])\s*/g, '$1')
  .replace(/;}/g, '}');

/**
 * With JavaScript off nothing lays the rows out later: the page then lays them all out at once
 * (in a `<noscript>` of a page with the guests' script, page.tsx), as a menu without ordering does.
 */
export const NOSCRIPT_CSS = 'li[data-product]:not(.qm-laid){content-visibility:visible}';

/** The order page's own rules, after the menu's (order-page.tsx). */
export const ORDER_CSS =
  '.order{padding:0 12px 24px}.state{margin:12px 0;padding:12px 16px;background:#fff;border-radius:12px;font-size:1.1rem}' +
  '.state p{margin:0}.qm-reason:empty,.qm-live:empty{display:none}.links{display:flex;flex-wrap:wrap;gap:8px}' +
  '.links a{line-height:44px;padding:0 16px;border-radius:22px;background:var(--chip);text-decoration:none;font-weight:600}' +
  '.qm-paid{margin:12px 0;padding:12px 16px;border-radius:12px;background:#e6f4ea;color:#0b5d1e;font-weight:600}.qm-paid:empty{display:none}' +
  '.bill{margin:16px 0;padding:12px 16px;background:#fff;border-radius:12px}.bill h2{margin:0 0 4px;font-size:1.2rem}' +
  '.pay{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}.pay[hidden]{display:none}' +
  '.pay-button{line-height:48px;padding:0 20px;border-radius:24px;background:#0b57d0;color:#fff;text-decoration:none;font-weight:700}' +
  '.qm-pay-failed{color:#a50e0e}';

const sha256 = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Every inline <style> a guests' page can hold, as CSP hash sources (computed once at start,
 * the styles are constants): the menu's and the 404's, the order page's, and the menu's at a
 * table that takes orders (with the cart's rules: its panel and buttons are in the HTML, styled
 * from the first paint; page.tsx), and the rows' rule without JavaScript. A hash covers a
 * <style> element only, so no page carries a `style` attribute.
 */
export const GUEST_STYLE_HASHES: readonly string[] = [
  MENU_CSS,
  MENU_CSS + ORDER_CSS,
  MENU_CSS + CART_CSS,
  NOSCRIPT_CSS,
].map(sha256);

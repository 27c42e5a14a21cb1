/**
 * The cart's own styles, after the menu's in the page's <style> at a table that takes orders
 * (page.tsx; a page without ordering does without them): the table's panel and the add buttons
 * are in the HTML, so they are laid out from the first paint, and the sheet, the cart and the bar
 * the script makes later are styled before they show. Built on the page's colours
 * (public-menu/styles.ts): every button is at least 44 px tall, text keeps >= 4.5:1 contrast.
 */
export const CART_CSS = `
.qm-btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:0 16px;border:0;border-radius:22px;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
.qm-btn[disabled]{opacity:.6;cursor:default}
.qm-alt{background:var(--chip);color:var(--accent)}
.qm-add{margin-top:8px}
.qm-table{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:12px 16px;background:#fff;border-top:1px solid var(--line)}
.qm-table p{margin:0;flex-basis:100%}
.qm-bar{position:fixed;left:0;right:0;bottom:0;z-index:2;padding:8px 12px;background:#fff;border-top:1px solid var(--line)}
.qm-bar .qm-btn{display:flex;width:100%;max-width:696px;margin:0 auto}
.qm-room{padding-bottom:72px}
.qm-dlg{width:100%;max-width:560px;max-height:90vh;margin:auto auto 0;padding:0;border:0;border-radius:16px 16px 0 0;color:var(--ink)}
@media (min-width:600px){.qm-dlg{margin:auto;border-radius:16px}}
.qm-dlg::backdrop{background:#0009}
.qm-head{position:sticky;top:0;display:flex;align-items:center;gap:8px;padding:6px 6px 6px 16px;background:#fff;border-bottom:1px solid var(--line)}
.qm-head h2{flex:1;margin:0;font-size:1.15rem}
.qm-x{min-width:44px;min-height:44px;border:0;background:none;font-size:1.6rem;color:var(--ink);cursor:pointer}
.qm-body{padding:12px 16px 16px}
.qm-body fieldset{margin:0 0 12px;padding:0;border:0}
.qm-body legend{padding:0;font-weight:600}
.qm-body label{display:flex;align-items:center;gap:10px;min-height:44px}
.qm-body input{width:22px;height:22px;accent-color:var(--accent)}
.qm-qty{display:flex;align-items:center;gap:8px;margin:4px 0}
.qm-qty output{min-width:2ch;text-align:center;font-weight:700}
.qm-lines{margin:0;padding:0;list-style:none}
.qm-lines li{padding:10px 0;border-bottom:1px solid var(--line)}
.qm-lines p{margin:0 0 4px}
.qm-rows{color:var(--muted)}
.qm-problem,.qm-err{color:#a01616;font-weight:600}
.qm-body textarea{display:block;width:100%;min-height:88px;margin-top:4px;padding:8px;font:inherit;border:1px solid #767676;border-radius:8px}
.qm-total{font-size:1.1rem;font-weight:700}
.qm-wide{width:100%;margin-top:12px}
.qm-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`
  .replace(/\s*\n\s*/g, '')
  .replace(/;}/g, '}');

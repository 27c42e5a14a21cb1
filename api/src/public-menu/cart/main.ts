/**
 * The guests' script: one build per language (guest-script-build.ts defines `GUEST_SCRIPT`), loaded
 * with `defer` at the end of a restaurant's menu page when it takes orders, and on the order's
 * page. The order's page marks its root `data-order`; anything else is the menu.
 */
import { startMenu } from './menu';
import { startOrderPage } from './order';
import { directLinkTable, startTelegram } from './telegram';
import type { GuestScriptSettings } from './words';

declare const GUEST_SCRIPT: GuestScriptSettings;

// inside Telegram, a direct link's table is that table's page (telegram.ts); then the Mini App's
// part first, the page's own after
const table = directLinkTable();
if (table) location.replace(table);
else {
  startTelegram();
  const order = document.querySelector<HTMLElement>('[data-order]');
  if (order) startOrderPage(order, GUEST_SCRIPT);
  else void startMenu(GUEST_SCRIPT);
}

/**
 * The guests' script: one build per language (guest-script-build.ts defines `GUEST_SCRIPT`), loaded
 * with `defer` at the end of a restaurant's menu page when it takes orders, and on the order's
 * page. The order's page marks its root `data-order`; anything else is the menu.
 */
import { nextTask } from './dom';
import { startMenu } from './menu';
import { startOrderPage } from './order';
import { layOutRowsBeforeJumps } from './rows';
import { directLinkTable, startTelegram } from './telegram';
import type { GuestScriptSettings } from './words';

declare const GUEST_SCRIPT: GuestScriptSettings;

// Each step is a task of its own (dom.ts, nextTask): the script's evaluation, then the Telegram
// part (it reads the tab's sessionStorage), then the page's own (startMenu steps on by itself;
// the menu's rows are laid out before a jump to a category, rows.ts).
// Inside Telegram, a direct link's table is that table's page (telegram.ts).
async function start(): Promise<void> {
  await nextTask();
  const table = directLinkTable();
  if (table) {
    location.replace(table);
    return;
  }
  startTelegram();
  await nextTask();
  const order = document.querySelector<HTMLElement>('[data-order]');
  if (order) startOrderPage(order, GUEST_SCRIPT);
  else {
    layOutRowsBeforeJumps();
    await startMenu(GUEST_SCRIPT);
  }
}

void start();

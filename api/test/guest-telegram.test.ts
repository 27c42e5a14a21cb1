// @vitest-environment jsdom
/**
 * The guests' page as a Telegram Mini App (public-menu/cart/telegram.ts; docs/TELEGRAM.md, "The
 * menu inside Telegram"), in a browser-like DOM with Telegram's bridge as its apps expose it
 * (`window.TelegramWebviewProxy.postEvent`, answered through `window.Telegram.WebView.receiveEvent`,
 * core.telegram.org/api/web-events):
 * - outside Telegram nothing runs (no bridge, no style, the address untouched);
 * - inside: ready and expanded, the direct link's table becomes the page's `?p=`, the cart's send
 *   is the main button (its press sends the order), the back button closes the open sheet, an add
 *   taps lightly; on the order's page the order is tied to the guest with `initData` as given;
 * - Telegram's theme colours only where they keep AA contrast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMenu } from '../src/public-menu/cart/menu';
import {
  contrast,
  directLinkTable,
  launchOf,
  startTelegram,
  themeCss,
} from '../src/public-menu/cart/telegram';
import { settingsFor } from '../src/public-menu/guest-script';
import { browserDialogs, fakeApi, flush, made, openPage } from './guest-page-support';

const settings = settingsFor('uz');
const words = settings.words;
const INIT_DATA =
  'query_id=AAF1&user=%7B%22id%22%3A500000001%2C%22first_name%22%3A%22Dilnoza%22%2C%22allows_write_to_pm%22%3Atrue%7D&auth_date=1764400000&start_param=t5&hash=' +
  'a'.repeat(64);
const LIGHT = { bg_color: '#ffffff', text_color: '#000000', button_color: '#0b5cad', hint_color: '#999999' };
const fragment = (theme: Record<string, string> = LIGHT) =>
  `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}&tgWebAppStartParam=t5`;

beforeEach(() => {
  browserDialogs();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Telegram?: unknown }).Telegram;
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
});

/** Telegram's app bridge: what the page posts, and Telegram's events back to it. */
function telegramApp() {
  const events: [string, Record<string, unknown>][] = [];
  (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent: (type: string, data: string) => events.push([type, JSON.parse(data)]),
  };
  const send = (type: string, data: unknown = {}) =>
    (
      window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d: unknown): void } } }
    ).Telegram.WebView.receiveEvent(type, data);
  return { events, send, last: (type: string) => events.filter(([t]) => t === type).at(-1)?.[1] };
}

describe('outside Telegram', () => {
  it('changes nothing', () => {
    openPage('/m/rayhon?p=t1');
    const styles = document.querySelectorAll('style').length;
    expect(startTelegram()).toBeNull();
    expect((window as { Telegram?: unknown }).Telegram).toBeUndefined();
    expect(document.querySelectorAll('style').length).toBe(styles);
    expect(location.search).toBe('?p=t1');
  });
});

describe('inside Telegram', () => {
  it('reads the launch from the fragment and keeps it for the tab', () => {
    expect(launchOf(fragment())).toMatchObject({ data: INIT_DATA, start: 't5', theme: LIGHT });
    expect(launchOf('')).toMatchObject({ data: INIT_DATA });
    sessionStorage.clear();
    expect(launchOf('#cat-c1')).toBeNull();
  });

  it("opens the direct link's table as that table's page, the launch kept; none when the address names one", () => {
    openPage(`/m/rayhon?tg=1${fragment()}`);
    expect(directLinkTable()).toBe(`/m/rayhon?tg=1&p=t5${fragment()}`);
    openPage(`/m/rayhon?tg=1&p=t6${fragment()}`);
    expect(directLinkTable()).toBeNull();
  });

  it("at the direct link's table the cart sends with the main button; back closes the sheet", async () => {
    openPage(`/m/rayhon?tg=1&p=t5${fragment()}`);
    const tg = telegramApp();
    const { calls } = fakeApi({ orders: [made] });
    startTelegram();
    expect(tg.events.map(([t]) => t)).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));
    const go = vi.fn();
    await startMenu(settings, go);
    expect(calls[0]?.url).toBe('/api/public/tables/t5');

    document.querySelector<HTMLButtonElement>(`button[aria-label="Savatga qo'shish: Ko'k choy"]`)!.click();
    await flush();
    expect(tg.last('web_app_setup_back_button')).toEqual({ is_visible: true });
    tg.send('back_button_pressed');
    expect(document.querySelector('dialog[open]')).toBeNull();

    document.querySelector<HTMLButtonElement>(`button[aria-label="Savatga qo'shish: Ko'k choy"]`)!.click();
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('dialog[open] button')].find((b) =>
      b.textContent?.startsWith(words.addToCart),
    )!;
    confirm.click();
    expect(tg.events.filter(([t]) => t === 'web_app_trigger_haptic_feedback')).toEqual([
      ['web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' }],
    ]);
    document.querySelector<HTMLButtonElement>('.qm-bar button')!.click();
    await flush();
    expect(tg.last('web_app_setup_main_button')).toEqual({
      is_visible: true,
      is_active: true,
      text: words.send,
    });
    tg.send('main_button_pressed');
    await flush();
    await flush();
    expect(calls.filter((c) => c.url === '/api/public/orders')).toHaveLength(1);
    expect(go).toHaveBeenCalledWith('/m/rayhon/orders/order1?key=secret-key');
  });

  it("ties the order to the guest on the order's page, once", async () => {
    sessionStorage.clear();
    launchOf(fragment());
    openPage('/m/rayhon/orders/order1?key=k1', '<html><body><main data-order></main></body></html>');
    telegramApp();
    const { calls } = fakeApi();
    startTelegram();
    await flush();
    startTelegram();
    await flush();
    expect(calls.filter((c) => c.url.startsWith('/api/public/telegram/'))).toEqual([
      {
        method: 'POST',
        url: '/api/public/telegram/orders/order1',
        body: { key: 'k1', init_data: INIT_DATA },
      },
    ]);
  });
});

describe("Telegram's theme", () => {
  it('takes a light theme that keeps AA, and passes a dark one over', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21);
    expect(themeCss(LIGHT)).toBe(':root{--ink:#000000;--accent:#0b5cad}body{background:#ffffff}');
    // Telegram's default light button (#2481cc) is 4.1:1 against white: not for white text
    expect(themeCss({ ...LIGHT, button_color: '#2481cc' })).not.toContain('--accent');
    expect(themeCss({ bg_color: '#212121', text_color: '#ffffff', button_color: '#8774e1' })).toBe('');
    expect(themeCss({ text_color: 'red;}body{display:none' })).toBe('');
  });
});

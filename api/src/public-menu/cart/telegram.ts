/**
 * The guests' page as the restaurant's Telegram Mini App (docs/TELEGRAM.md, "The menu inside
 * Telegram"): the same page and cart, with Telegram's theme colours, the cart's send as the Mini
 * App's main button, the back button closing the open sheet, a light haptic tap when a dish is
 * added, and, on the order's page, the order tied to the guest's Telegram so its changes reach
 * their private chat.
 *
 * Our own bridge of a few hundred bytes, not telegram-web-app.js: that script is loaded from
 * telegram.org (a request more on a guest's first screen, and one this server cannot serve) and
 * is ~30 KB for the few calls used here. Telegram documents the bridge itself
 * (core.telegram.org/api/web-events; docs.telegram-mini-apps.com/platform/methods, /events): the
 * Mini App learns it is one from its address's fragment (`#tgWebAppData=...&tgWebAppThemeParams=
 * ...`), calls Telegram with `window.TelegramWebviewProxy.postEvent(type, json)` in the phone and
 * desktop apps (`window.parent.postMessage` in Telegram Web's iframe), and Telegram calls back
 * `window.Telegram.WebView.receiveEvent(type, data)` (a `message` from the parent on the web).
 *
 * Outside Telegram nothing here runs: no fragment and nothing kept for this tab means a web guest,
 * and the page is what it always was.
 */

type Json = Record<string, unknown>;

/** What Telegram gave the Mini App when it opened, kept for the tab (the order's page has no fragment). */
export interface Launch {
  /** `initData`, as signed by the bot (the server verifies it). */
  data: string;
  /** `themeParams`: `bg_color`, `text_color`, `hint_color`, `link_color`, `button_color`, ... */
  theme: Record<string, string>;
  /** The direct link's `startapp`: a table's code. */
  start?: string | undefined;
}

const KEPT = 'qm-tg';
/** A table's code as a placement id can be (the deep link's parameter is A-Z a-z 0-9 _ -). */
const TABLE_CODE = /^[\w-]{1,64}$/;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const parseJson = (text: string | null | undefined): Json | null => {
  try {
    const value = JSON.parse(text ?? 'null');
    return value && typeof value === 'object' ? (value as Json) : null;
  } catch {
    return null;
  }
};

/** The launch parameters of this tab: from the fragment Telegram opened it with, else kept; null outside Telegram. */
export function launchOf(hash: string, kept: Storage | null = session()): Launch | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const data = params.get('tgWebAppData');
  if (data) {
    const theme = parseJson(params.get('tgWebAppThemeParams')) ?? {};
    const launch: Launch = {
      data,
      theme: Object.fromEntries(Object.entries(theme).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >,
      start: params.get('tgWebAppStartParam') ?? new URLSearchParams(data).get('start_param') ?? undefined,
    };
    kept?.setItem(KEPT, JSON.stringify(launch));
    return launch;
  }
  const saved = parseJson(kept?.getItem(KEPT));
  return saved && typeof saved.data === 'string' ? (saved as unknown as Launch) : null;
}

interface Bridge {
  post(type: string, data?: Json): void;
  on(type: string, handler: (data: Json) => void): void;
  /** Telegram can hear us (its app's proxy, or Telegram Web's parent page). */
  connected: boolean;
}

function bridge(): Bridge {
  const w = window as unknown as {
    TelegramWebviewProxy?: { postEvent(type: string, data: string): void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
  };
  const handlers = new Map<string, (data: Json) => void>();
  const receive = (type: string, data: unknown) => handlers.get(type)?.((data ?? {}) as Json);
  w.Telegram = { ...w.Telegram, WebView: { ...w.Telegram?.WebView, receiveEvent: receive } };
  const framed = window.parent !== window;
  if (framed)
    window.addEventListener('message', (event) => {
      if (event.source !== window.parent) return;
      const message = parseJson(typeof event.data === 'string' ? event.data : null);
      if (typeof message?.eventType === 'string') receive(message.eventType, message.eventData);
    });
  return {
    connected: Boolean(w.TelegramWebviewProxy) || framed,
    post(type, data = {}) {
      try {
        if (w.TelegramWebviewProxy) w.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
        else if (framed) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), '*');
      } catch {
        // Telegram gone (the Mini App closing): nothing to tell
      }
    },
    on: (type, handler) => handlers.set(type, handler),
  };
}

const COLOUR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** A `#rgb`/`#rrggbb` colour's relative luminance (WCAG 2.1, "relative luminance"). */
function luminance(hex: string): number {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [1, 3, 5].map((i) => hex.slice(i, i + 2));
  const [r, g, b] = digits.map((d) => {
    const c = Number.parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.1's contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** AA for normal text (WCAG 2.1, 1.4.3). */
const AA = 4.5;
/** What the page's text sits on (styles.ts): its cards and sheets are white, its text dark. */
const CARD = '#ffffff';
const MUTED = '#505050';

/**
 * Telegram's theme as the page's colours (styles.ts's custom properties), each taken only where
 * it keeps the page's text readable (AA against what it sits on): a light theme's background,
 * text and button colours come through; a dark theme's would put dark on dark against the page's
 * white cards, so they are passed over and the page keeps its own.
 */
export function themeCss(theme: Record<string, string>): string {
  const colour = (key: string) => (COLOUR.test(theme[key] ?? '') ? (theme[key] as string) : undefined);
  const text = colour('text_color');
  const ink = text && contrast(text, CARD) >= AA ? text : undefined;
  const button = colour('button_color');
  const accent = button && contrast(button, CARD) >= AA ? button : undefined;
  const bg = colour('bg_color');
  const page =
    bg &&
    contrast(ink ?? '#1b1b1b', bg) >= AA &&
    contrast(MUTED, bg) >= AA &&
    (!accent || contrast(accent, bg) >= AA)
      ? bg
      : undefined;
  const root = [ink ? `--ink:${ink}` : '', accent ? `--accent:${accent}` : ''].filter(Boolean);
  return (root.length ? `:root{${root.join(';')}}` : '') + (page ? `body{background:${page}}` : '');
}

/**
 * The address of the direct link's table (`startapp`) when the page was opened by one and its
 * address names no table; null otherwise. That table's page is the server's: route.ts renders its
 * panel and add buttons only for this restaurant's tables that take orders (any other code gets
 * the plain menu), so main.ts opens it, the launch data kept in the fragment.
 */
export function directLinkTable(): string | null {
  const launch = launchOf(location.hash);
  const search = new URLSearchParams(location.search);
  if (
    !launch?.start ||
    !TABLE_CODE.test(launch.start) ||
    search.get('p') ||
    location.pathname.includes('/orders/')
  )
    return null;
  search.set('p', launch.start);
  return `${location.pathname}?${search}${location.hash}`;
}

/** Starts the Mini App's part when the page was opened in Telegram; null (nothing done) otherwise. */
export function startTelegram(): Launch | null {
  const launch = launchOf(location.hash);
  if (!launch) return null;
  const tg = bridge();

  const style = document.createElement('style');
  const paint = (theme: Record<string, string>) => {
    style.textContent = themeCss(theme);
  };
  paint(launch.theme);
  document.head.append(style);
  tg.on('theme_changed', (data) => paint((data.theme_params ?? {}) as Record<string, string>));

  // the main button is the cart's «Buyurtma berish» while the cart is open; the back button
  // closes the open sheet; both follow the page as it changes
  let shown = '';
  const sync = () => {
    const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    const send = document.querySelector<HTMLButtonElement>('dialog[open] #qm-send');
    const main = send
      ? { is_visible: true, is_active: !send.disabled, text: send.textContent ?? '' }
      : { is_visible: false };
    const state = JSON.stringify([main, open.length > 0]);
    if (state === shown) return;
    shown = state;
    tg.post('web_app_setup_main_button', main);
    tg.post('web_app_setup_back_button', { is_visible: open.length > 0 });
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      sync();
    });
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  tg.on('main_button_pressed', () =>
    document.querySelector<HTMLButtonElement>('dialog[open] #qm-send')?.click(),
  );
  tg.on('back_button_pressed', () => {
    const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    open[open.length - 1]?.close();
  });
  // a dish added (the sheet's wide button, not the cart's send): a light tap
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('dialog button.qm-wide');
    if (button && button.id !== 'qm-send')
      tg.post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' });
  });

  tg.post('web_app_ready');
  tg.post('web_app_expand');
  sync();
  void tieOrder(launch, tg);
  return launch;
}

/**
 * On an order's page: ties the order to the guest's Telegram (once per order and tab), asking
 * Telegram first for the bot's right to write to them when they have not given it
 * (`web_app_request_write_access`, answered by `write_access_requested`).
 */
async function tieOrder(launch: Launch, tg: Bridge): Promise<void> {
  const id = /^\/m\/[^/]+\/orders\/([^/?#]+)/.exec(location.pathname)?.[1];
  const key = new URLSearchParams(location.search).get('key');
  const done = `${KEPT}:${id}`;
  if (!id || !key || session()?.getItem(done)) return;
  const user = parseJson(new URLSearchParams(launch.data).get('user'));
  let granted = false;
  if (user?.allows_write_to_pm !== true && tg.connected) {
    granted = await new Promise<boolean>((resolve) => {
      tg.on('write_access_requested', (data) => resolve(data.status === 'allowed'));
      tg.post('web_app_request_write_access');
      setTimeout(() => resolve(false), 120_000);
    });
  }
  const res = await fetch(`/api/public/telegram/orders/${encodeURIComponent(id)}`, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, init_data: launch.data, ...(granted ? { write_access: true } : {}) }),
  }).catch(() => null);
  // a refusal (forged, stale) is final too: the order stays a web guest's
  if (res && res.status < 500) session()?.setItem(done, '1');
}

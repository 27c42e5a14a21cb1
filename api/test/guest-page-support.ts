/**
 * The guests' page in a browser-like DOM (jsdom), for the suites of its script (guest-cart,
 * guest-telegram): the menu page as the server renders it (public-menu/page.tsx) at a table that
 * takes orders, <dialog>'s modal methods as a browser has them, and a fake API shaped like the
 * contract (docs/ORDERS.md). Written once here; each suite keeps its own cases.
 */
import type { OrderCreateBody } from '@qrmenu/shared/schemas';
import { vi } from 'vitest';
import type { LocalMenu } from '../src/public-menu/localize';
import { renderMenuPage } from '../src/public-menu/page';

export const SCRIPT = '/m/assets/cart.uz.00000000.js';

/** jsdom has <dialog> but not its modal methods: what the browser does, as far as the script sees (in a `beforeEach`). */
export function browserDialogs(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    this.querySelector<HTMLElement>('button')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** An option's rule and a row's limits as they are until someone sets them: one row or none, once. */
export const ONE_OR_NONE = { min: 0, max: 1 };
export const ONCE = { max: 1, free: 0, default: false };

/** Rayhon's menu: Toshkent oshi with its portion (half, full) and Ko'k choy, `prices` changed. */
export function menu(prices: { osh?: number; full?: number } = {}): LocalMenu {
  const said = (text: string) => ({ text });
  return {
    lang: 'uz',
    restaurant: {
      name: 'Rayhon',
      slug: 'rayhon',
      phone_number: '',
      image: null,
      logotype: null,
      address: said('Toshkent'),
      work_time: said(''),
      takes_orders: true,
    },
    categories: [
      {
        id: 'c1',
        title: said('Issiq taomlar'),
        products: [
          {
            id: 'osh',
            name: said('Toshkent oshi'),
            description: said(''),
            price: prices.osh ?? 45000,
            image: null,
            options: [
              {
                name: said('Porsiya'),
                ...ONE_OR_NONE,
                rows: [
                  { id: 'half', name: said('Yarim'), price: 0, ...ONCE },
                  { id: 'full', name: said("To'liq"), price: prices.full ?? 20000, ...ONCE },
                ],
              },
            ],
          },
          {
            id: 'tea',
            name: said("Ko'k choy"),
            description: said(''),
            price: 8000,
            image: null,
            options: [],
          },
        ],
      },
    ],
  };
}

/**
 * The tables that take orders here (t5: the Mini App's direct link's, guest-telegram); any other
 * `?p=` gets the page without a table.
 */
const TABLES: Record<string, string> = { table5: 'Stol 5', table6: 'Stol 6', t5: 'Stol 5' };

/**
 * The page as the server renders it at `url` (route.ts): at a table that takes orders, with its
 * panel and the add buttons; its scripts are not run (the test starts them). A string is a page
 * rendered by the test itself.
 */
export function openPage(url: string, content: LocalMenu | string = menu()) {
  const table = TABLES[new URL(url, 'http://x').searchParams.get('p') ?? ''];
  const page =
    typeof content === 'string' ? content : renderMenuPage(content, { script: SCRIPT, table: table ?? null });
  const parsed = new DOMParser().parseFromString(page, 'text/html');
  document.documentElement.replaceWith(document.importNode(parsed.documentElement, true));
  history.replaceState(null, '', url);
}

/** An answer of the API: `body` as JSON with this status. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API: answers by method and path; `orders` answers POST /api/public/orders in turn. */
export function fakeApi(
  options: {
    table?: { takes_orders: boolean; table: string; menu?: string; pending_calls: string[] };
    /** The table lookup's status instead (404: no such table). */
    tableStatus?: number;
    /** Answers to POST /api/public/orders in turn, each given the body sent. */
    orders?: ((body: OrderCreateBody) => Response | Promise<Response>)[];
    freshPage?: string;
  } = {},
) {
  const calls: Call[] = [];
  const json = jsonAnswer;
  const orders = [...(options.orders ?? [])];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/public/tables/'))
      return options.tableStatus
        ? json(options.tableStatus, { error: { code: 'not_found' } })
        : json(200, {
            data: {
              menu: 'rayhon',
              ...(options.table ?? { takes_orders: true, table: 'Stol 5', pending_calls: [] }),
            },
          });
    if (url === '/api/public/orders') {
      const next = orders.shift();
      if (!next) throw new Error('no answer planned');
      return next(calls.at(-1)!.body as OrderCreateBody);
    }
    if (url === '/api/public/calls') {
      const kind = (calls.at(-1)!.body as { kind: string }).kind;
      return json(201, { data: { kind, status: 'pending' } });
    }
    if (url.startsWith('/api/public/telegram/orders/')) return json(200, { data: { notified: true } });
    if (url.startsWith('/m/rayhon?')) return new Response(options.freshPage ?? '', { status: 200 });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, json, posts: () => calls.filter((c) => c.url === '/api/public/orders') };
}

/** The API's refusal of an order whose lines are not as the guest saw them (409): each line's path and reason. */
export const refusedLines = (
  details: { path: string; message: string }[],
  message = 'Some items cannot be ordered as they are',
) => jsonAnswer(409, { error: { code: 'conflict', message, details } });

/** The order made (201): #14. */
export const made = () =>
  new Response(
    JSON.stringify({
      data: { _id: 'order1', key: 'secret-key', number: 14, status: 'sent', items: [], total: 0 },
    }),
    { status: 201 },
  );

export const flush = () => new Promise((r) => setTimeout(r, 0));

/** The page's EventSource as the script sees it: `last` the one it opened, `emit` an order's event to it. */
export class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static last: FakeEventSource;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  emit(order: Record<string, unknown>) {
    this.dispatchEvent(Object.assign(new Event('order'), { data: JSON.stringify(order) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

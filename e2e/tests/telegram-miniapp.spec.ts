/**
 * The menu inside Telegram end to end (docs/TELEGRAM.md, "The menu inside Telegram"), against the
 * fake Bot API (api/test/fakes/telegram.ts): a 375 px phone opens the Mini App's address as
 * Telegram opens it (the guests' page with `#tgWebAppData=<initData signed by the restaurant's
 * bot>&tgWebAppStartParam=<table 5's code>`, Telegram's bridge `TelegramWebviewProxy` as its
 * apps give it), orders with the Mini App's main button, the staff accept it on the board, and
 * the guest's private chat with the bot gets «Buyurtma #N: Qabul qilindi» once. A forged
 * `initData` is refused (401) and the guest's page is the plain web menu and order as ever. A
 * `startapp` of another restaurant's table, or of none, is no table: the plain menu. Telegram
 * Web's page frames the Mini App (it opens one in an <iframe>); another site's frame is refused.
 * axe on the Mini App's menu (375 and 1280 px), its cart and the order's page.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import {
  connectBot,
  openTables,
  oshRestaurant,
  oshRestaurantWithTables,
  serverApi,
  signIn,
  telegramServer,
} from './pos-support';

const own = telegramServer();
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
// two browser contexts and a board on a shared, loaded machine
test.setTimeout(180_000);

/** Telegram's light theme, as its apps pass it (`tgWebAppThemeParams`). */
const THEME = { bg_color: '#ffffff', text_color: '#000000', hint_color: '#707579', button_color: '#0b5cad' };

/** Telegram's app bridge in the page: what the page posts is kept in `window.__tg`. */
async function asTelegramApp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tg: [string, unknown][]; TelegramWebviewProxy: unknown };
    w.__tg = [];
    w.TelegramWebviewProxy = {
      postEvent: (type: string, data: string) => w.__tg.push([type, JSON.parse(data)]),
    };
  });
}
const posted = (page: Page, type: string) =>
  page.evaluate(
    (t) => (window as unknown as { __tg: [string, unknown][] }).__tg.filter(([k]) => k === t).at(-1)?.[1],
    type,
  );
const telegramSays = (page: Page, type: string) =>
  page.evaluate(
    (t) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d: unknown): void } } }
      ).Telegram.WebView.receiveEvent(t, {}),
    type,
  );
const miniAppUrl = (slug: string, initData: string, table: string) =>
  `${own.server.url}/m/${slug}?tg=1#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(THEME))}&tgWebAppStartParam=${table}`;

/** Osh into the cart through its sheet, the cart opened, and sent with the Mini App's main button. */
async function orderOsh(page: Page) {
  await page.getByRole('button', { name: "Savatga qo'shish: Osh" }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Savatga qo'shish/ })
    .click();
  await page.getByRole('button', { name: /^Savat: 1 ta/ }).click();
  await expect
    .poll(() => posted(page, 'web_app_setup_main_button'))
    .toEqual({
      is_visible: true,
      is_active: true,
      text: 'Buyurtma berish',
    });
  await expectAccessible(page, 'the Mini App with the cart open');
  await telegramSays(page, 'main_button_pressed');
  await page.waitForURL(/\/orders\/[^/?]+\?key=/);
}

/**
 * An Osh restaurant (`name`) with Stol 5 taking orders and its bot (`chat`) connected, and a
 * guest (`guestName`) who has started the bot in private: the Mini App's world of one table.
 */
async function tableFiveWithBot(
  request: APIRequestContext,
  name: string,
  slugPrefix: string,
  chat: Parameters<typeof connectBot>[4],
  guestName: string,
) {
  const made = await oshRestaurantWithTables(request, own.server.url, name, slugPrefix, ['Stol 5']);
  const { api, manager, slug } = made;
  const [table5] = made.tables as [string];
  const bot = await connectBot(api, own.fake, manager, slug, chat);
  const guest = own.fake.addUser(guestName);
  own.fake.startPrivate(bot, guest);
  return { manager, slug, table5, bot, guest };
}

test('table 5 orders from the Mini App, the board accepts, the guest’s chat gets «Qabul qilindi» once', async ({
  page,
  browser,
  request,
}) => {
  const { manager, slug, table5, bot, guest } = await tableFiveWithBot(
    request,
    'Mini App Oshxonasi',
    'miniapp',
    { bot: 'miniapp_oshxona_bot', id: -1003334445556, title: 'Oshxona' },
    'Dilnoza',
  );

  await asTelegramApp(page);
  const tied = page.waitForResponse((r) => r.url().includes('/api/public/telegram/orders/'));
  await page.goto(miniAppUrl(slug, own.fake.initDataFor(bot, guest, { startParam: table5 }), table5));
  await expect(page.getByText('Stol 5')).toBeVisible();
  expect(await posted(page, 'web_app_ready')).toEqual({});
  await expectAccessible(page, 'the Mini App menu');
  await orderOsh(page);
  expect((await tied).status()).toBe(200);
  const number = Number(
    /#(\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')?.[1],
  );
  await expectAccessible(page, "the Mini App's order page");

  const boardContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const board = await boardContext.newPage();
    await signIn(board, own.server.url, manager, 'manager');
    await board.goto(`${own.server.url}/orders`);
    const card = board
      .locator('article')
      .filter({ has: board.getByRole('heading', { name: `#${number}, Stol 5` }) });
    // the board shows a move at once, before the server has it: closing the board before its
    // answer could cancel the request on a loaded machine (then no order is accepted at all)
    const moved = board.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' && /\/manager\/orders\/[^/]+\/status$/.test(new URL(r.url()).pathname),
    );
    await card.getByRole('button', { name: 'Qabul qilish' }).click();
    await expect(
      board.getByTestId('column-accepted').getByRole('heading', { name: `#${number}, Stol 5` }),
    ).toBeVisible();
    expect((await moved).status()).toBe(200);
  } finally {
    await boardContext.close();
  }

  const chat = () => own.fake.messages.filter((m) => m.chat_id === guest.id).map((m) => m.text);
  await expect.poll(chat, { timeout: 15_000 }).toEqual([`Buyurtma #${number}: Qabul qilindi`]);
  // once: the staff chat's message was edited to «accepted» after it, and nothing more came
  await expect
    .poll(
      () => own.fake.messages.find((m) => m.text.startsWith(`Yangi buyurtma #${number}`))?.texts.length ?? 0,
    )
    .toBeGreaterThan(1);
  expect(chat()).toEqual([`Buyurtma #${number}: Qabul qilindi`]);
});

test('a forged initData is refused and the page is the plain web menu', async ({ page, request }) => {
  const { slug, table5, bot, guest } = await tableFiveWithBot(
    request,
    'Soxta Oshxona',
    'forged',
    { bot: 'soxta_bot', id: -1003334445557, title: 'Soxta' },
    'Bekzod',
  );
  const signed = own.fake.initDataFor(bot, guest, { startParam: table5 });
  const forged = signed.replace(
    /user=[^&]+/,
    `user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'Boshqa', allows_write_to_pm: true }))}`,
  );

  await asTelegramApp(page);
  const tied = page.waitForResponse((r) => r.url().includes('/api/public/telegram/orders/'));
  await page.goto(miniAppUrl(slug, forged, table5));
  await expect(page.getByRole('heading', { level: 2, name: 'Taomlar' })).toBeVisible();
  await orderOsh(page);
  expect((await tied).status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('#');
  await page.goto(`${own.server.url}/m/${slug}?p=${table5}`);
  await expect(page.getByRole('button', { name: "Savatga qo'shish: Osh" })).toBeVisible();
  await expectAccessible(page, 'the menu after a forged initData');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(miniAppUrl(slug, forged, table5));
  await expect(page.getByRole('button', { name: "Savatga qo'shish: Osh" })).toBeVisible();
  await expectAccessible(page, 'the Mini App menu at 1280 px');
  expect(own.fake.messages.filter((m) => m.chat_id === guest.id || m.chat_id === 1)).toEqual([]);
});

test("a link's table of another restaurant, or one that is none, is no table: the plain menu", async ({
  page,
  request,
}) => {
  const api = serverApi(request, own.server.url);
  const here = await oshRestaurant(api, 'Bu Oshxona', 'here');
  const there = await oshRestaurant(api, 'Boshqa Oshxona', 'there');
  await openTables(api, here.manager, here.restaurantId, ['Stol 1']);
  const [theirs] = (await openTables(api, there.manager, there.restaurantId, ['Stol 9'])) as [string];
  const bot = await connectBot(api, own.fake, here.manager, here.slug, {
    bot: 'bu_oshxona_bot',
    id: -1003334445558,
    title: 'Bu',
  });
  const guest = own.fake.addUser('Dilshod');

  await asTelegramApp(page);
  for (const code of [theirs, 'noSuchTable_123']) {
    await page.goto(miniAppUrl(here.slug, own.fake.initDataFor(bot, guest, { startParam: code }), code));
    // the direct link's code is opened as the page's `?p=`: the own.server's page for it
    await page.waitForURL((url) => url.searchParams.get('p') === code);
    await expect(page.getByRole('heading', { level: 2, name: 'Taomlar' })).toBeVisible();
    // no table panel, no ordering: the other restaurant's table is neither named nor called
    await expect(page.getByText('Stol 9')).toHaveCount(0);
    await expect(page.getByRole('button', { name: "Savatga qo'shish: Osh" })).toHaveCount(0);
    await expect(page.locator('.qm-table')).toHaveCount(0);
  }
  await expectAccessible(page, "the Mini App's plain menu for a table not its own");
});

test('Telegram Web opens the Mini App in its frame; another site cannot frame it', async ({
  page,
  request,
}) => {
  const api = serverApi(request, own.server.url);
  const { slug } = await oshRestaurant(api, 'Ramka Oshxona', 'ramka');
  // Telegram Web's page (its version K) and another site, each framing the guests' page as
  // Telegram Web frames a Mini App
  const framing = (title: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body><iframe title="Mini App" src="${own.server.url}/m/${slug}?tg=1" width="375" height="600"></iframe></body></html>`;
  await page.route('https://web.telegram.org/k/', (route) =>
    route.fulfill({ contentType: 'text/html', body: framing('Telegram Web') }),
  );
  await page.route('https://another.example/', (route) =>
    route.fulfill({ contentType: 'text/html', body: framing('Another site') }),
  );

  // the test's server is on 127.0.0.1: Chromium asks before a public site reaches a local address
  // (Local Network Access), which a real Mini App's public address never meets
  await page.context().grantPermissions(['local-network-access']);
  await page.goto('https://web.telegram.org/k/');
  await expect(
    page.frameLocator('iframe').getByRole('heading', { level: 1, name: 'Ramka Oshxona' }),
  ).toBeVisible();

  const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await page.goto('https://another.example/');
  await refused;
  await expect(
    page.frameLocator('iframe').getByRole('heading', { level: 1, name: 'Ramka Oshxona' }),
  ).toHaveCount(0);
});

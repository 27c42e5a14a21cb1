/**
 * A guest orders from table 5 on a 375 px phone (docs/ORDERS.md): the manager's restaurant takes
 * orders at "Stol 5"; its code is decoded from the printed sheet; the guest adds two dishes, one
 * with an option row, sends, and sees "Yuborildi", then "Qabul qilindi" live once the staff
 * accept (through the API); a dish stopped meanwhile is refused by name; a double tap makes one
 * order; a dish added after a lost answer is not dropped (the guest learns the first order
 * arrived and sends the rest); a waiter call reaches the staff, and once they clear it the page
 * says so; the page without JavaScript still reads the whole menu; at the table nothing on the
 * page moves when the cart script runs (its panel and add buttons are the server's);
 * axe is clean on the menu with the sheet open, the cart and the order's page. Every restaurant
 * and order is the test's own (the suite may run in parallel).
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectAccessible } from '../a11y';
import {
  baseURL,
  copyPrintedSheets,
  creator,
  loginWithStorage,
  managerRestaurant,
  placementsTakingOrders,
  trackCspViolations,
} from './support';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

interface World {
  token: string;
  slug: string;
  products: { osh: string; choy: string; somsa: string };
  /** The ids of "Stol 4" and "Stol 5". */
  tables: string[];
}

/** The manager's restaurant: three dishes (osh with "Porsiya": Yarim / To'liq +20 000), tables 4 and 5. */
async function makeWorld(request: APIRequestContext): Promise<World & { restaurantId: string }> {
  const r = await managerRestaurant(request, 'Buyurtma Oshxonasi', 'buyurtma', {
    address: 'Toshkent, Chilonzor 1',
    work_time: '10:00-23:00',
  });
  const { slug, restaurantId, token } = r;
  const post = creator(request, token);
  const category = await post('manager/category/create', { title: 'Taomlar', restaurant_id: restaurantId });
  const osh = await post('manager/products', { name: 'Toshkent oshi', category_id: category, price: 45000 });
  const choy = await post('manager/products', { name: "Ko'k choy", category_id: category, price: 8000 });
  const somsa = await post('manager/products', { name: 'Tandir somsa', category_id: category, price: 12000 });
  const portion = await post('manager/product-option', { product_id: osh, name: 'Porsiya' });
  await post('manager/product-option-row', { product_option_id: portion, name: 'Yarim', price: 0 });
  await post('manager/product-option-row', { product_option_id: portion, name: "To'liq", price: 20000 });
  // the tables are made; ordering is switched on by the test, at the table its code leads to
  const ids = await placementsTakingOrders(request, r, ['Stol 4', 'Stol 5'], []);
  return {
    token,
    slug,
    restaurantId,
    products: { osh, choy, somsa },
    tables: ['Stol 4', 'Stol 5'].map((name) => ids.get(name) as string),
  };
}

/** Ordering on for the restaurant and its "Stol 5" (the manager's switches). */
async function openOrdering(request: APIRequestContext, token: string, table: string) {
  const res = await request.put(`${baseURL()}/api/manager/ordering`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { takes_orders: true, placements: [{ _id: table, takes_orders: true }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** "Stol 5"'s code as printed: the manager prints every sheet; the one naming Stol 5 is decoded. */
async function tableFiveCode(page: Page, token: string): Promise<string> {
  // the manager prints at a desk: the 12 cm sheet is wider than a phone's screen
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginWithStorage(page, token, 'manager');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'QR kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR kod' });
  await expect(dialog.getByTestId('placement-row')).toHaveCount(2);
  await copyPrintedSheets(page);
  await dialog.getByRole('button', { name: 'Hammasini chop etish (2 varaq)' }).click();
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('printed').filter({ hasText: 'Stol 5' });
  await expect(sheet).toHaveCount(1);
  const code = decodePng(await sheet.locator('svg').screenshot());
  await page.emulateMedia({ media: 'screen' });
  expect(code).toMatch(/\?p=[0-9a-f]{18}[\w-]{22}$/);
  return code!;
}

/**
 * The restaurant, table 5 taking orders (`code`: its QR code's address), and a
 * guest's phone (375 px, touch, Uzbek) with a page not yet opened: the start of the guest's
 * tests; `phone` closed by the test.
 */
async function guestAtTableFive(browser: Browser, page: Page, request: APIRequestContext) {
  const world = await makeWorld(request);
  const code = await tableFiveCode(page, world.token);
  const table = new URL(code).searchParams.get('p')!;
  await openOrdering(request, world.token, table);
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    locale: 'uz-UZ',
  });
  return { world, code, phone, guest: await phone.newPage() };
}

async function staff<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'PUT',
  path: string,
  data?: object,
) {
  const res = await request.fetch(`${baseURL()}/api/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data ? { data } : {}),
  });
  expect(res.status(), `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** Adds a dish through its sheet, choosing `row` when given. */
async function addDish(guest: Page, name: string, row?: string) {
  await guest.getByRole('button', { name: `Savatga qo'shish: ${name}` }).click();
  const sheet = guest.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  if (row) await sheet.getByRole('radio', { name: new RegExp(`^${row}`) }).check();
  await sheet.getByRole('button', { name: /^Savatga qo'shish/ }).click();
  await expect(sheet).toBeHidden();
}

const cartBar = (guest: Page) => guest.locator('.qm-bar').getByRole('button');

test('a guest at table 5 orders two dishes and follows the order live; staff accept; a stopped dish is refused by name', async ({
  browser,
  page,
  request,
}) => {
  const { world, code, phone, guest } = await guestAtTableFive(browser, page, request);
  const csp = await trackCspViolations(guest);
  await guest.goto(code);
  await expect(guest.getByText('Stol 5', { exact: true })).toBeVisible();

  // the sheet of a dish with an option: a labelled dialog, its rows with their extras
  await guest.getByRole('button', { name: "Savatga qo'shish: Toshkent oshi" }).click();
  const sheet = guest.getByRole('dialog', { name: 'Toshkent oshi' });
  await expect(sheet.getByRole('group', { name: 'Porsiya' }).getByRole('radio')).toHaveCount(3);
  await expect(sheet.getByText("+20 000 so'm")).toBeVisible();
  await expectAccessible(guest, 'the menu with the option sheet open');
  await guest.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(guest.getByRole('button', { name: "Savatga qo'shish: Toshkent oshi" })).toBeFocused();

  await addDish(guest, 'Toshkent oshi', "To'liq");
  await addDish(guest, "Ko'k choy");
  await expect(cartBar(guest)).toHaveText("Savat: 2 ta, 73 000 so'm");
  for (const name of ["Savatga qo'shish: Ko'k choy", 'Ofitsiantni chaqirish', "Hisobni so'rash"]) {
    const box = (await guest.getByRole('button', { name }).boundingBox())!;
    expect(box.height, `${name}: a touch target`).toBeGreaterThanOrEqual(44);
  }

  // the cart survives a reload
  await guest.reload();
  await expect(cartBar(guest)).toHaveText("Savat: 2 ta, 73 000 so'm");
  await cartBar(guest).click();
  const cart = guest.getByRole('dialog', { name: 'Savat' });
  await expect(cart.getByText("Porsiya: To'liq")).toBeVisible();
  await expectAccessible(guest, 'the cart');
  await cart.getByLabel('Izoh (ixtiyoriy)').fill('Piyozsiz');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();

  await guest.waitForURL(/\/orders\/[0-9a-f]{24}\?key=/);
  const status = guest.getByRole('status').filter({ hasText: 'Holati' });
  await expect(status).toContainText('Yuborildi');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(/^Buyurtma #\d+$/);
  await expect(guest.getByText("Porsiya: To'liq")).toBeVisible();
  await expect(guest.getByText("Jami: 73 000 so'm")).toBeVisible();
  await expectAccessible(guest, "the order's page");
  const orderId = new URL(guest.url()).pathname.split('/').pop()!;

  // the staff see it, with the table and the option; they accept; the guest's page follows
  const today = await staff<{
    data: { _id: string; table: string; items: { rows: { name: string }[] }[] }[];
  }>(request, world.token, 'GET', 'manager/orders');
  const made = today.data.find((o) => o._id === orderId)!;
  expect(made.table).toBe('Stol 5');
  expect(made.items[0]?.rows.map((r) => r.name)).toEqual(["To'liq"]);
  await staff(request, world.token, 'PUT', `manager/orders/${orderId}/status`, { status: 'accepted' });
  await expect(status).toContainText('Qabul qilindi');

  // the order is linked from the menu on this phone
  await guest.goto(code);
  await expect(guest.getByRole('link', { name: /^Buyurtma #\d+$/ })).toHaveAttribute(
    'href',
    new RegExp(orderId),
  );

  // a dish stopped while it sits in the cart is refused by name
  await addDish(guest, 'Tandir somsa');
  await addDish(guest, "Ko'k choy");
  const stop = await request.post(`${baseURL()}/api/manager/stop-list`, {
    headers: { Authorization: `Bearer ${world.token}` },
    data: { product_ids: [world.products.somsa], action: 'stop' },
  });
  expect(stop.status()).toBe(200);
  await cartBar(guest).click();
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  const somsa = cart.getByRole('listitem').filter({ hasText: 'Tandir somsa' });
  await expect(somsa).toContainText('Hozir mavjud emas');
  await expect(cart.getByRole('alert')).toHaveText("Belgilangan taomlarni o'zgartiring va qayta yuboring.");
  await expect(cart.getByRole('button', { name: 'Buyurtma berish' })).toBeDisabled();
  await cart.getByRole('button', { name: "O'chirish: Tandir somsa" }).click();
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await guest.waitForURL(/\/orders\//);
  await expect(guest.getByRole('status').filter({ hasText: 'Holati' })).toContainText('Yuborildi');

  expect(await csp()).toEqual([]);
  await phone.close();
});

test('a double tap, or a retry after a lost answer, makes one order; a waiter call reaches the staff', async ({
  browser,
  page,
  request,
}) => {
  const { world, code, phone, guest } = await guestAtTableFive(browser, page, request);
  await guest.goto(code);

  await addDish(guest, "Ko'k choy");
  await cartBar(guest).click();
  await guest
    .getByRole('dialog', { name: 'Savat' })
    .getByRole('button', { name: 'Buyurtma berish' })
    .dblclick();
  await guest.waitForURL(/\/orders\//);
  const orders = await staff<{ data: unknown[] }>(request, world.token, 'GET', 'manager/orders');
  expect(orders.data).toHaveLength(1);

  // the connection drops after the server made the order: the guest is told, tries again, and
  // the same key answers the order already made
  await guest.goto(code);
  await addDish(guest, 'Tandir somsa');
  let dropped = 0;
  await guest.route('**/api/public/orders', async (route) => {
    if (dropped++ > 0) return route.continue();
    await route.fetch(); // the order reaches the server...
    await route.abort('internetdisconnected'); // ...its answer never reaches the phone
  });
  await cartBar(guest).click();
  const cart = guest.getByRole('dialog', { name: 'Savat' });
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(cart.getByRole('alert')).toHaveText(
    "Internet aloqasi yo'q. Savat saqlandi: qayta urinib ko'ring.",
  );
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await guest.waitForURL(/\/orders\//);
  expect(dropped).toBe(2);
  const after = await staff<{ data: unknown[] }>(request, world.token, 'GET', 'manager/orders');
  expect(after.data).toHaveLength(2);

  await guest.goto(code);
  await guest.getByRole('button', { name: 'Ofitsiantni chaqirish' }).click();
  await expect(guest.getByRole('button', { name: 'Ofitsiant chaqirildi' })).toBeDisabled();
  const calls = await staff<{ data: { _id: string; kind: string; table: string; status: string }[] }>(
    request,
    world.token,
    'GET',
    'manager/calls',
  );
  expect(calls.data.map((c) => [c.kind, c.table, c.status])).toEqual([['waiter', 'Stol 5', 'pending']]);
  await staff(request, world.token, 'PUT', `manager/calls/${calls.data[0]!._id}/done`);
  // after a reload the table asks anew: nothing pending
  await guest.reload();
  await expect(guest.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toBeEnabled();
  await phone.close();
});

test('a dish added after a lost answer is not dropped: the guest learns the first order arrived and sends the rest; a cleared waiter call leaves no word behind', async ({
  browser,
  page,
  request,
}) => {
  const { world, code, phone, guest } = await guestAtTableFive(browser, page, request);
  // the table is asked again 20 s after a call: the test moves the page's clock instead of waiting
  await guest.clock.install();
  await guest.goto(code);

  await addDish(guest, "Ko'k choy");
  let lost = false;
  await guest.route('**/api/public/orders', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch(); // the order reaches the server...
    await route.abort('internetdisconnected'); // ...its answer never reaches the phone
  });
  await cartBar(guest).click();
  const cart = guest.getByRole('dialog', { name: 'Savat' });
  await cart.getByLabel('Izoh (ixtiyoriy)').fill('Tezroq');
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await expect(cart.getByRole('alert')).toHaveText(
    "Internet aloqasi yo'q. Savat saqlandi: qayta urinib ko'ring.",
  );

  // the guest adds osh, then sends again: the server refuses the key with the changed cart, the
  // cart learns the first order arrived and says so; the osh stays to be sent
  await guest.keyboard.press('Escape');
  await addDish(guest, 'Toshkent oshi', "To'liq");
  await cartBar(guest).click();
  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  const alert = cart.getByRole('alert');
  await expect(alert).toHaveText(
    /^Oldingi buyurtmangiz yetib borgan ekan: unda savat o'zgarishidan oldingi taomlar bor\. Buyurtma #\d+ Savatda unga kirmagan taomlar qoldi: tekshirib, qayta yuboring\.$/,
  );
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart.getByRole('listitem')).toContainText('Toshkent oshi');
  await expect(cart.getByLabel('Izoh (ixtiyoriy)')).toHaveValue('');
  await expect(cartBar(guest)).toHaveText("Savat: 1 ta, 65 000 so'm");
  expect(guest.url()).not.toMatch(/\/orders\//);
  await expectAccessible(guest, 'the cart saying the first order arrived');
  type Orders = { data: { _id: string; comment: string | null; items: { name: string }[] }[] };
  const first = await staff<Orders>(request, world.token, 'GET', 'manager/orders');
  expect(first.data.map((o) => [o.items.map((i) => i.name), o.comment])).toEqual([[["Ko'k choy"], 'Tezroq']]);
  await expect(alert.getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`/orders/${first.data[0]!._id}\\?key=`),
  );

  await cart.getByRole('button', { name: 'Buyurtma berish' }).click();
  await guest.waitForURL(/\/orders\//);
  const both = await staff<Orders>(request, world.token, 'GET', 'manager/orders');
  // newest first: the osh alone, without the first order's comment
  expect(both.data.map((o) => [o.items.map((i) => i.name), o.comment])).toEqual([
    [['Toshkent oshi'], null],
    [["Ko'k choy"], 'Tezroq'],
  ]);

  // a waiter call the staff clear: the next check brings the button back and empties the line
  await guest.goto(code);
  await guest.getByRole('button', { name: 'Ofitsiantni chaqirish' }).click();
  const line = guest.locator('.qm-table [role="status"]');
  await expect(line).toHaveText('Ofitsiant chaqirildi');
  const calls = await staff<{ data: { _id: string }[] }>(request, world.token, 'GET', 'manager/calls');
  await staff(request, world.token, 'PUT', `manager/calls/${calls.data[0]!._id}/done`);
  await guest.clock.runFor(20_000);
  await expect(guest.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toBeEnabled();
  await expect(line).toHaveText('');
  await phone.close();
});

test('without JavaScript the page of a restaurant taking orders still reads the whole menu', async ({
  browser,
  page,
  request,
}) => {
  const world = await makeWorld(request);
  const code = await tableFiveCode(page, world.token);
  await openOrdering(request, world.token, new URL(code).searchParams.get('p')!);
  const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const guest = await phone.newPage();
  const res = await guest.goto(code);
  expect(res?.status()).toBe(200);
  // (their order is the API suite's business: dishes made in one millisecond may tie)
  expect((await guest.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual([
    "Ko'k choy",
    'Tandir somsa',
    'Toshkent oshi',
  ]);
  await expect(guest.getByText("To'liq +20 000 so'm")).toBeVisible();
  // the table's panel and the add buttons are in the HTML, disabled: nothing there can be pressed
  await expect(guest.getByText('Stol 5', { exact: true })).toBeVisible();
  for (const button of await guest.getByRole('button').all()) await expect(button).toBeDisabled();
  await phone.close();
});

test('at the table nothing moves when the cart script runs: the first dish keeps its box, no layout shift (375 px)', async ({
  browser,
  request,
}) => {
  const world = await makeWorld(request);
  const table = world.tables[1]!;
  await openOrdering(request, world.token, table);
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const guest = await phone.newPage();
  // the cart script is held until the page, as the server sent it, has been measured
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await guest.route('**/m/assets/cart.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await guest.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { qmShifts: typeof shifts }).qmShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await guest.goto(`/m/${world.slug}?p=${table}`, { waitUntil: 'commit' });
  const firstDish = guest.locator('[data-product]').first();
  const add = firstDish.getByRole('button', { name: /^Savatga qo'shish: / });
  await expect(add).toBeDisabled();
  await expect(guest.getByText('Stol 5', { exact: true })).toBeVisible();
  const before = await firstDish.boundingBox();
  release();
  // the script is ready: the add buttons are enabled and the table told which call is pending
  await expect(add).toBeEnabled();
  await expect(guest.getByRole('button', { name: 'Ofitsiantni chaqirish' })).toBeEnabled();
  await guest.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await firstDish.boundingBox()).toEqual(before);
  expect(
    await guest.evaluate(() => (window as unknown as { qmShifts: { total: number } }).qmShifts.total),
  ).toBe(0);
  await expectAccessible(guest, 'the menu at a table, the cart ready');
  await phone.close();
});

test("a category chip's jump lands on its category, the first one too, with the rows laid out near the screen only (and without JavaScript)", async ({
  browser,
  request,
}) => {
  const r = await managerRestaurant(request, 'Uzun Menyu', 'uzun');
  const post = creator(request, r.token);
  const categories: { id: string; title: string }[] = [];
  for (const title of ['Salatlar', 'Issiq taomlar', 'Ichimliklar', 'Shirinliklar']) {
    const id = await post('manager/category/create', { title, restaurant_id: r.restaurantId });
    categories.push({ id, title });
    // a description makes a row taller than the height a row not laid out stands at
    for (let i = 1; i <= 8; i++)
      await post('manager/products', {
        name: `${title} ${i}`,
        category_id: id,
        price: 20000 + i * 1000,
        description: "Mol go'shti, sabzi, guruch, ziravorlar va yangi ko'katlar bilan",
      });
  }
  const [table] = [...(await placementsTakingOrders(request, r, ['Stol 1'])).values()];
  for (const javaScriptEnabled of [true, false]) {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled });
    const guest = await phone.newPage();
    await guest.goto(`/m/${r.slug}?p=${table}`);
    const nav = guest.getByRole('navigation', { name: 'Menyu kategoriyalari' });
    // the last category first (every row above it once stood at its estimated height), then back
    for (const category of [categories[3]!, categories[1]!]) {
      await nav.getByRole('link', { name: category.title }).click();
      await expect(guest).toHaveURL(new RegExp(`#cat-${category.id}$`));
      const heading = guest.getByRole('heading', { level: 2, name: category.title });
      // the smooth scroll has ended where the heading stands just under the sticky row
      await expect
        .poll(
          async () => {
            const [top, below] = [(await heading.boundingBox())!.y, (await nav.boundingBox())!.height];
            return top >= below && top < below + 40;
          },
          { message: `${category.title}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}` },
        )
        .toBe(true);
    }
    await phone.close();
  }
});

/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"; docs/SCREENS.md, "The staff's
 * screens") in the composed production app, phone first: two restaurants; the first one's manager
 * makes two waiters and a kitchen account on «Xodimlar», puts tables 1-5 and 6-10 in two zones and
 * gives each zone to a waiter at once; a guest's order at Stol 3 reaches the first waiter's board
 * and not the second's; the first waiter accepts it, the kitchen marks it ready, the waiter serves
 * it; the history says who did each; a waiter's token is refused by every route not theirs (each
 * catalog and settings route among them), read from the OpenAPI document's `x-roles`; another
 * restaurant's manager and waiter reach none of it; the shell shows each role only its pages. axe
 * on every screen at 375 and 1280 px. The Telegram part runs against the fake Bot API in
 * api/test/telegram-staff-link.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../a11y';
import { apiToken, baseURL, creator, loginWithStorage, restaurantReadyToOrder, unique } from './support';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
test.use({ viewport: PHONE, hasTouch: true });

interface Restaurant {
  id: string;
  managerToken: string;
  /** 'Stol 1' .. 'Stol 10' by name */
  tables: Map<string, string>;
  choy: { id: string; price: number };
}

/** A restaurant with a manager, a product and tables Stol 1-10 taking orders. */
async function createRestaurant(request: APIRequestContext, name: string): Promise<Restaurant> {
  const names = Array.from({ length: 10 }, (_, i) => `Stol ${i + 1}`);
  const {
    restaurantId: id,
    token: managerToken,
    tables,
  } = await restaurantReadyToOrder(request, name, 'staff', names);
  const create = creator(request, managerToken);
  const category = await create('manager/category/create', { title: 'Ichimliklar', restaurant_id: id });
  const choy = await create('manager/products', { name: 'Choy', category_id: category, price: 5000 });
  return { id, managerToken, tables, choy: { id: choy, price: 5000 } };
}

async function placeOrder(request: APIRequestContext, r: Restaurant, table: string) {
  const res = await request.post(`${baseURL()}/api/public/orders`, {
    data: {
      placement_id: r.tables.get(table),
      idempotency_key: randomUUID(),
      language: 'uz',
      items: [{ product_id: r.choy.id, quantity: 2, row_ids: [], price: r.choy.price }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string; number: number; key: string } }).data;
}

async function todaysOrderIds(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get(`${baseURL()}/api/manager/orders`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { _id: string }[] }).data.map((o) => o._id);
}

/** A browser of its own (a phone), signed in through the login form, landed on `landing`. */
async function signInOnPhone(
  browser: Browser,
  creds: { login: string; password: string },
  landing: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, locale: 'uz-UZ' });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('input[name="login"]').fill(creds.login);
  await page.locator('input[name="password"]').fill(creds.password);
  await page.getByRole('button', { name: 'Kirish' }).click();
  await page.waitForURL((url) => url.pathname === landing);
  return page;
}

/** The bottom bar's entries: each role's own pages, nothing else. */
async function tabsOf(page: Page): Promise<string[]> {
  const bar = page.getByRole('navigation', { name: 'Menyu' });
  await expect(bar).toBeVisible();
  return (await bar.getByRole('link').allInnerTexts()).map((s) => s.replace(/\s*\d+$/, '').trim());
}

/** axe at 375 px, then at 1280 px, back to the phone. */
async function accessibleAtBothWidths(page: Page, label: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${label} (375 px)`);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${label} (1280 px)`);
  await page.setViewportSize(PHONE);
}

test('waiters and the kitchen: own accounts, own tables, each move recorded under its person', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const first = await createRestaurant(request, 'Birinchi Oshxona');
  const second = await createRestaurant(request, 'Ikkinchi Oshxona');
  const aziz = { login: unique('aziz'), password: 'ofitsiant123', name: 'Aziz' };
  const bobur = { login: unique('bobur'), password: 'ofitsiant456', name: 'Bobur' };
  const oshpaz = { login: unique('oshpaz'), password: 'oshxona1234', name: 'Oshpaz Karim' };

  // the manager: «Xodimlar» from the home card, three accounts through the form
  await loginWithStorage(page, first.managerToken, 'manager');
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Xodimlar' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Xodimlar' })).toBeVisible();
  const form = page.getByTestId('staff-form');
  for (const [who, role] of [
    [aziz, 'Ofitsiant'],
    [bobur, 'Ofitsiant'],
    [oshpaz, 'Oshxona'],
  ] as const) {
    await form.locator('input[name="login"]').fill(who.login);
    await form.locator('input[name="name"]').fill(who.name);
    await form.locator('input[name="password"]').fill(who.password);
    await form.locator('select[name="role"]').selectOption({ label: role });
    await page.getByTestId('staff-submit').click();
    await expect(page.getByTestId('staff-row').filter({ hasText: who.login })).toContainText(role);
    // the form is made empty again once the account is saved, a moment after its row shows:
    // typing before that would be typed into the form being replaced
    await expect(form.locator('input[name="login"]')).toHaveValue('');
  }
  await expect(page.getByTestId('staff-row')).toHaveCount(3);
  // a login taken (here by the first waiter) is said under its field, nothing made
  await form.locator('input[name="login"]').fill(aziz.login);
  await form.locator('input[name="password"]').fill('boshqaparol1');
  await page.getByTestId('staff-submit').click();
  await expect(form.getByText('Bu login allaqachon band')).toBeVisible();
  await expect(page.getByTestId('staff-row')).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('staff-row')).toHaveCount(3);

  // the floor: tables 1-5 into «Zal», 6-10 into «Ayvon», then each zone to its waiter at once
  const floor = page.getByTestId('floor');
  const pickTables = async (from: number, to: number) => {
    for (let n = from; n <= to; n++) {
      await floor.getByRole('checkbox', { name: `Stol ${n}`, exact: true }).check();
    }
  };
  await pickTables(1, 5);
  await floor.locator('input[name="zone"]').fill('Zal');
  await floor.getByRole('button', { name: "Zonaga qo'shish" }).click();
  await expect(floor.getByRole('checkbox', { name: 'Zal: hammasini tanlash' })).toBeVisible();
  await pickTables(6, 10);
  await floor.locator('input[name="zone"]').fill('Ayvon');
  await floor.getByRole('button', { name: "Zonaga qo'shish" }).click();
  await expect(floor.getByRole('checkbox', { name: 'Ayvon: hammasini tanlash' })).toBeVisible();
  for (const [zone, waiter] of [
    ['Zal', aziz.name],
    ['Ayvon', bobur.name],
  ]) {
    await floor.getByRole('checkbox', { name: `${zone}: hammasini tanlash` }).check();
    await expect(floor.getByRole('status')).toHaveText('5 ta stol tanlandi');
    await floor.locator('select[name="waiter_id"]').selectOption({ label: waiter as string });
    await floor.getByRole('button', { name: 'Biriktirish' }).click();
    await expect(floor.getByRole('status')).toHaveText('0 ta stol tanlandi');
  }
  const floorNow = await request.get(`${baseURL()}/api/manager/floor`, {
    headers: { Authorization: `Bearer ${first.managerToken}` },
  });
  const tables = ((await floorNow.json()) as { data: { name: string; zone: string; waiter_id: string }[] })
    .data;
  const staffList = await request.get(`${baseURL()}/api/manager/staff`, {
    headers: { Authorization: `Bearer ${first.managerToken}` },
  });
  const staff = ((await staffList.json()) as { data: { _id: string; login: string; tables: number }[] }).data;
  const idOf = (login: string) => staff.find((m) => m.login === login)?._id;
  for (const table of tables) {
    const n = Number(table.name.replace('Stol ', ''));
    expect(table.zone, table.name).toBe(n <= 5 ? 'Zal' : 'Ayvon');
    expect(table.waiter_id, table.name).toBe(idOf(n <= 5 ? aziz.login : bobur.login));
  }
  await accessibleAtBothWidths(page, '«Xodimlar» with its staff and floor');

  // each one signs in on their own phone with login and password; the shell shows their pages only
  const azizPage = await signInOnPhone(browser, aziz, '/orders');
  const boburPage = await signInOnPhone(browser, bobur, '/orders');
  const kitchenPage = await signInOnPhone(browser, oshpaz, '/kitchen');
  try {
    expect(await tabsOf(azizPage)).toEqual(['Buyurtmalar', 'Profil']);
    expect(await tabsOf(kitchenPage)).toEqual(['Oshxona', 'Stop-list', 'Profil']);
    for (const p of [azizPage, boburPage, kitchenPage]) {
      await expect(p.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
    }
    await expect(boburPage.getByText("Hozircha yangi buyurtma yo'q")).toBeVisible();

    // a guest's order at Stol 3: on Aziz's board, not on Bobur's
    const order = await placeOrder(request, first, 'Stol 3');
    const onAziz = azizPage.getByRole('article', { name: `#${order.number}, Stol 3` });
    await expect(onAziz).toBeVisible();
    await accessibleAtBothWidths(azizPage, "the first waiter's board with the order");
    expect(await todaysOrderIds(request, await apiToken(request, bobur))).not.toContain(order._id);
    await boburPage.reload();
    await expect(boburPage.getByTestId('live-state')).toHaveAttribute('data-state', 'open');
    await expect(boburPage.getByText("Hozircha yangi buyurtma yo'q")).toBeVisible();
    await expect(boburPage.getByRole('article', { name: `#${order.number}, Stol 3` })).toHaveCount(0);
    await accessibleAtBothWidths(boburPage, "the second waiter's board, empty");

    // Aziz accepts; a waiter never marks ready: that is the kitchen's
    await onAziz.getByRole('button', { name: 'Qabul qilish' }).click();
    const accepted = azizPage
      .getByTestId('column-accepted')
      .getByRole('article', { name: `#${order.number}, Stol 3` });
    await expect(accepted).toBeVisible();
    await expect(accepted.getByRole('button', { name: 'Tayyor' })).toHaveCount(0);
    await expect(accepted.getByTestId('order-actions')).toContainText('Qabul qildi: Aziz');

    // the kitchen sees it by age and marks it ready
    const cooking = kitchenPage
      .getByTestId('kitchen-cooking')
      .getByRole('article', { name: `#${order.number}, Stol 3` });
    await expect(cooking).toBeVisible();
    await accessibleAtBothWidths(kitchenPage, "the kitchen's view with the order");
    await cooking.getByRole('button', { name: 'Tayyor' }).click();
    await expect(
      kitchenPage.getByTestId('kitchen-ready').getByRole('article', { name: `#${order.number}, Stol 3` }),
    ).toBeVisible();

    // Aziz serves it
    const ready = azizPage
      .getByTestId('column-ready')
      .getByRole('article', { name: `#${order.number}, Stol 3` });
    await expect(ready).toBeVisible();
    await ready.getByRole('button', { name: 'Berildi' }).click();
    await expect(azizPage.getByText('Bugun yakunlangan: 1 ta')).toBeVisible();

    // the history says who did each
    await page.goto('/orders/history');
    const day = page.getByTestId('day-orders');
    await expect(day).toContainText(`#${order.number}, Stol 3`);
    const who = day.getByTestId('order-actions');
    await expect(who).toContainText('Qabul qildi: Aziz');
    await expect(who).toContainText('Tayyorladi: Oshpaz Karim');
    await expect(who).toContainText('Berdi: Aziz');
    await accessibleAtBothWidths(page, 'the history with who did each move');

    // the shell: no entry that leads to a refusal, and a typed address of another role's page is 404
    for (const path of ['/categoryList', '/orders/history', '/orders/settings', '/staff', '/kitchen']) {
      await azizPage.goto(path);
      await expect(azizPage.getByText('Sahifa topilmadi'), `${path} for a waiter`).toBeVisible();
    }
    for (const path of ['/orders', '/categoryList', '/staff', '/admin/restaurants']) {
      await kitchenPage.goto(path);
      await expect(kitchenPage.getByText('Sahifa topilmadi'), `${path} for the kitchen`).toBeVisible();
    }
    await azizPage.goto('/admin/profile');
    await expect(azizPage.getByRole('heading', { level: 1, name: 'Profil' })).toBeVisible();
    await accessibleAtBothWidths(azizPage, "a waiter's profile");
    await kitchenPage.goto('/ProductStopList');
    await expect(kitchenPage.getByRole('heading', { level: 1 })).toBeVisible();
    await accessibleAtBothWidths(kitchenPage, "the kitchen's stop-list");
  } finally {
    await Promise.all([azizPage, boburPage, kitchenPage].map((p) => p.context().close()));
  }

  // another restaurant: its manager finds none of the first one's staff, its waiter none of its orders
  const otherStaff = await request.get(`${baseURL()}/api/manager/staff`, {
    headers: { Authorization: `Bearer ${second.managerToken}` },
  });
  expect(otherStaff.status()).toBe(200);
  expect(((await otherStaff.json()) as { data: unknown[] }).data).toEqual([]);
  const edit = await request.put(`${baseURL()}/api/manager/staff/${idOf(aziz.login)}`, {
    headers: { Authorization: `Bearer ${second.managerToken}` },
    data: { name: 'Boshqa', role: 'kitchen' },
  });
  expect(edit.status()).toBe(404);
  const otherWaiter = { login: unique('other'), password: 'ofitsiant789', name: 'Other', role: 'waiter' };
  const made = await request.post(`${baseURL()}/api/manager/staff`, {
    headers: { Authorization: `Bearer ${second.managerToken}` },
    data: otherWaiter,
  });
  expect(made.status()).toBe(201);
  const otherToken = await apiToken(request, otherWaiter);
  const theirs = await placeOrder(request, first, 'Stol 7');
  expect(await todaysOrderIds(request, otherToken)).not.toContain(theirs._id);
  const foreignMove = await request.put(`${baseURL()}/api/manager/orders/${theirs._id}/status`, {
    headers: { Authorization: `Bearer ${otherToken}` },
    data: { status: 'accepted' },
  });
  expect([403, 404]).toContain(foreignMove.status());

  // a waiter's token on every route that is not a waiter's: 403, nothing read or changed
  const azizToken = await apiToken(request, aziz);
  const docRes = await request.get(`${baseURL()}/api/openapi.json`);
  expect(docRes.status()).toBe(200);
  const doc = (await docRes.json()) as {
    paths: Record<string, Record<string, { tags?: string[]; 'x-roles'?: string[] }>>;
  };
  const refused: string[] = [];
  const tags = new Set<string>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const roles = op['x-roles'];
      if (!roles || roles.includes('anyone') || roles.includes('waiter')) continue;
      const url = `${baseURL()}${path.replace(/\{[^}]+\}/g, 'x1')}`;
      const res = await request.fetch(url, {
        method: method.toUpperCase(),
        headers: { Authorization: `Bearer ${azizToken}` },
        ...(method === 'get' || method === 'delete' ? {} : { data: {} }),
      });
      if (res.status() !== 403) refused.push(`${method.toUpperCase()} ${path}: ${res.status()}`);
      for (const tag of op.tags ?? []) tags.add(tag);
    }
  }
  expect(refused, 'routes a waiter reached').toEqual([]);
  // the catalog's and the settings' routes are among them
  for (const tag of [
    'categories',
    'products',
    'options',
    'option rows',
    'restaurants',
    'placements',
    'staff',
  ]) {
    expect([...tags], tag).toContain(tag);
  }
  // the order is as it came: nothing above moved it
  const list = await request.get(`${baseURL()}/api/manager/orders`, {
    headers: { Authorization: `Bearer ${first.managerToken}` },
  });
  const rows = ((await list.json()) as { data: { _id: string; status: string }[] }).data;
  expect(rows.find((o) => o._id === theirs._id)?.status).toBe('sent');
});

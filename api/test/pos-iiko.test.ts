/**
 * iiko Cloud against the fake iikoTransport (test/fakes/iiko.ts): connect, preview, import, the
 * mapping, incremental sync (unchanged = one nomenclature call, no menu write), changes in the
 * POS, the manager's own stop, faults (expired token, 429, 500, timeout, malformed JSON, wrong
 * shape) leaving the menu unchanged, the StopListUpdate webhook, and secrets (sealed, masked,
 * never logged).
 */
import { Writable } from 'node:stream';
import { answers } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { describe, expect, it } from 'vitest';
import { posPicturesSettled } from '../src/integration/pos/pictures';
import { clearIikoTokens } from '../src/integration/providers/iiko';
import { IIKO_API_LOGIN, soldOnMenu } from './fakes/iiko';
import { apiCall, bearer, createUser, expectError, expectShape, snapshot } from './helpers';
import { filePosApp, posProduct, previewThenImport, startIiko, storedOptions } from './pos-support';

describe('iiko Cloud provider', () => {
  const logs: string[] = [];
  const { ctx, staff, fake } = filePosApp('iiko', () => startIiko({ products: 300 }), {
    posHttp: { timeoutMs: 400, backoffMs: 5, attempts: 3 },
    logger: {
      level: 'debug',
      stream: new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
  });
  let restaurantId: string;
  let slug: string;
  let webhookToken: string;
  const creds = { apiLogin: IIKO_API_LOGIN };
  const org = () => fake.data.organizations[0] as { id: string; name: string };
  const live = (i: number) =>
    fake.data.products.filter((p) => soldOnMenu(p) && !p.isDeleted)[i] as Record<string, unknown> & {
      id: string;
      name: string;
    };

  const post = (url: string, payload: unknown, token = staff.admin.token) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
  const sync = () => apiCall(ctx, 'PUT', `/admin/integration/pos/${restaurantId}/sync`, staff.admin.token);
  /** iiko's StopListUpdate webhook of the imported restaurant, with its token (or another). */
  const stopListWebhook = (event: unknown, authorization = webhookToken) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/iiko/webhook/${restaurantId}`,
      payload: event as object,
      headers: { authorization },
    });
  /** The size rows guests are offered for a product (the guests' menu's own read). */
  const guestSizes = async (productId: string) =>
    (await ctx.app.repos.menu.activeRows(restaurantId)).options
      .filter((o) => o.product_id === productId && o.name === "O'lcham")
      .map((o) => o.row_name);
  const product = (ext: string) => posProduct(ctx, restaurantId, ext);

  it('lists the organizations the credentials reach; a wrong apiLogin answers 422 naming the field, in Uzbek', async () => {
    const res = await post('/api/admin/integration/pos/locations', { provider: 'iiko', credentials: creds });
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.posLocations, res.json()).data).toEqual(fake.data.organizations);
    const bad = await post('/api/admin/integration/pos/locations', {
      provider: 'iiko',
      credentials: { apiLogin: 'wrong' },
    });
    expectError(bad, 422, 'validation');
    expect(bad.json().error).toMatchObject({
      message: t.posErrorCredentials,
      details: [{ path: 'credentials.apiLogin', message: t.posErrorCredentials }],
    });
    const malformedCreds = await post('/api/admin/integration/pos/locations', {
      provider: 'iiko',
      credentials: { login: 'x' },
    });
    expectError(malformedCreds, 400, 'validation');
  });

  it('a wrong apiLogin answers 422 in the preview and the import too, and imports nothing', async () => {
    const wrong = { apiLogin: 'wrong' };
    const before = await snapshot(ctx.db);
    const connection = { provider: 'iiko' as const, credentials: wrong, location_id: org().id };
    const { preview, imported } = await previewThenImport(
      ctx,
      staff.admin.token,
      connection,
      staff.manager.id,
    );
    expectError(preview, 422, 'validation');
    expectError(imported, 422, 'validation');
    expect(imported.json().error.details).toEqual([
      { path: 'credentials.apiLogin', message: t.posErrorCredentials },
    ]);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('an organization these credentials do not reach answers 404; iiko failing answers 502', async () => {
    const gone = await post('/api/admin/integration/pos/preview', {
      provider: 'iiko',
      credentials: creds,
      location_id: '00000001-0000-4000-8000-0000000000ff',
    });
    expectError(gone, 404, 'not_found');
    fake.fail('/api/1/organizations', '500', 3);
    const down = await post('/api/admin/integration/pos/locations', { provider: 'iiko', credentials: creds });
    expectError(down, 502, 'bad_gateway');
  });

  it('previews the counts of an organization', async () => {
    const res = await post('/api/admin/integration/pos/preview', {
      provider: 'iiko',
      credentials: creds,
      location_id: org().id,
    });
    expect(res.statusCode).toBe(200);
    const { data } = expectShape(answers.posPreview, res.json());
    expect(data).toMatchObject({ name: org().name, categories: 12, products: 300, pictures: 100 });
    expect(data.options).toBeGreaterThan(60);
  });

  it('imports the menu with the documented mapping', async () => {
    const res = await post('/api/admin/integration/pos/import', {
      provider: 'iiko',
      credentials: creds,
      location_id: org().id,
      manager_id: staff.manager.id,
    });
    expect(res.statusCode).toBe(201);
    const { data } = expectShape(answers.posImported, res.json());
    restaurantId = data.restaurant._id;
    // its picture links (on a host not allowed) are looked at in the background
    await posPicturesSettled(ctx.app, restaurantId);
    slug = data.restaurant.slug;
    webhookToken = data.webhook_token;
    // 32 random bytes: nothing of it follows from the restaurant's id or the time
    expect(Buffer.from(webhookToken, 'base64url')).toHaveLength(32);
    expect(webhookToken).not.toContain(restaurantId.slice(0, 8));
    expect(data.restaurant.type).toBe('iiko');
    const cats = await ctx.db
      .selectFrom('categories')
      .select(['title'])
      .where('restaurant_id', '=', restaurantId)
      .execute();
    expect(cats).toHaveLength(12);
    expect(cats.map((c) => c.title)).not.toContain('Eski menyu'); // deleted group
    expect(cats.map((c) => c.title)).not.toContain('Xodimlar uchun'); // not on the menu
    const products = await ctx.db
      .selectFrom('products')
      .selectAll()
      .where('restaurant_id', '=', restaurantId)
      .execute();
    expect(products).toHaveLength(300);
    // three sizes: one option "O'lcham", a row per size; the price is the smallest size's and each
    // row the difference, so that price + row is what each size costs
    const sized = live(6);
    const p7 = await product(sized.id);
    const sizePrices = (sized.sizePrices as { price: { currentPrice: number } }[]).map(
      (s) => s.price.currentPrice,
    );
    const [small = 0, middle = 0, large = 0] = sizePrices;
    expect(p7?.price).toBe(small);
    const options = await storedOptions(ctx, p7?.id);
    expect(options.map((o) => o.name)).toEqual(["O'lcham"]);
    const rows = options[0]!.rows;
    expect(rows.map((r) => [r.name, (p7?.price as number) + Number(r.price)]).sort()).toEqual(
      [
        ['Kichik', small],
        ["O'rta", middle],
        ['Katta', large],
      ].sort(),
    );
    // the service fee (type "Service") is not on the menu, and the log says so
    expect(
      await product(fake.data.products.find((p) => p.name === 'Xizmat haqi 10%')?.id as string),
    ).toBeUndefined();
    expect(logs.join('')).toContain('type \\"Service\\" is not sold on the menu');
    // group modifiers: an option named after the group, its live children with their prices
    const withMods = await product(live(4).id);
    const modOptions = await storedOptions(ctx, withMods?.id);
    expect(modOptions.map((o) => o.name)).toContain('Souslar');
    const sauce = modOptions.find((o) => o.name === 'Souslar')!.rows;
    expect(sauce.map((r) => [r.name, Number(r.price)])).toEqual([
      ['Ketchup', 2000],
      ['Mayonez', 3000],
      ['Achchiq sous', 4000],
      ['Sarimsoqli sous', 5000],
    ]);
    // availability: the stop-list (balance 0) and "not included in the menu" are off; balance 5 is on
    expect((await product(live(0).id))?.is_active).toBe(0);
    expect((await product(live(0).id))?.pos_stopped).toBe(1);
    expect((await product(live(1).id))?.is_active).toBe(0);
    expect((await product(live(2).id))?.is_active).toBe(1);
    expect((await product(live(12).id))?.pos_hidden).toBe(1); // n = 13: not included in the menu
    expect((await product(live(12).id))?.is_active).toBe(0);
    // one size on the stop-list (n = 7's smallest): that size is off the guests' menu, the dish on
    expect(p7?.is_active).toBe(1);
    expect(rows.filter((r) => r.pos_stopped === 1).map((r) => r.name)).toEqual(['Kichik']);
    expect(await guestSizes(p7?.id as string)).toEqual(["O'rta", 'Katta']);
  });

  it('keeps the credentials sealed, shows them masked, never logs them', async () => {
    const row = await ctx.db
      .selectFrom('integration_accounts')
      .selectAll()
      .where('restaurant_id', '=', restaurantId)
      .executeTakeFirstOrThrow();
    expect(row.credentials_enc).not.toContain(IIKO_API_LOGIN);
    expect(row.webhook_token_enc).not.toContain(webhookToken);
    const res = await apiCall(ctx, 'GET', `/admin/integration/pos/${restaurantId}`, staff.admin.token);
    const { data } = expectShape(answers.posAccount, res.json());
    expect(data.credentials.apiLogin).toBe(`••••${IIKO_API_LOGIN.slice(-4)}`);
    expect(res.body).not.toContain(IIKO_API_LOGIN);
    expect(data.last_sync).toMatchObject({ result: 'ok', error: null });
    expect(logs.join('')).not.toContain(IIKO_API_LOGIN);
  });

  it('a sync with nothing changed: one nomenclature call, no menu write', async () => {
    const before = await snapshot(ctx.db);
    const calls = new Map(fake.calls);
    const started = performance.now();
    const res = await sync();
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.posSync, res.json()).data).toMatchObject({
      result: 'unchanged',
      added: 0,
      changed: 0,
      removed: 0,
    });
    expect(fake.count('/api/1/nomenclature') - (calls.get('/api/1/nomenclature') ?? 0)).toBe(1);
    for (const path of ['/api/1/organizations', '/api/1/stop_lists', '/api/1/access_token']) {
      expect(fake.count(path)).toBe(calls.get(path) ?? 0);
    }
    expect((fake.lastNomenclatureBody as { startRevision: number }).startRevision).toBe(fake.revision);
    expect(await snapshot(ctx.db)).toBe(before);
    console.log(`a sync with nothing changed answered in ${ms.toFixed(0)} ms`);
  });

  it('follows the POS: renamed, repriced, removed and new items; the counts', async () => {
    const renamed = live(10);
    const removed = live(11);
    fake.change((d) => {
      renamed.name = 'Osh (toʻy)';
      for (const sp of renamed.sizePrices as { price: { currentPrice: number } }[])
        sp.price.currentPrice = 99000;
      removed.isDeleted = true;
      d.products.push({
        ...live(20),
        id: '99999999-0000-4000-8000-000000000001',
        name: 'Yangi taom',
        order: 1,
      });
    });
    const res = await sync();
    expect(res.statusCode).toBe(200);
    const { data } = expectShape(answers.posSync, res.json());
    expect(data).toMatchObject({ result: 'ok', added: 1, changed: 1, removed: 1, products: 300 });
    expect(await product(renamed.id)).toMatchObject({ name: 'Osh (toʻy)', price: 99000 });
    expect(await product(removed.id)).toBeUndefined();
    expect(await product('99999999-0000-4000-8000-000000000001')).toMatchObject({ name: 'Yangi taom' });
  });

  it("follows a modifier group's rule changed in iiko: the option's rule and its rows' limits, counted as changed", async () => {
    // the fake's dishes offer groups of 0 to 2 (every fifth dish): one becomes required, 1 to 3,
    // its children with limits of their own (the first up to 2, one free)
    const dish = fake.data.products.find(
      (p) => soldOnMenu(p) && !p.isDeleted && (p.groupModifiers as unknown[]).length > 0,
    ) as Record<string, unknown> & { id: string; groupModifiers: Record<string, unknown>[] };
    const group = dish.groupModifiers[0] as Record<string, unknown> & {
      id: string;
      childModifiers: Record<string, unknown>[];
    };
    fake.change(() => {
      Object.assign(group, {
        required: true,
        minAmount: 1,
        maxAmount: 3,
        childModifiersHaveMinMaxRestrictions: true,
      });
      Object.assign(group.childModifiers[0] as object, { maxAmount: 2, freeOfChargeAmount: 1 });
    });
    const res = await sync();
    const { data } = expectShape(answers.posSync, res.json());
    // the option and each of its live rows whose limit changed (the children's own maximum of 1
    // now applies where the group's 2 did)
    expect(data).toMatchObject({ result: 'ok', added: 0, removed: 0 });
    expect(data.changed).toBeGreaterThanOrEqual(2);
    const option = await ctx.db
      .selectFrom('product_options as o')
      .innerJoin('products as p', 'p.id', 'o.product_id')
      .select(['o.id', 'o.min_choices', 'o.max_choices'])
      .where('p.external_id', '=', dish.id)
      .where('o.external_id', '=', group.id)
      .executeTakeFirstOrThrow();
    expect(option).toMatchObject({ min_choices: 1, max_choices: 3 });
    const rows = await ctx.db
      .selectFrom('option_rows')
      .select(['external_id', 'max_quantity', 'free_quantity'])
      .where('product_option_id', '=', option.id)
      .orderBy('position')
      .execute();
    expect(rows[0]).toEqual({ external_id: group.childModifiers[0]?.id, max_quantity: 2, free_quantity: 1 });
    expect(rows.slice(1).every((r) => r.max_quantity === 1 && r.free_quantity === 0)).toBe(true);
    // nothing more changes on the next sync
    const again = expectShape(answers.posSync, (await sync()).json()).data;
    expect(again).toMatchObject({ result: 'unchanged', changed: 0 });
  });

  it("follows the POS's order: a manager's move stands, a new dish goes after its POS neighbour, a POS reorder wins", async () => {
    const group = live(40).parentGroup as string;
    const category = await ctx.db
      .selectFrom('categories')
      .select('id')
      .where('restaurant_id', '=', restaurantId)
      .where('external_id', '=', group)
      .executeTakeFirstOrThrow();
    const order = async () =>
      (
        await ctx.db
          .selectFrom('products')
          .select(['id', 'external_id'])
          .where('category_id', '=', category.id)
          .orderBy('position')
          .orderBy('id')
          .execute()
      ).map((p) => p.external_id ?? `here:${p.id}`);
    const posOrder = () =>
      fake.data.products
        .filter((p) => p.parentGroup === group && soldOnMenu(p) && !p.isDeleted)
        .sort((a, b) => (a.order as number) - (b.order as number))
        .map((p) => p.id as string);
    // the import: the POS's order
    expect(await order()).toEqual(posOrder());

    // the manager moves the last dish first and adds one of their own second: a sync keeps both
    const before = await order();
    const last = await product(before.at(-1) as string);
    const move = await apiCall(ctx, 'PUT', `/manager/products/position/${last?.id}`, staff.manager.token, {
      position: 0,
    });
    expect(move.statusCode).toBe(200);
    const made = await apiCall(ctx, 'POST', '/manager/products', staff.manager.token, {
      name: 'Uy limonadi',
      price: 12000,
      category_id: category.id,
    });
    expect(made.statusCode).toBe(201);
    const madeId = `here:${made.json().data.id}`;
    await apiCall(ctx, 'PUT', `/manager/products/position/${made.json().data.id}`, staff.manager.token, {
      position: 1,
    });
    const manual = [before.at(-1), madeId, ...before.slice(0, -1)];
    expect(await order()).toEqual(manual);
    fake.change(() => {
      live(41).name = 'Boshqa nom';
    });
    expect((await sync()).statusCode).toBe(200);
    expect(await order()).toEqual(manual);

    // a dish the POS adds between its 2nd and 3rd: right after the 2nd, the rest as the manager left it
    const [, second, third] = posOrder() as [string, string, string];
    const secondOrder = fake.data.products.find((p) => p.id === second)?.order as number;
    const thirdOrder = fake.data.products.find((p) => p.id === third)?.order as number;
    const added = '99999999-0000-4000-8000-000000000002';
    fake.change((d) => {
      d.products.push({ ...live(40), id: added, name: 'Yangi somsa', order: (secondOrder + thirdOrder) / 2 });
    });
    expect((await sync()).statusCode).toBe(200);
    const withAdded = [...manual];
    withAdded.splice(withAdded.indexOf(second) + 1, 0, added);
    expect(await order()).toEqual(withAdded);

    // the POS reorders (the first dish last): its order wins, the manager's own dish keeps its place
    const first = posOrder()[0] as string;
    fake.change((d) => {
      (d.products.find((p) => p.id === first) as { order: number }).order = 10_000;
    });
    expect((await sync()).statusCode).toBe(200);
    const expected = posOrder();
    expected.splice(1, 0, madeId);
    expect(await order()).toEqual(expected);

    // as it was for the tests after this one
    fake.change((d) => {
      (d.products.find((p) => p.id === added) as { isDeleted: boolean }).isDeleted = true;
    });
    expect((await sync()).statusCode).toBe(200);
    const removed = await apiCall(
      ctx,
      'DELETE',
      `/manager/products/${made.json().data.id}`,
      staff.manager.token,
    );
    expect(removed.statusCode).toBe(200);
  });

  it("keeps the manager's own stop of a POS product over syncs, until the manager resumes it", async () => {
    const p = live(30);
    const local = await product(p.id);
    const stop = await apiCall(ctx, 'POST', '/manager/stop-list', staff.manager.token, {
      product_ids: [local?.id],
      action: 'stop',
    });
    expect(stop.statusCode).toBe(200);
    fake.change(() => {
      for (const sp of p.sizePrices as { price: { currentPrice: number } }[]) sp.price.currentPrice = 77000;
    });
    expect((await sync()).statusCode).toBe(200);
    expect(await product(p.id)).toMatchObject({ price: 77000, is_active: 0, stopped_by_manager: 1 });
    const resume = await apiCall(ctx, 'POST', '/manager/stop-list', staff.manager.token, {
      product_ids: [local?.id],
      action: 'resume',
    });
    expect(resume.statusCode).toBe(200);
    expect(await product(p.id)).toMatchObject({ is_active: 1, stopped_by_manager: 0 });
    // a product the POS stopped stays off when the manager "resumes" it
    const posStopped = await product(live(0).id);
    await apiCall(ctx, 'POST', '/manager/stop-list', staff.manager.token, {
      product_ids: [posStopped?.id],
      action: 'resume',
    });
    expect((await product(live(0).id))?.is_active).toBe(0);
  });

  it('shares the token across servers (sealed in the database): a fresh process asks for none', async () => {
    const issued = fake.tokensIssued;
    clearIikoTokens(); // as another server would start: nothing cached in the process
    fake.change((d) => {
      (d.products.find((x) => x.id === live(39).id) as { name: string }).name = 'Boshqa server';
    });
    expect((await sync()).statusCode).toBe(200);
    expect(fake.tokensIssued).toBe(issued);
    expect((await product(live(39).id))?.name).toBe('Boshqa server');
    const stored = await ctx.db.selectFrom('integration_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_enc).not.toMatch(/tok-/);
  });

  it('renews an expired token once and carries on', async () => {
    const issued = fake.tokensIssued;
    fake.expireTokens();
    fake.change((d) => {
      (d.products.find((x) => x.id === live(40).id) as { name: string }).name = 'Token yangilandi';
    });
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect(fake.tokensIssued).toBe(issued + 1);
    expect((await product(live(40).id))?.name).toBe('Token yangilandi');
  });

  it('retries 429 (Retry-After) and 500, then succeeds', async () => {
    fake.change((d) => {
      (d.products.find((x) => x.id === live(41).id) as { name: string }).name = 'Qayta urinish';
    });
    fake.fail('/api/1/nomenclature', '429');
    fake.fail('/api/1/nomenclature', '500');
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect((await product(live(41).id))?.name).toBe('Qayta urinish');
  });

  for (const [fault, text] of [
    ['500', t.posErrorUnreachable],
    ['timeout', t.posErrorUnreachable],
    ['malformed', t.posErrorMalformed],
    ['badshape', t.posErrorMalformed],
  ] as const) {
    it(`a ${fault} answer changes nothing and is the last error, in Uzbek`, async () => {
      fake.change((d) => {
        (d.products.find((x) => x.id === live(42).id) as { name: string }).name = `Buzilgan ${fault}`;
      });
      fake.fail('/api/1/nomenclature', fault, fault === 'malformed' || fault === 'badshape' ? 1 : 3);
      const before = await snapshot(ctx.db);
      const res = await sync();
      expectError(res, 502, 'bad_gateway');
      expect(res.json().error.message).toBe(text);
      expect(await snapshot(ctx.db)).toBe(before);
      const account = await apiCall(ctx, 'GET', `/admin/integration/pos/${restaurantId}`, staff.admin.token);
      expect(account.json().data.last_sync).toMatchObject({ result: 'error', error: text });
      if (fault === 'malformed') expect(logs.join('')).toContain('fake-malformed'); // the correlation id
    });
  }

  it('a sync that follows a failure applies the change and clears the error', async () => {
    const res = await sync();
    expect(res.statusCode).toBe(200);
    expect((await product(live(42).id))?.name).toBe('Buzilgan badshape');
    const account = await apiCall(ctx, 'GET', `/admin/integration/pos/${restaurantId}`, staff.admin.token);
    expect(account.json().data.last_sync).toMatchObject({ result: 'ok', error: null });
  });

  it('two syncs at once: one runs, the other answers 409 (the lock)', async () => {
    fake.change((d) => {
      (d.products.find((x) => x.id === live(43).id) as { name: string }).name = 'Parallel';
    });
    const [a, b] = await Promise.all([sync(), sync()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await product(live(43).id))?.name).toBe('Parallel');
  });

  it("StopListUpdate webhook: bad token 401; good token 200 at once, the dish leaves the guests' page without waiting for a schedule", async () => {
    const dish = live(53); // on the menu, not stopped
    const page = async () => (await ctx.app.inject({ method: 'GET', url: `/m/${slug}` })).body;
    expect((await page()).includes(dish.name)).toBe(true);
    // the POS gave only a name: no empty address, phone or hours on the guests' page
    expect(await page()).not.toContain('class="facts"');
    expect(await page()).not.toContain(`<dt>${t.guestMenu.address}</dt>`);
    fake.data.stopItems.push({ productId: dish.id, sizeId: null, balance: 0 });
    const event = [
      {
        eventType: 'StopListUpdate',
        eventTime: '2026-11-25 11:00:00.000',
        organizationId: org().id,
        correlationId: 'evt-1',
        eventInfo: {
          terminalGroupsStopListsUpdates: [{ id: '00000006-0000-4000-8000-000000000001', isFull: false }],
        },
      },
    ];
    expect((await stopListWebhook(event, 'nope')).statusCode).toBe(401);
    const oneOff = `${webhookToken.slice(0, -1)}${webhookToken.endsWith('A') ? 'B' : 'A'}`;
    expect((await stopListWebhook(event, oneOff)).statusCode).toBe(401);
    const started = Date.now();
    expect((await stopListWebhook(event)).statusCode).toBe(200);
    // no schedule runs in this app: only the webhook's own fetch can take the dish off (printed:
    // a few ms; the deadline is only there to fail rather than hang)
    while (Date.now() - started < 15_000 && (await page()).includes(dish.name))
      await new Promise((r) => setTimeout(r, 25));
    expect((await page()).includes(dish.name)).toBe(false);
    console.log(`the stop-list webhook took the dish off the page after ${Date.now() - started} ms`);
    // off the stop-list again: back on the page
    fake.data.stopItems.pop();
    await stopListWebhook(event);
    const back = Date.now();
    while (Date.now() - back < 2000 && !(await page()).includes(dish.name))
      await new Promise((r) => setTimeout(r, 25));
    expect((await page()).includes(dish.name)).toBe(true);
  });

  it('a size on the stop-list leaves the guests; every size of a dish stopped, the dish leaves', async () => {
    const sized = live(6); // its smallest size is on the stop-list since the import
    const local = await product(sized.id);
    const event = [{ eventType: 'StopListUpdate', organizationId: org().id, correlationId: 'evt-2' }];
    const notify = async () => expect((await stopListWebhook(event)).statusCode).toBe(200);
    const settle = async (check: () => Promise<boolean>) => {
      const started = Date.now();
      while (Date.now() - started < 2000 && !(await check())) await new Promise((r) => setTimeout(r, 25));
      expect(await check()).toBe(true);
    };
    const before = fake.data.stopItems.length;
    for (const size of fake.data.sizes.slice(1))
      fake.data.stopItems.push({ productId: sized.id, sizeId: size.id, balance: 0 });
    await notify();
    await settle(async () => (await product(sized.id))?.is_active === 0);
    expect((await product(sized.id))?.pos_stopped).toBe(1);
    // the middle size back: the dish is on again, with that size only
    fake.data.stopItems.splice(before + 0, 1);
    await notify();
    await settle(async () => (await product(sized.id))?.is_active === 1);
    expect(await guestSizes(local?.id as string)).toEqual(["O'rta"]);
    fake.data.stopItems.splice(before);
    await notify();
    await settle(async () => (await guestSizes(local?.id as string)).length === 2);
  });

  it('refuses a second import of the same organization (409)', async () => {
    const other = await createUser(ctx, 'manager');
    const res = await post('/api/admin/integration/pos/import', {
      provider: 'iiko',
      credentials: creds,
      location_id: org().id,
      manager_id: other.id,
    });
    expectError(res, 409, 'conflict');
  });

  it('Sinxronlash of the restaurant list syncs a POS restaurant too', async () => {
    const res = await apiCall(
      ctx,
      'PUT',
      `/admin/integration/restaurants/${restaurantId}/sync`,
      staff.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(expectShape(answers.sync, res.json()).data.products).toBe(300);
  });
});

/**
 * Options with rules (docs/PRODUCT.md, "Options and their rules"): an option's rule set in the
 * back office and refused when it cannot be met (400 naming the field, nothing stored); a default
 * row of an option of one row; the server's check of every order line against its options' rules
 * (409 naming the line and the option, nothing stored): exactly one, up to N, a row's count; the
 * price counting each row's count and its free portions; the idempotency key hashing the counts;
 * the staff's answers and the CSV with the counts. Every answer is parsed with the strict shared
 * schemas. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { answers, OPTION_LIMITS, type OptionRow } from '@qrmenu/shared/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { fitSourceRule } from '../src/services/catalog/option-rules';
import { requestHash } from '../src/services/orders/idempotency';
import { apiCall, createCategory, createProduct, expectError, expectShape, snapshot } from './helpers';
import { basket, countRows, newKey, type OrderWorld, ok, orderWorld, placeAs } from './orders-support';
import { fileApp } from './world';

let w: OrderWorld;

const ctx = fileApp();

beforeAll(async () => {
  w = await orderWorld(ctx, 2);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  apiCall(ctx, method, url, w.manager.token, payload);

/** An option made through the API, with its rows (each with its limits). */
async function optionWith(
  productId: string,
  name: string,
  rule: Record<string, unknown>,
  rows: { name: string; price: number; [limit: string]: unknown }[],
) {
  const option = expectShape(
    answers.option,
    await ok(call('POST', '/manager/product-option', { product_id: productId, name, ...rule }), 201),
  ).data;
  const made = [];
  for (const row of rows) {
    made.push(
      expectShape(
        answers.optionRow,
        await ok(call('POST', '/manager/product-option-row', { product_option_id: option._id, ...row }), 201),
      ).data,
    );
  }
  return { option, rows: made };
}

/** The plov of the demo: «Porsiya» (exactly one) and «Qo'shimchalar» (up to 3, «Qazi» up to 2). */
async function plov() {
  const category = await createCategory(ctx, w.restaurantId, { title: 'Milliy taomlar' });
  const product = await createProduct(ctx, w.restaurantId, category.id, {
    name: 'Toshkent oshi',
    price: 45000,
  });
  const portion = await optionWith(product.id, 'Porsiya', { min_choices: 1, max_choices: 1 }, [
    { name: 'Yarim', price: 0 },
    { name: "To'liq", price: 20000 },
  ]);
  const extras = await optionWith(product.id, "Qo'shimchalar", { min_choices: 0, max_choices: 3 }, [
    { name: 'Qazi', price: 15000, max_quantity: 2 },
    { name: 'Bedana tuxumi', price: 4000 },
  ]);
  const [half, full] = portion.rows as [OptionRow, OptionRow];
  const [qazi, egg] = extras.rows as [OptionRow, OptionRow];
  return { id: product.id, portion: portion.option._id, extras: extras.option._id, half, full, qazi, egg };
}

const line = (productId: string, rows: { _id: string; quantity: number }[], price: number, quantity = 1) => ({
  product_id: productId,
  quantity,
  rows,
  price,
});

describe("an option's rule in the back office", () => {
  it('is one row or none until set; «exactly one» and «up to N» are kept and answered everywhere', async () => {
    const product = await createProduct(ctx, w.restaurantId, w.categoryId, { name: 'Manti', price: 30000 });
    const plain = await optionWith(product.id, 'Sous', {}, [{ name: 'Qatiq', price: 0 }]);
    expect(plain.option).toMatchObject({ min_choices: 0, max_choices: 1 });
    expect(plain.rows[0]).toMatchObject({ max_quantity: 1, free_quantity: 0, is_default: false });

    const required = expectShape(
      answers.option,
      await ok(call('PUT', `/manager/product-option/${plain.option._id}`, { min_choices: 1 })),
    ).data;
    expect(required).toMatchObject({ name: 'Sous', min_choices: 1, max_choices: 1 });
    const several = expectShape(
      answers.option,
      await ok(
        call('PUT', `/manager/product-option/${plain.option._id}`, { min_choices: 0, max_choices: 3 }),
      ),
    ).data;
    expect(several).toMatchObject({ min_choices: 0, max_choices: 3 });
    const row = expectShape(
      answers.optionRow,
      await ok(
        call('PUT', `/manager/product-option-row/${plain.rows[0]!._id}`, {
          max_quantity: 2,
          free_quantity: 1,
        }),
      ),
    ).data;
    expect(row).toMatchObject({ max_quantity: 2, free_quantity: 1, is_default: false });

    const detail = expectShape(
      answers.productDetail,
      await ok(call('GET', `/user/products/${product.id}`)),
    ).data;
    expect(detail.options[0]).toMatchObject({ min_choices: 0, max_choices: 3 });
    expect(detail.options[0]!.rows[0]).toMatchObject({ max_quantity: 2, free_quantity: 1 });
    const listed = expectShape(
      answers.options,
      await ok(call('GET', `/manager/product-option/product/${product.id}`)),
    );
    expect(listed.data[0]).toMatchObject({ min_choices: 0, max_choices: 3 });
    const rows = expectShape(
      answers.optionRows,
      await ok(call('GET', `/manager/product-option-row/${plain.option._id}`)),
    );
    expect(rows.data[0]).toMatchObject({ max_quantity: 2, free_quantity: 1 });
  });

  it('refuses a rule that cannot be met with 400 naming the field and why, and stores nothing', async () => {
    const product = await createProduct(ctx, w.restaurantId, w.categoryId, { name: 'Somsa', price: 9000 });
    const { option, rows } = await optionWith(product.id, 'Turi', {}, [
      { name: "Go'shtli", price: 0 },
      { name: 'Qovoqli', price: 0, max_quantity: 2 },
    ]);
    const before = await snapshot(ctx.db);
    const refusals: [string, unknown, string, string][] = [
      ['POST', { product_id: product.id, name: 'X', max_choices: 0 }, 'max_choices', 'max_zero'],
      ['POST', { product_id: product.id, name: 'X', min_choices: -1 }, 'min_choices', 'negative'],
      [
        'POST',
        { product_id: product.id, name: 'X', min_choices: 2, max_choices: 1 },
        'min_choices',
        'min_above_max',
      ],
      ['POST', { product_id: product.id, name: 'X', max_choices: 1.5 }, 'max_choices', 'whole'],
      [
        'POST',
        { product_id: product.id, name: 'X', max_choices: OPTION_LIMITS.choices + 1 },
        'max_choices',
        'too_many',
      ],
      // the rows can give 1 + 2 portions: a minimum of 4 could never be met
      ['PUT', { min_choices: 4, max_choices: 5 }, 'min_choices', 'above_rows'],
      ['PUT', { min_choices: 2 }, 'min_choices', 'min_above_max'],
      ['PUT', { max_choices: 0 }, 'max_choices', 'max_zero'],
    ];
    for (const [method, body, path, code] of refusals) {
      const res =
        method === 'POST'
          ? await call('POST', '/manager/product-option', body)
          : await call('PUT', `/manager/product-option/${option._id}`, body);
      expectError(res, 400, 'validation');
      expect(res.json().error.details, JSON.stringify(body)).toContainEqual({
        path,
        message: `option_rule: ${code}`,
      });
    }
    const rowRefusals: [string, unknown, string, string][] = [
      ['PUT', { max_quantity: 0 }, 'max_quantity', 'max_zero'],
      ['PUT', { free_quantity: -1 }, 'free_quantity', 'negative'],
      ['PUT', { free_quantity: 2 }, 'free_quantity', 'free_above_max'],
      [
        'POST',
        { product_option_id: option._id, name: 'Y', price: 0, max_quantity: 1, free_quantity: 3 },
        'free_quantity',
        'free_above_max',
      ],
      [
        'POST',
        { product_option_id: option._id, name: 'Y', price: 0, max_quantity: OPTION_LIMITS.rowQuantity + 1 },
        'max_quantity',
        'too_many',
      ],
    ];
    for (const [method, body, path, code] of rowRefusals) {
      const res =
        method === 'POST'
          ? await call('POST', '/manager/product-option-row', body)
          : await call('PUT', `/manager/product-option-row/${rows[0]!._id}`, body);
      expectError(res, 400, 'validation');
      expect(res.json().error.details, JSON.stringify(body)).toContainEqual({
        path,
        message: `option_rule: ${code}`,
      });
    }
    expect(await snapshot(ctx.db)).toBe(before);

    // a minimum the rows can give is kept; then a row's maximum lowered under it is refused
    await ok(call('PUT', `/manager/product-option/${option._id}`, { min_choices: 3, max_choices: 3 }));
    const lowered = await call('PUT', `/manager/product-option-row/${rows[1]!._id}`, { max_quantity: 1 });
    expectError(lowered, 400, 'validation');
    expect(lowered.json().error.details).toEqual([
      { path: 'max_quantity', message: 'option_rule: below_min' },
    ]);
  });

  it('marks one default row in an option of one row at most; more defaults than an option takes are refused', async () => {
    const product = await createProduct(ctx, w.restaurantId, w.categoryId, { name: "Lag'mon", price: 38000 });
    const { option, rows } = await optionWith(product.id, 'Porsiya', { min_choices: 1, max_choices: 1 }, [
      { name: 'Yarim', price: 0, is_default: true },
      { name: "To'liq", price: 15000 },
    ]);
    await ok(call('PUT', `/manager/product-option-row/${rows[1]!._id}`, { is_default: true }));
    const after = expectShape(
      answers.optionRows,
      await ok(call('GET', `/manager/product-option-row/${option._id}`)),
    );
    expect(after.data.map((r) => [r.name, r.is_default])).toEqual([
      ['Yarim', false],
      ["To'liq", true],
    ]);

    const extras = await optionWith(product.id, "Qo'shimcha", { max_choices: 2 }, [
      { name: 'Piyoz', price: 0, is_default: true },
      { name: 'Qalampir', price: 0, is_default: true },
      { name: 'Pomidor', price: 0 },
    ]);
    const third = await call('PUT', `/manager/product-option-row/${extras.rows[2]!._id}`, {
      is_default: true,
    });
    expectError(third, 400, 'validation');
    expect(third.json().error.details).toEqual([
      { path: 'is_default', message: 'option_rule: defaults_above_max' },
    ]);
    const fewer = await call('PUT', `/manager/product-option/${extras.option._id}`, { max_choices: 1 });
    expectError(fewer, 400, 'validation');
    expect(fewer.json().error.details).toEqual([
      { path: 'max_choices', message: 'option_rule: defaults_above_max' },
    ]);
  });
});

describe("orders keep their options' rules", () => {
  it('exactly one: a line without its portion, or with two, is refused (409 naming the line and the option); one is taken', async () => {
    const p = await plov();
    const before = await countRows(ctx, 'orders');
    const body = (rows: { _id: string; quantity: number }[], price: number) =>
      basket(w, 0, { items: [line(w.tea.id, [], 5000), line(p.id, rows, price)] });

    const none = await placeAs(ctx, body([], 45000));
    expectError(none, 409, 'conflict');
    expect(none.json().error.details).toEqual([
      { path: `items.1.options.${p.portion}`, message: 'option_rule' },
    ]);
    const both = await placeAs(
      ctx,
      body(
        [
          { _id: p.half._id, quantity: 1 },
          { _id: p.full._id, quantity: 1 },
        ],
        65000,
      ),
    );
    expectError(both, 409, 'conflict');
    expect(both.json().error.details).toEqual([
      { path: `items.1.options.${p.portion}`, message: 'option_rule' },
    ]);
    // the short form too: two rows of the option, one of them taken twice
    const twice = await placeAs(ctx, body([{ _id: p.full._id, quantity: 2 }], 85000));
    expectError(twice, 409, 'conflict');
    expect(await countRows(ctx, 'orders')).toBe(before);

    const made = await ok(placeAs(ctx, body([{ _id: p.full._id, quantity: 1 }], 65000)), 201);
    expect(made.data.items[1].rows).toEqual([
      { _id: p.full._id, option: 'Porsiya', name: "To'liq", price: 20000, quantity: 1 },
    ]);
  });

  it("up to N with counts: «Qazi» x2 and «Bedana tuxumi» go together on one line, priced by their counts; over a row's or the option's maximum is refused", async () => {
    const p = await plov();
    const portion = { _id: p.half._id, quantity: 1 };
    const price = 45000 + 2 * 15000 + 4000;
    const made = await ok(
      placeAs(
        ctx,
        basket(w, 1, {
          language: 'uz',
          items: [
            line(
              p.id,
              [portion, { _id: p.qazi._id, quantity: 2 }, { _id: p.egg._id, quantity: 1 }],
              price,
              2,
            ),
          ],
        }),
      ),
      201,
    );
    expect(made.data.total).toBe(price * 2);
    expect(
      made.data.items[0].rows.map((r: { name: string; quantity: number }) => [r.name, r.quantity]),
    ).toEqual([
      ['Yarim', 1],
      ['Qazi', 2],
      ['Bedana tuxumi', 1],
    ]);
    // the staff read the counts, and so does the day's CSV
    const staff = expectShape(answers.orders, await ok(call('GET', '/manager/orders')));
    const order = staff.data.find((o) => o._id === made.data._id);
    expect(order?.items[0]?.rows.find((r) => r.name === 'Qazi')?.quantity).toBe(2);
    const csv = await call('GET', '/manager/orders/csv');
    expect(csv.body).toContain("Porsiya: Yarim; Qo'shimchalar: Qazi ×2, Bedana tuxumi");

    const before = await countRows(ctx, 'orders');
    for (const [rows, total] of [
      // «Qazi» may be taken twice
      [[portion, { _id: p.qazi._id, quantity: 3 }], 45000 + 3 * 15000],
      // the option takes 3 portions in all
      [
        [portion, { _id: p.qazi._id, quantity: 2 }, { _id: p.egg._id, quantity: 2 }],
        45000 + 2 * 15000 + 2 * 4000,
      ],
    ] as const) {
      const res = await placeAs(ctx, basket(w, 1, { items: [line(p.id, [...rows], total)] }));
      expectError(res, 409, 'conflict');
      expect(res.json().error.details).toEqual([
        { path: `items.0.options.${p.extras}`, message: 'option_rule' },
      ]);
    }
    // the count a guest may not send at all, and both forms at once, are malformed
    for (const item of [
      line(p.id, [portion, { _id: p.qazi._id, quantity: OPTION_LIMITS.rowQuantity + 1 }], 45000),
      line(p.id, [portion, { _id: p.qazi._id, quantity: 0 }], 45000),
      { ...line(p.id, [portion], 45000), row_ids: [p.half._id] },
    ]) {
      expectError(await placeAs(ctx, basket(w, 1, { items: [item] })), 400, 'validation');
    }
    expect(await countRows(ctx, 'orders')).toBe(before);
  });

  it("a row's free portions cost nothing: «Qazi» x2 with one free is one «Qazi»'s extra", async () => {
    const p = await plov();
    await ok(call('PUT', `/manager/product-option-row/${p.qazi._id}`, { free_quantity: 1 }));
    const rows = [
      { _id: p.half._id, quantity: 1 },
      { _id: p.qazi._id, quantity: 2 },
    ];
    expectError(await placeAs(ctx, basket(w, 0, { items: [line(p.id, rows, 45000 + 30000)] })), 409);
    const made = await ok(placeAs(ctx, basket(w, 0, { items: [line(p.id, rows, 45000 + 15000)] })), 201);
    expect(made.data.total).toBe(60000);
  });

  it("an option whose rows are all on the POS's stop-list asks for nothing; one short of rows asks for what there is", async () => {
    const p = await plov();
    await ctx.db
      .updateTable('option_rows')
      .set({ pos_stopped: 1 })
      .where('id', 'in', [p.half._id, p.full._id])
      .execute();
    await ok(placeAs(ctx, basket(w, 0, { items: [line(p.id, [], 45000)] })), 201);
    // «at least two» of rows that can give two, one of them stopped: the one left is enough
    await ctx.db.updateTable('option_rows').set({ pos_stopped: 0 }).where('id', '=', p.half._id).execute();
    await ok(call('PUT', `/manager/product-option/${p.extras}`, { min_choices: 2 }));
    await ctx.db.updateTable('option_rows').set({ pos_stopped: 1 }).where('id', '=', p.egg._id).execute();
    const rows = [
      { _id: p.half._id, quantity: 1 },
      { _id: p.qazi._id, quantity: 1 },
    ];
    expectError(await placeAs(ctx, basket(w, 0, { items: [line(p.id, rows, 60000)] })), 409);
    await ok(
      placeAs(
        ctx,
        basket(w, 0, { items: [line(p.id, [rows[0]!, { _id: p.qazi._id, quantity: 2 }], 75000)] }),
      ),
      201,
    );
  });
});

describe('the idempotency key and the counts', () => {
  it('the same key with the same counts answers the order; with another count it is refused (422)', async () => {
    const p = await plov();
    const key = newKey();
    const rows = (qazi: number) => [
      { _id: p.half._id, quantity: 1 },
      { _id: p.qazi._id, quantity: qazi },
    ];
    const first = basket(w, 0, { idempotency_key: key, items: [line(p.id, rows(1), 60000)] });
    const made = await ok(placeAs(ctx, first), 201);
    const again = await ok(placeAs(ctx, first), 200);
    expect(again.data._id).toBe(made.data._id);
    const more = await placeAs(ctx, { ...first, items: [line(p.id, rows(2), 75000)] });
    expectError(more, 422, 'idempotency_key_reused');
  });

  it('a row taken once hashes as the short form did before rows had counts (a retry across the upgrade is a retry)', () => {
    const body = {
      placement_id: 'p1',
      idempotency_key: 'k'.repeat(16),
      language: 'uz' as const,
      items: [{ product_id: 'osh', quantity: 2, row_ids: ['full'], price: 65000 }],
    };
    // the canonical form as it was hashed before: [placement, language, comment, [product, quantity, row_ids, price]]
    const before = createHash('sha256')
      .update(JSON.stringify(['p1', 'uz', '', [['osh', 2, ['full'], 65000]]]))
      .digest('hex');
    expect(requestHash(body)).toBe(before);
    expect(
      requestHash({
        ...body,
        items: [{ ...body.items[0]!, row_ids: [], rows: [{ _id: 'full', quantity: 1 }] }],
      }),
    ).toBe(before);
    expect(
      requestHash({
        ...body,
        items: [{ ...body.items[0]!, row_ids: [], rows: [{ _id: 'full', quantity: 2 }] }],
      }),
    ).not.toBe(before);
  });
});

describe("a source's rule fitted to what can be met (the JSON feed, a POS)", () => {
  it('whole numbers within the limits, the minimum within what the rows give, defaults within the maximum; none given, none set', () => {
    expect(fitSourceRule({ rows: [{}, {}] })).toEqual({ rows: [undefined, undefined] });
    expect(
      fitSourceRule({
        min_choices: 5,
        max_choices: 99,
        rows: [
          { max_quantity: 99, free_quantity: 120, is_default: true },
          { max_quantity: 0, is_default: true },
        ],
      }),
    ).toEqual({
      // 99 is held to the option's limit; the minimum to what the two rows give (10 + 1)
      rule: { min_choices: 5, max_choices: OPTION_LIMITS.choices },
      rows: [
        {
          max_quantity: OPTION_LIMITS.rowQuantity,
          free_quantity: OPTION_LIMITS.rowQuantity,
          is_default: true,
        },
        { max_quantity: 1, free_quantity: 0, is_default: true },
      ],
    });
    // a single choice keeps the first default only; a minimum above the rows' is what they give
    expect(
      fitSourceRule({ min_choices: 3, max_choices: 1, rows: [{ is_default: true }, { is_default: true }] }),
    ).toEqual({
      rule: { min_choices: 1, max_choices: 1 },
      rows: [
        { max_quantity: 1, free_quantity: 0, is_default: true },
        { max_quantity: 1, free_quantity: 0, is_default: false },
      ],
    });
    expect(fitSourceRule({ min_choices: 4.7, max_choices: Number.NaN, rows: [] }).rule).toEqual({
      min_choices: 1,
      max_choices: 1,
    });
  });
});

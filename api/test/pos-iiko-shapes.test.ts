/**
 * iiko end to end in the shapes its answers really have (test/fakes/iiko.ts, fixtures/iiko/):
 * the same menu with the types in lower case (as documented) imports the same dishes, goods and
 * modifiers; a drink in two sizes (0,5 L 9 000, 1 L 15 000) reads 9 000 and 15 000 to a guest,
 * on the guests' page and in their menu's data, also after a sync that changes one size's price.
 */
import { answers } from '@qrmenu/shared/schemas';
import { describe, expect, it } from 'vitest';
import { formatGuestPrice } from '../src/public-menu/language';
import { IIKO_API_LOGIN, type IikoData } from './fakes/iiko';
import { recorded } from './fixtures/recorded';
import { apiCall, expectShape } from './helpers';
import { filePosApp, previewThenImport, startIiko } from './pos-support';

describe('iiko in the shapes of its answers', () => {
  let restaurantId: string;
  let slug: string;
  let webhookToken: string;
  const creds = { apiLogin: IIKO_API_LOGIN };
  const drink = recorded<Pick<IikoData, 'groups' | 'products' | 'sizes'>>('iiko/sizes.assembled.json');
  const cola = drink.products[0] as { id: string; sizePrices: { price: { currentPrice: number } }[] };

  const { ctx, staff, fake } = filePosApp(
    'iiko',
    async () => {
      // the types as iiko's documentation spells them, and the recorded drink in two sizes
      const made = await startIiko({ products: 30, lowerCaseTypes: true });
      made.change((d) => {
        d.groups.push(...drink.groups);
        d.sizes.push(...drink.sizes);
        d.products.push(...drink.products);
      });
      return made;
    },
    { posHttp: { timeoutMs: 400, backoffMs: 5, attempts: 2 } },
  );

  const organization = () => fake.data.organizations[0]?.id as string;

  it('lower-case types import every dish and good, with their modifier rows', async () => {
    const { preview, imported: res } = await previewThenImport(ctx, staff.admin.token, {
      provider: 'iiko',
      credentials: creds,
      location_id: organization(),
    });
    // 30 dishes and goods in 2 groups, and the drink in its own
    expect(expectShape(answers.posPreview, preview.json()).data).toMatchObject({
      categories: 3,
      products: 31,
    });
    expect(res.statusCode).toBe(201);
    restaurantId = res.json().data.restaurant._id;
    slug = res.json().data.restaurant.slug;
    webhookToken = res.json().data.webhook_token;
    const modifierRows = await ctx.db
      .selectFrom('option_rows as r')
      .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
      .innerJoin('products as p', 'p.id', 'o.product_id')
      .select('r.name')
      .where('p.restaurant_id', '=', restaurantId)
      .where('o.name', '=', 'Souslar')
      .execute();
    expect(modifierRows.map((r) => r.name)).toContain('Ketchup');
  });

  /** What a guest pays for each size of the drink, from the guests' menu's own read. */
  const guestTotals = async () => {
    const p = await ctx.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('restaurant_id', '=', restaurantId)
      .where('external_id', '=', cola.id)
      .executeTakeFirstOrThrow();
    const { options } = await ctx.app.repos.menu.activeRows(restaurantId);
    return options
      .filter((o) => o.product_id === p.id)
      .map((o) => [o.row_name, p.price + Number(o.row_price)]);
  };
  /** The drink's card on the guests' page. */
  const card = async () => {
    const html = (await ctx.app.inject({ method: 'GET', url: `/m/${slug}` })).body.replaceAll('&#x27;', "'");
    const at = html.indexOf('Coca-Cola');
    expect(at).toBeGreaterThan(-1);
    return html.slice(at, html.indexOf('</li>', at));
  };
  const som = (n: number) => formatGuestPrice(n, 'uz');

  it('0,5 L 9 000 and 1 L 15 000 read 9 000 and 15 000 to a guest', async () => {
    expect(await guestTotals()).toEqual([
      ['0,5 L', 9000],
      ['1 L', 15000],
    ]);
    const html = await card();
    expect(html).toContain(som(9000));
    expect(html).toContain(`+${som(6000)}`);
    expect(html).not.toContain(`+${som(9000)}`);
    expect(html).not.toContain(`+${som(15000)}`);
  });

  it('after a sync that changes one size (1 L 16 000), then the other (0,5 L 10 000): still right', async () => {
    const sync = () => apiCall(ctx, 'PUT', `/admin/integration/pos/${restaurantId}/sync`, staff.admin.token);
    fake.change(() => {
      (cola.sizePrices[1] as { price: { currentPrice: number } }).price.currentPrice = 16000;
    });
    expect((await sync()).statusCode).toBe(200);
    expect(await guestTotals()).toEqual([
      ['0,5 L', 9000],
      ['1 L', 16000],
    ]);
    expect(await card()).toContain(`+${som(7000)}`);
    fake.change(() => {
      (cola.sizePrices[0] as { price: { currentPrice: number } }).price.currentPrice = 10000;
    });
    expect((await sync()).statusCode).toBe(200);
    expect(await guestTotals()).toEqual([
      ['0,5 L', 10000],
      ['1 L', 16000],
    ]);
    const html = await card();
    expect(html).toContain(som(10000));
    expect(html).toContain(`+${som(6000)}`);
  });

  it('a size on the stop-list (an event type in any case) leaves the guests; the other size stays', async () => {
    fake.data.stopItems.push({ productId: cola.id, sizeId: drink.sizes[1]?.id as string, balance: 0 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/integrations/iiko/webhook/${restaurantId}`,
      payload: [{ eventType: 'stoplistupdate', organizationId: organization() }],
      headers: { authorization: webhookToken },
    });
    expect(res.statusCode).toBe(200);
    const started = Date.now();
    while (Date.now() - started < 2000 && (await guestTotals()).length > 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(await guestTotals()).toEqual([['0,5 L', 10000]]);
    fake.data.stopItems.pop();
  });
});

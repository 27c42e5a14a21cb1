/**
 * Poster's order mapping over Poster's own documented answers (fixtures/poster/, SOURCES.md
 * there), not over this project's fake: the online order's body against the documented request,
 * its answers (new, accepted; ids as numbers or strings) as the sender's results, the halls'
 * tables, an order error naming no product resolved to the line, and the `incoming_order` webhook.
 */
import { describe, expect, it } from 'vitest';
import type { PosOrderDraft } from '../src/integration/pos/outgoing-orders';
import { posterVerify } from '../src/integration/providers/poster';
import {
  hallsAnswer,
  incomingOrderAnswer,
  incomingOrdersAnswer,
  type PosterTable,
  posterError,
  productsAnswer,
  tablesAnswer,
} from '../src/integration/providers/poster/api';
import { mapPosterMenu } from '../src/integration/providers/poster/mapping';
import {
  guestCommentText,
  incomingOrderBody,
  incomingOrderProducts,
  incomingOrderResult,
  isOurTagLine,
  mapPosterTables,
  orderTag,
  refusedLines,
  sameProducts,
} from '../src/integration/providers/poster/order-mapping';
import { posterOrderChange } from '../src/integration/providers/poster/webhook';
import { posterSign } from './fakes/poster';
import { recorded } from './fixtures/recorded';
import { capturingLog } from './pos-mapping';
import { posLine } from './pos-support';

const draft = (lines: PosOrderDraft['lines'], extra: Partial<PosOrderDraft> = {}): PosOrderDraft => ({
  orderId: '0b5e7c1e-2f7a-4c55-9a39-51d2b1f0a001',
  number: 14,
  locationId: '1',
  terminalGroupId: null,
  tableId: null,
  tableName: 'Stol 5',
  comment: null,
  lines,
  ...extra,
});

describe('Poster orders over documented answers', () => {
  const products = productsAnswer.parse(recorded('poster/products.documented.json')).response;

  it("sends the documented request's fields with their types, and the table and our tag in the comment", () => {
    const documented = recorded<Record<string, unknown>>('poster/incoming-order-request.documented.json');
    const { body, unsendable } = incomingOrderBody(
      draft([posLine('169', 'Osh', 12000)]),
      'Stol 5',
      '+998712000000',
    );
    expect(unsendable).toEqual([]);
    // every documented field, typed as documented (ids and counts numbers, the phone a string)
    for (const [key, value] of Object.entries(documented))
      expect(typeof body[key as keyof typeof body]).toBe(typeof value);
    expect(body.products).toEqual(documented.products);
    expect(body.comment.split('\n')).toEqual([
      'Stol: Stol 5',
      `#14 ${orderTag('0b5e7c1e-2f7a-4c55-9a39-51d2b1f0a001')}`,
    ]);
    // no price: Poster takes the spot's own
    expect(JSON.stringify(body)).not.toContain('price');
  });

  it("a documented menu's variant and dish modifications, by the ids the import gave their rows", () => {
    const menu = mapPosterMenu({ id: '1', name: 'Spot' }, [], products, 'https://joinposter.com');
    const set = menu.categories.flatMap((c) => c.products).find((p) => p.name === 'Set menu');
    const [drinks, eats] = set?.options ?? [];
    const { log, lines } = capturingLog();
    const { body } = incomingOrderBody(
      draft([
        posLine('30', 'Set menu', 300, 2, [
          { id: drinks?.rows[0]?.id as string, groupId: drinks?.id as string, amount: 1 },
          { id: eats?.rows[1]?.id as string, groupId: eats?.id as string, amount: 2 },
          { id: 'made-here', groupId: 'extras', amount: 1 },
        ]),
        posLine('139', 'Borjomi', 681, 1, [{ id: '147', groupId: 'variants', amount: 1 }]),
      ]),
      'Stol 5',
      '+998712000000',
      log,
    );
    expect(body.products).toEqual([
      {
        product_id: 30,
        count: 2,
        modification: JSON.stringify([
          { m: 142, a: 1 },
          { m: 145, a: 2 },
        ]),
      },
      { product_id: 139, count: 1, modificator_id: 147 },
    ]);
    // a row made here has no Poster id: left out, and said
    expect(lines.map((l) => [l.obj.reason, l.obj.samples])).toEqual([
      ['a modification id is not a Poster id', ['Set menu: made-here']],
    ]);
  });

  it('finds an order sent before by its comment\'s last line and its products, as Poster lists them (counts as "1.00000")', () => {
    const order = draft([posLine('139', 'Borjomi', 681)]);
    const { products } = incomingOrderProducts(order);
    const { response } = incomingOrderAnswer.parse(
      recorded('poster/incoming-order-created-strings.documented.json'),
    );
    expect(sameProducts(response, products)).toBe(true);
    expect(sameProducts(response, [{ product_id: 139, count: 2 }])).toBe(false);
    expect(sameProducts(response, [{ product_id: 139, count: 1, modificator_id: 147 }])).toBe(false);
    const tagLine = `#14 ${orderTag(order.orderId)}`;
    expect(isOurTagLine(`Stol: Stol 5\r\n${tagLine}\n`, order)).toBe(true);
    // the tag anywhere but our own last line, or a line with more on it, is not ours
    expect(isOurTagLine(`Stol: Stol 5\nIzoh: ${tagLine}\n#15 ${orderTag('other')}`, order)).toBe(false);
    expect(isOurTagLine(`Stol: Stol 5\nIzoh: ${tagLine}`, order)).toBe(false);
    expect(isOurTagLine(tagLine, order)).toBe(false);
    // the guest's words: one line, nothing tag-like
    expect(guestCommentText(`Piyozsiz\n${tagLine}\r\nQR : x qr：y`)).toBe(
      'Piyozsiz #14 qr 0b5e7c1e-2f7a-4c55-9a39-51d2b1f0a001 qr x qr y',
    );
  });

  it('reads both documented answers of a new online order (numbers, strings) as pending', () => {
    for (const file of ['incoming-order-created', 'incoming-order-created-strings']) {
      const { response } = incomingOrderAnswer.parse(recorded(`poster/${file}.documented.json`));
      const id = response.incoming_order_id;
      expect(incomingOrderResult(response)).toEqual({
        state: 'pending',
        ticket: id,
        posOrderId: id,
        received: true,
      });
    }
  });

  it("reads an accepted online order with the register's order, a cancelled one as refused", () => {
    const { response } = incomingOrderAnswer.parse(recorded('poster/incoming-order.documented.json'));
    expect(incomingOrderResult(response)).toEqual({ state: 'accepted', posOrderId: '1949', posNumber: '1' });
    const list = incomingOrdersAnswer.parse(recorded('poster/incoming-orders.documented.json')).response;
    expect(list.map((o) => incomingOrderResult(o).state)).toEqual(['accepted']);
    // statuses as numbers, strings or words, any case
    expect(incomingOrderResult({ ...response, status: '7' })).toMatchObject({ state: 'refused', lines: [] });
    expect(incomingOrderResult({ ...response, status: 'Rejected' }).state).toBe('refused');
    expect(incomingOrderResult({ ...response, status: 'ACCEPTED' }).state).toBe('accepted');
    const { log, lines } = capturingLog();
    expect(incomingOrderResult({ ...response, status: '3' }, log).state).toBe('pending');
    expect(lines.map((l) => l.msg)).toEqual(['Poster online order status unknown; asked again later']);
  });

  it("lists a spot's tables with their hall (a hall not listed: no section), entities decoded", () => {
    const halls = hallsAnswer.parse(recorded('poster/halls.documented.json')).response;
    const tables = tablesAnswer.parse(recorded('poster/tables.documented.json')).response;
    expect(mapPosterTables('1', halls, tables)).toEqual([
      { id: '3', name: '1 Возле барной стойки', section: '' },
      { id: '4', name: '2 Дальний', section: '' },
    ]);
    const inLviv = tables.map((t) => ({ ...t, spot_id: '2', hall_id: '5' }));
    expect(mapPosterTables('2', halls, inLviv).map((t) => t.section)).toEqual([
      "Зал у львівській кав'ярні",
      "Зал у львівській кав'ярні",
    ]);
    const { log, lines } = capturingLog();
    expect(mapPosterTables('1', halls, [{ ...(tables[0] as PosterTable), is_deleted: '1' }], log)).toEqual(
      [],
    );
    expect(lines.map((l) => [l.obj.reason, l.obj.count])).toEqual([['the table is deleted', 1]]);
  });

  it('names the line behind an order error that names no product (41), against the menu Poster gives', () => {
    const error = posterError.parse(recorded('poster/error-product.documented.json')).error;
    expect(error).toEqual({ code: 41, message: 'Product not found' });
    const order = draft([
      posLine('139', 'Borjomi', 681, 1, [{ id: '147', groupId: 'variants', amount: 1 }]),
      posLine('169', 'Osh', 100),
      posLine('30', 'Set menu', 300, 1, [{ id: '999', groupId: '29', amount: 1 }]),
    ]);
    expect(refusedLines(order, products, 'Poster 41 Product not found')).toEqual([
      { index: 1, reason: 'Poster 41 Product not found: product 169 not found' },
      { index: 2, reason: 'Poster 41 Product not found: modification 999 of product 30 not found' },
    ]);
  });

  it('reads a signed incoming_order webhook as "this online order changed"; a reservation or a transaction not', () => {
    const hook = recorded<Record<string, unknown>>('poster/webhook-incoming-order.assembled.json');
    const secret = 'application-secret';
    const signed = { ...hook, verify: posterSign(hook, secret) };
    expect(posterVerify(signed, secret)).toBe(true);
    expect(posterVerify({ ...signed, object_id: 3 }, secret)).toBe(false);
    expect(posterOrderChange(signed)).toEqual({ ticket: '2', action: 'changed' });
    expect(posterOrderChange({ ...signed, object: 'INCOMING_ORDER' })).toEqual({
      ticket: '2',
      action: 'changed',
    });
    expect(posterOrderChange({ ...signed, data: '{"type":2}' })).toBeNull();
    expect(posterOrderChange(recorded('poster/webhook.recorded.json'))).toBeNull();
  });
});

/**
 * The iiko order channel (providers/iiko/orders.ts) over iiko's own recorded and documented
 * answers (fixtures/iiko/, SOURCES.md there), not over this project's fake: terminal groups,
 * tables (a table named only by its number, a deleted one left out), a create in progress, each
 * recorded command state (whatever its case), iiko's total of our positions in the shapes its
 * description gives them, iiko's recorded refusals naming a dish by id or by name, an order it
 * could not make, enums read without case and the unknown ones logged, and an error answer kept
 * in iiko's words.
 */
import { describe, expect, it, vi } from 'vitest';
import { PosHttpError, type PosLogger } from '../src/integration/pos/http';
import type { PosOrderDraft } from '../src/integration/pos/outgoing-orders';
import {
  type IikoCall,
  iikoOrders,
  iikoPositionId,
  refusedLines,
} from '../src/integration/providers/iiko/orders';
import { recorded } from './fixtures/recorded';
import { posLine } from './pos-support';

const draft: PosOrderDraft = {
  orderId: '01a2166c8885000050f554e6',
  number: 3,
  locationId: 'org',
  terminalGroupId: '497f6eca-6276-4993-bfeb-53cbbbba6f08',
  tableId: '5f3a2d10-0000-4000-8000-000000000101',
  tableName: 'Stol 5',
  comment: null,
  lines: [
    posLine('p-mastava', 'Mastava', 28000),
    {
      productId: 'p-kompot',
      sizeId: 's-1l',
      modifiers: [{ id: 'm-ice', groupId: 'g-extras', amount: 1, price: 1000, name: 'Muz' }],
      amount: 2,
      price: 16000,
      name: 'Kompot',
    },
  ],
};

/** A channel whose calls answer `answers[path]` (a function: computed, an Error: thrown). */
function channel(answers: Record<string, unknown>, log?: PosLogger) {
  const asked: string[] = [];
  const call: IikoCall = async (path, _body, schema) => {
    asked.push(path);
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return schema.parse(typeof answer === 'function' ? answer() : answer);
  };
  return { orders: iikoOrders(call, log), asked };
}

const noOrders = { correlationId: 'c', orders: [] };
const created = () =>
  recorded<{ orderInfo: { id: string } & Record<string, unknown> }>('iiko/order_create.recorded.json');

describe('iiko orders over recorded answers', () => {
  it('reads the documented terminal groups and restaurant sections', async () => {
    const { orders } = channel({
      '/api/1/terminal_groups': recorded('iiko/terminal_groups.documented.json'),
      '/api/1/reserve/available_restaurant_sections': recorded('iiko/restaurant_sections.documented.json'),
    });
    expect(await orders.listTerminalGroups?.('7bc05553-4b68-44e8-b7bc-37be63c6d9e9')).toEqual([
      { id: '497f6eca-6276-4993-bfeb-53cbbbba6f08', name: 'string' },
    ]);
    expect(await orders.listTables('org', '497f6eca-6276-4993-bfeb-53cbbbba6f08')).toEqual([
      { id: '5f3a2d10-0000-4000-8000-000000000101', name: 'Стол 5', section: 'Основной зал' },
      { id: '5f3a2d10-0000-4000-8000-000000000102', name: '6', section: 'Основной зал' },
    ]);
  });

  it('a recorded create in progress is pending; each recorded command state reads as it should', async () => {
    const created = recorded<{ orderInfo: { id: string } }>('iiko/order_create.recorded.json');
    const [success, inProgress, error] = recorded<{ answers: unknown[] }>(
      'iiko/commands_status.recorded.json',
    ).answers as Record<string, unknown>[];
    const send = channel({ '/api/1/order/by_id': noOrders, '/api/1/order/create': created });
    const pending = await send.orders.send(draft, null);
    expect(pending).toMatchObject({ state: 'pending', posOrderId: created.orderInfo.id });
    const ticket = pending.state === 'pending' ? pending.ticket : '';

    const follow = (answer: unknown) =>
      channel({ '/api/1/commands/status': answer, '/api/1/order/by_id': noOrders }).orders.follow(
        draft,
        ticket,
      );
    expect(await follow(success)).toEqual({ state: 'accepted', posOrderId: created.orderInfo.id });
    expect(await follow({ state: 'SUCCESS' })).toMatchObject({ state: 'accepted' });
    expect(await follow(inProgress)).toEqual({ state: 'pending', ticket, posOrderId: created.orderInfo.id });
    // the recording's error carries no words: the order is refused without naming a line
    expect(await follow(error)).toEqual({ state: 'refused', reason: 'Error', lines: [] });
    expect(
      await follow({ state: 'error', exception: { message: 'Product p-kompot is in stop list' } }),
    ).toEqual({
      state: 'refused',
      reason: 'Product p-kompot is in stop list',
      lines: [{ index: 1, reason: 'Product p-kompot is in stop list' }],
    });
  });

  it("iiko's total of the draft's lines: each position's cost and its modifiers' price x amount, x the position's amount unless independent of it", async () => {
    // the answer's items as iiko's description gives them (`ProductOrderItem`, `OrderItemModifier`)
    const position = (index: number, item: Record<string, unknown>) => ({
      type: 'Product',
      status: 'Added',
      positionId: iikoPositionId(draft, index),
      pricePredefined: false,
      ...item,
    });
    const modifier = (price: number, independent: boolean, resultSum: number) => ({
      product: { id: 'm-ice', name: 'Muz' },
      amount: 1,
      amountIndependentOfParentAmount: independent,
      price,
      pricePredefined: false,
      resultSum,
    });
    const made = {
      id: '60d77ecb-7eee-4ad0-9ace-9c714e02c7ac',
      creationStatus: 'Success',
      order: {
        status: 'New',
        number: 7,
        sum: 0,
        items: [
          position(0, { amount: 1, price: 28000, cost: 28000, resultSum: 28000, modifiers: [] }),
          // a 10 % discount on the lemon given in iiko is in its resultSum, not a price
          position(1, {
            amount: 2,
            price: 15000,
            cost: 30000,
            resultSum: 30000,
            modifiers: [modifier(1000, false, 2000), modifier(500, true, 450)],
          }),
        ],
      },
    };
    const { orders } = channel({
      '/api/1/commands/status': { state: 'Success' },
      '/api/1/order/by_id': { correlationId: 'c', orders: [made] },
    });
    expect(await orders.follow(draft, `${made.id} corr`)).toEqual({
      state: 'accepted',
      posOrderId: made.id,
      posNumber: '7',
      posTotal: 28000 + 30000 + 1000 * 2 + 500,
    });
  });

  it("iiko's recorded words name a dish by its id, else by its name (without case, whole)", async () => {
    const words = recorded<{ namesProductAndId: string; namesItemAndItsId: string }>(
      'iiko/refusals.recorded.json',
    );
    const line = (productId: string, name: string) => posLine(productId, name, 1000);
    const named = (lines: PosOrderDraft['lines'], text: string) =>
      refusedLines({ ...draft, lines }, text).map((l) => l.index);
    // "Product Тест, id cd0c63a5-...": the id is the product's
    expect(
      named(
        [line('p-other', 'Тест'), line('cd0c63a5-3e80-4ed6-856a-0c405b90b09a', 'Sinov')],
        words.namesProductAndId,
      ),
    ).toEqual([1]);
    // "items Бона Аква 0,5 бут. (5f2d81f8-...)": an id not ours, the name iiko knows
    expect(
      named(
        [line('p-mastava', 'Mastava'), line('p-water', '  бона аква 0,5 БУТ. ')],
        words.namesItemAndItsId,
      ),
    ).toEqual([1]);
    // a name only inside a longer word names nothing
    expect(named([line('p-aqua', 'Аква')], 'Product Аквамарин is in stop list')).toEqual([]);
    // a modifier named by name refuses its line
    expect(
      named(
        [
          line('p-mastava', 'Mastava'),
          {
            ...line('p-kompot', 'Kompot'),
            modifiers: [{ id: 'm', groupId: null, amount: 1, name: 'Limon' }],
          },
        ],
        'Product limon is in stop list',
      ),
    ).toEqual([1]);
  });

  it("a recorded order iiko could not make (creationStatus Error, its errorInfo) is refused in iiko's words", async () => {
    const errorInfo = recorded<{ errorInfo: { message: string } }>('iiko/refusals.recorded.json').errorInfo;
    const { orders } = channel({
      '/api/1/order/by_id': noOrders,
      '/api/1/order/create': {
        correlationId: 'c',
        orderInfo: { ...created().orderInfo, creationStatus: 'Error', errorInfo },
      },
    });
    expect(await orders.send(draft, null)).toEqual({
      state: 'refused',
      reason: errorInfo.message,
      lines: [],
    });
    // found in progress by a try after a lost answer, then failed: refused, not asked about forever
    const failed = { ...created().orderInfo, creationStatus: 'Error', errorInfo };
    const later = channel({ '/api/1/order/by_id': { correlationId: 'c', orders: [failed] } });
    expect(await later.orders.follow(draft, `${String(failed.id)} `)).toEqual({
      state: 'refused',
      reason: errorInfo.message,
      lines: [],
    });
  });

  it("iiko's enums are read without case; a value its description does not give is logged with what was done", async () => {
    const warn = vi.fn();
    const order = (id: string, creationStatus: string, status: string) => ({
      id,
      creationStatus,
      order: { status, items: [], payments: [] },
    });
    const table = channel(
      {
        '/api/1/order/by_table': {
          correlationId: 'c',
          orders: [order('o-reserved', 'SUCCESS', 'Reserved'), order('o-open', 'success', 'NEW')],
        },
      },
      { warn },
    );
    expect(await table.orders.openOrderOfTable?.(draft)).toBe('o-open');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { provider: 'iiko', field: 'status', value: 'Reserved' },
      "iiko sent an unknown status: not taken as the table's open order",
    );

    warn.mockClear();
    const queued = channel(
      {
        '/api/1/order/by_id': noOrders,
        '/api/1/order/create': {
          correlationId: 'c',
          orderInfo: { ...created().orderInfo, creationStatus: 'Queued' },
        },
      },
      { warn },
    );
    expect(await queued.orders.send(draft, null)).toMatchObject({ state: 'pending' });
    expect(warn).toHaveBeenCalledWith(
      { provider: 'iiko', field: 'creationStatus', value: 'Queued' },
      'iiko sent an unknown creationStatus: the order taken as still being made',
    );

    warn.mockClear();
    const made = {
      id: 'o-made',
      creationStatus: 'Success',
      order: {
        status: 'New',
        number: 2,
        items: [0, 1].map((index) => ({
          type: index === 0 ? 'PRODUCT' : 'Combo',
          positionId: iikoPositionId(draft, index),
          amount: 1,
          cost: 1000,
          modifiers: [],
        })),
      },
    };
    const follow = channel(
      { '/api/1/commands/status': { state: 'success' }, '/api/1/order/by_id': { orders: [made] } },
      { warn },
    );
    expect(await follow.orders.follow(draft, 'o-made corr')).toMatchObject({
      state: 'accepted',
      posTotal: 2000,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { provider: 'iiko', field: 'type', value: 'Combo' },
      'iiko sent an unknown type: our position counted by its cost all the same',
    );
  });

  it("an error answer refuses the order in iiko's words; a 5xx is a fault to retry", async () => {
    const words = recorded<{ errorDescription: string }>('iiko/error.documented.json').errorDescription;
    const refused = channel({
      '/api/1/order/by_id': noOrders,
      '/api/1/order/create': new PosHttpError('iiko', 400, 'c', 'HTTP 400', words),
    });
    expect(await refused.orders.send(draft, null)).toEqual({ state: 'refused', reason: words, lines: [] });
    const down = channel({
      '/api/1/order/by_id': noOrders,
      '/api/1/order/create': new PosHttpError('iiko', 503, 'c', 'HTTP 503'),
    });
    await expect(down.orders.send(draft, null)).rejects.toBeInstanceOf(PosHttpError);
  });
});

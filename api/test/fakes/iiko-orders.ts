/**
 * The fake iiko's table orders (fakes/iiko.ts), answered in the shapes of iiko's recorded and
 * documented answers (fixtures/iiko/, SOURCES.md there): `/api/1/terminal_groups`,
 * `/api/1/reserve/available_restaurant_sections`, `/api/1/order/create` (an `orderInfo` in
 * progress), `/api/1/commands/status` (`InProgress` once, then `Success` or `Error` with iiko's
 * words in `exception.message`), `/api/1/order/by_id`, `/api/1/order/by_table`,
 * `/api/1/order/add_items`, `/api/1/payment_types` (the recorded list with the restaurant's
 * Payme and Click types, fixtures/iiko/payment_types*.json), `/api/1/order/add_payments` (a
 * command; done, the payment shows in the order's `payments`); errors as `{correlationId,
 * errorDescription, error}` with HTTP 400. What it receives has passed iiko's request schemas
 * (fakes/iiko.ts checks every call against iiko's OpenAPI description before it gets here).
 *
 * Like iiko it takes each item at the unit price sent ("Can be sent different from the price in
 * the base menu"; `frontPrices`: a front that prices a product itself), each modifier at its own
 * (its menu price when sent without), and answers an item's `cost` (price x amount), each
 * modifier's `resultSum` and the order's `sum` as iiko's schema describes them; it refuses a
 * product on its stop-list with `checkStopList` (`refuse`: one our menu did not know of yet), a
 * product with a size scale sent without its size, an order id it already has, an item whose
 * modifiers break its dish's rules in the nomenclature (a required group left out or a group's
 * amount outside its minimum and maximum; a modifier over its own maximum where the group says its
 * children have limits, or a required single modifier left out) as iikoFront refuses it, in the
 * words recorded for a group ("Order item modifier “<name>” (<id>) has invalid group amount: min =
 * 1, max = 3, actual = 0.", fixtures/iiko/refusals.recorded.json) and in the same form for a
 * modifier (no recording of those was found); it counts a modifier's `freeOfChargeAmount` free, as
 * its order answer's modifier says it (`OrderItemModifier.freeOfChargeAmount`); and it can be down
 * (`down`: every order call answers 503) for as long as a test says.
 */
import { randomUUID } from 'node:crypto';
import { recorded } from '../fixtures/recorded';
import type { IikoData } from './iiko';

type Json = Record<string, unknown>;
interface Answer {
  status?: number;
  json: unknown;
}

/** An item as sent (`ProductOrderItem`: the description's request schema has checked it). */
interface Item {
  type: string;
  productId: string;
  productSizeId?: string | null;
  amount: number;
  price: number;
  comment?: string | null;
  modifiers?: { productId: string; amount: number; productGroupId?: string | null; price?: number | null }[];
  positionId?: string | null;
}

/**
 * An item as iiko keeps it and answers it: its unit `price`, `cost` (price x amount, "without tax,
 * discounts/surcharges") and each modifier with its own unit `price` and `resultSum`.
 */
interface Taken {
  productId: string;
  productSizeId: string | null;
  amount: number;
  price: number;
  cost: number;
  comment: string | null;
  positionId: string | null;
  modifiers: {
    productId: string;
    productGroupId: string | null;
    amount: number;
    /** "Whether quantity of modifier depends on quantity of item" (iiko's flag; false here). */
    amountIndependentOfParentAmount: boolean;
    price: number;
    /** Of `amount`, what iiko does not charge (the dish's modifier's `freeOfChargeAmount`). */
    freeOfChargeAmount: number;
    resultSum: number;
  }[];
}

/** A dish's modifier as its nomenclature gives it (fakes/iiko.ts, the recorded shape). */
interface ModifierInfo {
  id: string;
  minAmount?: number;
  maxAmount?: number;
  required?: boolean | null;
  freeOfChargeAmount?: number | null;
}
interface GroupInfo extends ModifierInfo {
  childModifiersHaveMinMaxRestrictions?: boolean | null;
  childModifiers: ModifierInfo[];
}

interface FakeOrder {
  id: string;
  organizationId: string;
  terminalGroupId: string;
  externalNumber: string | null;
  tableIds: string[];
  number: number;
  status: 'New' | 'Bill' | 'Closed';
  creationStatus: 'InProgress' | 'Success' | 'Error';
  errorInfo: Json | null;
  items: Taken[];
  payments: { paymentType: { id: string; kind: string }; sum: number; isProcessedExternally: boolean }[];
}

interface PaymentType {
  id: string;
  paymentTypeKind: string;
  isDeleted: boolean;
}

/**
 * Every answer starts from the recording's (or documented example's) own object: its keys, their
 * nesting and the values the fake does not decide (nulls, flags) are the recording's; only ids,
 * names, numbers and states are this fake's.
 */
const RECORDED = {
  create: recorded<Json & { orderInfo: Json }>('iiko/order_create.recorded.json'),
  status: recorded<{ answers: Json[] }>('iiko/commands_status.recorded.json').answers,
  error: recorded<Json>('iiko/error.documented.json'),
  command: recorded<Json>('iiko/add_payments.documented.json'),
  terminalGroup: recorded<{ terminalGroups: { items: Json[] }[] }>('iiko/terminal_groups.documented.json')
    .terminalGroups[0]?.items[0] as Json,
  section: recorded<{ restaurantSections: (Json & { tables: Json[] })[] }>(
    'iiko/restaurant_sections.documented.json',
  ).restaurantSections[0] as Json & { tables: Json[] },
};
const statusAnswer = (state: string) =>
  RECORDED.status.find((a) => String(a.state).toLowerCase() === state.toLowerCase()) as Json;

/** The restaurant's payment types: the recorded ones and the Payme and Click types it made. */
const PAYMENT_TYPES: PaymentType[] = [
  ...recorded<{ paymentTypes: PaymentType[] }>('iiko/payment_types.recorded.json').paymentTypes,
  ...recorded<{ paymentTypes: PaymentType[] }>('iiko/payment_types_payme_click.assembled.json').paymentTypes,
].filter((t, i, all) => all.findIndex((x) => x.id === t.id) === i);

interface Command {
  asked: number;
  /** What it ends in: success applies `done`, an error keeps iiko's words. */
  error: string | null;
  done: () => void;
}

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const IIKO_TERMINAL_GROUPS = [
  { id: uuid(6, 1), name: 'Asosiy zal' },
  { id: uuid(6, 2), name: 'Yozgi ayvon' },
];

/** Tables per terminal group: the hall's "Stol 1".."Stol 12", the terrace's by number only (as iiko may). */
export const IIKO_TABLES = [
  ...Array.from({ length: 12 }, (_, i) => ({
    id: uuid(8, i + 1),
    number: i + 1,
    name: `Stol ${i + 1}`,
    group: 0,
    section: 'Asosiy zal',
  })),
  ...Array.from({ length: 4 }, (_, i) => ({
    id: uuid(8, 101 + i),
    number: 101 + i,
    name: null,
    group: 1,
    section: 'Ayvon',
  })),
];

export function iikoOrderDesk(data: IikoData) {
  const orders = new Map<string, FakeOrder>();
  const commands = new Map<string, Command>();
  /** An order's creating command: iiko finishes it in time whether or not anyone asks. */
  const creating = new Map<string, Command>();
  /** An order's payment commands: iiko runs them whether or not anyone asks (a lost answer). */
  const paying = new Map<string, Command[]>();
  const state = {
    down: false,
    /** Products iiko refuses on its stop-list that our menu did not know of. */
    refuse: new Set<string>(),
    /**
     * How its stop-list refusal names the dish: by id (`Product <id> is in stop list`) or by name
     * (`Product <name> is in stop list`), both after the recorded "Product <name>, id <id> ..."
     * (fixtures/iiko/refusals.recorded.json); no recording of the stop-list's own words was found.
     */
    stopWords: 'id' as 'id' | 'name',
    /**
     * Products the front prices itself whatever was sent (a price category of its own, a front
     * that does not take open prices): iiko's total then differs from ours.
     */
    frontPrices: new Map<string, number>(),
    creates: [] as Json[],
    adds: [] as Json[],
    /** Every `add_payments` body received, in order. */
    payments: [] as Json[],
    number: 0,
  };
  // iiko's correlation ids are uuids: commands/status is asked with one (`format: uuid`)
  const corr = () => randomUUID();
  // iiko's documented error body; its description gives it for 400 and 401 only, so an outage
  // (503) answers the same shape: the client decides a retry by the status alone (pos/http.ts)
  const error = (description: string, status = 400): Answer => ({
    status,
    json: { ...RECORDED.error, correlationId: corr(), errorDescription: description },
  });
  const products = () => new Map(data.products.map((p) => [String(p.id), p]));
  const nameOf = (id: string) => String(products().get(id)?.name ?? '');
  const sizeName = (id: string) => data.sizes.find((x) => x.id === id)?.name ?? '';
  const groupName = (id: string) => String(data.groups.find((g) => g.id === id)?.name ?? '');

  const priceOf = (p: Json | undefined, sizeId: string | null | undefined): number | undefined => {
    const prices = (p?.sizePrices ?? []) as { sizeId: string | null; price: { currentPrice: number } }[];
    return (
      prices.find((sp) => (sp.sizeId ?? undefined) === (sizeId ?? undefined)) ??
      (sizeId ? undefined : prices[0])
    )?.price.currentPrice;
  };
  const sized = (p: Json) =>
    ((p.sizePrices ?? []) as { sizeId: string | null }[]).filter((sp) => sp.sizeId !== null).length > 1;
  const money = (n: number) => Math.round(n * 100) / 100;

  /**
   * The items as iiko takes them, or its words for the first it cannot take. The price is the one
   * sent ("Can be sent different from the price in the base menu"), unless the front prices the
   * product itself (`frontPrices`); a modifier sent without a price takes its menu price.
   */
  function priced(items: Item[]): Taken[] | string {
    const byId = products();
    const out: Taken[] = [];
    for (const item of items) {
      const p = byId.get(item.productId);
      if (!p || priceOf(p, item.productSizeId) === undefined) return `Product ${item.productId} not found`;
      // "Size ID. Required if a stock list item has a size scale."
      if (sized(p) && !item.productSizeId) return `Size of product ${item.productId} is not specified`;
      const price = state.frontPrices.get(item.productId) ?? item.price;
      const modifiers: Taken['modifiers'] = [];
      for (const m of item.modifiers ?? []) {
        const own = priceOf(byId.get(m.productId), undefined);
        if (own === undefined) return `Modifier ${m.productId} not found`;
        const unit = m.price ?? own;
        const free = infoOf(p, m.productId, m.productGroupId)?.freeOfChargeAmount ?? 0;
        modifiers.push({
          productId: m.productId,
          productGroupId: m.productGroupId ?? null,
          amount: m.amount,
          amountIndependentOfParentAmount: false,
          price: unit,
          freeOfChargeAmount: free,
          resultSum: money(unit * Math.max(0, m.amount - free) * item.amount),
        });
      }
      out.push({
        productId: item.productId,
        productSizeId: item.productSizeId ?? null,
        amount: item.amount,
        price,
        cost: money(price * item.amount),
        comment: item.comment ?? null,
        positionId: item.positionId ?? null,
        modifiers,
      });
    }
    return out;
  }

  /** A dish's modifier `id` as its nomenclature offers it: in group `groupId`, or a single one. */
  function infoOf(dish: Json, id: string, groupId: string | null | undefined): ModifierInfo | undefined {
    if (groupId)
      return ((dish.groupModifiers ?? []) as GroupInfo[])
        .find((g) => g.id === groupId)
        ?.childModifiers.find((c) => c.id === id);
    return ((dish.modifiers ?? []) as ModifierInfo[]).find((m) => m.id === id);
  }

  /**
   * iikoFront's words for the first item whose modifiers break its dish's rules: a group's amount
   * (the sum of its modifiers') under its minimum (at least 1 when `required`) or over its maximum
   * (0: none), a modifier over its own maximum where its group says its children have limits, a
   * required single modifier left out; null when every item keeps them.
   */
  function ruleWords(items: Item[]): string | null {
    const byId = products();
    const words = (name: string, id: string, what: string, min: number, max: number, actual: number) =>
      `Order item modifier “${name}” (${id}) has invalid ${what}: min = ${min}, max = ${max}, actual = ${actual}.`;
    for (const item of items) {
      const dish = byId.get(item.productId) ?? {};
      const sent = item.modifiers ?? [];
      for (const g of (dish.groupModifiers ?? []) as GroupInfo[]) {
        const chosen = sent.filter((m) => m.productGroupId === g.id);
        const actual = chosen.reduce((n, m) => n + m.amount, 0);
        const min = Math.max(g.minAmount ?? 0, g.required ? 1 : 0);
        const max = g.maxAmount ?? 0;
        if (actual < min || (max > 0 && actual > max))
          return words(groupName(g.id), g.id, 'group amount', min, max, actual);
        if (!g.childModifiersHaveMinMaxRestrictions) continue;
        for (const c of g.childModifiers) {
          const amount = chosen.filter((m) => m.productId === c.id).reduce((n, m) => n + m.amount, 0);
          const cMax = c.maxAmount ?? 0;
          if (amount < (c.minAmount ?? 0) || (cMax > 0 && amount > cMax))
            return words(nameOf(c.id), c.id, 'amount', c.minAmount ?? 0, cMax, amount);
        }
      }
      for (const m of (dish.modifiers ?? []) as ModifierInfo[]) {
        const amount = sent
          .filter((x) => x.productId === m.id && !x.productGroupId)
          .reduce((n, x) => n + x.amount, 0);
        const min = Math.max(m.minAmount ?? 0, m.required ? 1 : 0);
        const max = m.maxAmount ?? 0;
        if (amount < min || (max > 0 && amount > max))
          return words(nameOf(m.id), m.id, 'amount', min, max, amount);
      }
    }
    return null;
  }

  /** iiko's order `sum` ("Order amount (after discount or surcharge)"; no discount here). */
  const sumOf = (items: Taken[]) =>
    money(items.reduce((s, i) => s + i.cost + i.modifiers.reduce((m, x) => m + x.resultSum, 0), 0));

  const stopListWords = (productId: string) =>
    `Product ${state.stopWords === 'name' ? nameOf(productId) : productId} is in stop list`;
  const stopped = (items: Taken[]) => items.find((i) => state.refuse.has(i.productId));

  function info(o: FakeOrder) {
    return {
      id: o.id,
      posId: o.creationStatus === 'Success' ? uuid(9, o.number) : null,
      externalNumber: o.externalNumber,
      organizationId: o.organizationId,
      timestamp: 1764000000000 + o.number,
      creationStatus: o.creationStatus,
      errorInfo: o.errorInfo,
      order:
        o.creationStatus === 'Success'
          ? {
              tableIds: o.tableIds,
              status: o.status,
              sum: sumOf(o.items),
              number: o.number,
              payments: o.payments,
              items: o.items.map((i) => ({
                type: 'Product',
                status: 'Added',
                deleted: null,
                amount: i.amount,
                comment: i.comment,
                size: i.productSizeId ? { id: i.productSizeId, name: sizeName(i.productSizeId) } : null,
                product: { id: i.productId, name: nameOf(i.productId) },
                modifiers: i.modifiers.map((m) => ({
                  product: { id: m.productId, name: nameOf(m.productId) },
                  amount: m.amount,
                  amountIndependentOfParentAmount: m.amountIndependentOfParentAmount,
                  productGroup: m.productGroupId
                    ? { id: m.productGroupId, name: groupName(m.productGroupId) }
                    : null,
                  price: m.price,
                  pricePredefined: false,
                  freeOfChargeAmount: m.freeOfChargeAmount,
                  resultSum: m.resultSum,
                  positionId: null,
                })),
                price: i.price,
                cost: i.cost,
                pricePredefined: false,
                positionId: i.positionId,
                resultSum: i.cost,
              })),
            }
          : null,
    };
  }

  function create(body: Json): Answer {
    state.creates.push(body);
    const order = (body.order ?? {}) as Json & { items?: Item[]; tableIds?: string[] };
    const group = IIKO_TERMINAL_GROUPS.find((g) => g.id === body.terminalGroupId);
    if (body.organizationId !== data.organizations[0]?.id || !group) return error('Terminal group not found');
    const tableIds = order.tableIds ?? [];
    if (tableIds.some((t) => !IIKO_TABLES.some((x) => x.id === t)))
      return error(`Table ${tableIds[0]} not found`);
    const id = String(order.id ?? uuid(10, state.number + 1));
    if (orders.has(id)) return error(`Order with id ${id} already exists`);
    const items = priced(order.items ?? []);
    if (typeof items === 'string') return error(items);
    state.number++;
    const made: FakeOrder = {
      id,
      organizationId: String(body.organizationId),
      terminalGroupId: group.id,
      externalNumber: (order.externalNumber as string | undefined) ?? null,
      tableIds,
      number: state.number,
      status: 'New',
      creationStatus: 'InProgress',
      errorInfo: null,
      items,
      payments: [],
    };
    orders.set(id, made);
    const settings = (body.createOrderSettings ?? {}) as { checkStopList?: boolean };
    const refused = settings.checkStopList ? stopped(items) : undefined;
    const words = (refused ? stopListWords(refused.productId) : null) ?? ruleWords(order.items ?? []);
    const correlationId = corr();
    const command: Command = {
      asked: 0,
      error: words,
      done: () => {
        made.creationStatus = words ? 'Error' : 'Success';
        if (words)
          made.errorInfo = { code: 'Common', message: words, description: words, additionalData: null };
      },
    };
    commands.set(correlationId, command);
    creating.set(id, command);
    return {
      json: {
        ...RECORDED.create,
        correlationId,
        orderInfo: {
          ...RECORDED.create.orderInfo,
          id,
          organizationId: made.organizationId,
          timestamp: 1764000000000 + made.number,
        },
      },
    };
  }

  function addItems(body: Json): Answer {
    state.adds.push(body);
    const order = orders.get(String(body.orderId));
    if (order?.creationStatus !== 'Success') return error(`Order ${String(body.orderId)} not found`);
    if (order.status !== 'New') return error(`Order ${order.id} is closed`);
    const items = priced((body.items ?? []) as Item[]);
    if (typeof items === 'string') return error(items);
    const refused = stopped(items);
    const words =
      (refused ? stopListWords(refused.productId) : null) ?? ruleWords((body.items ?? []) as Item[]);
    const correlationId = corr();
    commands.set(correlationId, {
      asked: 0,
      error: words,
      done: () => {
        if (!words) order.items.push(...items);
      },
    });
    return { json: { ...RECORDED.command, correlationId } };
  }

  function addPayments(body: Json): Answer {
    state.payments.push(body);
    const order = orders.get(String(body.orderId));
    if (order?.creationStatus !== 'Success') return error(`Order ${String(body.orderId)} not found`);
    if (order.status === 'Closed') return error(`Order ${order.id} is closed`);
    const payments = (body.payments ?? []) as {
      paymentTypeId: string;
      paymentTypeKind: string;
      sum: number;
      isProcessedExternally?: boolean;
    }[];
    const unknown = payments.find(
      (p) => !PAYMENT_TYPES.some((t) => t.id === p.paymentTypeId && !t.isDeleted),
    );
    if (unknown) return error(`Payment type ${unknown.paymentTypeId} not found`);
    const correlationId = corr();
    const command: Command = {
      asked: 0,
      error: null,
      done: () => {
        for (const p of payments)
          order.payments.push({
            paymentType: { id: p.paymentTypeId, kind: p.paymentTypeKind },
            sum: p.sum,
            isProcessedExternally: p.isProcessedExternally === true,
          });
      },
    };
    commands.set(correlationId, command);
    paying.set(order.id, [...(paying.get(order.id) ?? []), command]);
    return { json: { ...RECORDED.command, correlationId } };
  }

  function finish(command: Command): void {
    if (command.asked < 2) command.asked = 2;
    command.done();
    command.done = () => {};
  }

  function status(body: Json): Answer {
    const command = commands.get(String(body.correlationId));
    if (!command) return error('Command not found');
    command.asked++;
    if (command.asked === 1) return { json: statusAnswer('InProgress') };
    finish(command);
    // the recorded Error carries `exception: null`; iiko's description gives it a `message`,
    // which is where a refusal's words are (the channel reads either)
    return command.error
      ? {
          json: {
            ...statusAnswer('Error'),
            exception: { message: command.error, $type: 'StopListException' },
          },
        }
      : { json: statusAnswer('Success') };
  }

  const ORDER_PATHS = new Set([
    '/api/1/terminal_groups',
    '/api/1/reserve/available_restaurant_sections',
    '/api/1/order/create',
    '/api/1/commands/status',
    '/api/1/order/by_id',
    '/api/1/order/by_table',
    '/api/1/order/add_items',
    '/api/1/payment_types',
    '/api/1/order/add_payments',
  ]);

  /** Answers an order call (undefined: not one of them). */
  function handle(path: string, raw: unknown): Answer | undefined {
    if (!ORDER_PATHS.has(path)) return undefined;
    if (state.down) return error('Service unavailable', 503);
    const body = (raw ?? {}) as Json;
    switch (path) {
      case '/api/1/terminal_groups':
        return {
          json: {
            correlationId: corr(),
            terminalGroups: ((body.organizationIds ?? []) as string[])
              .filter((id) => id === data.organizations[0]?.id)
              .map((organizationId) => ({
                organizationId,
                items: IIKO_TERMINAL_GROUPS.map((g) => ({
                  ...RECORDED.terminalGroup,
                  ...g,
                  organizationId,
                  address: 'Toshkent',
                })),
              })),
          },
        };
      case '/api/1/reserve/available_restaurant_sections': {
        const ids = (body.terminalGroupIds ?? []) as string[];
        return {
          json: {
            correlationId: corr(),
            restaurantSections: IIKO_TERMINAL_GROUPS.map((g, i) => ({ g, i }))
              .filter(({ g }) => ids.includes(g.id))
              .map(({ g, i }) => ({
                ...RECORDED.section,
                id: uuid(7, i + 1),
                terminalGroupId: g.id,
                name: IIKO_TABLES.find((t) => t.group === i)?.section ?? '',
                tables: IIKO_TABLES.filter((t) => t.group === i).map((t) => ({
                  ...RECORDED.section.tables[0],
                  id: t.id,
                  number: t.number,
                  name: t.name,
                })),
              })),
            revision: 1,
          },
        };
      }
      case '/api/1/order/create':
        return create(body);
      case '/api/1/order/add_items':
        return addItems(body);
      case '/api/1/order/add_payments':
        return addPayments(body);
      case '/api/1/payment_types':
        return {
          json: {
            correlationId: corr(),
            paymentTypes: ((body.organizationIds ?? []) as string[]).includes(
              String(data.organizations[0]?.id),
            )
              ? PAYMENT_TYPES
              : [],
          },
        };
      case '/api/1/commands/status':
        return status(body);
      case '/api/1/order/by_id':
        return {
          json: {
            correlationId: corr(),
            orders: ((body.orderIds ?? []) as string[]).flatMap((id) => {
              const o = orders.get(id);
              // asked about later, an order being made is made by now
              const command = creating.get(id);
              if (o?.creationStatus === 'InProgress' && command) finish(command);
              for (const c of paying.get(id) ?? []) finish(c);
              return o ? [info(o)] : [];
            }),
          },
        };
      case '/api/1/order/by_table': {
        const tables = (body.tableIds ?? []) as string[];
        const statuses = ((body.statuses ?? []) as string[]).map((s) => s.toLowerCase());
        return {
          json: {
            correlationId: corr(),
            orders: [...orders.values()]
              .filter(
                (o) =>
                  o.creationStatus === 'Success' &&
                  o.tableIds.some((t) => tables.includes(t)) &&
                  (statuses.length === 0 || statuses.includes(o.status.toLowerCase())),
              )
              .map(info),
          },
        };
      }
      default:
        return undefined;
    }
  }

  return {
    handle,
    state,
    orders,
    /** The orders iiko made, in the order it made them. */
    made: () => [...orders.values()].filter((o) => o.creationStatus === 'Success'),
    /** The restaurant's payment types as `payment_types` answers them (a test may delete one). */
    paymentTypes: () => PAYMENT_TYPES,
    /** The staff close the bill of a table's order: a new one starts for the next guests. */
    close(orderId: string) {
      const o = orders.get(orderId);
      if (o) o.status = 'Closed';
    },
  };
}

export type IikoOrderDesk = ReturnType<typeof iikoOrderDesk>;

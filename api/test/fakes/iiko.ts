/**
 * A fake iiko Cloud (iikoTransport) on 127.0.0.1, answering `/api/1/access_token`,
 * `/api/v2/access_token`, `/api/1/organizations`, `/api/1/nomenclature` (`revision`; the same
 * `startRevision` answers empty arrays) and `/api/1/stop_lists` in the shapes of iiko's recorded
 * answers (api/test/fixtures/iiko/, SOURCES.md there): capitalised types (`Dish`, `Good`,
 * `Modifier`, `Service`), modifier groups on the menu but `isGroupModifier`, `tags: null` on
 * modifiers, `productCategories`, a wrong apiLogin answered 401. Realistic data: menu groups (one
 * deleted, one off the menu), modifier groups and their modifiers, dishes and goods, three-size
 * products, deleted products, a service fee, image links, a stop-list. `lowerCaseTypes` sends the
 * same menu with the types as iiko's documentation spells them (`dish`, `good`, `modifier`).
 *
 * What it receives is checked first as iiko checks it: every call's body against its operation's
 * request schema in iiko's published OpenAPI description (fakes/iiko-openapi.ts); one that breaks
 * it is refused with 400 and iiko's error body `{correlationId, errorDescription, error}`, every
 * fault named in `errorDescription`, and goes no further (`received` keeps each call and its
 * faults).
 */
import { randomUUID } from 'node:crypto';
import { recorded } from '../fixtures/recorded';
import { iikoRequestFaults, iikoRequestSchema } from './iiko-openapi';
import { type IikoOrderDesk, iikoOrderDesk } from './iiko-orders';
import type { FakeBase, Fault } from './server';
import { DISHES, GROUPS, rng, startFake } from './server';

export { IIKO_TABLES, IIKO_TERMINAL_GROUPS } from './iiko-orders';

export const IIKO_API_LOGIN = 'fake-api-login-0123456789';
/** iiko's documented error body (fixtures/iiko/error.documented.json): a refused request's answer. */
const DOCUMENTED_ERROR = recorded<Record<string, unknown>>('iiko/error.documented.json');
export const IIKO_IMAGE_HOST = 'https://img.iiko.fake';

const uuid = (kind: number, n: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export interface IikoData {
  organizations: { id: string; name: string }[];
  groups: Record<string, unknown>[];
  products: Record<string, unknown>[];
  sizes: { id: string; name: string; priority: number; isDefault: boolean }[];
  stopItems: { productId: string; sizeId: string | null; balance: number }[];
}

/** iiko's product types as its answers spell them (its documentation: lower case). */
const TYPES = { dish: 'Dish', good: 'Good', modifier: 'Modifier', service: 'Service' } as const;

/** A product the guests' menu offers (a dish or a good, whatever the case of its type). */
export const soldOnMenu = (p: Record<string, unknown>) =>
  ['dish', 'good'].includes(String(p.type).toLowerCase());

/** `count` live dishes (plus deleted ones, modifiers, a service) of one organization. */
export function iikoMenu(
  count = 300,
  seed = 21,
  imageHost = IIKO_IMAGE_HOST,
  lowerCaseTypes = false,
  tableDishes = false,
): IikoData {
  const rand = rng(seed);
  const type = (t: keyof typeof TYPES) => (lowerCaseTypes ? t : TYPES[t]);
  const org = { id: uuid(1, 1), name: 'Rayhon Chilonzor' };
  const sizes = [
    { id: uuid(2, 1), name: 'Kichik', priority: 0, isDefault: false },
    { id: uuid(2, 2), name: "O'rta", priority: 1, isDefault: true },
    { id: uuid(2, 3), name: 'Katta', priority: 2, isDefault: false },
  ];
  const groups: Record<string, unknown>[] = [];
  const products: Record<string, unknown>[] = [];
  const group = (n: number, name: string, extra: Record<string, unknown> = {}) => {
    const g = {
      id: uuid(3, n),
      name,
      parentGroup: null,
      order: n,
      isIncludedInMenu: true,
      isGroupModifier: false,
      isDeleted: false,
      imageLinks: [],
      code: `G${n}`,
      description: null,
      tags: [],
      ...extra,
    };
    groups.push(g);
    return g;
  };
  const price = (currentPrice: number, isIncludedInMenu = true) => ({
    currentPrice,
    isIncludedInMenu,
    nextPrice: null,
    nextIncludedInMenu: isIncludedInMenu,
    nextDatePrice: null,
  });
  // modifier groups and their modifiers (type "modifier", not on the menu by themselves)
  const modifierGroups = [
    { name: 'Souslar', items: ['Ketchup', 'Mayonez', 'Achchiq sous', 'Sarimsoqli sous'] },
    { name: "Qo'shimchalar", items: ['Pishloq', 'Tuxum', "Qo'ziqorin", 'Zaytun', 'Bodring'] },
    { name: 'Non turi', items: ['Patir', 'Obi non'] },
  ].map((mg, i) => {
    // as recorded: a modifier group is "on the menu", only isGroupModifier tells it apart
    const g = group(900 + i, mg.name, { isGroupModifier: true, tags: null });
    const children = mg.items.map((name, j) => {
      const m = {
        id: uuid(4, i * 100 + j),
        name,
        type: type('modifier'),
        parentGroup: g.id,
        groupId: g.id,
        order: j,
        isDeleted: j === 4, // one deleted modifier
        sizePrices: [{ sizeId: null, price: price(2000 + j * 1000) }],
        groupModifiers: [],
        modifiers: [],
        imageLinks: [],
        splittable: false,
        useBalanceForSell: false,
        canSetOpenPrice: false,
        tags: null,
      };
      products.push(m);
      return m;
    });
    return { g, children };
  });
  const menuGroupCount = Math.max(1, Math.ceil(count / 25));
  const menuGroups = Array.from({ length: menuGroupCount }, (_, i) =>
    group(
      i + 1,
      `${GROUPS[i % GROUPS.length]}${i >= GROUPS.length ? ` ${Math.floor(i / GROUPS.length) + 1}` : ''}`,
    ),
  );
  const deletedGroup = group(800, 'Eski menyu', { isDeleted: true });
  const hiddenGroup = group(801, 'Xodimlar uchun', { isIncludedInMenu: false });
  let n = 0;
  const dish = (parent: string, extra: Record<string, unknown> = {}) => {
    n++;
    const three = n % 7 === 0;
    const base = 15000 + Math.floor(rand() * 160) * 500;
    const p = {
      id: uuid(5, n),
      code: `D${n}`,
      name: `${DISHES[n % DISHES.length]} ${n}`,
      description: n % 4 === 0 ? `${DISHES[n % DISHES.length]} — uy usulida tayyorlangan` : null,
      type: type(n % 10 === 0 ? 'good' : 'dish'),
      parentGroup: parent,
      groupId: parent,
      order: count - n,
      isDeleted: false,
      measureUnit: 'порц',
      sizePrices: three
        ? sizes.map((s, k) => ({ sizeId: s.id, price: price(base + k * 8000) }))
        : [{ sizeId: null, price: price(base, n % 13 !== 0) }],
      groupModifiers:
        n % 5 === 0
          ? modifierGroups.slice(0, 1 + (n % 2)).map(({ g, children }) => ({
              id: g.id,
              minAmount: 0,
              maxAmount: 2,
              required: false,
              childModifiersHaveMinMaxRestrictions: false,
              childModifiers: children.map((c) => ({
                id: c.id,
                defaultAmount: 0,
                minAmount: 0,
                maxAmount: 1,
                required: false,
              })),
            }))
          : [],
      modifiers: [],
      imageLinks: n % 3 === 0 ? [`${imageHost}/images/${uuid(5, n)}.jpg`] : [],
      splittable: false,
      useBalanceForSell: false,
      canSetOpenPrice: false,
      tags: [],
      ...extra,
    };
    products.push(p);
    return p;
  };
  const live: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) live.push(dish((menuGroups[i % menuGroupCount] as { id: string }).id));
  // deleted dishes, dishes of the deleted and hidden groups: none of them reach the menu
  for (let i = 0; i < Math.max(3, Math.floor(count / 20)); i++)
    dish((menuGroups[0] as { id: string }).id, { isDeleted: true });
  dish(deletedGroup.id);
  dish(hiddenGroup.id);
  // a service fee in a menu group: iiko sells it, the guests' menu does not show it
  dish((menuGroups[0] as { id: string }).id, { type: type('service'), name: 'Xizmat haqi 10%' });
  if (tableDishes) {
    // what a table orders in the orders' end-to-end test: Mastava with an optional single
    // modifier, a Kompot in two sizes (0,5 L and 1 L, as sizes.assembled.json) with an optional
    // group modifier, and the plov with a required group and a group of extras (below)
    const drinks = group(950, 'Ichimliklar');
    const liters = [
      { id: uuid(2, 11), name: '0,5 L', priority: 0, isDefault: true },
      { id: uuid(2, 12), name: '1 L', priority: 1, isDefault: false },
    ];
    sizes.push(...liters);
    const extras = group(960, 'Kompotga', { isGroupModifier: true, tags: null });
    const extraRows = ['Muz', 'Limon'].map((name, j) => {
      const m = {
        id: uuid(4, 960 + j),
        name,
        type: type('modifier'),
        parentGroup: extras.id,
        groupId: extras.id,
        order: j,
        isDeleted: false,
        sizePrices: [{ sizeId: null, price: price(1000 + j * 1000) }],
        groupModifiers: [],
        modifiers: [],
        imageLinks: [],
        tags: null,
      };
      products.push(m);
      return m;
    });
    // a single modifier (outside any group) of the Mastava: Qatiq, 3 000
    const qatiq = {
      id: uuid(4, 970),
      name: 'Qatiq',
      type: type('modifier'),
      parentGroup: drinks.id,
      groupId: drinks.id,
      order: 0,
      isDeleted: false,
      sizePrices: [{ sizeId: null, price: price(3000) }],
      groupModifiers: [],
      modifiers: [],
      imageLinks: [],
      tags: null,
    };
    products.push(qatiq);
    dish(drinks.id, {
      id: uuid(5, 9001),
      name: 'Mastava',
      type: type('dish'),
      sizePrices: [{ sizeId: null, price: price(28000) }],
      groupModifiers: [],
      modifiers: [{ id: qatiq.id, defaultAmount: 0, minAmount: 0, maxAmount: 1, required: false }],
      imageLinks: [],
    });
    dish(drinks.id, {
      id: uuid(5, 9002),
      name: 'Kompot',
      type: type('good'),
      sizePrices: [
        { sizeId: liters[0]?.id, price: price(9000) },
        { sizeId: liters[1]?.id, price: price(15000) },
      ],
      groupModifiers: [
        {
          id: extras.id,
          minAmount: 0,
          maxAmount: 1,
          required: false,
          childModifiersHaveMinMaxRestrictions: false,
          childModifiers: extraRows.map((c) => ({
            id: c.id,
            defaultAmount: 0,
            minAmount: 0,
            maxAmount: 1,
            required: false,
          })),
        },
      ],
      imageLinks: [],
    });
    // the demo's plov as iiko holds it: a required group «Porsiya» (exactly one: Yarim, To'liq
    // +20 000) and «Qo'shimchalar» (up to 3 in all, its children with limits of their own: Qazi
    // up to 2, Bedana tuxumi once), in the recorded answer's shape (nomenclature.recorded.json)
    const modifierGroup = (id: number, name: string, items: [string, number, number][]) => {
      const g = group(id, name, { isGroupModifier: true, tags: null });
      return {
        g,
        rows: items.map(([rowName, rowPrice, max], j) => {
          const m = {
            id: uuid(4, 9000 + id * 10 + j),
            name: rowName,
            type: type('modifier'),
            parentGroup: g.id,
            groupId: g.id,
            order: j,
            isDeleted: false,
            sizePrices: [{ sizeId: null, price: price(rowPrice) }],
            groupModifiers: [],
            modifiers: [],
            imageLinks: [],
            tags: null,
          };
          products.push(m);
          return { m, max };
        }),
      };
    };
    const portion = modifierGroup(975, 'Porsiya', [
      ['Yarim', 0, 1],
      ["To'liq", 20000, 1],
    ]);
    const extrasOfPlov = modifierGroup(985, "Qo'shimchalar", [
      ['Qazi', 15000, 2],
      ['Bedana tuxumi', 4000, 1],
    ]);
    const child = (own: boolean) => (r: { m: { id: string }; max: number }) => ({
      id: r.m.id,
      defaultAmount: 0,
      minAmount: 0,
      maxAmount: own ? r.max : 0,
      required: false,
      hideIfDefaultAmount: false,
      splittable: false,
      freeOfChargeAmount: 0,
    });
    dish(drinks.id, {
      id: uuid(5, 9003),
      name: 'Toshkent oshi',
      type: type('dish'),
      sizePrices: [{ sizeId: null, price: price(45000) }],
      groupModifiers: [
        {
          id: portion.g.id,
          minAmount: 1,
          maxAmount: 1,
          required: true,
          childModifiersHaveMinMaxRestrictions: false,
          childModifiers: portion.rows.map(child(false)),
        },
        {
          id: extrasOfPlov.g.id,
          minAmount: 0,
          maxAmount: 3,
          required: false,
          childModifiersHaveMinMaxRestrictions: true,
          childModifiers: extrasOfPlov.rows.map(child(true)),
        },
      ],
      modifiers: [],
      imageLinks: [],
    });
  }
  const stopItems = [
    { productId: live[0]?.id as string, sizeId: null, balance: 0 },
    { productId: live[1]?.id as string, sizeId: null, balance: 0 },
    { productId: live[2]?.id as string, sizeId: null, balance: 5 },
    { productId: live[6]?.id as string, sizeId: sizes[0]?.id as string, balance: 0 },
  ];
  return {
    organizations: [org, { id: uuid(1, 2), name: 'Rayhon Yunusobod' }],
    groups,
    products,
    sizes,
    stopItems,
  };
}

export interface FakeIiko extends FakeBase {
  data: IikoData;
  revision: number;
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Every issued token stops working (the next call answers 401). */
  expireTokens(): void;
  /** Changes the menu: a new revision. */
  change(fn: (data: IikoData) => void): void;
  lastNomenclatureBody: unknown;
  /**
   * Every call received, in order, with its faults as iiko's OpenAPI description checks them
   * (fakes/iiko-openapi.ts): one with a fault was refused with 400, as iiko refuses it.
   */
  received: { path: string; body: unknown; faults: string[] }[];
  /** The table orders it took (fakes/iiko-orders.ts): `down`, `refuse`, what it was sent. */
  desk: IikoOrderDesk;
}

export async function startFakeIiko(
  options: { products?: number; imageHost?: string; lowerCaseTypes?: boolean; tableDishes?: boolean } = {},
): Promise<FakeIiko> {
  const data = iikoMenu(
    options.products ?? 300,
    21,
    options.imageHost,
    options.lowerCaseTypes,
    options.tableDishes,
  );
  const valid = new Set<string>();
  const state = { revision: 1000, tokensIssued: 0, lastNomenclatureBody: undefined as unknown };
  // iiko's correlation ids are uuids (`format: uuid`), and commands/status is asked with one
  const corr = () => randomUUID();
  const desk = iikoOrderDesk(data);
  const received: FakeIiko['received'] = [];
  /** A request iiko's description refuses: 400 with iiko's error body, every fault named. */
  const refusal = (path: string, body: unknown) => {
    if (!iikoRequestSchema(path)) return undefined;
    const faults = iikoRequestFaults(path, body);
    received.push({ path, body, faults });
    if (faults.length === 0) return undefined;
    return {
      status: 400,
      json: { ...DOCUMENTED_ERROR, correlationId: corr(), errorDescription: faults.join('; ') },
    };
  };
  const base = await startFake(
    (req, path, body) => {
      if (path === '/api/1/access_token' || path === '/api/v2/access_token') {
        const refused = refusal(path, body);
        if (refused) return refused;
        const ok =
          path === '/api/1/access_token'
            ? (body as { apiLogin?: string })?.apiLogin === IIKO_API_LOGIN
            : (body as { apiKey?: string })?.apiKey === IIKO_API_LOGIN;
        if (!ok)
          return {
            status: 401,
            json: {
              correlationId: corr(),
              errorDescription: 'Login is not authorized',
              error: 'UNAUTHORIZED',
            },
          };
        state.tokensIssued++;
        const token = `tok-${state.tokensIssued}-${Math.random().toString(36).slice(2)}`;
        valid.add(token);
        return { json: { correlationId: corr(), token } };
      }
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!valid.has(token))
        return {
          status: 401,
          json: { correlationId: corr(), errorDescription: 'Token expired', error: 'UNAUTHORIZED' },
        };
      const refused = refusal(path, body);
      if (refused) return refused;
      const orgId = (body as { organizationId?: string })?.organizationId;
      const ordered = desk.handle(path, body);
      if (ordered) return ordered;
      switch (path) {
        case '/api/1/organizations':
          return {
            json: {
              correlationId: corr(),
              organizations: data.organizations.map((o) => ({ ...o, code: null, responseType: 'Simple' })),
            },
          };
        case '/api/1/nomenclature': {
          state.lastNomenclatureBody = body;
          if (!data.organizations.some((o) => o.id === orgId))
            return {
              status: 400,
              json: {
                correlationId: corr(),
                errorDescription: 'Organization not found',
                error: 'BAD_REQUEST',
              },
            };
          const since = (body as { startRevision?: number }).startRevision;
          const same = since === state.revision;
          return {
            json: {
              correlationId: corr(),
              groups: same ? [] : data.groups,
              productCategories: same ? [] : [{ id: uuid(7, 1), name: 'Oshxona', isDeleted: false }],
              products: same ? [] : data.products,
              sizes: same ? [] : data.sizes,
              revision: state.revision,
            },
          };
        }
        case '/api/1/stop_lists': {
          const ids = (body as { organizationIds?: string[] }).organizationIds ?? [];
          return {
            json: {
              correlationId: corr(),
              terminalGroupStopLists: ids
                .filter((id) => id === data.organizations[0]?.id)
                .map((id) => ({
                  organizationId: id,
                  items: [
                    {
                      terminalGroupId: uuid(6, 1),
                      items: data.stopItems.map((s) => ({
                        ...s,
                        sku: 'X',
                        dateAdd: '2026-11-25 10:00:00.000',
                      })),
                    },
                  ],
                })),
            },
          };
        }
        default:
          return { status: 404, json: { errorDescription: 'no such method' } };
      }
    },
    (path) =>
      path === '/api/1/nomenclature'
        ? { correlationId: 'fake-badshape', products: 'nope', revision: 'x' }
        : { correlationId: 'fake-badshape' },
  );
  return {
    ...base,
    data,
    get revision() {
      return state.revision;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    get lastNomenclatureBody() {
      return state.lastNomenclatureBody;
    },
    desk,
    received,
    expireTokens: () => valid.clear(),
    change(fn: (d: IikoData) => void) {
      fn(data);
      state.revision++;
    },
  };
}

export type { Fault };

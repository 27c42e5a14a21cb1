/**
 * One valid object per entity (the shared schemas' types), each with unique ids and names,
 * overridable field by field; and the API's answer shapes around them (docs/API.md).
 */
import type {
  Category,
  IntegrationRestaurant,
  Manager,
  OptionRow,
  Order,
  Product,
  ProductDetail,
  ProductOption,
  Profile,
  Restaurant,
  TableCall,
} from '../schemas';
import { tashkentDay } from '../tashkent-day';
import type { StubCall, StubReply } from './fetch-stub';

const CREATED = '2026-01-01T00:00:00.000Z';
/** What every stored catalogue entity carries: no translations yet, made (and changed) at CREATED. */
const STORED = { translations: {}, createdAt: CREATED, updatedAt: CREATED };
let seq = 0;

/**
 * A fixture maker: `build` gets the next number (unique across makers, for ids and names) and the
 * overrides it may read; the overrides are laid over what it returns.
 */
function maker<T>(build: (n: number, over: Partial<T>) => T) {
  return (over: Partial<T> = {}): T => {
    seq += 1;
    return { ...build(seq, over), ...over };
  };
}

export const fixtures = {
  restaurant: maker<Restaurant>((n) => ({
    _id: `r${n}`,
    name: `Restoran ${n}`,
    slug: `restoran-${n}`,
    address: 'Toshkent',
    phone_number: `+99890000${String(n).padStart(4, '0')}`,
    work_time: '09:00-23:00',
    manager_id: null,
    type: 'manual',
    is_active: true,
    bot_token: null,
    channel_id: null,
    image: null,
    logotype: null,
    ...STORED,
  })),
  manager: maker<Manager>((n) => ({ _id: `m${n}`, login: `menedjer${n}` })),
  profile: maker<Profile>((n) => ({ _id: `u${n}`, login: `user${n}`, role: 'admin', is_active: true })),
  integrationRestaurant: maker<IntegrationRestaurant>((n) => ({ id: `ext-${n}`, name: `Tashqi ${n}` })),
  category: maker<Category>((n) => ({
    _id: `c${n}`,
    title: `Kategoriya ${n}`,
    restaurant_id: 'r1',
    is_active: true,
    ...STORED,
  })),
  product: maker<Product>((n, over) => {
    const categoryId = over.category_id ?? 'c1';
    return {
      _id: `p${n}`,
      name: `Mahsulot ${n}`,
      category_id: categoryId,
      category: { _id: categoryId, name: 'Kategoriya' },
      description: '',
      price: 10_000 * n,
      is_active: true,
      images: [],
      ...STORED,
    };
  }),
  productDetail(over: Partial<ProductDetail> = {}): ProductDetail {
    return { ...fixtures.product(over), options: [], ...over };
  },
  productOption: maker<ProductOption>((n) => ({
    _id: `o${n}`,
    product_id: 'p1',
    name: `Opsiya ${n}`,
    min_choices: 0,
    max_choices: 1,
    ...STORED,
  })),
  optionRow: maker<OptionRow>((n) => ({
    _id: `or${n}`,
    product_option_id: 'o1',
    name: `Variant ${n}`,
    price: 1000 * n,
    max_quantity: 1,
    free_quantity: 0,
    is_default: false,
    translations: {},
    createdAt: CREATED,
  })),
  /** An order just sent from "Stol <n>": one line of two portions, no rows. */
  order: maker<Order>((n, over) => {
    const at = over.createdAt ?? new Date().toISOString();
    return {
      _id: `ord${n}`,
      restaurant_id: 'r1',
      number: n,
      // the restaurant's day, as the API counts it
      day: tashkentDay(at),
      placement_id: `pl${n}`,
      table: `Stol ${n}`,
      status: 'sent',
      reject_reason: null,
      language: 'uz',
      comment: null,
      items: [{ product_id: `p${n}`, name: `Mahsulot ${n}`, quantity: 2, price: 10_000, rows: [] }],
      total: 20_000,
      payment: null,
      createdAt: at,
      updatedAt: at,
    };
  }),
  /** A pending waiter call from "Stol <n>". */
  tableCall: maker<TableCall>((n) => ({
    _id: `call${n}`,
    restaurant_id: 'r1',
    placement_id: `pl${n}`,
    table: `Stol ${n}`,
    kind: 'waiter',
    status: 'pending',
    createdAt: new Date().toISOString(),
    doneAt: null,
  })),
};

/** Answers for `stubApi`, in the contract's shapes. */
export const answers = {
  /** `{data: payload}` (most answers). */
  data: <T>(payload: T, status = 200): StubReply => ({ status, body: { data: payload } }),
  /** The contract's error body. */
  error: (status: number, code = 'error', message = ''): StubReply => ({
    status,
    body: { error: { code, message } },
  }),
  /** `GET /admin/restaurants`: the list with counters computed from it (or given). */
  adminRestaurants(
    restaurants: Restaurant[],
    counts?: { all_count: number; active_count: number; inactive_count: number },
  ): StubReply {
    const active = restaurants.filter((r) => r.is_active).length;
    return {
      body: {
        restaurants,
        counts: counts ?? {
          all_count: restaurants.length,
          active_count: active,
          inactive_count: restaurants.length - active,
        },
      },
    };
  },
  /**
   * `GET /admin/restaurants` as the server answers it: every restaurant, or with `?limit=` the
   * page `?page=` of them (sorted by `visits` first with `?sort=visits_desc|visits_asc`, the
   * list's order among equals), the counters always of all (computed, or `counts`).
   */
  adminRestaurantPages(
    restaurants: Restaurant[],
    options: {
      counts?: { all_count: number; active_count: number; inactive_count: number };
      visits?: Record<string, number>;
    } = {},
  ): (call: StubCall) => StubReply {
    return (call) => {
      const visitsOf = (r: Restaurant) => options.visits?.[r._id] ?? 0;
      const sort = call.search.get('sort');
      const sign = sort === 'visits_desc' ? -1 : sort === 'visits_asc' ? 1 : 0;
      const sorted =
        sign === 0 ? restaurants : [...restaurants].sort((a, b) => sign * (visitsOf(a) - visitsOf(b)));
      const limit = call.search.get('limit');
      const page = Number(call.search.get('page') ?? 1);
      const rows = limit ? sorted.slice((page - 1) * Number(limit), page * Number(limit)) : sorted;
      const all = answers.adminRestaurants(restaurants, options.counts) as { body: Record<string, unknown> };
      return {
        body: {
          ...all.body,
          restaurants: rows,
          ...(options.visits
            ? { visits_30d: Object.fromEntries(rows.map((r) => [r._id, visitsOf(r)])) }
            : {}),
        },
      };
    };
  },
  /** `GET /manager/category` and `GET /manager/products`: `{data, count}`. */
  counted: <T>(items: T[]): StubReply => ({ body: { data: items, count: items.length } }),
  /** `GET /user/category`: `{categories, count}`. */
  publicCategories: (items: Category[]): StubReply => ({ body: { categories: items, count: items.length } }),
  /** `GET /user/products/`: `{data: {products, count}}`. */
  publicProducts: (items: Product[]): StubReply => ({
    body: { data: { products: items, count: items.length } },
  }),
};

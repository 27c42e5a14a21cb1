/**
 * The parts of Poster's answers (joinposter.com/api, `menu.getCategories`, `menu.getProducts`,
 * `access.getSpots`) this provider reads, checked against the answers in Poster's own docs
 * (`api/test/fixtures/poster/`, SOURCES.md there). Poster sends most numbers as strings but not
 * all (`group_modifications` ids, `is_deleted`, `out` are numbers): every id and flag is read
 * either way. An error comes as HTTP 200 with `{error: {code, message}}`.
 */
import { z } from 'zod';

const num = z.union([z.string(), z.number()]).transform((v) => String(v));
/** A list Poster may leave out or send as null: read as empty. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export const posterError = z.object({
  error: z.union([
    z.object({ code: z.unknown().optional(), message: z.string().optional() }).passthrough(),
    z.string(),
    z.number(),
  ]),
});

export const spotsAnswer = z.object({
  response: z.array(
    z.object({ spot_id: num, spot_name: z.string(), spot_adress: z.string().nullable().optional() }),
  ),
});

export const categoriesAnswer = z.object({
  response: z.array(
    z.object({
      category_id: num,
      category_name: z.string(),
      category_hidden: num.optional(),
      sort_order: num.optional(),
      visible: list(z.object({ spot_id: num, visible: num })),
    }),
  ),
});

const spotPrice = z.object({ spot_id: num, price: num.nullish(), visible: num.optional() });

export const posterProduct = z.object({
  product_id: num,
  product_name: z.string(),
  /** "0": the product sits on the menu's top level, outside every category. */
  menu_category_id: num,
  /** Poster's own name of that category (for the top level: the top screen's). */
  category_name: z.string().nullish(),
  /** 1 semi-finished, 2 dish (tech card), 3 product. */
  type: num.optional(),
  hidden: num.optional(),
  sort_order: num.optional(),
  photo: z.string().nullable().optional(),
  photo_origin: z.string().nullable().optional(),
  product_production_description: z.string().nullable().optional(),
  spots: list(spotPrice),
  /** Price per spot id in kopecks (`{"1": "30000"}`), beside `spots` in newer answers. */
  price: z.record(z.string(), num).nullish().catch(undefined),
  /** Tech variants (a product sold in variants), each with its own price per spot. */
  modifications: list(
    z.object({
      modificator_id: num,
      modificator_name: z.string(),
      order: num.optional(),
      spots: list(spotPrice),
    }),
  ),
  /**
   * Dish modifier groups; a modification's `price` is in money units ("price in money"), not
   * kopecks. `num_min` / `num_max`: "The minimum (maximum) number of dish modifications that can
   * be selected in an order from a set"; `type` (1 "of several", one; 2 "some of several") is
   * documented on the groups a dish is made with (menu.createDish) and read when an answer has it.
   */
  group_modifications: list(
    z.object({
      dish_modification_group_id: num,
      name: z.string(),
      is_deleted: num.optional(),
      num_min: z.coerce.number().nullish().catch(undefined),
      num_max: z.coerce.number().nullish().catch(undefined),
      type: num.nullish(),
      modifications: list(
        z.object({
          dish_modification_id: num,
          name: z.string(),
          price: z.union([z.number(), z.string()]).nullish(),
        }),
      ),
    }),
  ),
});

export const productsAnswer = z.object({ response: z.array(posterProduct) });

export type PosterProduct = z.infer<typeof posterProduct>;
export type PosterCategory = z.infer<typeof categoriesAnswer>['response'][number];

/** An id Poster may send as null (`transaction_id` of a new order, `modificator_id` of a plain product). */
const maybeNum = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));

/**
 * An online order (`incomingOrders.createIncomingOrder`, `getIncomingOrder`, `getIncomingOrders`):
 * ids as numbers or strings as documented, `status` 0 new, 1 accepted, 7 cancelled,
 * `transaction_id` the register's order once accepted.
 */
export const posterIncomingOrder = z.object({
  incoming_order_id: num,
  spot_id: num,
  status: num,
  comment: z.string().nullish(),
  transaction_id: maybeNum,
  products: list(z.object({ product_id: num, modificator_id: maybeNum, count: num })),
});

export const incomingOrderAnswer = z.object({ response: posterIncomingOrder });
export const incomingOrdersAnswer = z.object({ response: list(posterIncomingOrder) });

/** `spots.getSpotTablesHalls`: every spot's halls. */
export const hallsAnswer = z.object({
  response: list(
    z.object({
      hall_id: num,
      hall_name: z.string(),
      hall_order: num.optional(),
      spot_id: num,
      delete: num.optional(),
    }),
  ),
});

/** `spots.getTableHallTables`: the tables of a spot (of a hall). */
export const tablesAnswer = z.object({
  response: list(
    z.object({
      table_id: num,
      table_num: num,
      table_title: z.string().nullish(),
      spot_id: num,
      hall_id: num,
      is_deleted: num.optional(),
    }),
  ),
});

export type PosterIncomingOrder = z.infer<typeof posterIncomingOrder>;
export type PosterHall = z.infer<typeof hallsAnswer>['response'][number];
export type PosterTable = z.infer<typeof tablesAnswer>['response'][number];

/**
 * `dash.getTransaction` (with `include_history`): the register's order; `status` 1 open, 2 closed,
 * 3 removed; sums in kopecks (tiyin); the history's entries carry the register (`spot_tablet_id`).
 */
export const transactionAnswer = z.object({
  response: list(
    z.object({
      transaction_id: num,
      status: num,
      spot_id: num.optional(),
      payed_card: num.optional(),
      sum: num.optional(),
      history: list(z.object({ type_history: z.string().nullish(), spot_tablet_id: maybeNum })),
    }),
  ),
});

/** `transactions.closeTransaction`: `err_code` 0 when the order is closed. */
export const closeTransactionAnswer = z.object({ response: z.object({ err_code: num }) });

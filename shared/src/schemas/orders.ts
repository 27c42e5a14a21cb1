/**
 * Orders from the table: what a guest sends, what staff see, the table calls (waiter, bill), the
 * restaurant's ordering switches and the live stream's events. Written once here: the server
 * validates and documents with these, the board and the guests' cart script take their shapes
 * from them (docs/ORDERS.md).
 *
 * Money is whole so'm (the menu's prices are whole so'm); a line's price is the product's price
 * plus its chosen rows' extras, decided by the server from the menu as it is when the order
 * arrives.
 *
 * Kept whole: a guest's order, the staff's view of it, the calls and the stream's events name one
 * another (an event carries an order, an order its lines and POS state): apart, each would import
 * the rest.
 */
import { z } from 'zod';
import { id, OPTION_LIMITS, plainString } from './fields';
import { orderPayment, paymentPos } from './payments';
import { staffAction, TABLE_SCOPES } from './staff';
import { visitDay } from './visits';

export const ORDER_LIMITS = {
  /** Lines of one order. */
  items: 30,
  /** Portions of one line. */
  quantity: 50,
  /** Option rows chosen on one line (each once, however many times it is taken). */
  rowsPerItem: OPTION_LIMITS.choices,
  /**
   * A guest's comment. In iiko it goes on the dishes' comments (255 characters each), continued
   * from dish to dish: an order of three dishes holds the longest note whole.
   */
  comment: 500,
  rejectReason: 200,
} as const;

/**
 * An order's life: sent (the guest is told "Yuborildi"), accepted, ready, served; or rejected
 * (with a reason) while it is sent or accepted. The one state machine: the board, and later the
 * restaurant's Telegram chat, move an order only along these edges.
 */
export const ORDER_STATUSES = ['sent', 'accepted', 'ready', 'served', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  sent: ['accepted', 'rejected'],
  accepted: ['ready', 'rejected'],
  ready: ['served'],
  served: [],
  rejected: [],
};
export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const CALL_KINDS = ['waiter', 'bill'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** The languages a guest's page (and so an order) is in. */
export const GUEST_LANGS = ['uz', 'ru', 'en'] as const;

// ---------- what the guest sends ----------

/** A chosen row and how many times it is taken on each portion of the line («Qazi» x2). */
export const orderItemRow = z.strictObject({
  _id: id,
  quantity: z.number().int().min(1).max(OPTION_LIMITS.rowQuantity),
});
export type OrderItemRow = z.infer<typeof orderItemRow>;

export const orderItemBody = z
  .strictObject({
    product_id: id,
    quantity: z.number().int().min(1).max(ORDER_LIMITS.quantity),
    /**
     * Chosen option rows with their counts, each row once, as many as their options' rules take
     * (docs/ORDERS.md, "What the server decides").
     */
    rows: z.array(orderItemRow).max(ORDER_LIMITS.rowsPerItem).optional(),
    /**
     * The short form of `rows`, each row taken once: what carts sent before rows had counts, and
     * still enough where no row is taken twice. Not with `rows`.
     */
    row_ids: z.array(id).max(ORDER_LIMITS.rowsPerItem).default([]),
    /** The unit price the guest was shown (product + rows); a different current price refuses the line. */
    price: z.number().finite().min(0),
  })
  .refine((i) => !(i.rows?.length && i.row_ids.length), {
    message: 'rows or row_ids, not both',
    path: ['rows'],
  });
export type OrderItemBody = z.input<typeof orderItemBody>;

/** A line's chosen rows with their counts, whichever form it was sent in. */
export const chosenRows = (item: {
  rows?: OrderItemRow[] | undefined;
  row_ids?: string[];
}): OrderItemRow[] =>
  item.rows?.length ? item.rows : (item.row_ids ?? []).map((_id) => ({ _id, quantity: 1 }));

export const orderCreateBody = z.strictObject({
  /** The placement (table) whose code opened the page: `?p=` of `/m/<slug>`. */
  placement_id: id,
  /** Made by the cart once per order attempt: a retry or a double tap makes one order. */
  idempotency_key: plainString().trim().min(16).max(64),
  language: z.enum(GUEST_LANGS),
  comment: plainString().trim().max(ORDER_LIMITS.comment).optional(),
  items: z.array(orderItemBody).min(1).max(ORDER_LIMITS.items),
});
export type OrderCreateBody = z.input<typeof orderCreateBody>;

/**
 * Why a line was refused (409 `conflict`, `details: [{ path: "items.<i>", message: <reason> }]`):
 * the product is stopped, switched off or gone; a chosen row no longer exists; the price changed;
 * the rows chosen break an option's rule (`option_rule`, its path `items.<i>.options.<option id>`:
 * a required option left out, more than it takes, a row taken more times than it may be).
 */
export const ORDER_ITEM_PROBLEMS = ['unavailable', 'option_missing', 'price_changed', 'option_rule'] as const;
export type OrderItemProblem = (typeof ORDER_ITEM_PROBLEMS)[number];

export const callCreateBody = z.strictObject({ placement_id: id, kind: z.enum(CALL_KINDS) });
export type CallCreateBody = z.infer<typeof callCreateBody>;

// ---------- what is stored and answered ----------

/** A chosen row as ordered: its option's and its own name, its extra, how many times it was taken. */
export const orderLineRow = z.object({
  _id: z.string(),
  option: z.string(),
  name: z.string(),
  price: z.number(),
  /** Per portion of its line («Qazi» x2); 1 on orders placed before rows had counts. */
  quantity: z.number().int(),
});
/**
 * A line as ordered (a snapshot: later menu edits do not change it). Staff read the names in
 * Uzbek (`order`); the guest reads them in the order's language (`guestOrder`).
 */
export const orderLine = z.object({
  product_id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Unit price: the product's price plus its rows' extras, when ordered. */
  price: z.number(),
  rows: z.array(orderLineRow),
});
export type OrderLine = z.infer<typeof orderLine>;

// ---------- into the POS (docs/ORDERS.md, "Into the POS") ----------

/**
 * When a POS restaurant's orders go into its POS: never (`off`, the default), when the staff
 * accept them (`accepted`), or as soon as the guest sends them (`at_once`).
 */
export const POS_SEND_MODES = ['off', 'accepted', 'at_once'] as const;
export type PosSendMode = (typeof POS_SEND_MODES)[number];

/**
 * An order's way into the POS: queued (`waiting`), being sent (`sending`), sent and the POS still
 * working on it (`pending`), taken (`accepted`), refused by the POS (`refused`: a dish on its
 * stop-list...; not retried by itself), or not sent for a fault (`failed`: retried with a growing
 * pause while `next_try_at` is set; a refused token waits for the staff's retry), or not sent at
 * all because the staff rejected the order before it went (`cancelled`).
 */
export const POS_ORDER_STATES = [
  'waiting',
  'sending',
  'pending',
  'accepted',
  'refused',
  'failed',
  'cancelled',
] as const;
export type PosOrderState = (typeof POS_ORDER_STATES)[number];

/** A line the POS refused: its index in `items`, its name, the POS's words. */
export const posRefusedLine = z.object({ index: z.number().int(), name: z.string(), reason: z.string() });

/** What the staff see of an order's way into the POS. */
export const orderPos = z.object({
  state: z.enum(POS_ORDER_STATES),
  /** Why it was refused or failed (the POS's words, or ours for a fault). */
  reason: z.string().nullable(),
  refused_lines: z.array(posRefusedLine),
  attempts: z.number().int(),
  /** The next automatic try (a transient fault); null: none planned. */
  next_try_at: z.string().nullable(),
  /** The POS's order (a second order of the table adds to it). */
  pos_order_id: z.string().nullable(),
  pos_number: z.string().nullable(),
  /** The POS's total of what it took, when it said it. */
  pos_total: z.number().nullable(),
  /** The POS's total differs from ours: its price is the price (a sync not yet run). */
  price_differs: z.boolean(),
});
export type OrderPos = z.infer<typeof orderPos>;

/** What a guest reads of it: being passed on, taken, or dishes the kitchen does not have. */
export const guestOrderPos = z.object({
  state: z.enum(['sending', 'accepted', 'refused']),
  /** The refused dishes' names, in the order's language. */
  refused: z.array(z.string()),
});
export type GuestOrderPos = z.infer<typeof guestOrderPos>;

// ---------- into the restaurant's Telegram chat (docs/TELEGRAM.md) ----------

/**
 * An order's message in the restaurant's Telegram chat: waiting to go, sent, or never sent
 * (`failed`: Telegram refused it, or the bot's chat was removed or changed before it went).
 */
export const ORDER_TELEGRAM_STATES = ['waiting', 'sent', 'failed'] as const;
export const orderTelegram = z.object({
  state: z.enum(ORDER_TELEGRAM_STATES),
  /** Why it was never sent: Telegram's words, or ours. */
  reason: z.string().nullable(),
});
export type OrderTelegram = z.infer<typeof orderTelegram>;

export const order = z.object({
  _id: z.string(),
  restaurant_id: z.string(),
  /** The day's short number ("#14"), per restaurant and Tashkent day. */
  number: z.number().int(),
  day: visitDay,
  placement_id: z.string().nullable(),
  /** The placement's name when ordered ("Stol 5"). */
  table: z.string(),
  status: z.enum(ORDER_STATUSES),
  reject_reason: z.string().nullable(),
  language: z.enum(GUEST_LANGS),
  comment: z.string().nullable(),
  items: z.array(orderLine),
  total: z.number(),
  /** The table's bill paid from the phone (docs/PAYMENTS.md); null: not paid so. */
  payment: orderPayment.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Its way into the POS; null: it does not go to one. */
  pos: orderPos.nullable().optional(),
  /** Its bill's payment on its way into the POS (staff only); null: none goes. */
  payment_pos: paymentPos.nullable().optional(),
  /** Its message in the restaurant's Telegram chat (staff only); null: none was queued for a chat. */
  telegram: orderTelegram.nullable().optional(),
  /** Who moved it, oldest first (docs/ORDERS.md, "Who did it"). */
  actions: z.array(staffAction).optional(),
  /** The waiter its table is given to now (null: everyone's). */
  table_waiter_id: z.string().nullable().optional(),
  /** A waiter who took it over from another waiter's table. */
  taken_by: z.string().nullable().optional(),
});
export type Order = z.infer<typeof order>;

/** What the guest reads of their order (names in the order's language); `key` opens it again. */
export const guestOrder = order
  .pick({
    _id: true,
    number: true,
    table: true,
    status: true,
    reject_reason: true,
    language: true,
    comment: true,
    items: true,
    total: true,
    payment: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ key: z.string(), pos: guestOrderPos.nullable().optional() });
export type GuestOrder = z.infer<typeof guestOrder>;

export const tableCall = z.object({
  _id: z.string(),
  restaurant_id: z.string(),
  placement_id: z.string().nullable(),
  table: z.string(),
  kind: z.enum(CALL_KINDS),
  status: z.enum(['pending', 'done']),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
  /** Who took it over and who did it, oldest first. */
  actions: z.array(staffAction).optional(),
  /** The waiter its table is given to now (null: everyone's). */
  table_waiter_id: z.string().nullable().optional(),
  /** A waiter who took it over from another waiter's table. */
  taken_by: z.string().nullable().optional(),
});
export type TableCall = z.infer<typeof tableCall>;

/** The restaurant's ordering switches: the whole restaurant, and each placement. */
export const orderingSettings = z.object({
  takes_orders: z.boolean(),
  placements: z.array(z.object({ _id: z.string(), name: z.string(), takes_orders: z.boolean() })),
  /** A POS restaurant's orders into its POS; null: not a POS restaurant (or its POS takes none). */
  pos: z
    .object({ provider: z.string(), send: z.enum(POS_SEND_MODES) })
    .nullable()
    .optional(),
});
export type OrderingSettings = z.infer<typeof orderingSettings>;
export const orderingSettingsBody = z.strictObject({
  takes_orders: z.boolean().optional(),
  placements: z
    .array(z.strictObject({ _id: id, takes_orders: z.boolean() }))
    .max(300)
    .optional(),
  /** When orders go into the POS (a POS restaurant only, else 400). */
  pos_send: z.enum(POS_SEND_MODES).optional(),
});

export const orderStatusBody = z.strictObject({
  status: z.enum(['accepted', 'ready', 'served', 'rejected']),
  /** Required when rejecting: the guest reads it. */
  reason: plainString().trim().min(1).max(ORDER_LIMITS.rejectReason).optional(),
});

/** What a guest's page asks about its table before it offers the cart. */
export const guestTable = z.object({
  takes_orders: z.boolean(),
  table: z.string(),
  /** Its restaurant's slug: a page of another menu takes the table for none (a mistyped or foreign code). */
  menu: z.string(),
  /** Kinds with a call still pending at this table (the buttons say so). */
  pending_calls: z.array(z.enum(CALL_KINDS)),
});

/** A table as the POS knows it (the placements dialog maps each placement to one). */
export const posTable = z.object({ id: z.string(), name: z.string(), section: z.string() });
/**
 * The POS's tables for the placements dialog. iiko lists them per terminal group: until one is
 * chosen (`terminal_group_id` null while there are several) `tables` is empty and
 * `terminal_groups` says which to choose from.
 */
export const posTables = z.object({
  provider: z.string(),
  terminal_group_id: z.string().nullable(),
  terminal_groups: z.array(z.object({ id: z.string(), name: z.string() })),
  tables: z.array(posTable),
  /** Each placement's mapped POS table (null: not mapped, the table's name goes in the comment). */
  placements: z.array(z.object({ _id: z.string(), name: z.string(), pos_table_id: z.string().nullable() })),
});
export type PosTables = z.infer<typeof posTables>;
/** The POS's ids: uuids (iiko), numbers (Poster). */
const posId = plainString().trim().min(1).max(100);
export const posTerminalGroupBody = z.strictObject({ terminal_group_id: posId });
export const placementPosTableBody = z.strictObject({ pos_table_id: posId.nullable() });

/** A day of the history: its orders, how many were served or rejected, the served orders' sum. */
export const orderDayTotals = z.object({
  day: visitDay,
  orders: z.number().int(),
  served: z.number().int(),
  rejected: z.number().int(),
  total: z.number(),
});

/**
 * The live stream (server-sent events). Each event's `id` is its sequence number: a reconnect
 * sends `Last-Event-ID` and receives what it missed, in order. `order` and `call` carry the
 * entity's current state (applying one twice changes nothing).
 */
export const ORDER_EVENT_TYPES = ['order', 'call'] as const;

export const orderAnswers = {
  order: z.object({ data: order }),
  orders: z.object({ data: z.array(order), count: z.number().int() }),
  guestOrder: z.object({ data: guestOrder }),
  call: z.object({ data: tableCall }),
  calls: z.object({ data: z.array(tableCall) }),
  ordering: z.object({ data: orderingSettings }),
  guestTable: z.object({ data: guestTable }),
  orderDays: z.object({ data: z.array(orderDayTotals) }),
  posTables: z.object({ data: posTables }),
} as const;

// ---------- what the routes take besides bodies (added with the API) ----------

/** The stream's own signals besides `order` and `call`: `ready` (live from here), `reset` (reload your list). */
export const ORDER_STREAM_SIGNALS = ['ready', 'reset'] as const;

/**
 * Whose tables a waiter reads (`mine` by default: their tables, the tables given to nobody and
 * what they took over; `all`: every table, to take one over). Others read every table.
 */
const tables = z.enum(TABLE_SCOPES).optional();

/** `?day=` (Tashkent, today by default; a staff account: today only); admins name the restaurant. */
export const orderDayQuery = z.object({ day: visitDay.optional(), restaurant_id: id.optional(), tables });
/** The pending calls: admins name the restaurant; a waiter reads their tables' unless `all`. */
export const callsQuery = z.object({ restaurant_id: id.optional(), tables });
/** `?from=&to=` of the history (the last 30 days by default). */
export const orderDaysQuery = z.object({
  from: visitDay.optional(),
  to: visitDay.optional(),
  restaurant_id: id.optional(),
});
/** A staff stream: `?after=` resumes after an event number when `Last-Event-ID` cannot be sent. */
export const orderStreamQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  restaurant_id: id.optional(),
  tables,
});
/** A guest's order, opened with its key. */
export const guestOrderQuery = z.object({ key: plainString().min(1).max(100) });
/** Its live stream: `after`, the last event seen, resumes it (as `Last-Event-ID` does). */
export const guestOrderEventsQuery = guestOrderQuery.extend({
  after: z.coerce.number().int().min(0).optional(),
});
export const placementIdParam = z.object({ placementId: id });

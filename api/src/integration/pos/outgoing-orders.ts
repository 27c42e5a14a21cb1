/**
 * A guest's order going into the restaurant's POS as the table's order (docs/ORDERS.md, "Into the
 * POS"). Each POS provider answers these calls in its own protocol (iiko: `order/create` followed
 * by `commands/status`, `order/by_table`, `order/add_items`; Poster: `incomingOrders`); the
 * sending service (queue, retries, status back to the board, Telegram and the guest) is the same
 * for every provider and only sees this interface.
 */

/** A table as the POS knows it, for the placements dialog's mapping. */
export interface PosTable {
  /** The POS's table id (iiko table id; Poster table id). */
  id: string;
  /** The table's name or number as the POS shows it ("5", "Stol 5"). */
  name: string;
  /** Where it is (iiko: the restaurant section's name; Poster: the hall's name). */
  section: string;
}

/** A modifier (iiko) or modification (Poster) chosen on a line. */
export interface PosOrderModifier {
  /** The POS's id of the modifier row (`external_id` of the order row). */
  id: string;
  /** The POS's id of its group (iiko `productGroupId`), null for a single modifier. */
  groupId: string | null;
  /** Per portion of its line (the count the guest chose: «Qazi» x2). */
  amount: number;
  /** Of `amount`, how many cost nothing (iiko's `freeOfChargeAmount`, as imported); absent: none. */
  freeAmount?: number;
  /**
   * Our price of the row in so'm, per portion: an extra that its line's `price` includes for each
   * of its `amount` that is not free.
   * order-draft.ts always sets it and `name`; a draft written by hand may leave them out.
   */
  price?: number;
  /** Our name of the row ("Limon"): the POS's own, as imported; for reading the POS's words. */
  name?: string;
}

/** One line of the order in the POS's terms. */
export interface PosOrderLine {
  /** The POS's product id. */
  productId: string;
  /** The POS's size id (iiko) when the guest chose a size row; null otherwise. */
  sizeId: string | null;
  modifiers: PosOrderModifier[];
  amount: number;
  /**
   * Our unit price in so'm, the rows' extras included (repos/orders.ts `StoredOrderLine.price`):
   * the product's (its size's) price plus each modifier's `price`. The POS's total is compared
   * with ours: a difference is reported, not forced.
   */
  price: number;
  /** Our name of the product, for messages ("Mastava"). */
  name: string;
}

/** What goes to the POS: one order of ours (or the lines added to the table's open POS order). */
export interface PosOrderDraft {
  /** Our order's id: the POS's external number / idempotency key, so a retry never doubles it. */
  orderId: string;
  /** Our short number ("14"), shown in the POS where it has a place for it. */
  number: number;
  /** iiko organization / Poster spot the restaurant was imported from. */
  locationId: string;
  /** iiko terminal group (chosen when connecting); null for Poster. */
  terminalGroupId: string | null;
  /** The mapped POS table; null: not mapped (the table's name goes in the comment). */
  tableId: string | null;
  tableName: string;
  comment: string | null;
  lines: PosOrderLine[];
  /**
   * The restaurant's phone as its card gives it (free text): Poster files an online order under a
   * customer found by phone, and refuses one without a valid number.
   */
  restaurantPhone?: string | null;
}

/** A line the POS refused, by its index in `PosOrderDraft.lines`. */
export interface PosRefusedLine {
  index: number;
  /** The POS's own words, kept for the staff (the guest reads the product's name). */
  reason: string;
}

/** The POS's answer to a send or a follow-up. */
export type PosSendResult =
  /** Taken: the POS's order id (and its own number or total when it says them). */
  | { state: 'accepted'; posOrderId: string; posNumber?: string; posTotal?: number }
  /**
   * Asynchronous (iiko's command, Poster's new incoming order): ask again with `follow`.
   * `received`: the POS holds the order and only its decision is awaited (Poster's cashier), so
   * the restaurant's next orders need not wait for it; otherwise (iiko's command still running:
   * the next order of the table must find this one to add to it) they do.
   */
  | { state: 'pending'; ticket: string; posOrderId?: string; received?: boolean }
  /** Refused by the POS (a dish on its stop-list, a closed table...): not retried. */
  | { state: 'refused'; reason: string; lines: PosRefusedLine[] };

/**
 * A payment made here (Payme, Click) to record in a POS order as an external payment
 * (docs/PAYMENTS.md, "Into the POS").
 */
export interface PosPaymentDraft {
  /** Our payment's key ("payme:<id>:<pos order>"): the same on every try. */
  paymentId: string;
  method: 'payme' | 'click';
  /** iiko organization / Poster spot. */
  locationId: string;
  terminalGroupId: string | null;
  /** The POS order the bill's orders went into (iiko order id; Poster `transaction_id`). */
  posOrderId: string;
  /** Tiyin (1 so'm = 100 tiyin). */
  amount: number;
}

/** The POS's answer to recording a payment. */
export type PosPaymentResult =
  | { state: 'recorded' }
  /** Asynchronous (iiko's command): ask again with the ticket. */
  | { state: 'pending'; ticket: string }
  /** The POS said no (no payment type for the method, the order closed): the staff see why. */
  | { state: 'refused'; reason: string };

/**
 * The calls a POS connection offers for orders. Transient failures (the POS down, slow, 429,
 * 5xx) throw `PosHttpError` (retried by the sender with backoff); refused credentials throw
 * `PosCredentialsError` (the sender stops and tells the staff).
 */
export interface PosOrderChannel {
  /** The location's tables (iiko: the terminal groups' restaurant sections; Poster: halls' tables). */
  listTables(locationId: string, terminalGroupId: string | null): Promise<PosTable[]>;
  /**
   * Sends the order. `openPosOrderId`: the table's open POS order found before (or null); a POS
   * that can add to an open order (iiko `add_items`) adds the lines there instead of a new order.
   */
  send(draft: PosOrderDraft, openPosOrderId: string | null): Promise<PosSendResult>;
  /** Asks again about a pending send (`ticket` from a `pending` answer). */
  follow(draft: PosOrderDraft, ticket: string): Promise<PosSendResult>;
  /** The table's open POS order, if any (iiko `order/by_table`); providers without one: null. */
  openOrderOfTable?(draft: PosOrderDraft): Promise<string | null>;
  /**
   * The location's terminal groups (iiko: tables and orders belong to one); providers without
   * them leave it out (the draft's `terminalGroupId` stays null).
   */
  listTerminalGroups?(locationId: string): Promise<{ id: string; name: string }[]>;
  /**
   * Records a payment made here in the POS order as an external payment; `ticket`: a pending
   * answer's, to ask again. Never twice: the provider looks whether the POS has it before it
   * sends. Providers that cannot take payments leave it out.
   */
  recordPayment?(draft: PosPaymentDraft, ticket: string | null): Promise<PosPaymentResult>;
}

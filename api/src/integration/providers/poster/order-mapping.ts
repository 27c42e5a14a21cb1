/**
 * A guest's order in Poster's terms and Poster's answers in ours (README.md in this folder has
 * the table): the `incomingOrders.createIncomingOrder` body, an online order's status as a
 * `PosSendResult`, the halls' tables, and which lines Poster refused. Pure functions, so the
 * contract test runs them over Poster's documented answers (api/test/fixtures/poster/).
 */
import { t } from '@qrmenu/shared/texts';
import type { PosLogger } from '../../pos/http';
import type { PosOrderDraft, PosRefusedLine, PosSendResult, PosTable } from '../../pos/outgoing-orders';
import { enumKey, SkipReport } from '../../pos/skipped';
import type { PosterHall, PosterIncomingOrder, PosterProduct, PosterTable } from './api';
import { VARIANT_OPTION_ID } from './mapping';

/**
 * Poster needs a phone (or a client id) on every online order, to find or make its customer
 * (createIncomingOrder: "a mandatory parameter if client_id is not specified"), and refuses a
 * number that is not a valid one (its FAQ: check the phone with libphonenumber "so as not to send
 * you invalid data and not receive an error"). A guest at a table gives none: every order from
 * the menu carries the restaurant's own number from its card, so Poster files them under one
 * customer, named below, and no made-up number can land on a stranger's card.
 */
export const TABLE_ORDER_CLIENT_NAME = 'QR menyu';

/**
 * An Uzbek number's 9 digits after +998, as libphonenumber describes them (its metadata for UZ:
 * starting 20, 33, 5x-7x, 9x or 88).
 */
const UZ_NATIONAL = /^(?:20|33|[5-79]\d|88)\d{7}$/;

/**
 * The restaurant's phone as Poster takes it (`+998XXXXXXXXX`), written on the card any way
 * (spaces, dashes, brackets, with or without +998); null: not a valid Uzbek number.
 */
export function posterPhone(text: string | null | undefined): string | null {
  const digits = (text ?? '').replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 12 && digits.startsWith('998') ? digits.slice(3) : digits;
  return UZ_NATIONAL.test(national) ? `+998${national}` : null;
}

/**
 * Poster's online order has no field for an external number: our order's id goes in the comment
 * behind this tag, and a send first looks for it among the spot's recent online orders (a retry
 * after a lost answer finds the order it made and never makes a second).
 */
export const orderTag = (orderId: string) => `qr:${orderId}`;

/**
 * The comment's last line, ours alone: `#<our number> qr:<our order id>`. An order is taken as
 * sent before only when its comment ends with exactly this line (`isOurTagLine`), never for the
 * tag anywhere else in the text: the guest's own comment shares the field.
 */
export const orderTagLine = (draft: Pick<PosOrderDraft, 'number' | 'orderId'>) =>
  `${t.orders.number(draft.number)} ${orderTag(draft.orderId)}`;

/** Whether a Poster comment's last line is this order's tag line, exactly (spaces at its ends aside). */
export function isOurTagLine(
  comment: string | null | undefined,
  draft: Pick<PosOrderDraft, 'number' | 'orderId'>,
) {
  const lines = (comment ?? '').trimEnd().split(/\r?\n/);
  return lines.length > 1 && lines.at(-1)?.trim() === orderTagLine(draft);
}

/**
 * The guest's comment as it goes into Poster's comment: on its one `Izoh:` line (line breaks
 * become spaces, so it cannot write a line of its own) and with anything tag-like taken apart
 * (`qr:` in any case or spacing becomes `qr `), so no guest text reads as our tag.
 */
export function guestCommentText(comment: string): string {
  return comment
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/q\s*r\s*[:：﹕]/giu, 'qr ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Poster's ids are numbers: sent as numbers, as its request example does. */
const posterId = (id: string): number | null => (/^\d{1,15}$/.test(id.trim()) ? Number(id.trim()) : null);

export interface IncomingOrderProduct {
  product_id: number;
  count: number;
  /** The product's variant (a tech card's modification), when the guest chose one. */
  modificator_id?: number;
  /** The dish's modifications: a JSON string `[{"m": id, "a": count}]`, as Poster documents it. */
  modification?: string;
}

export interface IncomingOrderBody {
  spot_id: number | string;
  phone: string;
  first_name: string;
  comment: string;
  products: IncomingOrderProduct[];
}

/**
 * The products of an online order, or the lines that cannot be sent (a product id Poster could
 * not know). What it leaves out of a line (a second variant, a row without a Poster id) is logged.
 */
export function incomingOrderProducts(
  draft: PosOrderDraft,
  log?: PosLogger,
): { products: IncomingOrderProduct[]; unsendable: PosRefusedLine[] } {
  const skipped = new SkipReport();
  const unsendable: PosRefusedLine[] = [];
  const products: IncomingOrderProduct[] = [];
  draft.lines.forEach((line, index) => {
    const productId = posterId(line.productId);
    if (productId === null) {
      unsendable.push({ index, reason: `not a Poster product id: "${line.productId}"` });
      return;
    }
    const product: IncomingOrderProduct = { product_id: productId, count: line.amount };
    // a variant row (option "Variant" on import) is the product's modificator; Poster takes one
    const variants = [
      ...(line.sizeId ? [line.sizeId] : []),
      ...line.modifiers.filter((m) => m.groupId === VARIANT_OPTION_ID).map((m) => m.id),
    ];
    if (variants.length > 0) {
      const variant = posterId(variants[0] as string);
      if (variant === null) skipped.add('a variant id is not a Poster id', `${line.name}: ${variants[0]}`);
      else product.modificator_id = variant;
      for (const extra of variants.slice(1))
        skipped.add('a second variant of one line', `${line.name}: ${extra}`);
    }
    const modifications: { m: number; a: number }[] = [];
    for (const m of line.modifiers) {
      if (m.groupId === VARIANT_OPTION_ID) continue;
      const id = posterId(m.id);
      if (id === null) skipped.add('a modification id is not a Poster id', `${line.name}: ${m.id}`);
      else if (!(m.amount > 0)) skipped.add('a modification with no amount', `${line.name}: ${m.id}`);
      else modifications.push({ m: id, a: m.amount });
    }
    if (modifications.length > 0) product.modification = JSON.stringify(modifications);
    products.push(product);
  });
  skipped.log(
    log,
    { provider: 'poster', orderId: draft.orderId },
    'POS order left items out of what it sends',
  );
  return { products, unsendable };
}

/**
 * The body of `incomingOrders.createIncomingOrder`, or the lines that cannot be sent. No price is
 * sent: Poster takes the spot's own price (the POS's price is the price). The table goes in the
 * comment: the documented request has no table. `phone`: the restaurant's, as `posterPhone` gives it.
 */
export function incomingOrderBody(
  draft: PosOrderDraft,
  tableLabel: string,
  phone: string,
  log?: PosLogger,
): { body: IncomingOrderBody; unsendable: PosRefusedLine[] } {
  const { products, unsendable } = incomingOrderProducts(draft, log);
  const guestComment = draft.comment ? guestCommentText(draft.comment) : '';
  const comment = [
    t.telegram.table(tableLabel),
    guestComment ? t.telegram.comment(guestComment) : null,
    orderTagLine(draft),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    body: {
      spot_id: posterId(draft.locationId) ?? draft.locationId,
      phone,
      first_name: TABLE_ORDER_CLIENT_NAME,
      comment,
      products,
    },
    unsendable,
  };
}

/** A product line as a comparable key: product, variant (none: 0) and count. */
const lineKey = (productId: string | number, variant: string | number | null | undefined, count: unknown) =>
  `${String(productId).trim()}:${variant === null || variant === undefined || variant === '' ? '0' : String(variant).trim()}:${Number(count)}`;

/**
 * Whether an online order Poster lists carries the products we would send for this order (each
 * product, its variant and count; Poster's list names no dish modifications), whatever their
 * order: a tagged order whose products are others' is not ours.
 */
export function sameProducts(order: PosterIncomingOrder, products: readonly IncomingOrderProduct[]): boolean {
  const theirs = order.products.map((p) => lineKey(p.product_id, p.modificator_id, p.count)).sort();
  const ours = products.map((p) => lineKey(p.product_id, p.modificator_id, p.count)).sort();
  return theirs.length === ours.length && theirs.every((k, i) => k === ours[i]);
}

/** Poster's online order statuses (documented 0 new, 1 accepted, 7 cancelled), words as well. */
const NEW = new Set(['0', 'new']);
const ACCEPTED = new Set(['1', 'accepted']);
const CANCELLED = new Set(['7', 'canceled', 'cancelled', 'rejected']);

/** An online order's state as the sender reads it. */
export function incomingOrderResult(order: PosterIncomingOrder, log?: PosLogger): PosSendResult {
  const status = enumKey(order.status);
  const id = order.incoming_order_id;
  if (ACCEPTED.has(status))
    return { state: 'accepted', posOrderId: order.transaction_id ?? id, posNumber: id };
  if (CANCELLED.has(status))
    return {
      state: 'refused',
      reason: `Poster: online order ${id} cancelled (status ${order.status})`,
      lines: [],
    };
  if (!NEW.has(status))
    log?.warn(
      { provider: 'poster', incomingOrderId: id, status: order.status },
      'Poster online order status unknown; asked again later',
    );
  return { state: 'pending', ticket: id, posOrderId: id, received: true };
}

/** `&#39;` and its kind in Poster's names (its halls example has one). */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] !== '#') return named[code.toLowerCase()] ?? all;
    const n = code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
    return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : all;
  });
}

/** A spot's tables with their hall's name; deleted tables and tables of deleted halls left out, said. */
export function mapPosterTables(
  spotId: string,
  halls: PosterHall[],
  tables: PosterTable[],
  log?: PosLogger,
): PosTable[] {
  const skipped = new SkipReport();
  const hallById = new Map(halls.filter((h) => h.spot_id === spotId).map((h) => [h.hall_id, h]));
  const out: PosTable[] = [];
  for (const table of tables) {
    const name = [table.table_num, decodeEntities(table.table_title?.trim() ?? '')].filter(Boolean).join(' ');
    if (table.spot_id !== spotId) continue;
    if (enumKey(table.is_deleted) === '1') {
      skipped.add('the table is deleted', name);
      continue;
    }
    const hall = hallById.get(table.hall_id);
    if (hall && enumKey(hall.delete) === '1') {
      skipped.add('its hall is deleted', name);
      continue;
    }
    // a table whose hall is not listed (the documented example has one) keeps an empty section
    out.push({ id: table.table_id, name, section: hall ? decodeEntities(hall.hall_name.trim()) : '' });
  }
  skipped.log(log, { provider: 'poster', spotId }, 'POS tables left out of the list');
  return out;
}

/**
 * Which lines Poster refused (its error 41 "Product not found", 42 "Product modification not
 * found" name no product): each line is checked against the spot's menu as Poster gives it now.
 */
export function refusedLines(
  draft: PosOrderDraft,
  products: PosterProduct[],
  words: string,
): PosRefusedLine[] {
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const problem = (line: PosOrderDraft['lines'][number]): string | null => {
    const p = byId.get(line.productId.trim());
    if (!p) return `product ${line.productId} not found`;
    const atSpot = p.spots.find((s) => s.spot_id === draft.locationId);
    if (enumKey(p.hidden) === '1' || enumKey(atSpot?.visible ?? '1') === '0')
      return `product ${line.productId} is hidden`;
    const variants = new Set(p.modifications.map((m) => m.modificator_id));
    const dishMods = new Set(
      p.group_modifications.flatMap((g) => g.modifications.map((m) => m.dish_modification_id)),
    );
    const chosen = [
      ...(line.sizeId ? [{ id: line.sizeId, groupId: VARIANT_OPTION_ID }] : []),
      ...line.modifiers,
    ];
    const unknown = chosen.find((m) => !(m.groupId === VARIANT_OPTION_ID ? variants : dishMods).has(m.id));
    return unknown ? `modification ${unknown.id} of product ${line.productId} not found` : null;
  };
  return draft.lines.flatMap((line, index) => {
    const what = problem(line);
    return what ? [{ index, reason: `${words}: ${what}` }] : [];
  });
}

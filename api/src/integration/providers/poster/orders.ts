/**
 * Poster's side of guests' orders (`PosOrderChannel`, pos/outgoing-orders.ts): the spot's halls'
 * tables, an order as an online order (`incomingOrders.createIncomingOrder`), and its status
 * (`incomingOrders.getIncomingOrder`, asked again on the `incoming_order` webhook or by the
 * sender's poll). README.md in this folder says how each part maps.
 */
import { t } from '@qrmenu/shared/texts';
import type { PosLogger } from '../../pos/http';
import type { PosOrderChannel, PosOrderDraft, PosSendResult } from '../../pos/outgoing-orders';
import {
  hallsAnswer,
  incomingOrderAnswer,
  incomingOrdersAnswer,
  type PosterIncomingOrder,
  productsAnswer,
  tablesAnswer,
} from './api';
import { PosterAnswerError, type PosterCall } from './client';
import {
  incomingOrderBody,
  incomingOrderProducts,
  incomingOrderResult,
  isOurTagLine,
  mapPosterTables,
  posterPhone,
  refusedLines,
  sameProducts,
} from './order-mapping';

/**
 * Poster's order errors that no retry mends (its docs, "errors", order section): 32 an id that
 * does not exist, 34/50/400 required properties missing, 36 not an array, 41 product not found,
 * 42 product modification not found, 43 product in the order not found, 46 a count below 0,
 * 60 location not found, 701 not an integer. Other codes (1, 44: Poster could not save) are
 * Poster failing: retried.
 */
const REFUSING = new Set([32, 34, 36, 41, 42, 43, 46, 50, 60, 400, 701]);
/** Of those, the ones about a line: the lines are checked against Poster's menu to name them. */
const ABOUT_A_LINE = new Set([41, 42, 43, 46]);

/** An online order asked about that Poster does not have: 32 the id does not exist, 42 order not found, 404. */
const GONE = new Set([32, 42, 404]);

/**
 * How far back a send looks for the online order an earlier attempt made. Poster's filter takes
 * the account's local time ("Y-m-d H:i:s", zone unknown here): two days back and one ahead cover
 * every zone and stay within the three days Poster allows some of its date filters.
 */
const LOOK_BACK_MS = 2 * 24 * 3600_000;
const LOOK_AHEAD_MS = 24 * 3600_000;
const posterTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export function posterOrders(call: PosterCall, log?: PosLogger): PosOrderChannel {
  async function listTables(spotId: string) {
    const [halls, tables] = await Promise.all([
      call('spots.getSpotTablesHalls', hallsAnswer),
      call('spots.getTableHallTables', tablesAnswer, { query: { spot_id: spotId, without_deleted: '1' } }),
    ]);
    return mapPosterTables(spotId, halls.response, tables.response, log);
  }

  /**
   * The online order an earlier attempt of this order made, if Poster has it: at the order's spot,
   * its comment's last line exactly our tag line (the guest's text never counts: it shares the
   * comment) and its products the ones this order sends. One with our tag and other products is
   * not taken (logged), so no other order can stand in for this one.
   */
  async function sentBefore(draft: PosOrderDraft): Promise<PosterIncomingOrder | undefined> {
    const now = Date.now();
    const { response } = await call('incomingOrders.getIncomingOrders', incomingOrdersAnswer, {
      query: { date_from: posterTime(now - LOOK_BACK_MS), date_to: posterTime(now + LOOK_AHEAD_MS) },
    });
    const tagged = response.filter((o) => o.spot_id === draft.locationId && isOurTagLine(o.comment, draft));
    if (tagged.length === 0) return undefined;
    const { products } = incomingOrderProducts(draft);
    const ours = tagged.find((o) => sameProducts(o, products));
    if (!ours)
      log?.warn(
        {
          provider: 'poster',
          orderId: draft.orderId,
          incomingOrderIds: tagged.map((o) => o.incoming_order_id),
        },
        "Poster online order carries this order's tag but other products; not taken as sent",
      );
    return ours;
  }

  /** The table as the comment names it: Poster's own name of the mapped table, else ours. */
  async function tableLabel(draft: PosOrderDraft): Promise<string> {
    if (!draft.tableId) return draft.tableName;
    const table = (await listTables(draft.locationId)).find((t) => t.id === draft.tableId);
    return table
      ? [table.name, table.section && `(${table.section})`].filter(Boolean).join(' ')
      : draft.tableName;
  }

  async function refusal(draft: PosOrderDraft, err: PosterAnswerError): Promise<PosSendResult> {
    const words = `Poster ${err.code}${err.posterMessage ? ` ${err.posterMessage}` : ''}`;
    let lines: ReturnType<typeof refusedLines> = [];
    if (ABOUT_A_LINE.has(err.code)) {
      try {
        lines = refusedLines(draft, (await call('menu.getProducts', productsAnswer)).response, words);
      } catch (lookup) {
        // the refusal stands; only its lines stay unnamed
        log?.warn(
          { provider: 'poster', orderId: draft.orderId, err: (lookup as Error).message },
          'Poster menu not read to name the refused lines',
        );
      }
    }
    log?.warn(
      { provider: 'poster', orderId: draft.orderId, code: err.code, lines: lines.length },
      'Poster refused an online order',
    );
    return { state: 'refused', reason: words, lines };
  }

  return {
    listTables: (spotId) => listTables(spotId),

    // Poster cannot add to an open order through online orders: each order is an online order
    // once: an answer lost after Poster made the order is not retried here; the sender's next
    // send looks first, and finds it
    async send(draft) {
      const earlier = await sentBefore(draft);
      if (earlier) {
        log?.info?.(
          { provider: 'poster', orderId: draft.orderId, incomingOrderId: earlier.incoming_order_id },
          'Poster already has this order; not sent again',
        );
        return incomingOrderResult(earlier, log);
      }
      // Poster refuses an online order without a valid phone: the restaurant's, from its card
      const phone = posterPhone(draft.restaurantPhone);
      if (!phone) return { state: 'refused', reason: t.orders.pos.reasons.posterPhone, lines: [] };
      const { body, unsendable } = incomingOrderBody(draft, await tableLabel(draft), phone, log);
      if (unsendable.length > 0)
        return { state: 'refused', reason: 'Poster: lines without a Poster product id', lines: unsendable };
      try {
        const { response } = await call('incomingOrders.createIncomingOrder', incomingOrderAnswer, {
          body,
          once: true,
        });
        return incomingOrderResult(response, log);
      } catch (err) {
        if (err instanceof PosterAnswerError && REFUSING.has(err.code)) return refusal(draft, err);
        throw err;
      }
    },

    async follow(_draft, ticket) {
      try {
        const { response } = await call('incomingOrders.getIncomingOrder', incomingOrderAnswer, {
          query: { incoming_order_id: ticket },
        });
        return incomingOrderResult(response, log);
      } catch (err) {
        // the online order is gone from Poster (deleted there): nothing left to wait for
        if (err instanceof PosterAnswerError && GONE.has(err.code))
          return {
            state: 'refused',
            reason: `Poster ${err.code}: online order ${ticket} not found`,
            lines: [],
          };
        throw err;
      }
    },
  };
}

/**
 * The sender of guests' orders into the POS (docs/ORDERS.md, "Into the POS"), the same for every
 * POS provider (it sees only outgoing-orders.ts's `PosOrderChannel`).
 *
 * - **Kept.** An order is queued in the transaction that places or accepts it (`order_pos`), so a
 *   restart or another server finds it there; only the server holding the `pos-orders` lease
 *   sends, so two servers never send one order at once.
 * - **In order.** A restaurant's orders go oldest first; one that must wait (the POS down, its
 *   answer pending) holds the ones after it, so after an outage the queue goes through once, in
 *   order. A refused order or one waiting for the staff (a refused token) does not hold the rest,
 *   nor does one the POS already holds while its cashier decides (`received`, Poster's online
 *   orders): those are asked about on their own.
 * - **Never twice.** The POS's external number is our order's id and the provider looks before it
 *   sends again (iiko: `order/by_id`), so a try after a lost answer finds the order made.
 * - **Faults.** The POS down, slow, 429 or 5xx: tried again after 1 s, 2 s, ... 60 s at most, for
 *   as long as it takes. A refused token (`PosCredentialsError`): failed, waits for the staff's
 *   «Qayta yuborish». A refusal (a dish on the POS's stop-list): refused, by line, not retried.
 *   An order the staff rejected before it went is not sent (`cancelled`).
 * - **Seen.** Each change of state writes the order's event in its own transaction: the board,
 *   the guest's page and the Telegram post follow it live.
 */
import { t } from '@qrmenu/shared/texts';
import type { OrderPosRow } from '../../db';
import { now } from '../../db';
import type { OrderPosChange } from '../../repos/order-pos';
import { parseLines } from '../../repos/orders';
import type { App } from '../../types';
import { PosCredentialsError } from './errors';
import { PosHttpError } from './http';
import { draftOf } from './order-draft';
import type { PosOrderDraft, PosSendResult } from './outgoing-orders';
import { accountConnection } from './service';

export interface PosSenderOptions {
  /** Send on a timer and on every order notice (default true; tests drain it themselves). */
  schedule?: boolean;
  /** How often the lease holder looks for work (default 1000 ms; a new order wakes it at once). */
  everyMs?: number;
  /** First pause after a fault (default 1000 ms), doubled each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Pause before asking again about a pending send (default 1000 ms). */
  followMs?: number;
  /** A send that died with its server is tried again after this (default 60 s). */
  sendingMs?: number;
}

/** Rows one restaurant's drain sends at most (the next drain goes on): orders, and payments. */
export const PER_DRAIN = 50;

/** The senders' pauses: `PosSenderOptions` with their defaults. */
export function senderPauses(options: PosSenderOptions) {
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  return {
    followMs: options.followMs ?? 1000,
    sendingMs: options.sendingMs ?? 60_000,
    /** The pause after a fault, the row's `attempts` so far: doubled each time, up to the most. */
    afterFault: (attempts: number) => Math.min(maxBackoffMs, backoffMs * 2 ** attempts),
  };
}

const TEXT = t.orders.pos;

export function posOrderSender(app: App, options: PosSenderOptions = {}) {
  const { followMs, sendingMs, afterFault } = senderPauses(options);

  /** Moves the row and writes the order's event in one transaction; false: moved meanwhile. */
  async function move(row: OrderPosRow, change: Omit<OrderPosChange, 'updated_at'>, event = true) {
    const at = now();
    const moved = await app.repos.transaction(async (trx) => {
      if (!(await trx.orderPos.move(row.order_id, row.state, { ...change, updated_at: at }))) return false;
      if (event) await trx.orderEvents.append(row.restaurant_id, 'order', row.order_id, at);
      return true;
    });
    if (moved && event) {
      app.orderNotices
        .publish()
        .catch((err: unknown) => app.log.warn({ err }, 'order notice not sent; the poll delivers it'));
    }
    return moved;
  }

  /** Waits for the staff: no automatic try. */
  const stop = (row: OrderPosRow, reason: string) =>
    move(row, { state: 'failed', reason, attempts: row.attempts + 1, next_at: null, ticket: null });

  async function apply(row: OrderPosRow, draft: PosOrderDraft, result: PosSendResult): Promise<boolean> {
    if (result.state === 'accepted') {
      await move(row, {
        state: 'accepted',
        ticket: null,
        pos_order_id: result.posOrderId,
        pos_number: result.posNumber ?? null,
        pos_total: result.posTotal ?? null,
        reason: null,
        next_at: null,
      });
      return true;
    }
    if (result.state === 'refused') {
      const lines = result.lines.map((l) => ({
        index: l.index,
        name: draft.lines[l.index]?.name ?? '',
        reason: l.reason,
      }));
      await move(row, {
        state: 'refused',
        ticket: null,
        reason: result.reason,
        refused_lines: JSON.stringify(lines),
        next_at: null,
      });
      return true;
    }
    // pending: asked again after a pause; it holds the orders after it unless the POS holds it
    const received = result.received === true;
    await move(
      row,
      {
        state: 'pending',
        ticket: result.ticket,
        pos_order_id: result.posOrderId ?? row.pos_order_id,
        next_at: Date.now() + followMs,
        received: received ? 1 : 0,
      },
      row.state !== 'pending',
    );
    return received;
  }

  /** One step of the restaurant's head order; true: go on with the next one. */
  async function step(row: OrderPosRow): Promise<boolean> {
    const { repos } = app;
    const [order, account, restaurant] = await Promise.all([
      repos.orders.find(row.order_id),
      repos.integrationAccounts.find(row.restaurant_id),
      repos.restaurants.findById(row.restaurant_id),
    ]);
    if (!order) return true; // deleted with its restaurant
    if (order.status === 'rejected' && (row.state === 'waiting' || row.state === 'failed')) {
      // the staff rejected it before it reached the POS: the kitchen must not get it
      await move(row, { state: 'cancelled', ticket: null, next_at: null });
      return true;
    }
    const channel = account ? accountConnection(app, account).orders : undefined;
    if (!account || !channel) {
      await stop(row, TEXT.reasons.notConnected);
      return true;
    }
    if (channel.listTerminalGroups && !account.terminal_group_id) {
      await stop(row, TEXT.reasons.noTerminalGroup);
      return true;
    }
    const placement = order.placement_id ? await repos.placements.find(order.placement_id) : undefined;
    const made = draftOf(order, account, placement, restaurant);
    if ('missing' in made) {
      const lines = parseLines(order.items);
      const refused = made.missing.map((index) => ({
        index,
        name: lines[index]?.name ?? '',
        reason: TEXT.reasons.noProduct,
      }));
      await move(row, {
        state: 'refused',
        reason: TEXT.reasons.noProduct,
        refused_lines: JSON.stringify(refused),
        next_at: null,
      });
      return true;
    }
    const { draft } = made;
    try {
      if (row.state === 'pending' && row.ticket !== null) {
        return await apply(row, draft, await channel.follow(draft, row.ticket));
      }
      // a send that dies with its server is tried again later (looking first: never twice)
      const sending = { ...row, state: 'sending' };
      if (!(await move(row, { state: 'sending', next_at: Date.now() + sendingMs }, false))) return false;
      const open = (await channel.openOrderOfTable?.(draft)) ?? null;
      return await apply(sending, draft, await channel.send(draft, open));
    } catch (err) {
      const current = (await repos.orderPos.find(row.order_id)) ?? row;
      if (err instanceof PosCredentialsError) {
        app.log.warn(
          { restaurantId: row.restaurant_id, err: err.message },
          'the POS refused the credentials',
        );
        await stop(current, TEXT.reasons.credentials);
        return true;
      }
      const detail = err instanceof PosHttpError && err.detail ? `: ${err.detail}` : '';
      const reason = `${TEXT.reasons.down}${detail}`;
      const pause = afterFault(current.attempts);
      app.log.warn(
        { restaurantId: row.restaurant_id, orderId: row.order_id, err: (err as Error).message },
        'order not sent to the POS; tried again later',
      );
      // staff see it once it fails (and when the reason changes), not on every try
      const event = current.state !== 'failed' || current.reason !== reason;
      await move(
        current,
        {
          state: current.state === 'pending' ? 'pending' : 'failed',
          reason,
          attempts: current.attempts + 1,
          next_at: Date.now() + pause,
        },
        event,
      );
      return false;
    }
  }

  async function drainRestaurant(restaurantId: string): Promise<void> {
    // the POS's decisions on orders it holds, each on its own (a fault delays only that one)
    for (const row of await app.repos.orderPos.receivedDue(restaurantId, Date.now(), PER_DRAIN)) {
      await step(row);
    }
    for (let i = 0; i < PER_DRAIN; i++) {
      const row = await app.repos.orderPos.head(restaurantId);
      if (!row || row.next_at === null || row.next_at > Date.now()) return;
      if (!(await step(row))) return;
    }
  }

  return {
    /** The restaurants with an order on its way. */
    restaurantsOpen: () => app.repos.orderPos.restaurantsOpen(),
    /** Sends what is due for one restaurant (its orders in order). */
    drainRestaurant,
  };
}

export type PosOrderSender = ReturnType<typeof posOrderSender>;

/**
 * The orders board's world in the tests: the day's orders and calls answered, a live stream
 * opened each time the page connects (kept, in order, for the test to send on), and the page
 * signed in and at its route.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import type { Order, TableCall } from '@qrmenu/shared/schemas';
import {
  answers,
  type EventStream,
  eventStream,
  openPage,
  type StubRoutes,
} from '@qrmenu/shared/testing/kit';
import type { ReactElement } from 'react';
import OrdersBoardPage from '../src/board/OrdersBoardPage';

/** `GET /manager/orders/events` answered by a new stream each time, pushed onto `streams`. */
export function liveStream(streams: EventStream[] = []): StubRoutes {
  return {
    'GET /manager/orders/events': () => {
      const stream = eventStream();
      streams.push(stream);
      return stream.reply;
    },
  };
}

/** The board's answers: the day's `orders` and `calls`, and the live stream (into `streams`). */
function boardAnswers(orders: Order[], calls: TableCall[] = [], streams?: EventStream[]): StubRoutes {
  return {
    'GET /manager/orders': answers.counted(orders),
    'GET /manager/calls': answers.data(calls),
    ...liveStream(streams),
  };
}

export interface BoardOptions {
  calls?: TableCall[];
  /** More answers, or ones in place of the board's (a write, a failure). */
  answers?: StubRoutes;
  /** The role signed in (default the manager). */
  as?: string;
  /** An admin's board of this restaurant (`/admin/orders/<id>`) instead of the own `/orders`. */
  restaurant?: string;
  /** The page as the test mounts it (default the bare board). */
  page?: ReactElement;
}

/** The board over `orders`, opened; with the stub, the streams the page opened. */
export function openBoard(orders: Order[], options: BoardOptions = {}) {
  const streams: EventStream[] = [];
  const { restaurant, page = <OrdersBoardPage /> } = options;
  const view = openPage(page, restaurant ? `/admin/orders/${restaurant}` : '/orders', {
    as: restaurant ? 'admin' : (options.as ?? 'manager'),
    ...(restaurant ? { path: ROUTES.admin.orders } : {}),
    answers: { ...boardAnswers(orders, options.calls, streams), ...options.answers },
  });
  return Object.assign(view, { streams });
}

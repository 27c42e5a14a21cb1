/**
 * The board's live connection, one per tab: the stream's orders and calls go into the shared
 * query cache (the board, the bottom bar's badge and the admin's summary read the same rows), a
 * new order or call rings, and the tab's title counts the orders waiting to be accepted
 * ("(3) Buyurtmalar"), so a waiter on another page or another tab still notices.
 *
 * It starts when a board opens and keeps running while the user moves about the back office
 * (the badge, the sound and the title go on); it ends when the user signs out or opens another
 * restaurant's board (an admin).
 */
import { queryClient, queryKeys, refetchLiveOrders, writeCall, writeOrder } from '@qrmenu/shared/query';
import { tableCall as callSchema, order as orderSchema } from '@qrmenu/shared/schemas';
import { accessTokenAtom, sessionStore } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import { ring } from './sound';
import { followOrderStream, type StreamState } from './stream';

export type LiveState = StreamState | 'stopped' | 'refused';

/** An event as the stream sent it, and whether it rang when it came. */
interface Heard {
  type: string;
  data: string;
  rang: boolean;
}

interface Live {
  restaurantId: string | undefined;
  abort: AbortController;
  state: LiveState;
  baseTitle: string;
  release: () => void;
  /** The events heard during each read of the day again that is on its way. */
  rereads: Set<Heard[]>;
}

let live: Live | null = null;
const listeners = new Set<() => void>();

function setState(state: LiveState): void {
  if (!live || live.state === state) return;
  live.state = state;
  for (const listener of listeners) listener();
}

/** The connection's state, for `useSyncExternalStore`. */
export function liveState(): LiveState {
  return live?.state ?? 'stopped';
}

export function subscribeLive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's title: the count of orders waiting to be accepted in front of it. */
function showWaiting(current: Live): void {
  const rows = queryClient.getQueryData<{ status: string }[]>(queryKeys.orders.today(current.restaurantId));
  const waiting = rows?.filter((o) => o.status === 'sent').length ?? 0;
  document.title = waiting > 0 ? t.orders.titleWithNew(waiting) : current.baseTitle;
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * Today's orders and calls read again (a first connection, or a `reset`). While the read is on its
 * way the stream goes on: an event that comes before the day is in the cache has no rows to go
 * into, and the answer, read by the server before a later event, lands over what that event
 * wrote (a waiter opening the board saw an order stay «Kassaga yuborilmoqda» after the POS took it). So
 * the events heard meanwhile are applied once more over the answer, in order: an order's last
 * event is the order as it then was, so one older than the answer changes nothing.
 */
async function readDayAgain(current: Live): Promise<void> {
  const heard: Heard[] = [];
  current.rereads.add(heard);
  try {
    await refetchLiveOrders(current.restaurantId);
  } finally {
    current.rereads.delete(heard);
    if (live === current) {
      // a reset heard meanwhile has its own read; a replay rings only for what did not ring when
      // it came (the day was not loaded yet)
      for (const event of heard)
        if (event.type !== 'reset') applyEvent(current, event.type, event.data, !event.rang);
    }
  }
}

/** Applies one event to the cached day; answers whether it rang. */
function applyEvent(current: Live, type: string, data: string, mayRing = true): boolean {
  const { restaurantId } = current;
  if (type === 'reset') {
    // the server could not replay what was missed: read the day again
    void readDayAgain(current);
    return false;
  }
  if (type === 'order') {
    const parsed = orderSchema.safeParse(parse(data));
    if (!parsed.success) {
      console.warn('[orders] an order event that is not an order was skipped', data);
      return false;
    }
    // a new order rings: the board's first sight of it is «Yangi», the kitchen's «Qabul qilingan»
    if (
      writeOrder(parsed.data, restaurantId) &&
      (parsed.data.status === 'sent' || parsed.data.status === 'accepted') &&
      mayRing
    ) {
      ring('order');
      return true;
    }
  } else if (type === 'call') {
    const parsed = callSchema.safeParse(parse(data));
    if (!parsed.success) {
      console.warn('[orders] a call event that is not a call was skipped', data);
      return false;
    }
    if (writeCall(parsed.data, restaurantId) && mayRing) {
      ring('call');
      return true;
    }
  }
  return false;
}

/** An event from the stream: applied, and kept for the reads of the day on their way. */
function hear(current: Live, type: string, data: string): void {
  const rang = applyEvent(current, type, data);
  for (const heard of current.rereads) heard.push({ type, data, rang });
}

/** Starts the live connection of a restaurant's board (a manager's own: no id); idempotent. */
export function startLiveBoard(restaurantId: string | undefined): void {
  if (live && live.restaurantId === restaurantId && live.state !== 'refused') return;
  stopLiveBoard();
  const abort = new AbortController();
  const current: Live = {
    restaurantId,
    abort,
    state: 'connecting',
    baseTitle: document.title,
    release: () => {},
    rereads: new Set(),
  };
  live = current;
  const todayKey = JSON.stringify(queryKeys.orders.today(restaurantId));
  const unwatchCache = queryClient.getQueryCache().subscribe((event) => {
    if (live === current && JSON.stringify(event.query.queryKey) === todayKey) showWaiting(current);
  });
  const unwatchSession = sessionStore.sub(accessTokenAtom, () => {
    if (sessionStore.get(accessTokenAtom) === null) stopLiveBoard();
  });
  current.release = () => {
    unwatchCache();
    unwatchSession();
  };
  showWaiting(current);
  void followOrderStream(
    restaurantId,
    {
      onEvent: (type, data) => hear(current, type, data),
      // a first connection closes the gap since the page read the day; a resumed one was replayed
      onOpen: (resumed) => {
        if (!resumed) void readDayAgain(current);
      },
      onState: (state) => {
        if (live === current) setState(state);
      },
      onFatal: (error) => {
        console.warn('[orders] the live stream was refused', error);
        if (live === current) setState('refused');
      },
    },
    abort.signal,
  );
  for (const listener of listeners) listener();
}

/** Ends the live connection, and puts the tab's title back. */
export function stopLiveBoard(): void {
  const current = live;
  if (!current) return;
  live = null;
  current.abort.abort();
  current.release();
  document.title = current.baseTitle;
  for (const listener of listeners) listener();
}

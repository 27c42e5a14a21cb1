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

interface Live {
  restaurantId: string | undefined;
  abort: AbortController;
  state: LiveState;
  baseTitle: string;
  release: () => void;
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

function applyEvent(restaurantId: string | undefined, type: string, data: string): void {
  if (type === 'reset') {
    // the server could not replay what was missed: read the day again
    void refetchLiveOrders(restaurantId);
    return;
  }
  if (type === 'order') {
    const parsed = orderSchema.safeParse(parse(data));
    if (!parsed.success) {
      console.warn('[orders] an order event that is not an order was skipped', data);
      return;
    }
    // a new order rings: the board's first sight of it is «Yangi», the kitchen's «Qabul qilingan»
    if (
      writeOrder(parsed.data, restaurantId) &&
      (parsed.data.status === 'sent' || parsed.data.status === 'accepted')
    )
      ring('order');
  } else if (type === 'call') {
    const parsed = callSchema.safeParse(parse(data));
    if (!parsed.success) {
      console.warn('[orders] a call event that is not a call was skipped', data);
      return;
    }
    if (writeCall(parsed.data, restaurantId)) ring('call');
  }
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
      onEvent: (type, data) => applyEvent(restaurantId, type, data),
      // a first connection closes the gap since the page read the day; a resumed one was replayed
      onOpen: (resumed) => {
        if (!resumed) void refetchLiveOrders(restaurantId);
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

/**
 * The guests' calls (docs/ORDERS.md, "HTTP API"): same origin, no cookie, no token. An answer is
 * its data, or its status with the contract's error code and details; status 0 is a request
 * that never got an answer (no connection).
 */
import type { CallKind, GuestOrder, OrderCreateBody } from '@qrmenu/shared/schemas';
import type { CartWords } from './words';

export interface ErrorDetail {
  path: string;
  message: string;
}

export type Answer<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: string; details?: ErrorDetail[] };

export interface GuestTable {
  takes_orders: boolean;
  table: string;
  /** The table's restaurant's slug. */
  menu: string;
  pending_calls: CallKind[];
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      cache: 'no-store',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const json = (await res.json().catch(() => null)) as {
    data?: T;
    error?: { code?: string; details?: ErrorDetail[] };
  } | null;
  if (res.ok && json?.data !== undefined) return { ok: true, status: res.status, data: json.data };
  return {
    ok: false,
    status: res.ok ? 0 : res.status,
    code: json?.error?.code,
    details: json?.error?.details,
  };
}

export const getTable = (placementId: string) =>
  call<GuestTable>('GET', `/api/public/tables/${encodeURIComponent(placementId)}`);

export const placeOrder = (body: OrderCreateBody) => call<GuestOrder>('POST', '/api/public/orders', body);

export const callStaff = (placementId: string, kind: CallKind) =>
  call<{ kind: CallKind; status: string }>('POST', '/api/public/calls', { placement_id: placementId, kind });

/** What the guest is told when a call got no useful answer: no connection, a limit, else a failure. */
export const failure = (words: CartWords, status: number): string =>
  status === 0 ? words.offline : status === 429 ? words.rateLimited : words.failed;

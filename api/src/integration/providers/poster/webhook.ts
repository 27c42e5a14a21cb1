/**
 * Poster's `incoming_order` webhook read as "this POS order changed" (its webhooks page: `changed`
 * when an online order goes from new to accepted or rejected; `data` a JSON string
 * `{"type": 1}`, 1 an online order, 2 a reservation). The webhook says no status: the sender
 * asks `follow` with the ticket at once. The signature is checked before (`posterVerify`).
 */
import { enumKey } from '../../pos/skipped';

export interface PosterOrderChange {
  /** The online order's id: the `ticket` of the sender's pending send. */
  ticket: string;
  /** Poster's action (`added`, `changed`, ...), lower case. */
  action: string;
}

function dataType(data: unknown): string {
  if (typeof data === 'string') {
    try {
      return dataType(JSON.parse(data));
    } catch {
      return '';
    }
  }
  return data && typeof data === 'object' ? enumKey((data as { type?: unknown }).type) : '';
}

/** The online order a verified webhook is about; null for any other object, or a reservation. */
export function posterOrderChange(body: Record<string, unknown>): PosterOrderChange | null {
  if (enumKey(body.object) !== 'incoming_order') return null;
  if (dataType(body.data) === '2') return null;
  const ticket = String(body.object_id ?? '').trim();
  if (!/^\d+$/.test(ticket)) return null;
  return { ticket, action: enumKey(body.action) };
}

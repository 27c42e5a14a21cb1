/**
 * An idempotency key means one request (docs/ORDERS.md, "One order per tap"). The same key again
 * with the same request is a retry and answers the order it made; with another request it is
 * refused, 422 `idempotency_key_reused`, as payment APIs do: Stripe's idempotency layer "compares
 * incoming parameters to those of the original request and errors if they're not the same"
 * (https://docs.stripe.com/idempotency), and the IETF draft of the Idempotency-Key header field
 * (draft-ietf-httpapi-idempotency-key-header, "Error Scenarios") answers a key reused with a
 * different request payload with 422. Answering the first order instead would tell a guest who
 * added a dish after a lost answer that it was sent, and drop it.
 *
 * The request is compared by a SHA-256 of its canonical form, kept with the order: the body as
 * validated (the comment trimmed, no rows when none were sent), in a fixed order of fields, the
 * key itself left out. The lines' order is part of it (a refusal names a line by its index), and
 * each row's count («Qazi» x2 is another request than «Qazi»): a row taken once is its id alone,
 * as `row_ids` was hashed before rows had counts, so a retry of a request sent then (or in the
 * short form now) hashes as it did; a row taken more times is `[id, count]`.
 */
import { createHash } from 'node:crypto';
import { chosenRows, type orderCreateBody } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { DomainError } from '../../domain/errors';

/** The order's body as validated (place.ts `PlaceBody`, named here so that neither imports the other). */
type PlaceBody = z.output<typeof orderCreateBody>;

export function requestHash(body: PlaceBody): string {
  const canonical = [
    body.placement_id,
    body.language,
    body.comment ?? '',
    body.items.map((i) => [
      i.product_id,
      i.quantity,
      chosenRows(i).map((r) => (r.quantity === 1 ? r._id : [r._id, r.quantity])),
      i.price,
    ]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Whether a request with the key of `stored` is that order's own request again (a retry). An
 * order placed before requests were kept has no hash: its key answers it, as it always did.
 */
export const isSameRequest = (stored: { request_hash?: string | null }, hash: string): boolean =>
  !stored.request_hash || stored.request_hash === hash;

/** The refusal of a key used for another request. */
export const keyReused = (): DomainError =>
  new DomainError(
    'key_reused',
    'This idempotency key was used for another order: send that order again unchanged, or this one with a new key',
    [{ path: 'idempotency_key', message: 'reused' }],
  );

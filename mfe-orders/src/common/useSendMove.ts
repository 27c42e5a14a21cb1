import { isApiError } from '@qrmenu/shared/api';
import { orders } from '@qrmenu/shared/resources';
import type { Order } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { useCallback } from 'react';
import type { Move } from '../board/model';
import { type PinnedAction, sayRefusal } from './pin';

/**
 * Sends an order's move (shown at once, put back if refused) with the person's PIN on a shared
 * device (`withPin`), and says a refusal in a toast: a staff member's own (`staffRefusal`), a
 * conflict (someone moved it first) or a failure. A PIN's refusal is the PIN dialog's to say.
 * `where` names the screen in the console's log.
 */
export function useSendMove(withPin: (action: PinnedAction) => void, where: string) {
  const move = orders.useMove();
  return useCallback(
    (order: Order, status: Move['status'], reason?: string) =>
      withPin((pin) =>
        move
          .mutateAsync({
            order,
            status,
            ...(reason === undefined ? {} : { reason }),
            ...(pin ? { pin } : {}),
          })
          .catch(
            sayRefusal(`[${where}] move`, (error) =>
              isApiError(error) && error.status === 409 ? t.orders.moveConflict : t.orders.moveError,
            ),
          ),
      ),
    [move.mutateAsync, withPin, where],
  );
}

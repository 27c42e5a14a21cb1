/**
 * The tab's one action: every selected product in one `POST /manager/stop-list` (atomic on the
 * server). No optimistic update: the screen changes when the server's answer is in the query
 * cache (the shared hook writes it there), so a failure leaves everything as it was. A second
 * tap while a call runs sends nothing.
 */
import { stopList } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import { notify } from '@qrmenu/shared/ui';
import { useCallback, useRef } from 'react';
import { afterNextPaint } from './afterPaint';
import type { TabId } from './model';

export const ACTION_OF_TAB = { available: 'stop', stopped: 'resume' } as const satisfies Record<
  TabId,
  'stop' | 'resume'
>;

export function useStopListAction(onDone: () => void): {
  run: (tab: TabId, productIds: readonly string[]) => Promise<void>;
  pending: boolean;
} {
  const { mutateAsync, isPending } = stopList.useApply();
  // isPending shows on the next render; a ref stops a tap that lands before it
  const inFlight = useRef(false);
  const run = useCallback(
    async (tab: TabId, productIds: readonly string[]) => {
      if (inFlight.current || productIds.length === 0) return;
      inFlight.current = true;
      const action = ACTION_OF_TAB[tab];
      try {
        await mutateAsync({ product_ids: [...productIds], action });
        // the moved rows leave the list first (the toast and the emptied selection can wait a frame)
        await afterNextPaint();
        onDone();
        notify.success(action === 'stop' ? t.movedToStopList : t.removedFromStopList);
      } catch {
        notify.error(t.stopListError);
      } finally {
        inFlight.current = false;
      }
    },
    [mutateAsync, onDone],
  );
  return { run, pending: isPending };
}

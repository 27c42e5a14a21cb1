/**
 * Scheduled work of the POS integrations: every POS restaurant is synced every `syncEveryMs`
 * (default 15 min; Sinxronlash and the webhooks sync at once), and iiko's stop-list is polled
 * every `stopListEveryMs` (default and at least 60 s, with up to 20 % jitter) in case a
 * StopListUpdate webhook was missed. With several servers, one does it at a time: the one
 * holding the `pos-schedule` lease (app.leases, renewed at each tick; taken over by another once
 * it expires, or at once when its holder closes), so the POS is polled once a minute in all, not
 * once per server. A restaurant another server is syncing is skipped (its lock).
 */
import type { App } from '../../types';
import { PosSyncBusyError } from './errors';
import { refreshStopList, syncPos } from './service';

export interface PosScheduleOptions {
  syncEveryMs?: number;
  stopListEveryMs?: number;
  /** Floor of both intervals: 60 s (iiko asks for no more than a poll a minute); tests lower it. */
  minIntervalMs?: number;
}

const jitter = (ms: number) => ms + Math.floor(Math.random() * ms * 0.2);

export function startPosSchedule(app: App, options: PosScheduleOptions): void {
  const floor = options.minIntervalMs ?? 60_000;
  const syncEvery = Math.max(floor, options.syncEveryMs ?? 15 * 60_000);
  const pollEvery = Math.max(floor, options.stopListEveryMs ?? 60_000);
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const lastSync = new Map<string, number>();

  // held over a few ticks: a holder that stops ticking (it died) hands over within them
  const leaseMs = Math.max(3 * pollEvery, 3 * floor);

  async function tick() {
    if (!(await app.leases.hold('pos-schedule', leaseMs))) return;
    const accounts = await app.repos.integrationAccounts.list();
    for (const account of accounts) {
      if (closed) return;
      const id = account.restaurant_id;
      try {
        let stopListRead = false;
        if (Date.now() - (lastSync.get(id) ?? 0) >= syncEvery) {
          lastSync.set(id, Date.now());
          // a changed menu is read with its stop-list; an unchanged one is not
          stopListRead = (await syncPos(app, id)).result === 'ok';
        }
        if (!stopListRead && account.provider === 'iiko') await refreshStopList(app, id);
      } catch (err) {
        if (!(err instanceof PosSyncBusyError))
          app.log.warn({ restaurantId: id, err: (err as Error).message }, 'scheduled POS work failed');
      }
    }
  }

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      tick()
        .catch((err) => app.log.warn({ err: (err as Error).message }, 'POS schedule failed'))
        .finally(schedule);
    }, jitter(pollEvery));
    timer.unref();
  };
  app.addHook('onReady', async () => {
    // first syncs spread over the first interval, not all at start
    for (const a of await app.repos.integrationAccounts.list())
      lastSync.set(a.restaurant_id, Date.now() - Math.random() * syncEvery);
    schedule();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}

/**
 * «Hisobot»'s reads (docs/REPORTS.md): one hook per report, each keyed by its period (Tashkent
 * days) and restaurant (a manager's own: none), and the admin's restaurants side by side. They
 * wait until the period is known; the page checks a period before it asks.
 */
import { api } from '../api';
import type { ReportKind } from '../schemas';
import { defineQuery } from './define';
import { queryKeys as k } from './keys';

/** A day of the period; undefined until the period is known (the query waits). */
type Day = string | undefined;

const reportQuery = <K extends ReportKind>(kind: K) =>
  defineQuery({
    key: (from: Day, to: Day, restaurantId: string | undefined) =>
      k.reports.report(kind, from, to, restaurantId),
    fetch: (from, to, restaurantId) =>
      api.reports.read(kind, { from: from ?? '', to: to ?? '' }, restaurantId),
    ready: (from, to) => !!from && !!to,
  });

export const useTakingsReport = reportQuery('takings');
export const useDishesReport = reportQuery('dishes');
export const useTimesReport = reportQuery('times');
export const useGuestsReport = reportQuery('guests');
export const useRejectionsReport = reportQuery('rejections');

/** The admin's side by side: `restaurantIds` comma-separated, or none for every restaurant. */
export const useRestaurantsReport = defineQuery({
  key: (from: Day, to: Day, restaurantIds: string | undefined) =>
    k.reports.restaurants(from, to, restaurantIds),
  fetch: (from, to, restaurantIds) =>
    api.reports.restaurants(
      { from: from ?? '', to: to ?? '' },
      (restaurantIds ?? '').split(',').filter(Boolean),
    ),
  ready: (from, to) => !!from && !!to,
});

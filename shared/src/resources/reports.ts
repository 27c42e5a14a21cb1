/**
 * «Hisobot» (docs/REPORTS.md): the reports' pages (a restaurant's, for the admin by id and for the
 * manager its own; the admin's restaurants side by side), their texts and hooks.
 */
import { ROUTES } from '../paths';
import * as q from '../query';
import { t } from '../texts';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;

export const reports = {
  routes: {
    restaurant: [A.restaurantReports, M.reports],
    restaurants: [A.reports],
  },
  texts: { title: t.reports.title, loadError: t.reports.loadError, empty: t.reports.empty },
  useTakings: q.useTakingsReport,
  useDishes: q.useDishesReport,
  useTimes: q.useTimesReport,
  useGuests: q.useGuestsReport,
  useRejections: q.useRejectionsReport,
  useRestaurants: q.useRestaurantsReport,
} as const satisfies Resource<unknown>;

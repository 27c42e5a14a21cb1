/**
 * «Hisobot», the reports of a restaurant's takings, dishes, times, guests and rejected orders over
 * a period of Tashkent days, each beside the same period a step earlier (docs/REPORTS.md). Every
 * amount is in tiyin (1 so'm = 100 tiyin), a whole number. Written once here: the server validates
 * and documents with these, the reports' page takes its shapes from them.
 */
import { z } from 'zod';
import { id } from './fields';
import { REPORT_FORMATS, REPORT_KINDS } from './report-kinds';
import { visitDay } from './visits';

export {
  REPORT_FORMATS,
  REPORT_KINDS,
  REPORT_LIMITS,
  REPORT_METHODS,
  type ReportFormat,
  type ReportKind,
  type ReportMethod,
} from './report-kinds';

/** `?from=&to=` (both Tashkent days, `from` first, at most REPORT_LIMITS.days); admins name the restaurant. */
export const reportQuery = z.object({ from: visitDay, to: visitDay, restaurant_id: id.optional() });
export type ReportQuery = z.infer<typeof reportQuery>;
export const reportExportQuery = reportQuery.extend({ format: z.enum(REPORT_FORMATS) });
export const reportKindParam = z.object({ kind: z.enum(REPORT_KINDS) });
/** The admin's side by side: every restaurant, or the ones named (comma-separated ids). */
export const reportCompareQuery = z.object({
  from: visitDay,
  to: visitDay,
  restaurant_ids: z.string().max(2000).optional(),
});
export const reportCompareExportQuery = reportCompareQuery.extend({ format: z.enum(REPORT_FORMATS) });

const count = z.number().int().min(0);
const amount = z.number().int().min(0);

/** The period asked and the one before it, of the same length, ending the day before `from`. */
export const reportPeriods = z.object({
  period: z.object({ from: visitDay, to: visitDay, days: count }),
  previous: z.object({ from: visitDay, to: visitDay, days: count }),
});

const methodTotals = z.object({ orders: count, amount });

export const takingsTotals = z.object({
  /** Every order the guests sent, rejected ones too. */
  orders: count,
  rejected_orders: count,
  paid_orders: count,
  /** Not rejected: paid + unpaid. */
  revenue: amount,
  paid: amount,
  unpaid: amount,
  rejected: amount,
  /** The revenue over the orders not rejected, to the tiyin; null without any. */
  average_check: amount.nullable(),
  by_method: z.object({ payme: methodTotals, click: methodTotals, table: methodTotals }),
});
export type TakingsTotals = z.infer<typeof takingsTotals>;

export const takingsReport = reportPeriods.extend({
  totals: takingsTotals,
  previous_totals: takingsTotals,
  /** Every day of the period, oldest first (a day without orders as zeros). */
  days: z.array(
    z.object({
      day: visitDay,
      orders: count,
      rejected_orders: count,
      paid: amount,
      unpaid: amount,
      rejected: amount,
      payme: amount,
      click: amount,
      table: amount,
    }),
  ),
});
export type TakingsReport = z.infer<typeof takingsReport>;

export const dishesReport = reportPeriods.extend({
  totals: z.object({ quantity: count, revenue: amount }),
  previous_totals: z.object({ quantity: count, revenue: amount }),
  /** Every dish ordered in the period (not in rejected orders), most portions first. */
  dishes: z.array(
    z.object({
      product_id: z.string(),
      /** The name it was last ordered under. */
      name: z.string(),
      quantity: count,
      /** Orders that had it. */
      orders: count,
      revenue: amount,
      previous_quantity: count,
      previous_revenue: amount,
    }),
  ),
  /** The restaurant's dishes of today's menu that no order of the period had. */
  never_ordered: z.array(z.object({ product_id: z.string(), name: z.string(), active: z.boolean() })),
  /** Options' rows chosen, most first. */
  choices: z.array(
    z.object({
      product_id: z.string(),
      dish: z.string(),
      option: z.string(),
      row: z.string(),
      quantity: count,
    }),
  ),
  /** How often each dish was put on the stop-list in the period, most first. */
  stops: z.array(z.object({ product_id: z.string(), name: z.string(), stops: count })),
});
export type DishesReport = z.infer<typeof dishesReport>;

/** Seconds: the median and the 90th percentile (nearest rank) of `count` times; null without any. */
export const durationStats = z.object({
  count,
  median: count.nullable(),
  p90: count.nullable(),
});
export type DurationStats = z.infer<typeof durationStats>;

export const timesReport = reportPeriods.extend({
  /** Orders by weekday (0 Monday ... 6 Sunday) and Tashkent hour (0-23): `heat[weekday][hour]`. */
  heat: z.array(z.array(count).length(24)).length(7),
  /** Accept (arrival to «Qabul qilish») and kitchen («Qabul qilish» to «Tayyor») times. */
  totals: z.object({ accept: durationStats, ready: durationStats }),
  previous_totals: z.object({ accept: durationStats, ready: durationStats }),
  /** Every day of the period, oldest first. */
  days: z.array(z.object({ day: visitDay, orders: count, accept: durationStats, ready: durationStats })),
});
export type TimesReport = z.infer<typeof timesReport>;

const funnel = z.object({ views: count, orders: count });

export const guestsReport = reportPeriods.extend({
  totals: funnel.extend({
    /** Placements (tables, doors, links) whose menu was opened, and those of them that ordered. */
    tables_viewed: count,
    tables_ordered: count,
  }),
  previous_totals: funnel.extend({ tables_viewed: count, tables_ordered: count }),
  /** By placement, most views first; `placement_id` null: a code without one («QR kod»). */
  placements: z.array(funnel.extend({ placement_id: z.string().nullable(), name: z.string().nullable() })),
  /** By the menu's language. */
  languages: z.array(funnel.extend({ language: z.string() })),
});
export type GuestsReport = z.infer<typeof guestsReport>;

export const rejectionsReport = reportPeriods.extend({
  /** Every order of the period, to read the rejected ones' share. */
  totals: z.object({ all_orders: count, orders: count, amount }),
  previous_totals: z.object({ all_orders: count, orders: count, amount }),
  /** By reason as the staff wrote it, most first. */
  reasons: z.array(z.object({ reason: z.string(), orders: count, amount })),
});
export type RejectionsReport = z.infer<typeof rejectionsReport>;

export const restaurantsCompareReport = reportPeriods.extend({
  restaurants: z.array(
    z.object({ _id: z.string(), name: z.string(), totals: takingsTotals, previous_totals: takingsTotals }),
  ),
});
export type RestaurantsCompareReport = z.infer<typeof restaurantsCompareReport>;

/** The period a report is asked for. */
export type ReportPeriod = { from: string; to: string };

/** Each report's answer by its kind. */
export interface ReportOf {
  takings: TakingsReport;
  dishes: DishesReport;
  times: TimesReport;
  guests: GuestsReport;
  rejections: RejectionsReport;
}

export const reportAnswers = {
  takingsReport: z.object({ data: takingsReport }),
  dishesReport: z.object({ data: dishesReport }),
  timesReport: z.object({ data: timesReport }),
  guestsReport: z.object({ data: guestsReport }),
  rejectionsReport: z.object({ data: rejectionsReport }),
  restaurantsCompareReport: z.object({ data: restaurantsCompareReport }),
} as const;

/**
 * The reports' constants without zod (docs/REPORTS.md): the reports' page reads them through
 * `@qrmenu/shared/resources` and so loads no zod (a constant here is copied beside its importer,
 * tools/rspack/federation.ts `STATELESS_DEEP_IMPORTS`).
 */

export const REPORT_LIMITS = {
  /** The longest period a report covers, in days (a leap year). */
  days: 366,
  /** Restaurants the admin compares at once by name (`restaurant_ids`); none named: all of them. */
  compare: 20,
} as const;

/** The reports, each one address and one export. */
export const REPORT_KINDS = ['takings', 'dishes', 'times', 'guests', 'rejections'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** How a bill was paid: from the phone with Payme or Click, or at the table (closed by the staff). */
export const REPORT_METHODS = ['payme', 'click', 'table'] as const;
export type ReportMethod = (typeof REPORT_METHODS)[number];

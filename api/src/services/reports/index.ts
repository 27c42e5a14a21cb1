/**
 * `app.reports` (docs/REPORTS.md): «Hisobot», a restaurant's takings, dishes, times, guests and
 * rejected orders over a period and the one a step earlier, the admin's restaurants side by side,
 * and each as a CSV or XLSX file. Owns: the period's rules (period.ts), the daily figures kept
 * from the raw rows (build.ts, figures.ts), the reads (reads.ts) and the files (export.ts).
 * Another domain's write marks its days through `markDays` in its own transaction.
 */
import {
  REPORT_LIMITS,
  type ReportFormat,
  type ReportKind,
  type RestaurantsCompareReport,
} from '@qrmenu/shared/schemas';
import { invalid, notFound } from '../../domain/errors';
import type { ServiceContext } from '../context';
import {
  CONTENT_TYPES,
  compareTables,
  dishesTables,
  type ExportTable,
  fileOf,
  guestsTables,
  rejectionsTables,
  takingsTables,
  timesTables,
} from './export';
import { periodsOf } from './period';
import {
  compareReport,
  dishesReport,
  guestsReport,
  rejectionsReport,
  takingsReport,
  timesReport,
} from './reads';

export { markDays } from './build';

export interface ReportFile {
  body: Buffer | string;
  contentType: string;
}

export interface Period {
  from: string;
  to: string;
}

export function reportsService({ repos }: ServiceContext) {
  const reports = {
    takings: (restaurantId: string, q: Period) => takingsReport(repos, restaurantId, periodsOf(q.from, q.to)),
    dishes: (restaurantId: string, q: Period) => dishesReport(repos, restaurantId, periodsOf(q.from, q.to)),
    times: (restaurantId: string, q: Period) => timesReport(repos, restaurantId, periodsOf(q.from, q.to)),
    guests: (restaurantId: string, q: Period) => guestsReport(repos, restaurantId, periodsOf(q.from, q.to)),
    rejections: (restaurantId: string, q: Period) =>
      rejectionsReport(repos, restaurantId, periodsOf(q.from, q.to)),
  };

  const tablesOf = async (kind: ReportKind, restaurantId: string, q: Period): Promise<ExportTable[]> => {
    switch (kind) {
      case 'takings':
        return takingsTables(await reports.takings(restaurantId, q));
      case 'dishes':
        return dishesTables(await reports.dishes(restaurantId, q));
      case 'times':
        return timesTables(await reports.times(restaurantId, q));
      case 'guests':
        return guestsTables(await reports.guests(restaurantId, q));
      case 'rejections':
        return rejectionsTables(await reports.rejections(restaurantId, q));
    }
  };

  /** The restaurants `restaurant_ids` names (comma-separated, each once, all existing), or every one. */
  const compareIds = async (idList: string | undefined): Promise<string[] | null> => {
    const ids = [
      ...new Set(
        (idList ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) return null;
    if (ids.length > REPORT_LIMITS.compare) {
      throw invalid(`At most ${REPORT_LIMITS.compare} restaurants at once`, [
        { path: 'restaurant_ids', message: `At most ${REPORT_LIMITS.compare}` },
      ]);
    }
    const found = await repos.reports.restaurantNames(ids);
    if (found.length !== ids.length) throw notFound('Restaurant not found');
    return ids;
  };

  return {
    ...reports,

    /** Restaurants side by side: every one, or those named. */
    async compare(q: Period & { restaurant_ids?: string | undefined }): Promise<RestaurantsCompareReport> {
      const p = periodsOf(q.from, q.to);
      return compareReport(repos, await compareIds(q.restaurant_ids), p);
    },

    /** A report as a file, with its content type. */
    async file(kind: ReportKind, restaurantId: string, q: Period, format: ReportFormat): Promise<ReportFile> {
      return {
        body: await fileOf(await tablesOf(kind, restaurantId, q), format),
        contentType: CONTENT_TYPES[format],
      };
    },

    async compareFile(
      q: Period & { restaurant_ids?: string | undefined },
      format: ReportFormat,
    ): Promise<ReportFile> {
      const p = periodsOf(q.from, q.to);
      const tables = compareTables(await compareReport(repos, await compareIds(q.restaurant_ids), p));
      return { body: await fileOf(tables, format), contentType: CONTENT_TYPES[format] };
    },
  };
}

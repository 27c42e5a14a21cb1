/**
 * Every report as a file (docs/REPORTS.md, "Files"): the same figures as its answer, in tables
 * with Uzbek headers. Numbers stay numbers: counts as integers, money as so'm with the tiyin
 * (123456.78), times in seconds.
 * - XLSX (write-excel-file: a small, maintained writer with no native code): a sheet per table,
 *   money cells formatted `#,##0.00`, the header row frozen.
 * - CSV for Excel as the orders' history writes it: UTF-8 with a byte-order mark, CRLF, RFC 4180
 *   quoting, a text cell that Excel would run as a formula prefixed with `'`; the tables one
 *   after another, each under its title line, a blank line between them.
 */
import type {
  DishesReport,
  GuestsReport,
  RejectionsReport,
  ReportFormat,
  RestaurantsCompareReport,
  TakingsReport,
  TakingsTotals,
  TimesReport,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { csvCell } from '../orders/history';

type Kind = 'text' | 'count' | 'tiyin' | 'seconds';

export interface ExportTable {
  title: string;
  columns: { header: string; kind: Kind }[];
  rows: (string | number | null)[][];
}

const f = t.reports.files;
const r = t.reports;
const col = (header: string, kind: Kind = 'count') => ({ header, kind });
const som = (what: string) => col(f.som(what), 'tiyin');

/** So'm with the tiyin, as a number: 12345678 tiyin -> 123456.78. */
export const tiyinToSom = (tiyin: number): number => Math.round(tiyin) / 100;

function periodTable(p: {
  period: { from: string; to: string };
  previous: { from: string; to: string };
}): ExportTable {
  return {
    title: f.period,
    columns: [col(f.period, 'text'), col(r.from, 'text'), col(r.to, 'text')],
    rows: [
      [f.period, p.period.from, p.period.to],
      [f.previousPeriod, p.previous.from, p.previous.to],
    ],
  };
}

type Line = ExportTable['rows'][number];

/**
 * A table's rows, then its period's total and the previous period's, each under its label with
 * `figures` of the report's `totals` and `previous_totals`.
 */
function withTotals<T>(rows: Line[], totals: T, previous: T, figures: (x: T) => Line): Line[] {
  return [...rows, [f.total, ...figures(totals)], [f.previousPeriod, ...figures(previous)]];
}

const takingsFigures = (x: TakingsTotals) => [
  x.orders,
  x.rejected_orders,
  x.paid,
  x.unpaid,
  x.rejected,
  x.average_check,
  x.by_method.payme.amount,
  x.by_method.click.amount,
  x.by_method.table.amount,
];
const totalsColumns = (first: string) => [
  col(first, 'text'),
  col(r.orders),
  col(r.rejectedTitle),
  som(r.paid),
  som(r.unpaid),
  som(r.rejected),
  som(r.averageCheck),
  som(r.methods.payme as string),
  som(r.methods.click as string),
  som(r.methods.table as string),
];

export function takingsTables(x: TakingsReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.takings,
      columns: totalsColumns(r.day),
      rows: withTotals(
        x.days.map((d) => [
          d.day,
          d.orders,
          d.rejected_orders,
          d.paid,
          d.unpaid,
          d.rejected,
          null,
          d.payme,
          d.click,
          d.table,
        ]),
        x.totals,
        x.previous_totals,
        takingsFigures,
      ),
    },
    {
      title: f.methods,
      columns: [
        col(r.method, 'text'),
        col(r.orders),
        som(r.amount),
        col(f.previous(r.orders)),
        som(f.previous(r.amount)),
      ],
      rows: (['payme', 'click', 'table'] as const).map((m) => [
        r.methods[m] as string,
        x.totals.by_method[m].orders,
        x.totals.by_method[m].amount,
        x.previous_totals.by_method[m].orders,
        x.previous_totals.by_method[m].amount,
      ]),
    },
  ];
}

export function dishesTables(x: DishesReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.dishes,
      columns: [
        col(r.dish, 'text'),
        col(r.quantity),
        col(r.orders),
        som(r.revenue),
        col(f.previous(r.quantity)),
        som(f.previous(r.revenue)),
      ],
      rows: x.dishes.map((d) => [
        d.name,
        d.quantity,
        d.orders,
        d.revenue,
        d.previous_quantity,
        d.previous_revenue,
      ]),
    },
    {
      title: f.neverOrdered,
      columns: [col(r.dish, 'text'), col(t.active, 'text')],
      rows: x.never_ordered.map((d) => [d.name, d.active ? t.yes : t.no]),
    },
    {
      title: f.choices,
      columns: [col(r.dish, 'text'), col(r.option, 'text'), col(r.row, 'text'), col(r.quantity)],
      rows: x.choices.map((c) => [c.dish, c.option, c.row, c.quantity]),
    },
    {
      title: f.stops,
      columns: [col(r.dish, 'text'), col(r.stopsCount)],
      rows: x.stops.map((s) => [s.name, s.stops]),
    },
  ];
}

export function timesTables(x: TimesReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.heat,
      columns: [col(r.weekday, 'text'), ...Array.from({ length: 24 }, (_, h) => col(r.hourLabel(h)))],
      rows: x.heat.map((hours, d) => [r.weekdays[d] as string, ...hours]),
    },
    {
      title: f.times,
      columns: [
        col(r.day, 'text'),
        col(r.orders),
        col(f.seconds(`${r.acceptTime}, ${r.median.toLowerCase()}`), 'seconds'),
        col(f.seconds(`${r.acceptTime}, ${r.p90}`), 'seconds'),
        col(f.seconds(`${r.readyTime}, ${r.median.toLowerCase()}`), 'seconds'),
        col(f.seconds(`${r.readyTime}, ${r.p90}`), 'seconds'),
      ],
      rows: withTotals(
        x.days.map((d) => [d.day, d.orders, d.accept.median, d.accept.p90, d.ready.median, d.ready.p90]),
        x.totals,
        x.previous_totals,
        (p) => [null, p.accept.median, p.accept.p90, p.ready.median, p.ready.p90],
      ),
    },
  ];
}

export function guestsTables(x: GuestsReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.placements,
      columns: [col(r.placement, 'text'), col(r.views), col(r.orders)],
      rows: withTotals(
        x.placements.map((p) => [p.placement_id ? (p.name ?? '') : f.noPlacement, p.views, p.orders]),
        x.totals,
        x.previous_totals,
        (s) => [s.views, s.orders],
      ),
    },
    {
      title: f.languages,
      columns: [col(r.language, 'text'), col(r.views), col(r.orders)],
      rows: x.languages.map((l) => [t.visits.languageNames[l.language] ?? l.language, l.views, l.orders]),
    },
  ];
}

export function rejectionsTables(x: RejectionsReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.reasons,
      columns: [col(r.reason, 'text'), col(r.orders), som(r.amount)],
      rows: withTotals(
        x.reasons.map((s) => [s.reason || r.noReason, s.orders, s.amount]),
        x.totals,
        x.previous_totals,
        (s) => [s.orders, s.amount],
      ),
    },
  ];
}

export function compareTables(x: RestaurantsCompareReport): ExportTable[] {
  return [
    periodTable(x),
    {
      title: f.restaurants,
      columns: [...totalsColumns(r.restaurant), col(f.previous(r.orders)), som(f.previous(r.revenue))],
      rows: x.restaurants.map((s) => [
        s.name,
        ...takingsFigures(s.totals),
        s.previous_totals.orders,
        s.previous_totals.revenue,
      ]),
    },
  ];
}

/** A cell's value as written: tiyin become so'm, the rest as it is. */
const writtenValue = (kind: Kind, v: string | number | null) =>
  v === null ? null : kind === 'tiyin' && typeof v === 'number' ? tiyinToSom(v) : v;

export function toCsv(tables: readonly ExportTable[]): string {
  const lines: string[] = [];
  for (const table of tables) {
    if (lines.length > 0) lines.push('');
    lines.push(csvCell(table.title));
    lines.push(table.columns.map((c) => csvCell(c.header)).join(','));
    for (const row of table.rows) {
      lines.push(
        row
          .map((v, i) => {
            const kind = table.columns[i]?.kind ?? 'text';
            const value = writtenValue(kind, v);
            if (value === null) return '';
            if (typeof value === 'number') return kind === 'tiyin' ? value.toFixed(2) : String(value);
            return csvCell(value);
          })
          .join(','),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Sheet names: Excel takes at most 31 characters, none of `[]:*?/\`, each once. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);

export async function toXlsx(tables: readonly ExportTable[]): Promise<Buffer> {
  const sheets = tables.map((table) => {
    const header: Row = table.columns.map((c) => ({ value: c.header, fontWeight: 'bold' }) as Cell);
    const rows: Row[] = table.rows.map((row) =>
      row.map((v, i) => {
        const kind = table.columns[i]?.kind ?? 'text';
        const value = writtenValue(kind, v);
        if (value === null) return null;
        if (typeof value === 'number') {
          return { value, type: Number, ...(kind === 'tiyin' ? { format: '#,##0.00' } : {}) } as Cell;
        }
        return { value, type: String } as Cell;
      }),
    );
    return {
      data: [header, ...rows],
      sheet: sheetName(table.title),
      stickyRowsCount: 1,
      columns: table.columns.map((c) => ({ width: Math.max(10, Math.min(40, c.header.length + 2)) })),
    };
  });
  return writeXlsxFile(sheets).toBuffer();
}

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function fileOf(tables: readonly ExportTable[], format: ReportFormat): Promise<Buffer | string> {
  return format === 'csv' ? toCsv(tables) : toXlsx(tables);
}

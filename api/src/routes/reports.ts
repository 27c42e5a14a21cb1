/**
 * «Hisobot» (docs/REPORTS.md): a restaurant's reports over a period of Tashkent days (a manager's
 * own restaurant; an admin names it with `?restaurant_id=`), each also as a CSV or XLSX file, and
 * the admin's restaurants side by side. Each route calls one method of `app.reports`.
 */
import {
  answers,
  REPORT_LIMITS,
  type ReportFormat,
  type ReportKind,
  reportCompareExportQuery,
  reportCompareQuery,
  reportExportQuery,
  reportKindParam,
  reportQuery,
} from '@qrmenu/shared/schemas';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ownedRestaurantId } from '../http/access';
import { routeKit } from '../http/route';
import type { App } from '../types';

const PERIOD_TEXT = `Days \`from\`..\`to\` (Tashkent, both included), compared with the same number of days before \`from\`. 400 for a start after the end or a period longer than ${REPORT_LIMITS.days} days; amounts in tiyin.`;
const FILE_TEXT =
  "text/csv (UTF-8 with BOM, CRLF; the tables one after another under their titles) or an XLSX workbook (a sheet per table); money in so'm with the tiyin, as numbers";

// each answer's schema documents and serializes its route; typed loosely here so that one loop
// registers the five (each handler answers its own report)
const REPORTS: readonly [ReportKind, z.ZodType, string][] = [
  [
    'takings',
    answers.takingsReport,
    'Takings: orders, revenue paid / unpaid / rejected, the average check, by day and by payment method',
  ],
  [
    'dishes',
    answers.dishesReport,
    'Dishes: sold by count and revenue, never ordered, options and rows chosen, how often each ran out',
  ],
  [
    'times',
    answers.timesReport,
    'Times: orders by weekday and hour, accept and kitchen times (median, p90) by day',
  ],
  ['guests', answers.guestsReport, 'Guests: menu views and orders by placement and by language'],
  ['rejections', answers.rejectionsReport, 'Rejected orders by reason'],
];

async function sendFile(
  reply: FastifyReply,
  file: { body: Buffer | string; contentType: string },
  format: ReportFormat,
  name: string,
) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', `attachment; filename="${name}.${format}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

export default async function reportRoutes(app: App): Promise<void> {
  const { reports } = app;
  const route = routeKit(app, { tag: 'reports', access: 'own' });

  for (const [kind, answer, summary] of REPORTS) {
    app.get(
      `/manager/reports/${kind}`,
      {
        config: { access: 'own' },
        schema: {
          tags: ['reports'],
          operationId: `reports.${kind}`,
          summary,
          description: PERIOD_TEXT,
          querystring: reportQuery,
          response: { 200: answer },
        },
      },
      async (request) => ({ data: await reports[kind](await ownedRestaurantId(request), request.query) }),
    );
  }

  app.get(
    '/manager/reports/:kind/export',
    {
      config: { access: 'own' },
      schema: {
        tags: ['reports'],
        operationId: 'reports.export',
        summary: 'A report as a CSV or XLSX file (a download)',
        description: PERIOD_TEXT,
        params: reportKindParam,
        querystring: reportExportQuery,
        response: { 200: z.string().describe(FILE_TEXT) },
      },
    },
    async (request, reply) => {
      const restaurantId = await ownedRestaurantId(request);
      const { kind } = request.params;
      const { format, from, to } = request.query;
      const file = await reports.file(kind, restaurantId, { from, to }, format);
      return sendFile(reply, file, format, `hisobot-${kind}-${from}-${to}`);
    },
  );

  route.get(
    '/admin/reports/restaurants',
    {
      access: 'adm',
      operationId: 'reports.restaurants',
      summary: "Restaurants side by side: each one's takings and the period before (admins)",
      description: `${PERIOD_TEXT} Every restaurant, or the ones \`restaurant_ids\` names (comma-separated, at most ${REPORT_LIMITS.compare}; 404 for one that does not exist).`,
      querystring: reportCompareQuery,
      response: { 200: answers.restaurantsCompareReport },
    },
    (request) => reports.compare(request.query),
  );

  app.get(
    '/admin/reports/restaurants/export',
    {
      config: { access: 'adm' },
      schema: {
        tags: ['reports'],
        operationId: 'reports.restaurantsExport',
        summary: 'Restaurants side by side as a CSV or XLSX file (admins)',
        description: PERIOD_TEXT,
        querystring: reportCompareExportQuery,
        response: { 200: z.string().describe(FILE_TEXT) },
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const file = await reports.compareFile(request.query, format);
      return sendFile(reply, file, format, `hisobot-restoranlar-${from}-${to}`);
    },
  );
}

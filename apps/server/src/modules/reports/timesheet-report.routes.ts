import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REPORT_READERS } from '@tms/contracts/routes';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  TIMESHEET_REPORT_MESSAGES as M,
  TIMESHEET_REPORT_PATHS as P,
  summaryChartResponseSchema,
  timesheetDetailFileName,
  timesheetDetailResponseSchema,
  timesheetReportFilterSchema,
  timesheetReportQuerySchema,
  timesheetSummaryFileName,
  timesheetSummaryResponseSchema,
} from '@tms/contracts/timesheet-report';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as timesheetReport from './timesheet-report.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Timesheets Summary and Timesheets Details (spec 001 §2.10, §7.9): the pages, their exports and the summary chart.
 * HR, HRM, ADMIN, DULEAD, GROUP_LEAD; rows by the caller's scope (RULES.md §3) in SQL.
 */
export async function timesheetReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };
  const tags = ['timesheet reports'];
  const config = { access: REPORT_READERS, scope: 'employee-scope' as const };

  app.get(P.summary, { config, schema: { tags, querystring: timesheetReportQuerySchema, response: { 200: timesheetSummaryResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await timesheetReport.summary(deps, requireUser(request), request.query)),
  }));

  app.get(P.detail, { config, schema: { tags, querystring: timesheetReportQuerySchema, response: { 200: timesheetDetailResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await timesheetReport.detail(deps, requireUser(request), request.query)),
  }));

  app.get(P.summaryChart, { config, schema: { tags, querystring: timesheetReportFilterSchema, response: { 200: summaryChartResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    data: await timesheetReport.chart(deps, requireUser(request), request.query),
  }));

  for (const [path, withDays] of [[P.exportSummary, false], [P.exportDetail, true]] as const) {
    app.get(path, { config, schema: { tags, querystring: timesheetReportFilterSchema, response: errors } }, async (request, reply) => {
      const out = await timesheetReport.exportRows(deps, requireUser(request), request.query, withDays);
      // spec 001 §8: an export with nothing in it answers JSON, which the page shows as "No data export".
      if (out.empty) return reply.send({ code: 200, message: M.noDataExport, data: null });
      const fileName = withDays ? timesheetDetailFileName(out.period.name) : timesheetSummaryFileName(out.period.name);
      return sendXlsx(reply, { fileName, sheetName: withDays ? 'Timesheets Details' : 'Timesheets Summary', columns: out.columns, rows: out.rows });
    });
  }
}

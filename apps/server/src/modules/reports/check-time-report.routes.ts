import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHECK_TIME_LATE_BY_WEEKDAY_PATH,
  CHECK_TIME_REPORT_EXPORT_PATH,
  CHECK_TIME_REPORT_MESSAGES as M,
  CHECK_TIME_REPORT_PATH,
  checkTimeReportQuerySchema,
  checkTimeReportResponseSchema,
  lateByWeekdayResponseSchema,
} from '@tms/contracts/check-time-report';
import { REPORT_READERS } from '@tms/contracts/routes';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { checkTimeExportColumns } from './check-time-report.service.ts';
import * as checkTimeReport from './check-time-report.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Check in - Check out report (spec 001 §2.10, §5.8, §7.9): the list, its export and the late arrivals by weekday chart.
 * RULES.md §2: /report pages for HR, HRM, ADMIN, DULEAD, GROUP_LEAD; rows by the caller's data scope (RULES.md §3).
 */
export async function checkTimeReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db };
  const config = { access: REPORT_READERS, scope: 'employee-scope' } as const;
  const tags = ['check-time report'];

  app.get(
    CHECK_TIME_REPORT_PATH,
    { config, schema: { tags, querystring: checkTimeReportQuerySchema, response: { 200: checkTimeReportResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, ...(await checkTimeReport.list(deps, requireUser(request), request.query)) }),
  );

  app.get(
    CHECK_TIME_LATE_BY_WEEKDAY_PATH,
    { config, schema: { tags, querystring: checkTimeReportQuerySchema, response: { 200: lateByWeekdayResponseSchema, ...errors } } },
    async (request) => {
      const { page: _page, size: _size, ...filter } = request.query;
      return { code: 200, message: M.success, data: await checkTimeReport.lateByWeekday(deps, requireUser(request), filter) };
    },
  );

  app.get(CHECK_TIME_REPORT_EXPORT_PATH, { config, schema: { tags, querystring: checkTimeReportQuerySchema, response: errors } }, async (request, reply) => {
    const { page: _page, size: _size, ...filter } = request.query;
    const out = checkTimeReport.exportRows(deps, requireUser(request), filter);
    return sendXlsx(reply, { fileName: out.fileName, sheetName: 'Check In - Check Out', columns: checkTimeExportColumns(), rows: out.rows });
  });
}

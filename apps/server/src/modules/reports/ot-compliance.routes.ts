import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OT_COMPLIANCE_CHART_PATH,
  OT_COMPLIANCE_EXPORT_PATH,
  OT_COMPLIANCE_PATH,
  OT_LIMIT_MESSAGES as M,
  otComplianceChartResponseSchema,
  otComplianceQuerySchema,
  otComplianceResponseSchema,
} from '@tms/contracts/overtime-limits';
import { REPORT_READERS } from '@tms/contracts/routes';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as compliance from './ot-compliance.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Overtime compliance report (issue 27 §2): the list, the departments chart and the export. RULES.md §2: /report pages
 * for HR, HRM, ADMIN, DULEAD, GROUP_LEAD; rows by the caller's data scope (RULES.md §3).
 */
export async function otComplianceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const config = { access: REPORT_READERS, scope: 'employee-scope' } as const;
  const tags = ['overtime compliance report'];

  app.get(OT_COMPLIANCE_PATH, { config, schema: { tags, querystring: otComplianceQuerySchema, response: { 200: otComplianceResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await compliance.list(deps, requireUser(request), request.query)),
  }));

  app.get(OT_COMPLIANCE_CHART_PATH, { config, schema: { tags, querystring: otComplianceQuerySchema, response: { 200: otComplianceChartResponseSchema, ...errors } } }, async (request) => {
    const { page: _page, size: _size, ...filter } = request.query;
    return { code: 200, message: M.success, data: await compliance.byDepartment(deps, requireUser(request), filter) };
  });

  app.get(OT_COMPLIANCE_EXPORT_PATH, { config, schema: { tags, querystring: otComplianceQuerySchema, response: errors } }, async (request, reply) => {
    const { page: _page, size: _size, ...filter } = request.query;
    const out = await compliance.exportRows(deps, requireUser(request), filter);
    return sendXlsx(reply, { fileName: out.fileName, sheetName: 'Overtime compliance', columns: compliance.complianceExportColumns(), rows: out.rows });
  });
}

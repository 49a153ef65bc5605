import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OVERTIME_IMPORT_USERS, OVERTIME_USERS } from '@tms/contracts/overtime';
import {
  OVERTIME_EXPORT_PATH,
  OVERTIME_FLEXIBLE_LIST_PATH,
  OVERTIME_IMPORT_MAX_ROWS,
  OVERTIME_IMPORT_PATH,
  OVERTIME_IMPORT_RESULT_FILE,
  OVERTIME_IMPORT_TEMPLATE_FILE,
  OVERTIME_IMPORT_TEMPLATE_PATH,
  OVERTIME_LIST_MESSAGES as M,
  OVERTIME_LIST_PATH,
  fixedListResponseSchema,
  flexibleListResponseSchema,
  overtimeExportQuerySchema,
  overtimeListFileName,
  overtimeListQuerySchema,
} from '@tms/contracts/overtime-list';
import { OVERTIME_MESSAGES } from '@tms/contracts/overtime';
import { safeText } from '@tms/contracts/schemas';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsx, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { OVERTIME_IMPORT_HEADERS, overtimeImportTemplate, importOvertime, overtimeImportExample } from './overtime-import.service.ts';
import { overtimeListService } from './overtime-list.service.ts';
import { overtimeLookupRoutes } from './overtime-lookups.routes.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * The overtime list page (spec 001 §2.4, §6, §7.3, §7.10): the fixed list, the flexible list, Export to Excel, Import
 * Overtime with its template, and the overtime lookups. Every role but GUEST; rows by RULES.md §3 in SQL.
 */
export async function overtimeListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = overtimeListService({ db: app.db, clock: app.clock });
  const tags = ['overtime list'];
  const config = { access: OVERTIME_USERS, scope: 'employee-scope' as const };

  app.get(OVERTIME_LIST_PATH, { config, schema: { tags, querystring: overtimeListQuerySchema, response: { 200: fixedListResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await service.listFixed(requireUser(request), request.query)),
  }));

  app.get(
    OVERTIME_FLEXIBLE_LIST_PATH,
    { config, schema: { tags, querystring: overtimeListQuerySchema, response: { 200: flexibleListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.success, ...(await service.listFlexible(requireUser(request), request.query)) }),
  );

  app.get(OVERTIME_EXPORT_PATH, { config, schema: { tags, querystring: overtimeExportQuerySchema, response: errors } }, async (request, reply) => {
    const out = await service.exportRows(requireUser(request), request.query);
    return sendXlsx(reply, { fileName: overtimeListFileName(out.fileFrom, out.fileTo), sheetName: 'Overtime', columns: out.columns, rows: out.rows });
  });

  app.get(OVERTIME_IMPORT_TEMPLATE_PATH, { config: { access: OVERTIME_IMPORT_USERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const buffer = await buildXlsxBuffer({ sheetName: 'Overtime', columns: overtimeImportTemplate(), rows: overtimeImportExample(app.clock.today()) });
    return sendXlsxBuffer(reply, OVERTIME_IMPORT_TEMPLATE_FILE, buffer);
  });

  app.post(
    OVERTIME_IMPORT_PATH,
    { config: { access: OVERTIME_IMPORT_USERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'], querystring: z.object({ type: safeText().max(20).optional() }) } },
    async (request, reply) => {
      const upload = await readImportUpload(request, { field: 'file', extensions: ['.xls', '.xlsx'], maxRows: OVERTIME_IMPORT_MAX_ROWS, template: OVERTIME_IMPORT_HEADERS });
      const outcome = await importOvertime({ db: app.db, clock: app.clock, log: app.log }, requireUser(request), upload, { overwrite: request.query.type === 'overwrite' });
      if ('errors' in outcome) return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: outcome.errors, resultFileName: OVERTIME_IMPORT_RESULT_FILE, template: OVERTIME_IMPORT_HEADERS });
      // Issue 27 §2: `limits` names the staff the imported hours take over an overtime limit (a warning).
      return sendImportSuccess(reply, { count: outcome.count, message: OVERTIME_MESSAGES.importSuccess, extra: { limits: outcome.limits } });
    },
  );

  await overtimeLookupRoutes(fastify);
}

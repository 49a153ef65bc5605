import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TIMESHEET_EXPORT_PATHS as P,
  TIMESHEET_IMPORT_EXTENSIONS,
  TIMESHEET_IMPORT_MAX_ROWS,
  TIMESHEET_IMPORT_MESSAGES as M,
  TIMESHEET_IMPORT_RESULT_NAME,
  TIMESHEET_IMPORT_TEMPLATE_NAME,
  TIMESHEET_IMPORTERS,
  importQuerySchema,
} from '@tms/contracts/timesheet-export';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { importRows, templateRows } from './timesheet-import.service.ts';
import { templateXlsxColumns, TIMESHEET_IMPORT_HEADERS } from './timesheet-import.validation.ts';

/** The timesheet import and its template (spec 001 §5.1, §7.1; RULES.md §1 imports). */
export async function timesheetImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['check-in-out'];

  app.get(P.importTemplate, { config: { access: TIMESHEET_IMPORTERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: 'Timesheet', columns: templateXlsxColumns(), rows: templateRows(deps) });
    return sendXlsxBuffer(reply, TIMESHEET_IMPORT_TEMPLATE_NAME, workbook);
  });

  // Spec 001 §7.1: header `code: 200` and the list reloads, or header `code: 400` and the result file is the error report.
  app.post(
    P.import,
    { config: { access: TIMESHEET_IMPORTERS, scope: 'all' }, schema: { tags, querystring: importQuerySchema, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const upload = await readImportUpload(request, { field: 'file', extensions: TIMESHEET_IMPORT_EXTENSIONS, maxRows: TIMESHEET_IMPORT_MAX_ROWS, template: TIMESHEET_IMPORT_HEADERS });
      const result = await importRows(deps, upload, request.query.type);
      if ('errors' in result) {
        return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: TIMESHEET_IMPORT_RESULT_NAME, template: TIMESHEET_IMPORT_HEADERS });
      }
      return sendImportSuccess(reply, { count: result.count, message: M.imported });
    },
  );
}

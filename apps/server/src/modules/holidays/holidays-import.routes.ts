import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HOLIDAYS_IMPORT_EXTENSIONS,
  HOLIDAYS_IMPORT_MAX_ROWS,
  HOLIDAYS_IMPORT_PATH,
  HOLIDAYS_MESSAGES as M,
  HOLIDAYS_RESULT_FILE,
  HOLIDAYS_TEMPLATE_FILE,
  HOLIDAYS_TEMPLATE_PATH,
  HOLIDAYS_WRITERS as WRITERS,
  holidaysImportQuerySchema,
} from '@tms/contracts/holidays';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { HolidaysDeps } from './holidays.service.ts';
import { importHolidays, TEMPLATE_HEADERS, templateExampleRow, templateXlsxColumns } from './holidays-import.ts';

/** The holidays' template and import (spec 000 §5 Import dialog; RULES.md §1). */
export async function holidayImportRoutes(fastify: FastifyInstance, deps: HolidaysDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['holidays'];
  app.get(HOLIDAYS_TEMPLATE_PATH, { config: { access: WRITERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: 'Holidays', columns: templateXlsxColumns(), rows: [templateExampleRow(deps.clock.today())] });
    return sendXlsxBuffer(reply, HOLIDAYS_TEMPLATE_FILE, workbook);
  });
  app.post(HOLIDAYS_IMPORT_PATH, { config: { access: WRITERS, scope: 'none' }, schema: { tags, querystring: holidaysImportQuerySchema, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const upload = await readImportUpload(request, { field: 'file', extensions: HOLIDAYS_IMPORT_EXTENSIONS, maxRows: HOLIDAYS_IMPORT_MAX_ROWS, template: TEMPLATE_HEADERS });
    const result = await importHolidays(deps, requireUser(request), request.query.calendar_code ?? '', upload);
    if ('errors' in result) return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: HOLIDAYS_RESULT_FILE, template: TEMPLATE_HEADERS });
    return sendImportSuccess(reply, { count: result.count, message: M.imported });
  });
}

import type { FastifyInstance } from 'fastify';
import {
  REQUEST_IMPORT_MAX_ROWS,
  REQUEST_IMPORT_REVOKE_PATH,
  REQUEST_IMPORT_REVOKE_RESULT_FILE,
  REQUEST_IMPORT_REVOKE_TEMPLATE_FILE,
  REQUEST_IMPORT_TIME_OFF_PATH,
  REQUEST_IMPORT_TIME_OFF_RESULT_FILE,
  REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE,
  REQUEST_IMPORTERS,
} from '@tms/contracts/request-list';
import { REQUEST_MESSAGES } from '@tms/contracts/requests';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { importRevoke, importTimeOff, REVOKE_HEADERS, revokeExample, revokeTemplate, TIME_OFF_HEADERS, timeOffExample, timeOffTemplate } from './request-import.service.ts';

/**
 * Import Request TimeOff / Revoke (ADMIN, HRM, HR; spec 001 §2.3, §7.2): multipart `file`; header `code: 200` + JSON
 * count, or header `code: 400` + the xlsx error report (RULES.md §1). Templates beside each.
 */
export async function requestImportRoutes(app: FastifyInstance) {
  const deps = { db: app.db, clock: app.clock, log: app.log };
  const tags = ['request imports'];
  const imports = [
    { path: REQUEST_IMPORT_TIME_OFF_PATH, template: REQUEST_IMPORT_TIME_OFF_TEMPLATE_FILE, result: REQUEST_IMPORT_TIME_OFF_RESULT_FILE, message: REQUEST_MESSAGES.imported, columns: timeOffTemplate, headers: TIME_OFF_HEADERS, example: timeOffExample, run: importTimeOff },
    { path: REQUEST_IMPORT_REVOKE_PATH, template: REQUEST_IMPORT_REVOKE_TEMPLATE_FILE, result: REQUEST_IMPORT_REVOKE_RESULT_FILE, message: REQUEST_MESSAGES.importedRevoke, columns: revokeTemplate, headers: REVOKE_HEADERS, example: revokeExample, run: importRevoke },
  ];
  for (const im of imports) {
    app.get(`${im.path}/template`, { config: { access: REQUEST_IMPORTERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
      const buffer = await buildXlsxBuffer({ sheetName: 'Requests', columns: im.columns(), rows: im.example(app.clock.today()) });
      return sendXlsxBuffer(reply, im.template, buffer);
    });
    app.post(im.path, { config: { access: REQUEST_IMPORTERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
      const upload = await readImportUpload(request, { field: 'file', extensions: ['.xlsx'], maxRows: REQUEST_IMPORT_MAX_ROWS, template: im.headers });
      const outcome = await im.run(deps, requireUser(request), upload);
      if ('errors' in outcome) return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: outcome.errors, resultFileName: im.result, template: im.headers });
      return sendImportSuccess(reply, { count: outcome.count, message: im.message });
    });
  }
}

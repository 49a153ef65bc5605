import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  BONUS_LEAVE_IMPORT_EXTENSIONS,
  BONUS_LEAVE_IMPORT_MAX_ROWS,
  BONUS_LEAVE_MESSAGES as M,
  BONUS_LEAVE_PATH as P,
  BONUS_LEAVE_READERS as READERS,
  BONUS_LEAVE_RESULT_FILE,
  BONUS_LEAVE_TEMPLATE_FILE,
  BONUS_LEAVE_WRITERS as WRITERS,
  bonusLeaveCreateResponseSchema,
  bonusLeaveCreateSchema,
  bonusLeaveListQuerySchema,
  bonusLeaveListResponseSchema,
  bonusLeaveUpdateResponseSchema,
  bonusLeaveUpdateSchema,
} from '@tms/contracts/bonus-leave';
import { recordDeleteParamsSchema, recordDeleteQuerySchema, recordDeleteResponseSchema, recordHistoryQuerySchema, recordHistoryResponseSchema } from '@tms/contracts/leave-forms';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { bonusLeaveService } from './bonus-leave.service.ts';
import { TEMPLATE_COLUMNS } from './bonus-leave.import.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Bonus leave calls (spec 000 §7). */
export async function bonusLeaveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = bonusLeaveService({ db: app.db, clock: app.clock });
  const tags = ['bonus leave'];

  app.get(
    P,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: bonusLeaveListQuerySchema, response: { 200: bonusLeaveListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await service.list(requireUser(request), request.query)) }),
  );

  app.post(
    `${P}/create`,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, body: bonusLeaveCreateSchema, response: { 200: bonusLeaveCreateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await service.create(requireUser(request), request.body) }),
  );

  app.put(
    `${P}/update`,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, body: bonusLeaveUpdateSchema, response: { 200: bonusLeaveUpdateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.updated, data: await service.update(requireUser(request), request.body) }),
  );

  app.delete(
    `${P}/delete/:id`,
    {
      config: { access: WRITERS, scope: 'all' },
      schema: { tags, params: recordDeleteParamsSchema, querystring: recordDeleteQuerySchema, response: { 200: recordDeleteResponseSchema, ...errors } },
    },
    async (request) => {
      await service.remove(requireUser(request), request.params.id, request.query.version);
      return { code: 200, message: M.deleted, data: { id: request.params.id } };
    },
  );

  app.get(
    `${P}/history`,
    // Spec 000 §4: row actions, History included, exist only for HR, HRM and Admin.
    { config: { access: WRITERS, scope: 'employee-scope' }, schema: { tags, querystring: recordHistoryQuerySchema, response: { 200: recordHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await service.history(requireUser(request), request.query.id) }),
  );

  app.get(`${P}/template`, { config: { access: WRITERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: 'Bonus Leave', columns: TEMPLATE_COLUMNS, rows: service.templateRows() });
    return sendXlsxBuffer(reply, BONUS_LEAVE_TEMPLATE_FILE, workbook);
  });

  // Header `code: 200` + JSON count, or header `code: 400` + the xlsx error report (spec 000 §8 Import).
  app.post(`${P}/import`, { config: { access: WRITERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const upload = await readImportUpload(request, { field: 'file', extensions: BONUS_LEAVE_IMPORT_EXTENSIONS, maxRows: BONUS_LEAVE_IMPORT_MAX_ROWS });
    const result = await service.importRows(requireUser(request), upload);
    if ('errors' in result) {
      return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: BONUS_LEAVE_RESULT_FILE });
    }
    return sendImportSuccess(reply, { count: result.count, message: M.imported });
  });
}

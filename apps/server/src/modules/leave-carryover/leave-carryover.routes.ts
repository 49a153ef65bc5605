import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  BEFORE_FINANCIAL_YEAR_PATH,
  LEAVE_CARRYOVER_IMPORT_EXTENSIONS,
  LEAVE_CARRYOVER_IMPORT_MAX_ROWS,
  LEAVE_CARRYOVER_MESSAGES as M,
  LEAVE_CARRYOVER_PATH as P,
  LEAVE_CARRYOVER_READERS as READERS,
  LEAVE_CARRYOVER_RESULT_FILE,
  LEAVE_CARRYOVER_TEMPLATE_FILE,
  LEAVE_CARRYOVER_WRITERS as WRITERS,
  REMAIN_FINANCIAL_LEAVE_PATH,
  beforeFinancialYearResponseSchema,
  leaveCarryoverCreateResponseSchema,
  leaveCarryoverCreateSchema,
  leaveCarryoverListQuerySchema,
  leaveCarryoverListResponseSchema,
  leaveCarryoverUpdateResponseSchema,
  leaveCarryoverUpdateSchema,
  remainFinancialLeaveQuerySchema,
  remainFinancialLeaveResponseSchema,
} from '@tms/contracts/leave-carryover';
import { recordDeleteParamsSchema, recordDeleteQuerySchema, recordDeleteResponseSchema, recordHistoryQuerySchema, recordHistoryResponseSchema } from '@tms/contracts/leave-forms';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { leaveCarryoverService } from './leave-carryover.service.ts';
import { TEMPLATE_COLUMNS } from './leave-carryover.import.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Leave carryover calls and its two supporting calls (spec 000 §7). */
export async function leaveCarryoverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = leaveCarryoverService({ db: app.db, clock: app.clock });
  const tags = ['leave carryover'];

  app.get(
    P,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: leaveCarryoverListQuerySchema, response: { 200: leaveCarryoverListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await service.list(requireUser(request), request.query)) }),
  );

  app.post(
    `${P}/create`,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, body: leaveCarryoverCreateSchema, response: { 200: leaveCarryoverCreateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: M.created, data: await service.create(requireUser(request), request.body) }),
  );

  app.put(
    `${P}/update`,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, body: leaveCarryoverUpdateSchema, response: { 200: leaveCarryoverUpdateResponseSchema, ...errors } } },
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
    const workbook = await buildXlsxBuffer({ sheetName: 'Leave Carryover', columns: TEMPLATE_COLUMNS, rows: service.templateRows() });
    return sendXlsxBuffer(reply, LEAVE_CARRYOVER_TEMPLATE_FILE, workbook);
  });

  // Header `code: 200` + JSON count, or header `code: 400` + the xlsx error report (spec 000 §8 Import).
  app.post(`${P}/import`, { config: { access: WRITERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const upload = await readImportUpload(request, { field: 'files', extensions: LEAVE_CARRYOVER_IMPORT_EXTENSIONS, maxRows: LEAVE_CARRYOVER_IMPORT_MAX_ROWS });
    const result = await service.importRows(requireUser(request), upload);
    if ('errors' in result) {
      return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: LEAVE_CARRYOVER_RESULT_FILE });
    }
    return sendImportSuccess(reply, { count: result.count, message: M.imported });
  });

  app.get(
    BEFORE_FINANCIAL_YEAR_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags, response: { 200: beforeFinancialYearResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: service.beforeFinancialYear() }),
  );

  app.get(
    REMAIN_FINANCIAL_LEAVE_PATH,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, querystring: remainFinancialLeaveQuerySchema, response: { 200: remainFinancialLeaveResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await service.remaining(requireUser(request), request.query) }),
  );
}

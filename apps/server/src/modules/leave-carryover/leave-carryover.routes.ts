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
import { registerGrantRoutes } from '../leave/grant-routes.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  beforeFinancialYear,
  carryoverHistory,
  carryoverTemplateRows,
  createCarryover,
  importCarryover,
  listCarryover,
  remainingCarryover,
  removeCarryover,
  updateCarryover,
  type LeaveCarryoverDeps,
} from './leave-carryover.service.ts';
import { TEMPLATE_HEADERS, templateXlsxColumns } from './leave-carryover.import.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Leave carryover calls (spec 000 §7, declared by the leave core's grant routes) and its two supporting calls. */
export async function leaveCarryoverRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: LeaveCarryoverDeps = { db: app.db, clock: app.clock };
  const tags = ['leave carryover'];

  registerGrantRoutes(fastify, {
    path: P,
    tags,
    readers: READERS,
    writers: WRITERS,
    messages: M,
    schemas: {
      listQuery: leaveCarryoverListQuerySchema,
      listResponse: leaveCarryoverListResponseSchema,
      create: leaveCarryoverCreateSchema,
      createResponse: leaveCarryoverCreateResponseSchema,
      update: leaveCarryoverUpdateSchema,
      updateResponse: leaveCarryoverUpdateResponseSchema,
    },
    service: {
      list: (user, q) => listCarryover(deps, user, q),
      create: (user, body) => createCarryover(deps, user, body),
      update: (user, body) => updateCarryover(deps, user, body),
      remove: (user, id, version) => removeCarryover(deps, user, id, version),
      history: (user, id) => carryoverHistory(deps, user, id),
      templateRows: () => carryoverTemplateRows(app.clock),
      importRows: (user, upload) => importCarryover(deps, user, upload),
    },
    template: { sheetName: 'Leave Carryover', columns: templateXlsxColumns, headers: TEMPLATE_HEADERS, fileName: LEAVE_CARRYOVER_TEMPLATE_FILE },
    import: {
      field: 'files',
      extensions: LEAVE_CARRYOVER_IMPORT_EXTENSIONS,
      maxRows: LEAVE_CARRYOVER_IMPORT_MAX_ROWS,
      resultFileName: LEAVE_CARRYOVER_RESULT_FILE,
    },
  });

  app.get(
    BEFORE_FINANCIAL_YEAR_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags, response: { 200: beforeFinancialYearResponseSchema } } },
    async () => ({ code: 200, message: 'Success', data: beforeFinancialYear(app.clock) }),
  );

  app.get(
    REMAIN_FINANCIAL_LEAVE_PATH,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, querystring: remainFinancialLeaveQuerySchema, response: { 200: remainFinancialLeaveResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await remainingCarryover(app.db, requireUser(request), request.query) }),
  );
}

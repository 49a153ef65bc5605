import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  onsiteHistoryQuerySchema,
  onsiteHistoryResponseSchema,
  REQUEST_EXPORT_FILE,
  REQUEST_EXPORT_PATH,
  REQUEST_LIST_PATH,
  REQUEST_LIST_READERS as READERS,
  REQUEST_ONSITE_HISTORY_PATH,
  requestListQuerySchema,
  requestListResponseSchema,
} from '@tms/contracts/request-list';
import { REQUEST_MESSAGES } from '@tms/contracts/requests';
import { notFound } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { exportColumns, exportRows } from './request-export.ts';
import { requestFilesRoutes } from './request-files.routes.ts';
import { requestImportRoutes } from './request-import.routes.ts';
import { listRequestRecords, requestExportBatches, requestHistory } from './request-list.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Routes of the request list, onsite history, export, imports and attachments (spec 001 §2.3, §7.2). */
export async function requestListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock };
  const tags = ['requests'];

  app.get(
    REQUEST_LIST_PATH,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: requestListQuerySchema, response: { 200: requestListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: REQUEST_MESSAGES.success, ...(await listRequestRecords(deps, requireUser(request), request.query)) }),
  );

  app.get(
    REQUEST_ONSITE_HISTORY_PATH,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: onsiteHistoryQuerySchema, response: { 200: onsiteHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: REQUEST_MESSAGES.success, data: await requestHistory(deps, requireUser(request), request.query.id) }),
  );

  // Spec 001 §7.2 Export: the list's filters, every matching row in scope; nothing → 404 'No data export' (§8).
  app.get(
    REQUEST_EXPORT_PATH,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: requestListQuerySchema, response: errors } },
    async (request, reply) => {
      const { page: _page, size: _size, ...filter } = request.query;
      const batches = await requestExportBatches(deps, requireUser(request), filter);
      if (!batches) throw notFound(REQUEST_MESSAGES.noDataExport);
      return sendXlsx(reply, { fileName: REQUEST_EXPORT_FILE, sheetName: 'Request List', columns: exportColumns(), rows: exportRows(batches, app.clock.timeZone) });
    },
  );

  await requestFilesRoutes(app);
  await requestImportRoutes(app);
}

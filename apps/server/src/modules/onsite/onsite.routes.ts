import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_EXTENSIONS, MESSAGES_COMMON } from '@tms/contracts/api';
import {
  ONSITE_BASE as B,
  ONSITE_EXPORT_FILE,
  ONSITE_MESSAGES as M,
  ONSITE_TIMELINE,
  ONSITE_USERS,
  onsiteApproveSchema,
  onsiteCreateSchema,
  onsiteDetailResponseSchema,
  onsiteFileDeleteResponseSchema,
  onsiteFileParamsSchema,
  onsiteFileResponseSchema,
  onsiteFilesResponseSchema,
  onsiteHistoryResponseSchema,
  onsiteIdParamsSchema,
  onsiteListQuerySchema,
  onsiteListResponseSchema,
  onsiteReasonSchema,
  onsiteTimelineResponseSchema,
  onsiteUpdateSchema,
  onsiteWriteResponseSchema,
} from '@tms/contracts/onsite';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { badRequest } from '../../lib/errors.ts';
import { readUploads, sendStoredFile } from '../../lib/uploads.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { zodRoutes, type ZodRoutes } from '../../lib/route-app.ts';
import { requireUser } from '../../plugins/auth.ts';
import { deleteOnsiteFile, downloadOnsiteFile, listOnsiteFiles, uploadOnsiteFile } from './onsite-files.service.ts';
import { listOnsite, onsiteDetail, onsiteExportColumns, onsiteExportRows, onsiteHistoryOf, onsiteTimelineOf } from './onsite-read.service.ts';
import { approveOnsite, createOnsite, rejectOnsite, updateOnsite, withdrawOnsite } from './onsite.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * Onsite management (spec 002 §2 Onsite management, §3 Onsite request, §5 Onsite create; paths are ours, the spec shows
 * none). Every role but GUEST (RULES.md §2); rows by the scope of RULES.md §3 in SQL (outside it 404).
 */
export async function onsiteRoutes(fastify: FastifyInstance) {
  const app = zodRoutes(fastify);
  const deps = depsOf(app);
  onsiteRecordRoutes(app, deps);
  onsiteFileRoutes(app, deps);
}

const depsOf = (app: ZodRoutes) => ({ db: app.db, clock: app.clock, log: app.log, mail: app.config });
type Deps = ReturnType<typeof depsOf>;
const tags = ['onsite'];
const config = { access: ONSITE_USERS, scope: 'employee-scope' as const };
const ok = <T>(data: T, message: string = M.success) => ({ code: 200, message, data });

/** The records: list, export, detail, create, edit, decide, withdraw, history and approval timeline. */
function onsiteRecordRoutes(app: ZodRoutes, deps: Deps) {
  app.get(B, { config, schema: { tags, querystring: onsiteListQuerySchema, response: { 200: onsiteListResponseSchema, ...errors } } }, async (request) => ({
    code: 200,
    message: M.success,
    ...(await listOnsite(deps, requireUser(request), request.query)),
  }));

  app.get(`${B}/export`, { config, schema: { tags, querystring: onsiteListQuerySchema, response: errors } }, async (request, reply) => {
    const rows = await onsiteExportRows(deps, requireUser(request), request.query);
    return sendXlsx(reply, { fileName: ONSITE_EXPORT_FILE, sheetName: 'Onsite', columns: onsiteExportColumns(), rows });
  });

  app.get(`${B}/:id`, { config, schema: { tags, params: onsiteIdParamsSchema, response: { 200: onsiteDetailResponseSchema, ...errors } } }, async (request) =>
    ok(await onsiteDetail(deps, requireUser(request), request.params.id)),
  );

  app.post(B, { config, schema: { tags, body: onsiteCreateSchema, response: { 200: onsiteWriteResponseSchema, ...errors } } }, async (request) =>
    ok(await createOnsite(deps, requireUser(request), request.body), M.created),
  );

  app.put(`${B}/:id`, { config, schema: { tags, params: onsiteIdParamsSchema, body: onsiteUpdateSchema, response: { 200: onsiteWriteResponseSchema, ...errors } } }, async (request) =>
    ok(await updateOnsite(deps, requireUser(request), request.params.id, request.body), M.updated),
  );

  app.post(
    `${B}/:id/approve`,
    { config, schema: { tags, params: onsiteIdParamsSchema, body: onsiteApproveSchema, response: { 200: onsiteWriteResponseSchema, ...errors } } },
    async (request) => ok(await approveOnsite(deps, requireUser(request), request.params.id, request.body), M.approved),
  );

  app.post(
    `${B}/:id/reject`,
    { config, schema: { tags, params: onsiteIdParamsSchema, body: onsiteReasonSchema, response: { 200: onsiteWriteResponseSchema, ...errors } } },
    async (request) => ok(await rejectOnsite(deps, requireUser(request), request.params.id, request.body), M.rejected),
  );

  app.post(
    `${B}/:id/withdraw`,
    { config, schema: { tags, params: onsiteIdParamsSchema, body: onsiteReasonSchema, response: { 200: onsiteWriteResponseSchema, ...errors } } },
    async (request) => ok(await withdrawOnsite(deps, requireUser(request), request.params.id, request.body), M.withdrawn),
  );

  app.get(`${B}/:id/history`, { config, schema: { tags, params: onsiteIdParamsSchema, response: { 200: onsiteHistoryResponseSchema, ...errors } } }, async (request) =>
    ok(await onsiteHistoryOf(deps, requireUser(request), request.params.id)),
  );

  // Approval flows: the Department stage's steps (or its single step), for whoever sees the record.
  app.get(ONSITE_TIMELINE, { config, schema: { tags, params: onsiteIdParamsSchema, response: { 200: onsiteTimelineResponseSchema, ...errors } } }, async (request) =>
    ok(await onsiteTimelineOf(deps, requireUser(request), request.params.id)),
  );
}

/** Attachments (spec 002 §5: 5.0 MB in all; the extensions of spec 000 §5). */
function onsiteFileRoutes(app: ZodRoutes, deps: Deps) {
  app.get(`${B}/:id/files`, { config, schema: { tags, params: onsiteIdParamsSchema, response: { 200: onsiteFilesResponseSchema, ...errors } } }, async (request) =>
    ok(await listOnsiteFiles(deps, requireUser(request), request.params.id)),
  );

  app.post(
    `${B}/:id/files`,
    { config, schema: { tags, consumes: ['multipart/form-data'], params: onsiteIdParamsSchema, response: { 200: onsiteFileResponseSchema, ...uploadErrors } } },
    async (request) => {
      const user = requireUser(request);
      const [file] = await readUploads(request, { field: 'file', extensions: ATTACHMENT_EXTENSIONS, required: true, wrongFormatMessage: MESSAGES_COMMON.attachWrongFormat });
      if (!file) throw badRequest(MESSAGES_COMMON.fileRequired);
      return ok(await uploadOnsiteFile(deps, user, request.params.id, file));
    },
  );

  app.get(`${B}/:id/files/:name`, { config, schema: { tags, params: onsiteFileParamsSchema, response: errors } }, async (request, reply) =>
    sendStoredFile(reply, await downloadOnsiteFile(deps, requireUser(request), request.params.id, request.params.name)),
  );

  app.delete(`${B}/:id/files/:name`, { config, schema: { tags, params: onsiteFileParamsSchema, response: { 200: onsiteFileDeleteResponseSchema, ...errors } } }, async (request) =>
    ok(await deleteOnsiteFile(deps, requireUser(request), request.params.id, request.params.name)),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_EXTENSIONS, MESSAGES_COMMON } from '@tms/contracts/api';
import { OVERTIME_USERS } from '@tms/contracts/overtime';
import {
  FLEXIBLE_MESSAGES as M,
  flexibleChangeStatusResponseSchema,
  flexibleChangeStatusSchema,
  flexibleCreateResponseSchema,
  flexibleCreateSchema,
  flexibleDetailQuerySchema,
  flexibleDetailResponseSchema,
  flexibleDownloadQuerySchema,
  flexibleEditSchema,
  flexibleFileDeleteResponseSchema,
  flexibleFileNameParamsSchema,
  flexibleFileParamsSchema,
  flexibleFileResponseSchema,
  flexibleFilesResponseSchema,
  flexibleProjectsResponseSchema,
  flexibleWriteResponseSchema,
  roleEmployeeParamsSchema,
  roleEmployeeQuerySchema,
  roleEmployeeResponseSchema,
  flexibleTimelineParamsSchema,
} from '@tms/contracts/overtime-flexible';
import { approvalTimelineResponseSchema } from '@tms/contracts/approval-flows';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { badRequest } from '../../lib/errors.ts';
import { readUploads, sendStoredFile } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createFlexibleOvertime, editFlexibleOvertime, flexibleDetail, flexibleProjects, projectRoleOf, type FlexibleDeps } from './flexible-overtime.service.ts';
import { changeFlexibleStatus } from './flexible-overtime-status.service.ts';
import { flexibleTimeline } from './flexible-overtime-flow.ts';
import { deleteFlexibleFile, downloadFlexibleFile, listFlexibleFiles, uploadFlexibleFile } from './flexible-overtime-files.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * Flexible overtime (spec 001 §7.3): create, edit, detail, the staged status changes, the project role lookup and the
 * request's files. Every role but GUEST (RULES.md §2); rows by RULES.md §3 in SQL (outside it 404), actions by
 * contracts `flexibleRefusal`.
 */
export async function flexibleOvertimeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: FlexibleDeps = { db: app.db, clock: app.clock, log: app.log, mail: app.config };
  const tags = ['overtime'];
  const config = { access: OVERTIME_USERS, scope: 'employee-scope' as const };
  const ok = <T>(data: T, message: string = M.success) => ({ code: 200, message, data });
  const B = '/tms/overtime-request';
  const F = '/tms/overtime-management/v2/:id';

  app.post(`${B}/create`, { config, schema: { tags, body: flexibleCreateSchema, response: { 201: flexibleCreateResponseSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send({ code: 201, message: M.created, data: await createFlexibleOvertime(deps, requireUser(request), request.body) }),
  );

  app.put(`${B}/edit`, { config, schema: { tags, body: flexibleEditSchema, response: { 200: flexibleWriteResponseSchema, ...errors } } }, async (request) =>
    ok(await editFlexibleOvertime(deps, requireUser(request), request.body), M.updated),
  );

  app.get(`${B}/detail-ot-flexible`, { config, schema: { tags, querystring: flexibleDetailQuerySchema, response: { 200: flexibleDetailResponseSchema, ...errors } } }, async (request) =>
    ok(await flexibleDetail(deps, requireUser(request), request.query.id)),
  );

  app.put(
    `${B}/flexible-change-status`,
    {
      config,
      schema: {
        tags,
        body: flexibleChangeStatusSchema,
        response: { 200: flexibleChangeStatusResponseSchema, 207: flexibleChangeStatusResponseSchema, 400: flexibleChangeStatusResponseSchema.or(errorEnvelopeSchema), 403: flexibleChangeStatusResponseSchema.or(errorEnvelopeSchema), 404: flexibleChangeStatusResponseSchema.or(errorEnvelopeSchema), 409: flexibleChangeStatusResponseSchema.or(errorEnvelopeSchema) },
      },
    },
    async (request, reply) => {
      const { status, message, items } = await changeFlexibleStatus(deps, requireUser(request), request.body);
      return reply.code(status as 200).send({ code: status, message, data: items });
    },
  );

  app.get(`${B}/flexible-projects`, { config, schema: { tags, response: { 200: flexibleProjectsResponseSchema, ...errors } } }, async (request) =>
    ok(await flexibleProjects(app.db, requireUser(request))),
  );

  app.get(
    '/tms/filters/project/:id/role-employee',
    { config, schema: { tags, params: roleEmployeeParamsSchema, querystring: roleEmployeeQuerySchema, response: { 200: roleEmployeeResponseSchema, ...errors } } },
    async (request) => ok(await projectRoleOf(app.db, requireUser(request), request.params.id, request.query.username)),
  );

  // Issue 29: the manager stage's approval steps, to whoever sees the request (404 otherwise).
  app.get(`${F}/approval-timeline`, { config, schema: { tags, params: flexibleTimelineParamsSchema, response: { 200: approvalTimelineResponseSchema, ...errors } } }, async (request) =>
    ok(await flexibleTimeline(app.db, app.clock.timeZone, requireUser(request), request.params.id)),
  );

  // Files (spec 001 §7.3 "Files for flexible"; RULES.md §1 limits).
  app.get(`${F}/get-all-file-upload`, { config, schema: { tags, params: flexibleFileParamsSchema, response: { 200: flexibleFilesResponseSchema, ...errors } } }, async (request) =>
    ok(await listFlexibleFiles(deps, requireUser(request), request.params.id)),
  );

  app.get(`${F}/download`, { config, schema: { tags, params: flexibleFileParamsSchema, querystring: flexibleDownloadQuerySchema, response: errors } }, async (request, reply) =>
    sendStoredFile(reply, await downloadFlexibleFile(deps, requireUser(request), request.params.id, request.query.name)),
  );

  app.post(
    `${F}/upload`,
    { config, schema: { tags, consumes: ['multipart/form-data'], params: flexibleFileParamsSchema, response: { 200: flexibleFileResponseSchema, ...uploadErrors } } },
    async (request) => {
      const user = requireUser(request);
      const [file] = await readUploads(request, { field: 'file', extensions: ATTACHMENT_EXTENSIONS, required: true, wrongFormatMessage: MESSAGES_COMMON.attachWrongFormat });
      if (!file) throw badRequest(MESSAGES_COMMON.fileRequired);
      return ok(await uploadFlexibleFile(deps, user, request.params.id, file));
    },
  );

  app.delete(`${F}/:name`, { config, schema: { tags, params: flexibleFileNameParamsSchema, response: { 200: flexibleFileDeleteResponseSchema, ...errors } } }, async (request) =>
    ok(await deleteFlexibleFile(deps, requireUser(request), request.params.id, request.params.name)),
  );
}

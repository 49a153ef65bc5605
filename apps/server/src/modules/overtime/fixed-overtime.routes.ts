import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ATTACHMENT_EXTENSIONS, MESSAGES_COMMON } from '@tms/contracts/api';
import { OVERTIME_MESSAGES, OVERTIME_USERS } from '@tms/contracts/overtime';
import { REASSIGN_MOVERS, assigneeCandidatesQuerySchema, assigneeCandidatesResponseSchema } from '@tms/contracts/reassign';
import {
  FIXED_MESSAGES as F,
  FIXED_OT_BASE as B,
  FIXED_MEMBERS_PATH,
  FIXED_TIMELINE_PATH,
  fixedTimelineQuerySchema,
  FIXED_OT_FILES_BASE as FB,
  fixedMembersQuerySchema,
  fixedMembersResponseSchema,
  commentAddParamsSchema,
  commentBodySchema,
  commentIdParamsSchema,
  fixedAssigneeSchema,
  fixedCreateSchema,
  fixedDetailResponseSchema,
  fixedFileDeleteResponseSchema,
  fixedFileIdQuerySchema,
  fixedFileNameQuerySchema,
  fixedFilesResponseSchema,
  fixedHistoryResponseSchema,
  fixedIdParamsSchema,
  fixedOtRequestParamsSchema,
  fixedStatusSchema,
  fixedUpdateSchema,
  fixedWriteResponseSchema,
  overtimeCommentDeleteResponseSchema,
  overtimeCommentResponseSchema,
  overtimeCommentsResponseSchema,
} from '@tms/contracts/overtime-fixed';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { approvalTimelineResponseSchema } from '@tms/contracts/approval-flows';
import { badRequest } from '../../lib/errors.ts';
import { readMultipart, readUploads, sendStoredFile, type UploadedFile } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { pageInfo } from '../../lib/page-answer.ts';
import { createFixedOvertime, fixedDetail, fixedHistory, fixedTimeline, updateFixedOvertime, type FixedDeps } from './fixed-overtime.service.ts';
import { updateFixedStatus } from './fixed-overtime-status.service.ts';
import { addOvertimeComment, listOvertimeComments, removeOvertimeComment, updateOvertimeComment } from './overtime-comments.service.ts';
import { overtimeAssigneeCandidates, updateOvertimeAssignee } from './overtime-reassign.service.ts';
import { deleteFixedFile, downloadFixedFile, listFixedFiles, uploadFixedFiles } from './overtime-files.service.ts';
import { searchProjectMembers } from './project-members.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const bodyTypes = ['application/json', 'multipart/form-data'];
const tags = ['overtime fixed'];
const config = { access: OVERTIME_USERS, scope: 'employee-scope' as const };
const ok = <T>(data: T, message: string = F.success, code = 200) => ({ code, message, data });

/**
 * The create and edit bodies: JSON, or multipart with a `data` JSON part (text field, application/json field or a
 * Blob) and the attachments in `files` (or `file`), so the attachment rule of spec 001 §5.6 is enforced here.
 */
async function readForm<S extends z.ZodTypeAny>(request: FastifyRequest, schema: S): Promise<{ body: z.infer<S>; files: UploadedFile[] }> {
  let raw: unknown = request.body;
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    const parts = await readMultipart(request, { field: 'files', extensions: ATTACHMENT_EXTENSIONS, multiple: true, wrongFormatMessage: MESSAGES_COMMON.attachWrongFormat });
    files = parts.files;
    raw = parts.fields.data?.[0];
    if (typeof raw === 'string') {
      try {
        raw = JSON.parse(raw) as unknown;
      } catch {
        throw badRequest(OVERTIME_MESSAGES.titleRequired);
      }
    }
  }
  if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(OVERTIME_MESSAGES.titleRequired);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
    throw badRequest(messages[0] ?? OVERTIME_MESSAGES.titleRequired, messages);
  }
  return { body: parsed.data, files };
}

/**
 * Fixed overtime (spec 001 §7.3; the detail, history and comment list/edit/delete paths are ours) and the comments of
 * both kinds. Every role but GUEST, except update-status (a GUEST decides the rows they approve, RULES.md §3) and
 * update-assignee of both kinds and its candidates (GROUP_LEAD, DULEAD, HR, HRM, ADMIN; the shared reassignment rule
 * decides the rest). Rows by `overtimeVisibleSql` (outside it 404).
 */
export async function fixedOvertimeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: FixedDeps = { db: app.db, clock: app.clock, log: app.log, mail: app.config };

  app.post(B, { config, schema: { tags, consumes: bodyTypes, response: { 201: fixedWriteResponseSchema, ...uploadErrors } } }, async (request, reply) => {
    const { body, files: uploads } = await readForm(request, fixedCreateSchema);
    const data = await createFixedOvertime(deps, requireUser(request), body, uploads);
    return reply.status(201).send(ok(data, F.created, 201));
  });

  app.put(B, { config, schema: { tags, consumes: bodyTypes, response: { 200: fixedWriteResponseSchema, ...uploadErrors } } }, async (request) => {
    const { body, files: uploads } = await readForm(request, fixedUpdateSchema);
    return ok(await updateFixedOvertime(deps, requireUser(request), body, uploads), F.updated);
  });

  app.get(FIXED_MEMBERS_PATH, { config, schema: { tags, querystring: fixedMembersQuerySchema, response: { 200: fixedMembersResponseSchema, ...errors } } }, async (request) => {
    const q = request.query;
    const rows = await searchProjectMembers(app.db, requireUser(request), { projectId: q.projectId, filter: q.filter?.trim() ?? '', limit: q.size, offset: (q.page - 1) * q.size });
    return {
      code: 200,
      message: F.success,
      data: rows.map((r) => ({
        id: r.id,
        user_name: r.user_name,
        name: r.name,
        sf4c_id: r.sf4c_id,
        // Both fields in the request's language (the web reads either, issue 25).
        department_name: { name: r.department_name, nameEn: r.department_name },
        division_name: { name: r.division_name, nameEn: r.division_name },
      })),
      page: await pageInfo(q, rows),
    };
  });

  app.get(`${B}/:id`, { config, schema: { tags, params: fixedIdParamsSchema, response: { 200: fixedDetailResponseSchema, ...errors } } }, async (request) =>
    ok(await fixedDetail(deps, requireUser(request), request.params.id)),
  );

  app.get(`${B}/:id/history`, { config, schema: { tags, params: fixedIdParamsSchema, response: { 200: fixedHistoryResponseSchema, ...errors } } }, async (request) =>
    ok(await fixedHistory(deps, requireUser(request), request.params.id)),
  );

  // Issue 29: one staff row's approval steps (its flow's, or its single step), for whoever can see the request.
  app.get(
    FIXED_TIMELINE_PATH,
    { config, schema: { tags, params: fixedIdParamsSchema, querystring: fixedTimelineQuerySchema, response: { 200: approvalTimelineResponseSchema, ...errors } } },
    async (request) => ok(await fixedTimeline(deps, requireUser(request), request.params.id, request.query.employee_id)),
  );

  app.put(
    `${B}/:otRequestId/update-status`,
    { config: { access: 'signed-in', scope: 'employee-scope' }, schema: { tags, params: fixedOtRequestParamsSchema, body: fixedStatusSchema, response: { 200: fixedWriteResponseSchema, 207: fixedWriteResponseSchema, ...errors } } },
    async (request, reply) => {
      // Issue 27 §2: an Approve All some of whose rows an overtime limit refused answers 207 with per-row items.
      const data = await updateFixedStatus(deps, requireUser(request), request.params.otRequestId, request.body);
      const status = data.items ? 207 : 200;
      return reply.code(status as 200).send({ ...ok(data, OVERTIME_MESSAGES.updateStatusSuccess), code: status });
    },
  );

  app.put(
    `${B}/:otRequestId/update-assignee`,
    { config: { access: REASSIGN_MOVERS, scope: 'employee-scope' }, schema: { tags, params: fixedOtRequestParamsSchema, body: fixedAssigneeSchema, response: { 200: fixedWriteResponseSchema, ...errors } } },
    async (request) => ok(await updateOvertimeAssignee(deps, requireUser(request), request.params.otRequestId, request.body), OVERTIME_MESSAGES.updateAssigneeSuccess),
  );
  app.get(
    `${B}/:otRequestId/assignee-candidates`,
    { config: { access: REASSIGN_MOVERS, scope: 'employee-scope' }, schema: { tags, params: fixedOtRequestParamsSchema, querystring: assigneeCandidatesQuerySchema, response: { 200: assigneeCandidatesResponseSchema, ...errors } } },
    async (request) => {
      const people = await overtimeAssigneeCandidates(deps, requireUser(request), request.params.otRequestId, request.query.employee ?? null);
      return ok(people.map((p) => ({ id: p.userId, user_name: p.username, name: p.name, department_name: p.departmentName, employee_id: p.employeeId })));
    },
  );

  overtimeCommentRoutes(app, deps);
  fixedFileRoutes(app, deps);
}

/** Comments, both kinds. */
function overtimeCommentRoutes(fastify: FastifyInstance, deps: FixedDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const commentTags = ['overtime comments'];
  app.put(
    `${B}/:requestId/:receiver_id/comment`,
    { config, schema: { tags: commentTags, params: commentAddParamsSchema, body: commentBodySchema, response: { 200: overtimeCommentResponseSchema, ...errors } } },
    async (request) => ok(await addOvertimeComment(deps, requireUser(request), request.params.requestId, request.params.receiver_id, request.body.comment), F.commentAdded),
  );
  app.get(`${B}/:id/comments`, { config, schema: { tags: commentTags, params: fixedIdParamsSchema, response: { 200: overtimeCommentsResponseSchema, ...errors } } }, async (request) =>
    ok(await listOvertimeComments(app.db, requireUser(request), request.params.id)),
  );
  app.put(
    `${B}/comments/:commentId`,
    { config, schema: { tags: commentTags, params: commentIdParamsSchema, body: commentBodySchema, response: { 200: overtimeCommentResponseSchema, ...errors } } },
    async (request) => ok(await updateOvertimeComment(app.db, requireUser(request), request.params.commentId, request.body.comment), F.commentUpdated),
  );
  app.delete(
    `${B}/comments/:commentId`,
    { config, schema: { tags: commentTags, params: commentIdParamsSchema, response: { 200: overtimeCommentDeleteResponseSchema, ...errors } } },
    async (request) => ok(await removeOvertimeComment(app.db, requireUser(request), request.params.commentId), F.commentDeleted),
  );

}

/** Files (spec 001 §7.3 Fixed; the delete is a GET as the spec has it). */
function fixedFileRoutes(fastify: FastifyInstance, deps: FixedDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${FB}/:id/upload`,
    { config, schema: { tags, consumes: ['multipart/form-data'], params: fixedIdParamsSchema, response: { 200: fixedFilesResponseSchema, ...uploadErrors } } },
    async (request) => {
      const user = requireUser(request);
      // One or more `file` parts (repeated), as the request attachments' upload reads them.
      const uploads = await readUploads(request, { field: 'file', extensions: ATTACHMENT_EXTENSIONS, multiple: true, required: true, wrongFormatMessage: MESSAGES_COMMON.attachWrongFormat });
      return ok(await uploadFixedFiles(app.db, user, request.params.id, uploads), F.uploadSuccess);
    },
  );
  app.get(`${FB}/get-all-file-list`, { config, schema: { tags, querystring: fixedFileIdQuerySchema, response: { 200: fixedFilesResponseSchema, ...errors } } }, async (request) =>
    ok(await listFixedFiles(app.db, requireUser(request), request.query.id)),
  );
  app.get(`${FB}/:id/download`, { config, schema: { tags, params: fixedIdParamsSchema, querystring: fixedFileNameQuerySchema, response: errors } }, async (request, reply) =>
    sendStoredFile(reply, await downloadFixedFile(app.db, requireUser(request), request.params.id, request.query.name)),
  );
  app.get(
    `${FB}/:id/delete-file`,
    { config, schema: { tags, params: fixedIdParamsSchema, querystring: fixedFileNameQuerySchema, response: { 200: fixedFileDeleteResponseSchema, ...errors } } },
    async (request) => ok(await deleteFixedFile(deps, requireUser(request), request.params.id, request.query.name)),
  );
}


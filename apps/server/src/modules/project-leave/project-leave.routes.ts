import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  PROJECT_LEAVE_IMPORT_EXTENSIONS,
  PROJECT_LEAVE_IMPORT_MAX_ROWS,
  PROJECT_LEAVE_LIST_PATH,
  PROJECT_LEAVE_MESSAGES as M,
  PROJECT_LEAVE_PATH as P,
  PROJECT_LEAVE_READERS as READERS,
  PROJECT_LEAVE_RESULT_FILE,
  PROJECT_LEAVE_TEMPLATE_FILE,
  PROJECT_LEAVE_WRITERS as WRITERS,
  projectLeaveCreateResponseSchema,
  projectLeaveCreateSchema,
  projectLeaveDetailResponseSchema,
  projectLeaveDownloadQuerySchema,
  projectLeaveEditResponseSchema,
  projectLeaveEditSchema,
  projectLeaveEmployeeQuerySchema,
  projectLeaveListQuerySchema,
  projectLeaveListResponseSchema,
  projectLeaveStatusResponseSchema,
  projectLeaveStatusSchema,
} from '@tms/contracts/project-leave';
import { recordHistoryQuerySchema, recordHistoryResponseSchema } from '@tms/contracts/leave-forms';
import { sendStoredFile } from '../../lib/uploads.ts';
import { buildXlsxBuffer, readImportUpload, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { TEMPLATE_HEADERS, templateXlsxColumns } from './project-leave.import.ts';
import { readProjectLeaveRequest } from './project-leave.request.ts';
import {
  createProjectLeave,
  downloadProjectLeaveFile,
  editProjectLeave,
  importProjectLeave,
  listProjectLeave,
  projectLeaveDetail,
  projectLeaveHistory,
  projectLeaveTemplateRows,
  removeProjectLeave,
  type ProjectLeaveDeps,
} from './project-leave.service.ts';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const multipart = ['multipart/form-data', 'application/json'];

/** Project leave (spec 000 §2, §4, §5, §7), under /api/tms/leaves-management. */
export async function projectLeaveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ProjectLeaveDeps = { db: app.db, clock: app.clock };
  const tags = ['project leave'];

  app.get(
    PROJECT_LEAVE_LIST_PATH,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: projectLeaveListQuerySchema, response: { 200: projectLeaveListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await listProjectLeave(deps, requireUser(request), request.query)) }),
  );

  app.get(
    `${P}/employees`,
    {
      config: { access: READERS, scope: 'employee-scope' },
      schema: { tags, querystring: projectLeaveEmployeeQuerySchema, response: { 200: projectLeaveDetailResponseSchema, ...errors } },
    },
    async (request) => ({ code: 200, message: 'Success', data: await projectLeaveDetail(deps, requireUser(request), request.query.employeeId) }),
  );

  // Spec 000 §8: code 400 shows the error; otherwise each entry of the response is shown as a toast.
  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, files } = await readProjectLeaveRequest(request, projectLeaveCreateSchema);
    const data = await createProjectLeave(deps, requireUser(request), body, files);
    return reply.send({ code: 200, message: 'Success', data });
  };
  for (const path of ['create', 'create-v2', 'batch-create']) {
    app.post(`${P}/${path}`, { config: { access: WRITERS, scope: 'all' }, schema: { tags, consumes: multipart, response: { 200: projectLeaveCreateResponseSchema, ...uploadErrors } } }, create);
  }

  const edit = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, files } = await readProjectLeaveRequest(request, projectLeaveEditSchema);
    const data = await editProjectLeave(deps, requireUser(request), body, files);
    return reply.send({ code: 200, message: M.updated, data });
  };
  for (const path of ['edit', 'edit-v2']) {
    app.put(`${P}/${path}`, { config: { access: WRITERS, scope: 'all' }, schema: { tags, consumes: multipart, response: { 200: projectLeaveEditResponseSchema, ...uploadErrors } } }, edit);
  }

  app.put(
    `${P}/update-status`,
    { config: { access: WRITERS, scope: 'all' }, schema: { tags, body: projectLeaveStatusSchema, response: { 200: projectLeaveStatusResponseSchema, ...errors } } },
    async (request) => {
      await removeProjectLeave(deps, requireUser(request), request.body.id, request.body.version);
      return { code: 200, message: M.deleted, data: { id: request.body.id } };
    },
  );

  app.get(
    `${P}/download-attach-file`,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: projectLeaveDownloadQuerySchema, response: errors } },
    async (request, reply) => sendStoredFile(reply, await downloadProjectLeaveFile(app.db, requireUser(request), request.query)),
  );

  app.get(
    `${P}/history`,
    // Spec 000 §4, §6: row actions, History included, exist only for HR, HRM and Admin.
    { config: { access: WRITERS, scope: 'employee-scope' }, schema: { tags, querystring: recordHistoryQuerySchema, response: { 200: recordHistoryResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await projectLeaveHistory(deps, requireUser(request), request.query.id) }),
  );

  app.get(`${P}/template`, { config: { access: WRITERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: 'Project Leave', columns: templateXlsxColumns(), rows: projectLeaveTemplateRows(app.clock) });
    return sendXlsxBuffer(reply, PROJECT_LEAVE_TEMPLATE_FILE, workbook);
  });

  // Header `code: 200` + JSON count, or header `code: 400` + the xlsx error report (spec 000 §8 Import).
  app.post(`${P}/import`, { config: { access: WRITERS, scope: 'all' }, schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const upload = await readImportUpload(request, { field: 'file', extensions: PROJECT_LEAVE_IMPORT_EXTENSIONS, maxRows: PROJECT_LEAVE_IMPORT_MAX_ROWS, template: TEMPLATE_HEADERS });
    const result = await importProjectLeave(deps, requireUser(request), upload);
    if ('errors' in result) {
      return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: PROJECT_LEAVE_RESULT_FILE, template: TEMPLATE_HEADERS });
    }
    return sendImportSuccess(reply, { count: result.count, message: M.imported });
  });
}

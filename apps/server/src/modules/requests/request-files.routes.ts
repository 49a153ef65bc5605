import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_EXTENSIONS, MESSAGES_COMMON } from '@tms/contracts/api';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import {
  REQUEST_LIST_READERS as READERS,
  requestFileDeleteResponseSchema,
  requestFileListQuerySchema,
  requestFileListResponseSchema,
  requestFileNameQuerySchema,
  requestFileParamsSchema,
  requestFileUploadResponseSchema,
  requestFolderParamsSchema,
} from '@tms/contracts/request-list';
import { REQUEST_BASE, REQUEST_CREATORS, REQUEST_MESSAGES } from '@tms/contracts/requests';
import { badRequest } from '../../lib/errors.ts';
import { readUploads, sendStoredFile } from '../../lib/uploads.ts';
import { requireUser } from '../../plugins/auth.ts';
import { deleteRequestFile, downloadRequestFile, listRequestFiles, uploadRequestFile } from './request-files.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

/**
 * Attachments of a request (spec 001 §7.2 Files) under `/tms/request-management/{folder}/…`. Reading follows the
 * list's scope (outside it 404); upload and delete are the owner's while the request is pending (else 403). A GUEST
 * writes nothing but approvals (RULES.md §3), so upload and delete are for the request creators only.
 */
export async function requestFilesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['request attachments'];
  const base = `${REQUEST_BASE}/:folder`;

  app.post(
    `${base}/:id/upload`,
    { config: { access: REQUEST_CREATORS, scope: 'own' }, schema: { tags, consumes: ['multipart/form-data'], params: requestFileParamsSchema, response: { 200: requestFileUploadResponseSchema, ...uploadErrors } } },
    async (request) => {
      const user = requireUser(request);
      const [file] = await readUploads(request, { field: 'file', extensions: ATTACHMENT_EXTENSIONS, required: true, wrongFormatMessage: MESSAGES_COMMON.attachWrongFormat });
      if (!file) throw badRequest(MESSAGES_COMMON.fileRequired);
      const data = await uploadRequestFile(app.db, user, request.params.folder, request.params.id, file);
      return { code: 200, message: REQUEST_MESSAGES.uploadSuccess, data };
    },
  );

  app.get(
    `${base}/get-all-file-list`,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, params: requestFolderParamsSchema, querystring: requestFileListQuerySchema, response: { 200: requestFileListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: REQUEST_MESSAGES.success, data: await listRequestFiles(app.db, requireUser(request), request.params.folder, request.query.id) }),
  );

  app.get(
    `${base}/:id/download`,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, params: requestFileParamsSchema, querystring: requestFileNameQuerySchema, response: errors } },
    async (request, reply) => sendStoredFile(reply, await downloadRequestFile(app.db, requireUser(request), request.params.folder, request.params.id, request.query.name)),
  );

  // Spec 001 §7.2: the delete is a GET.
  app.get(
    `${base}/:id/delete-file`,
    { config: { access: REQUEST_CREATORS, scope: 'own' }, schema: { tags, params: requestFileParamsSchema, querystring: requestFileNameQuerySchema, response: { 200: requestFileDeleteResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: REQUEST_MESSAGES.success, data: await deleteRequestFile(app.db, requireUser(request), request.params.folder, request.params.id, request.query.name) }),
  );
}

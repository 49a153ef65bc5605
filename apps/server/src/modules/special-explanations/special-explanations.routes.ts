import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { hasAnyRole } from '@tms/contracts/roles';
import {
  REASON_TYPES_LOOKUP_PATH,
  SPECIAL_EXPLANATION_IMPORT_PATH,
  SPECIAL_EXPLANATION_MESSAGES as M,
  SPECIAL_EXPLANATION_PATH as P,
  SPECIAL_EXPLANATION_READERS as READERS,
  SPECIAL_EXPLANATION_RESULT_FILE,
  SPECIAL_EXPLANATION_TEMPLATE_FILE,
  SPECIAL_EXPLANATION_TEMPLATE_PATH,
  SPECIAL_EXPLANATION_WRITERS as WRITERS,
  reasonTypesQuerySchema,
  reasonTypesResponseSchema,
  specialExplanationCreateResponseSchema,
  specialExplanationCreateSchema,
  specialExplanationListQuerySchema,
  specialExplanationListResponseSchema,
  specialExplanationUpdateResponseSchema,
  specialExplanationUpdateSchema,
} from '@tms/contracts/special-explanation';
import { forbidden } from '../../lib/errors.ts';
import { buildXlsxBuffer, sendImportErrorReport, sendImportSuccess, sendXlsxBuffer } from '../../lib/xlsx.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readSpecialImport, SPECIAL_EXPLANATION_HEADERS, templateXlsxColumns } from './special-explanations.import.ts';
import {
  createSpecialExplanations,
  importSpecialExplanations,
  listSpecialExplanations,
  reasonTypeOptions,
  specialExplanationTemplateRows,
  updateSpecialExplanation,
  type SpecialExplanationDeps,
} from './special-explanations.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/**
 * ADMIN reaches the write routes (it reads the page) and is refused with the spec's text (spec 001 §5.3) before the
 * body is read; other roles are refused by the auth hook.
 */
async function writersOnly(request: FastifyRequest) {
  if (!hasAnyRole(requireUser(request).roles, WRITERS)) throw forbidden(M.noPermission);
}

/** Special explanations (spec 001 §2.7, §7.6) and the reasons lookup (§7.10). */
export async function specialExplanationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: SpecialExplanationDeps = { db: app.db, clock: app.clock, log: app.log, config: app.config };
  const tags = ['special explanation'];

  app.get(
    P,
    { config: { access: READERS, scope: 'employee-scope' }, schema: { tags, querystring: specialExplanationListQuerySchema, response: { 200: specialExplanationListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await listSpecialExplanations(app.db, requireUser(request), request.query)) }),
  );

  app.post(
    P,
    {
      config: { access: READERS, scope: 'employee-scope' },
      preValidation: writersOnly,
      schema: { tags, body: specialExplanationCreateSchema, response: { 200: specialExplanationCreateResponseSchema, ...errors } },
    },
    async (request) => ({ code: 200, message: M.created, data: { ids: await createSpecialExplanations(deps, requireUser(request), request.body) } }),
  );

  app.put(
    P,
    {
      config: { access: READERS, scope: 'employee-scope' },
      preValidation: writersOnly,
      schema: { tags, body: specialExplanationUpdateSchema, response: { 200: specialExplanationUpdateResponseSchema, ...errors } },
    },
    async (request) => ({ code: 200, message: M.updated, data: await updateSpecialExplanation(deps, requireUser(request), request.body) }),
  );

  app.post(
    SPECIAL_EXPLANATION_IMPORT_PATH,
    { config: { access: READERS, scope: 'employee-scope' }, preValidation: writersOnly, schema: { tags, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const upload = await readSpecialImport(request);
      const result = await importSpecialExplanations(deps, requireUser(request), upload);
      if ('errors' in result) return sendImportErrorReport(reply, { headers: upload.headers, rows: upload.rows, errors: result.errors, resultFileName: SPECIAL_EXPLANATION_RESULT_FILE, template: SPECIAL_EXPLANATION_HEADERS });
      return sendImportSuccess(reply.header('message', M.imported), { count: result.count, message: M.imported });
    },
  );

  app.get(SPECIAL_EXPLANATION_TEMPLATE_PATH, { config: { access: READERS, scope: 'none' }, schema: { tags } }, async (_request, reply) => {
    const workbook = await buildXlsxBuffer({ sheetName: 'Special Explanation', columns: templateXlsxColumns(), rows: specialExplanationTemplateRows(app.clock) });
    return sendXlsxBuffer(reply, SPECIAL_EXPLANATION_TEMPLATE_FILE, workbook);
  });

  app.get(
    REASON_TYPES_LOOKUP_PATH,
    { config: { access: 'signed-in', scope: 'none' }, schema: { tags: ['lookups'], querystring: reasonTypesQuerySchema, response: { 200: reasonTypesResponseSchema } } },
    async (request) => ({ code: 200, message: 'Success', data: await reasonTypeOptions(app.db, request.query.requestType) }),
  );
}

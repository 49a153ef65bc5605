import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ABNORMAL_ACTUAL_FIXED_OPTIONS,
  ABNORMAL_ACTUAL_FIXED_PATH,
  ABNORMAL_ACTUAL_OPTIONS,
  ABNORMAL_ACTUAL_PATH,
  ABNORMAL_CASE_PATH,
  ABNORMAL_DECIDERS,
  ABNORMAL_EXPLAINERS,
  ABNORMAL_EXPORT_FILE,
  ABNORMAL_EXPORT_PATH,
  ABNORMAL_READERS,
  ABNORMAL_RERUN_PATH,
  ABNORMAL_RERUNNERS,
  EXPLANATION_CREATE_PATH,
  EXPLANATION_CREATE_REQUEST_PATH,
  EXPLANATION_EDIT_PATH,
  EXPLANATION_EDIT_REQUEST_PATH,
  EXPLANATION_STATUS_PATH,
  EXPLANATION_STATUS_REQUEST_PATH,
  abnormalActualResponseSchema,
  abnormalCasesResponseSchema,
  abnormalIdParamSchema,
  abnormalListQuerySchema,
  abnormalListResponseSchema,
  abnormalRerunQuerySchema,
  explanationCreateSchema,
  explanationEditSchema,
  explanationResultSchema,
  explanationStatusSchema,
  type ExplanationStatusPayload,
} from '@tms/contracts/abnormal-case';
import { REQUEST_MESSAGES as RM } from '@tms/contracts/requests';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { sendXlsx } from '../../lib/xlsx.ts';
import { requireUser, type SessionUser } from '../../plugins/auth.ts';
import { abnormalExportColumns, abnormalCaseExportRows, listAbnormalCases, rerunCaseDay } from './abnormal-case.service.ts';
import { caseOfStatusCall, createExplanation, decideExplanation, editExplanation } from './explanation.service.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Routes of abnormal cases and the explanations filed from them (spec 001 §2.5, §4.3, §5.4, §7.4; issue 9). */
export async function abnormalCaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, config: app.config, log: app.log };
  const tags = ['abnormal cases'];

  // GET /tms/abnormal-case/{query} (spec 001 §7.4), with and without the trailing slash.
  for (const path of [ABNORMAL_CASE_PATH, `${ABNORMAL_CASE_PATH}/`]) {
    app.get(
      path,
      { config: { access: ABNORMAL_READERS, scope: 'employee-scope' }, schema: { tags, querystring: abnormalListQuerySchema, response: { 200: abnormalListResponseSchema, ...errors } } },
      async (request) => ({ code: 200, message: 'Success', ...(await listAbnormalCases(deps, requireUser(request), request.query)) }),
    );
  }

  app.get(ABNORMAL_ACTUAL_PATH, { config: { access: ABNORMAL_READERS, scope: 'none' }, schema: { tags, response: { 200: abnormalActualResponseSchema } } }, async () => ({
    code: 200,
    message: 'Success',
    data: [...ABNORMAL_ACTUAL_OPTIONS],
  }));
  app.get(ABNORMAL_ACTUAL_FIXED_PATH, { config: { access: ABNORMAL_READERS, scope: 'none' }, schema: { tags, response: { 200: abnormalActualResponseSchema } } }, async () => ({
    code: 200,
    message: 'Success',
    data: [...ABNORMAL_ACTUAL_FIXED_OPTIONS],
  }));

  app.get(
    ABNORMAL_EXPORT_PATH,
    { config: { access: ABNORMAL_READERS, scope: 'employee-scope' }, schema: { tags, querystring: abnormalListQuerySchema, response: errors } },
    async (request, reply) => {
      const rows = await abnormalCaseExportRows(deps, requireUser(request), request.query);
      return sendXlsx(reply, { fileName: ABNORMAL_EXPORT_FILE, sheetName: 'Abnormal Case', columns: abnormalExportColumns(), rows });
    },
  );

  app.delete(
    ABNORMAL_RERUN_PATH,
    { config: { access: ABNORMAL_RERUNNERS, scope: 'all' }, schema: { tags, querystring: abnormalRerunQuerySchema, response: { 200: abnormalCasesResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', data: await rerunCaseDay(deps, requireUser(request), request.query.employee, request.query.date) }),
  );

  // Explaining a case: by the case id in the path, or abnormal id / date in the body (spec 001 §7.4).
  const created = { config: { access: ABNORMAL_EXPLAINERS, scope: 'own' as const }, schema: { tags, body: explanationCreateSchema, response: { 200: explanationResultSchema, ...errors } } };
  app.post(`${EXPLANATION_CREATE_PATH}/:id`, { ...created, schema: { ...created.schema, params: abnormalIdParamSchema } }, async (request) => ({
    code: 200,
    message: RM.success,
    data: await createExplanation(deps, requireUser(request), request.params.id, request.body),
  }));
  for (const path of [EXPLANATION_CREATE_PATH, EXPLANATION_CREATE_REQUEST_PATH]) {
    app.post(path, created, async (request) => ({ code: 200, message: RM.success, data: await createExplanation(deps, requireUser(request), null, request.body) }));
  }

  const edited = { config: { access: ABNORMAL_EXPLAINERS, scope: 'own' as const }, schema: { tags, body: explanationEditSchema, response: { 200: explanationResultSchema, ...errors } } };
  app.put(`${EXPLANATION_EDIT_PATH}/:id`, { ...edited, schema: { ...edited.schema, params: abnormalIdParamSchema } }, async (request) => ({
    code: 200,
    message: RM.success,
    data: await editExplanation(deps, requireUser(request), request.params.id, request.body),
  }));
  app.put(EXPLANATION_EDIT_REQUEST_PATH, edited, async (request) => ({ code: 200, message: RM.success, data: await editExplanation(deps, requireUser(request), null, request.body) }));

  // Approve / reject by the assignee (GUEST only as the assignee): the case id in the path, or abnormal_id / request_id.
  const decide = async (user: SessionUser, caseId: number | null, body: ExplanationStatusPayload) => {
    const id = await caseOfStatusCall(app.db, caseId, body);
    return decideExplanation(deps, user, id, body.status, body.reason, { reasonRequired: true });
  };
  const decided = { config: { access: ABNORMAL_DECIDERS, scope: 'all' as const }, schema: { tags, body: explanationStatusSchema, response: { 200: explanationResultSchema, ...errors } } };
  app.put(`${EXPLANATION_STATUS_PATH}/:id`, { ...decided, schema: { ...decided.schema, params: abnormalIdParamSchema } }, async (request) => ({
    code: 200,
    message: RM.updateStatusSuccess,
    data: await decide(requireUser(request), request.params.id, request.body),
  }));
  app.put(EXPLANATION_STATUS_REQUEST_PATH, decided, async (request) => ({
    code: 200,
    message: RM.updateStatusSuccess,
    data: await decide(requireUser(request), null, request.body),
  }));
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELEGATE_CHOOSE_PATH,
  EXPLANATION_MANAGEMENT_PATH,
  EXPLANATION_MANAGEMENT_STATUS_PATH,
  EXPLANATION_MESSAGES as XM,
  EXPLANATION_READERS,
  EXPLANATION_UPDATE_PATH,
  delegateChooseQuerySchema,
  delegateChooseResponseSchema,
  explanationListQuerySchema,
  explanationListResponseSchema,
  explanationManagementStatusSchema,
  explanationUpdateResponseSchema,
  explanationUpdateSchema,
} from '@tms/contracts/explanations';
import { explanationResultSchema } from '@tms/contracts/abnormal-case';
import { errorEnvelopeSchema } from '@tms/contracts/schemas';
import { requireUser } from '../../plugins/auth.ts';
import { delegatesMatching, listExplanationsFor, updateExplanation } from './explanation-management.service.ts';
import { setExplanationStatus } from './explanation.service.ts';
import { assigneeCandidates } from '../request-days/assignee-candidates.ts';

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
/** The approvers of an explanation act as the assignee; a GUEST never reaches this page (RULES.md §2). */
const DELEGATE_SEARCHERS = EXPLANATION_READERS;

/** Routes of Explanation Management (spec 001 §2.6, §4.4, §5.5, §7.5; issue 9). */
export async function explanationManagementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, clock: app.clock, config: app.config, log: app.log };
  const tags = ['explanation management'];

  app.get(
    EXPLANATION_MANAGEMENT_PATH,
    { config: { access: EXPLANATION_READERS, scope: 'employee-scope' }, schema: { tags, querystring: explanationListQuerySchema, response: { 200: explanationListResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: 'Success', ...(await listExplanationsFor(app.db, requireUser(request), request.query)) }),
  );

  app.put(
    EXPLANATION_UPDATE_PATH,
    { config: { access: EXPLANATION_READERS, scope: 'employee-scope' }, schema: { tags, body: explanationUpdateSchema, response: { 200: explanationUpdateResponseSchema, ...errors } } },
    async (request) => ({ code: 200, message: XM.statusUpdated, data: await updateExplanation(deps, requireUser(request), request.body) }),
  );

  app.put(
    EXPLANATION_MANAGEMENT_STATUS_PATH,
    { config: { access: EXPLANATION_READERS, scope: 'all' }, schema: { tags, body: explanationManagementStatusSchema, response: { 200: explanationResultSchema, ...errors } } },
    async (request) => ({
      code: 200,
      message: XM.statusUpdated,
      data: await setExplanationStatus(deps, requireUser(request), request.body.abnormalId, request.body.status, request.body.reason),
    }),
  );

  // Search starts at 3 characters (spec 001 §5.2); folded, so 'son' finds Sơn. With requestId: the people the caller
  // may hand that request or explanation to (the reassignment rule), any keyword.
  app.get(
    DELEGATE_CHOOSE_PATH,
    { config: { access: DELEGATE_SEARCHERS, scope: 'employee-scope' }, schema: { tags, querystring: delegateChooseQuerySchema, response: { 200: delegateChooseResponseSchema, ...errors } } },
    async (request) => {
      const { employee, requestId } = request.query;
      if (requestId === undefined) return { code: 200, message: 'Success', data: await delegatesMatching(app.db, employee ?? '') };
      const people = await assigneeCandidates(app.db, requireUser(request), requestId, employee ?? null);
      return { code: 200, message: 'Success', data: people.map((p) => ({ id: p.userId, user_name: p.username, name: p.name, department_name: p.departmentName, employee_id: p.employeeId })) };
    },
  );
}
